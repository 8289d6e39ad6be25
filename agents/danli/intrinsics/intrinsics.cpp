// The planner and DANLI's loop as intrinsics, so a plan program can call them:
//
//   plan(domain, problem, search=None) -> list[str] | None
//   danli_domain() -> str
//   danli_problem(goals) -> str
//   danli_plan(goals) -> list[str] | None
//   danli_act(step) -> bool
//   danli_done(goals) -> bool
//
// goals: a list of {'patient': 'sand', 'predicate': 'placed_on', 'destination': 'table'}.
// stdlib/danli/loop.plank writes DANLI's loop with them.
#include "agents/danli/intrinsics/intrinsics.h"

#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "agents/danli/loop/episode.h"
#include "agents/host/host_context.h"
#include "compiler/pddl/load.h"
#include "planning/planner.h"
#include "runtime/args.h"
#include "runtime/heap.h"
#include "runtime/intrinsics.h"
#include "runtime/objects.h"
#include "runtime/thread.h"

namespace plank::danli {

using namespace plank::core;

namespace {

using P = IntrinsicParam;

// PDDL text, or the path of a .pddl file (reading it needs the fs capability).
SourceRef pddl_source(Thread* t, std::string_view what, Value v) {
  if (!v.is(ObjKind::Str)) throw_error(t, "TypeError", fmt::format("plan(): {} must be a str, not {}", what, type_name(v)));
  std::string text(str_view(v));
  if (text.find('(') != std::string::npos) return SourceFile::from_string(std::string(what) + ".pddl", text);
  if (!(t->capabilities & kCapFilesystem))
    throw_error(t, "PermissionError",
                fmt::format("plan(): reading the file '{}' needs the fs capability (plank run --allow fs), or pass "
                            "the PDDL text itself",
                            text));
  std::string error;
  SourceRef file = SourceFile::load(text, &error);
  if (!file) throw_error(t, "FileNotFoundError", fmt::format("plan(): {}", error));
  return file;
}

Value steps_value(Thread* t, const std::vector<std::string>& steps) {
  Value list = make_list(t);
  RootScope scope(t);
  scope.push(list);
  for (const auto& s : steps) list_append(t, list, make_str(t, s));
  return list;
}

Value i_plan(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind_args(t, "plan", intrinsics()[*find_intrinsic("plan")].params, args, &b);
  SourceRef domain = pddl_source(t, "domain", b.values[0]);
  SourceRef problem = pddl_source(t, "problem", b.values[1]);
  DiagnosticSink sink;
  auto loaded = pddl::load_task(domain, problem, sink);
  if (!loaded.task) {
    std::string text = render_text(sink.all());
    throw_error(t, "PlanningError", "the PDDL does not check:\n" + text);
  }
  planning::PlanRequest request;
  if (b.present(2)) {
    if (!b.values[2].is(ObjKind::Str)) throw_error(t, "TypeError", "plan(): search must be a str");
    request.search = std::string(str_view(b.values[2]));
  }
  request.timeout_seconds = 60;
  planning::PlanOutcome out = planning::plan(*loaded.task, request);
  using S = planning::PlanOutcome::Status;
  switch (out.status) {
    case S::Solved: return steps_value(t, out.plan);
    case S::Unsolvable: return Value::none();
    case S::BadConfig: throw_error(t, "PlanningError", "plan(): search: " + out.config_error.message);
    default: throw_error(t, "PlanningError", "plan(): the planner ran out of time or memory");
  }
}

Session& session_of(Thread* t, std::string_view name) {
  if (!t->host || !t->host->danli)
    throw_error(t, "RuntimeError",
                fmt::format("{}() acts on a DANLI agent in a world; run it with `plank danli` (none is attached)", name));
  return *t->host->danli;
}

std::string str_field(Thread* t, Value dict, std::string_view key) {
  Value out;
  if (!dict_get(t, dict, make_str(t, key), &out) || out.is_none()) return "";
  if (!out.is(ObjKind::Str)) throw_error(t, "TypeError", fmt::format("a subgoal's '{}' must be a str", key));
  return std::string(str_view(out));
}

std::vector<Subgoal> goals_of(Thread* t, Value v) {
  if (!v.is(ObjKind::List))
    throw_error(t, "TypeError", "goals must be a list of {'patient': ..., 'predicate': ..., 'destination': ...}");
  std::vector<Subgoal> out;
  for (Value g : list_items(v)) {
    if (!g.is(ObjKind::Dict)) throw_error(t, "TypeError", "each subgoal must be a dict");
    Subgoal s{normalise_word(str_field(t, g, "patient")), normalise_word(str_field(t, g, "predicate")),
              normalise_word(str_field(t, g, "destination"))};
    const auto& known = subgoal_predicates();
    if (s.patient.empty() || std::find(known.begin(), known.end(), s.predicate) == known.end())
      throw_error(t, "ValueError",
                  fmt::format("subgoal {}: give a patient and a predicate among held, placed_on, removed", s.text()));
    out.push_back(std::move(s));
  }
  return out;
}

Value i_domain(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind_args(t, "danli_domain", {}, args, &b);
  std::string error;
  std::string text = danli_domain(&error);
  if (text.empty()) throw_error(t, "FileNotFoundError", error);
  return make_str(t, text);
}

Value i_problem(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind_args(t, "danli_problem", {P{"goals", "list"}}, args, &b);
  Session& s = session_of(t, "danli_problem");
  return make_str(t, s.problem(goals_of(t, b.values[0])).pddl);
}

Value i_plan_goals(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind_args(t, "danli_plan", {P{"goals", "list"}}, args, &b);
  Session& s = session_of(t, "danli_plan");
  std::string why;
  auto steps = s.plan(goals_of(t, b.values[0]), &why);
  if (!steps) return Value::none();
  return steps_value(t, *steps);
}

Value i_act(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind_args(t, "danli_act", {P{"step", "str"}}, args, &b);
  Session& s = session_of(t, "danli_act");
  if (!b.values[0].is(ObjKind::Str)) throw_error(t, "TypeError", "danli_act(): step must be a str");
  std::string why;
  bool ok = s.act(std::string(str_view(b.values[0])), s.last_problem(), &why);
  return Value::boolean(ok);
}

Value i_done(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind_args(t, "danli_done", {P{"goals", "list"}}, args, &b);
  Session& s = session_of(t, "danli_done");
  return Value::boolean(s.done(goals_of(t, b.values[0])));
}

}  // namespace

void register_intrinsics() {
  add_intrinsic({"plan", {P{"domain", "str"}, P{"problem", "str"}, P{"search", "str | None", "None"}},
                 "list[str] | None", 0, "planning",
                 "Plank's planner (`plank plan`) on a PDDL domain and problem, each the PDDL text or a .pddl path "
                 "(a path needs the fs capability): the plan's steps as `(action arg ...)` strings, or None when "
                 "the task is proven unsolvable. `search` is a configuration such as 'astar(lmcut())'. Raises "
                 "PlanningError when the PDDL does not check or a limit (60 CPU-s) is reached.",
                 wrap<i_plan>});
  add_intrinsic({"danli_domain", {}, "str", 0, "danli",
                 "The PDDL domain DANLI's loop plans over in Plank's worlds (stdlib/danli/domain.pddl).",
                 wrap<i_domain>});
  add_intrinsic({"danli_problem", {P{"goals", "list"}}, "str", kCapWorld, "danli",
                 "The PDDL problem for subgoals ({'patient', 'predicate', 'destination'}: held, placed_on, removed) "
                 "from the agent's symbolic state: what it perceived, with placeholders for what it has not seen.",
                 wrap<i_problem>});
  add_intrinsic({"danli_plan", {P{"goals", "list"}}, "list[str] | None", kCapWorld, "danli",
                 "Plans the subgoals from the agent's symbolic state: the steps, or None when no plan exists.",
                 wrap<i_plan_goals>});
  add_intrinsic({"danli_act", {P{"step", "str"}}, "bool", kCapWorld, "danli",
                 "Runs one planned step through the world (walk, dig, place; explore for a search) and observes: "
                 "False when the world refuses it or the state it needs is not what the agent now sees.",
                 wrap<i_act>});
  add_intrinsic({"danli_done", {P{"goals", "list"}}, "bool", kCapWorld, "danli",
                 "Whether the subgoals hold in what the agent perceives.", wrap<i_done>});
}

}  // namespace plank::danli
