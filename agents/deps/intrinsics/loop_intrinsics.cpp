// The DEPS loop's intrinsics (see loop_intrinsics.h). Each converts its Plank
// arguments into the C++ types of agents/deps/roles and agents/deps/compile,
// calls the role, and converts the answer back; the shapes are documented in
// each row's doc (docs/intrinsics.md). A goal crosses as
//   {'verb': 'craft', 'item': 'planks', 'count': 12, 'materials': {'log': 3}, 'tool': None}
// which round-trips exactly (materials in sorted order, as survival::ItemCounts).
#include "agents/deps/intrinsics/loop_intrinsics.h"

#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <fmt/format.h>

#include "agents/deps/intrinsics/episode_context.h"
#include "agents/deps/roles/pddl_planner.h"
#include "agents/host/host_context.h"
#include "runtime/args.h"
#include "runtime/heap.h"
#include "runtime/intrinsics.h"
#include "runtime/objects.h"
#include "world/survival/controller.h"

namespace plank::deps {

using namespace plank::core;

namespace {

using P = IntrinsicParam;

EpisodeContext& episode_of(Thread* t, std::string_view name) {
  if (!t->host || !t->host->deps_episode)
    throw_error(t, "RuntimeError",
                fmt::format("{}() drives a DEPS episode; run the loop with `plank deps --loop FILE` (none is attached)",
                            name));
  return *t->host->deps_episode;
}

// ---------------------------------------------------------------- Plank values out
// Every helper roots what it builds before the next allocation (see runtime/heap.h).
void put(Thread* t, Value dict, std::string_view key, Value v) {
  RootScope scope(t);
  scope.push(v);
  dict_set(t, dict, intern_str(t, key), v);
}

Value str_value(Thread* t, const std::string& s) { return make_str(t, s); }

Value counts_value(Thread* t, const survival::ItemCounts& counts) {
  RootScope scope(t);
  Value d = scope.push(make_dict(t));
  for (const auto& [item, n] : counts) dict_set(t, d, scope.push(make_str(t, item)), Value::integer(n));
  return d;
}

Value str_list(Thread* t, const std::vector<std::string>& items) {
  RootScope scope(t);
  Value list = scope.push(make_list(t));
  for (const auto& s : items) list_append(t, list, scope.push(make_str(t, s)));
  return list;
}

Value goal_value(Thread* t, const Goal& g) {
  RootScope scope(t);
  Value d = scope.push(make_dict(t));
  put(t, d, "verb", intern_str(t, verb_name(g.verb)));
  put(t, d, "item", str_value(t, g.item));
  put(t, d, "count", Value::integer(g.count));
  put(t, d, "materials", counts_value(t, g.materials));
  put(t, d, "tool", g.tool.empty() ? Value::none() : str_value(t, g.tool));
  return d;
}

Value goals_value(Thread* t, const std::vector<Goal>& goals) {
  RootScope scope(t);
  Value list = scope.push(make_list(t));
  for (const Goal& g : goals) list_append(t, list, scope.push(goal_value(t, g)));
  return list;
}

Value run_value(Thread* t, size_t id, const PlanRun& run) {
  RootScope scope(t);
  Value d = scope.push(make_dict(t));
  put(t, d, "id", Value::integer(int64_t(id)));
  put(t, d, "compiled", Value::boolean(run.compiled));
  put(t, d, "finished", Value::boolean(run.finished));
  put(t, d, "skill_failed", Value::boolean(run.skill_failed));
  put(t, d, "error_kind", str_value(t, run.error_kind));
  put(t, d, "error", str_value(t, run.error));
  put(t, d, "output", str_value(t, run.output));
  std::vector<std::string> calls;
  for (const auto& s : run.steps) calls.push_back(s.call);
  put(t, d, "steps", str_list(t, calls));
  return d;
}

Value description_value(Thread* t, size_t id, const Description& desc) {
  RootScope scope(t);
  Value d = scope.push(make_dict(t));
  put(t, d, "id", Value::integer(int64_t(id)));
  put(t, d, "text", str_value(t, desc.text));
  Value ok = scope.push(make_list(t));
  for (int step : desc.succeeded) list_append(t, ok, Value::integer(step));
  put(t, d, "succeeded", ok);
  put(t, d, "failed_step", desc.failed ? Value::integer(desc.failed->step) : Value::none());
  put(t, d, "failed_call", desc.failed ? str_value(t, desc.failed->call) : Value::none());
  put(t, d, "plan_error", Value::boolean(desc.plan_error));
  put(t, d, "inventory", counts_value(t, desc.inventory));
  return d;
}

Value explanation_value(Thread* t, const Explanation& e) {
  RootScope scope(t);
  Value d = scope.push(make_dict(t));
  put(t, d, "cause", str_value(t, e.cause));
  put(t, d, "needed", str_value(t, e.needed));
  put(t, d, "needed_count", Value::integer(e.needed_count));
  put(t, d, "rewrite_tool", Value::boolean(e.rewrite_tool));
  put(t, d, "drop_material", str_value(t, e.drop_material));
  put(t, d, "recoverable", Value::boolean(e.recoverable));
  put(t, d, "text", str_value(t, e.text));
  return d;
}

// ---------------------------------------------------------------- Plank values in
// `what` names the argument in messages: "deps_repair(): explanation['cause']".
[[noreturn]] void wrong_type(Thread* t, std::string_view what, std::string_view expected, Value v) {
  throw_error(t, "TypeError", fmt::format("{} must be {}, not {}", what, expected, type_name(v)));
}

std::string want_str(Thread* t, std::string_view what, Value v) {
  if (!v.is(ObjKind::Str)) wrong_type(t, what, "a str", v);
  return std::string(str_view(v));
}

int64_t want_int(Thread* t, std::string_view what, Value v) {
  if (!v.is_int()) wrong_type(t, what, "an int", v);
  return v.i;
}

bool want_bool(Thread* t, std::string_view what, Value v) {
  if (!v.is_bool() && !v.is_int()) wrong_type(t, what, "a bool", v);
  return v.i != 0;
}

void want_dict(Thread* t, std::string_view what, Value v) {
  if (!v.is(ObjKind::Dict)) wrong_type(t, what, "a dict", v);
}

// dict[key]; a missing key is a KeyError naming what the dict should have held.
Value field(Thread* t, std::string_view what, Value dict, std::string_view key) {
  want_dict(t, what, dict);
  Value out = Value::none();
  if (!dict_get(t, dict, intern_str(t, key), &out))
    throw_error(t, "KeyError", fmt::format("{} has no '{}'", what, key));
  return out;
}

// dict.get(key): false when absent.
bool optional_field(Thread* t, Value dict, std::string_view key, Value* out) {
  return dict_get(t, dict, intern_str(t, key), out);
}

survival::ItemCounts want_counts(Thread* t, std::string_view what, Value v) {
  survival::ItemCounts out;
  if (v.is_none()) return out;
  want_dict(t, what, v);
  dict_for_each(v, [&](Value k, Value n) {
    std::string item = want_str(t, fmt::format("{}: a key", what), k);
    out[item] += int(want_int(t, fmt::format("{}['{}']", what, item), n));
  });
  return out;
}

Goal want_goal(Thread* t, std::string_view what, Value v) {
  Goal g;
  std::string verb = want_str(t, fmt::format("{}['verb']", what), field(t, what, v, "verb"));
  auto known = verb_named(verb);
  if (!known)
    throw_error(t, "ValueError",
                fmt::format("{}['verb'] is '{}' (expected mine, craft, smelt, kill or equip)", what, verb));
  g.verb = *known;
  g.item = want_str(t, fmt::format("{}['item']", what), field(t, what, v, "item"));
  int64_t count = want_int(t, fmt::format("{}['count']", what), field(t, what, v, "count"));
  if (count < 1 || count > 100000)
    throw_error(t, "ValueError", fmt::format("{}['count'] must be from 1 to 100000, not {}", what, count));
  g.count = int(count);
  Value m = Value::none();
  if (optional_field(t, v, "materials", &m)) g.materials = want_counts(t, fmt::format("{}['materials']", what), m);
  Value tool = Value::none();
  if (optional_field(t, v, "tool", &tool) && !tool.is_none()) g.tool = want_str(t, fmt::format("{}['tool']", what), tool);
  return g;
}

std::vector<Goal> want_goals(Thread* t, std::string_view what, Value v) {
  if (!v.is(ObjKind::List)) wrong_type(t, what, "a list of goals", v);
  std::vector<Goal> goals;
  const auto& items = list_items(v);
  for (size_t i = 0; i < items.size(); ++i) goals.push_back(want_goal(t, fmt::format("{}[{}]", what, i), items[i]));
  return goals;
}

Explanation want_explanation(Thread* t, std::string_view what, Value v) {
  Explanation e;
  e.cause = want_str(t, fmt::format("{}['cause']", what), field(t, what, v, "cause"));
  e.text = want_str(t, fmt::format("{}['text']", what), field(t, what, v, "text"));
  Value x = Value::none();
  if (optional_field(t, v, "needed", &x)) e.needed = want_str(t, fmt::format("{}['needed']", what), x);
  if (optional_field(t, v, "needed_count", &x)) e.needed_count = int(want_int(t, fmt::format("{}['needed_count']", what), x));
  if (optional_field(t, v, "rewrite_tool", &x)) e.rewrite_tool = want_bool(t, fmt::format("{}['rewrite_tool']", what), x);
  if (optional_field(t, v, "drop_material", &x)) e.drop_material = want_str(t, fmt::format("{}['drop_material']", what), x);
  if (optional_field(t, v, "recoverable", &x)) e.recoverable = want_bool(t, fmt::format("{}['recoverable']", what), x);
  return e;
}

// The record behind a run or description dict: its 'id' must be one this episode handed out.
size_t want_id(Thread* t, std::string_view what, Value v, size_t records, std::string_view kind) {
  int64_t id = want_int(t, fmt::format("{}['id']", what), field(t, what, v, "id"));
  if (id < 0 || size_t(id) >= records)
    throw_error(t, "ValueError", fmt::format("{} is not {} of this episode (its 'id' is {})", what, kind, id));
  return size_t(id);
}

// ---------------------------------------------------------------- the intrinsics
// Parameters are declared once, here, for the table and for binding.
struct Bound {
  BoundArgs b;
  Bound(Thread* t, std::string_view name, const std::vector<P>& params, const CallArgs& args) {
    bind_args(t, name, params, args, &b);
  }
  Value operator[](size_t i) const { return b.get(i); }
};

const std::vector<P> kNone = {};
const std::vector<P> kCodePath = {P{"code", "str"}, P{"path", "str", "'<plan>'"}};
const std::vector<P> kRun = {P{"run", "dict"}};
const std::vector<P> kDescription = {P{"description", "dict"}};
const std::vector<P> kItemCount = {P{"item", "str"}, P{"count", "int", "1"}};
const std::vector<P> kGoals = {P{"goals", "list[dict]"}};
const std::vector<P> kRepair = {P{"goals", "list[dict] | None"}, P{"failed_index", "int"}, P{"explanation", "dict"},
                                P{"use_explanation", "bool", "True"}};
const std::vector<P> kPlanCode = {P{"goals", "list[dict]"}, P{"inventory", "dict[str,int]", "{}"}};
const std::vector<P> kReplan = {P{"descriptor", "str"}, P{"explainer", "str", "''"}};
const std::vector<P> kMessage = {P{"message", "str"}};
const std::vector<P> kRound = {P{"round", "dict"}};
const std::vector<P> kEnd = {P{"reason", "str"}, P{"replans", "int"}};

Value l_task(Thread* t, const CallArgs& args) {
  Bound a(t, "deps_task", kNone, args);
  EpisodeContext& ep = episode_of(t, "deps_task");
  const EpisodeOptions& o = ep.options;
  RootScope scope(t);
  Value d = scope.push(make_dict(t));
  put(t, d, "item", str_value(t, ep.task.item));
  put(t, d, "count", Value::integer(ep.task.count));
  put(t, d, "text", str_value(t, ep.task.text()));
  put(t, d, "group", str_value(t, ep.task.group));
  put(t, d, "budget", Value::integer(int64_t(ep.budget)));
  put(t, d, "seed", Value::integer(int64_t(o.seed)));
  put(t, d, "initial", str_value(t, o.initial));
  put(t, d, "plan_code", str_value(t, o.initial_code));
  put(t, d, "plan_path", str_value(t, o.initial_path));
  put(t, d, "explainer", Value::boolean(o.explainer));
  put(t, d, "planner", str_value(t, o.planner));
  put(t, d, "selector", str_value(t, o.selector.kind));
  return d;
}

void count_plan_run(Thread* t, EpisodeContext& ep) {
  if (++ep.plans_run > EpisodeContext::kMaxPlanRuns)
    throw_error(t, "BudgetExceeded",
                fmt::format("a DEPS loop runs at most {} plans an episode", EpisodeContext::kMaxPlanRuns));
}

PlanRunOptions plan_options(const EpisodeContext& ep, std::string path) {
  PlanRunOptions ro;
  ro.engine = ep.options.engine;
  ro.path = std::move(path);
  return ro;
}

Value l_run_plan(Thread* t, const CallArgs& args) {
  Bound a(t, "deps_run_plan", kCodePath, args);
  EpisodeContext& ep = episode_of(t, "deps_run_plan");
  std::string code = want_str(t, "code", a[0]);
  std::string path = a.b.has(1) ? want_str(t, "path", a[1]) : "<plan>";
  count_plan_run(t, ep);
  EpisodeContext::RunRecord rec;
  rec.log_from = ep.controller.log().size();
  // A nested program run: compile_and_run on its own Thread and heap (compiler/engine/run.h).
  rec.run = run_plan(ep.skills, code, plan_options(ep, path));
  rec.log_to = ep.controller.log().size();
  // Ctrl-C reaches the innermost program, the plan: it stops the episode, not just the plan.
  if (rec.run.error_kind == "Interrupted") throw_error(t, "Interrupted", "interrupted while a plan ran");
  ep.runs.push_back(std::move(rec));
  return run_value(t, ep.runs.size() - 1, ep.runs.back().run);
}

Value l_plan_not_run(Thread* t, const CallArgs& args) {
  Bound a(t, "deps_plan_not_run", kMessage, args);
  EpisodeContext& ep = episode_of(t, "deps_plan_not_run");
  EpisodeContext::RunRecord rec;
  rec.run.error = want_str(t, "message", a[0]) + "\n";
  rec.log_from = rec.log_to = ep.controller.log().size();
  ep.runs.push_back(std::move(rec));
  return run_value(t, ep.runs.size() - 1, ep.runs.back().run);
}

Value l_read_goals(Thread* t, const CallArgs& args) {
  Bound a(t, "deps_read_goals", kCodePath, args);
  EpisodeContext& ep = episode_of(t, "deps_read_goals");
  std::string code = want_str(t, "code", a[0]);
  std::string path = a.b.has(1) ? want_str(t, "path", a[1]) : "<plan>";
  count_plan_run(t, ep);
  ep.skills.dry = true;
  PlanRun r = run_plan(ep.skills, code, plan_options(ep, path));
  ep.skills.dry = false;
  if (!r.finished) return Value::none();
  std::vector<Goal> goals;
  for (const auto& st : r.steps) goals.push_back(st.goal);
  return goals_value(t, goals);
}

Value l_describe(Thread* t, const CallArgs& args) {
  Bound a(t, "deps_describe", kRun, args);
  EpisodeContext& ep = episode_of(t, "deps_describe");
  size_t id = want_id(t, "deps_describe(): run", a[0], ep.runs.size(), "a plan run");
  ep.descriptions.push_back(describe(ep.runs[id].run, ep.skills.inventory()));
  return description_value(t, ep.descriptions.size() - 1, ep.descriptions.back());
}

Value l_explain(Thread* t, const CallArgs& args) {
  Bound a(t, "deps_explain", kDescription, args);
  EpisodeContext& ep = episode_of(t, "deps_explain");
  size_t id = want_id(t, "deps_explain(): description", a[0], ep.descriptions.size(), "a description");
  return explanation_value(t, explain(ep.rules, ep.descriptions[id], ep.task.item, ep.task.count,
                                      ep.controller.inventory()));
}

// The planner backend the episode asked for: the symbolic planner, or the survival domain in PDDL.
ObtainGoals backend_of(const EpisodeContext& ep) {
  if (ep.options.planner == "pddl") return pddl_obtain_goals;
  return obtain_goals;
}

Value l_plan_goals(Thread* t, const CallArgs& args) {
  Bound a(t, "deps_plan_goals", kItemCount, args);
  EpisodeContext& ep = episode_of(t, "deps_plan_goals");
  std::string item = want_str(t, "item", a[0]);
  int64_t count = a.b.has(1) ? want_int(t, "count", a[1]) : 1;
  if (count < 1 || count > 10000) throw_error(t, "ValueError", fmt::format("count must be from 1 to 10000, not {}", count));
  std::string why;
  auto goals = backend_of(ep)(ep.rules, item, int(count), ep.controller.inventory(), &why);
  RootScope scope(t);
  Value d = scope.push(make_dict(t));
  put(t, d, "goals", goals ? goals_value(t, *goals) : Value::none());
  put(t, d, "why", str_value(t, why));
  return d;
}

Value l_flaw(Thread* t, const CallArgs& args) {
  Bound a(t, "deps_flaw", kGoals, args);
  EpisodeContext& ep = episode_of(t, "deps_flaw");
  Flawed f = make_flawed(want_goals(t, "goals", a[0]), ep.task.item, ep.options.seed);
  ep.result.flaws = f.flaws;
  RootScope scope(t);
  Value d = scope.push(make_dict(t));
  put(t, d, "goals", goals_value(t, f.goals));
  put(t, d, "flaws", str_list(t, f.flaws));
  return d;
}

Value l_select(Thread* t, const CallArgs& args) {
  Bound a(t, "deps_select", kGoals, args);
  EpisodeContext& ep = episode_of(t, "deps_select");
  std::vector<Goal> goals = want_goals(t, "goals", a[0]);
  survival::Controller& c = ep.controller;
  // The nearest selector's question, answered by the controller's own search (nothing acts).
  const SourceEstimator estimate = [&](const Goal& g, world::Coord from) -> std::optional<SourceEstimate> {
    auto e = g.verb == Verb::Kill ? c.estimate_kill(g.item, "", from) : c.estimate_mine(g.item, g.tool, from);
    if (!e) return std::nullopt;
    return SourceEstimate{e->at, e->ticks};
  };
  select_order(ep.rules, ep.world, world::cell_of(c.position()), ep.options.selector, estimate, goals);
  return goals_value(t, goals);
}

Value l_repair(Thread* t, const CallArgs& args) {
  Bound a(t, "deps_repair", kRepair, args);
  EpisodeContext& ep = episode_of(t, "deps_repair");
  std::optional<std::vector<Goal>> previous;
  if (!a[0].is_none()) previous = want_goals(t, "goals", a[0]);
  int64_t failed = want_int(t, "failed_index", a[1]);
  if (failed < -1 || failed > 100000) throw_error(t, "ValueError", fmt::format("failed_index must be -1 or a goal's index, not {}", failed));
  Explanation e = want_explanation(t, "deps_repair(): explanation", a[2]);
  bool use = a.b.has(3) ? want_bool(t, "use_explanation", a[3]) : true;
  std::optional<Repair> r = repair_plan(ep.rules, ep.task.item, ep.task.count, previous, int(failed), e, use,
                                        ep.controller.inventory(), backend_of(ep));
  if (!r) return Value::none();
  RootScope scope(t);
  Value d = scope.push(make_dict(t));
  put(t, d, "goals", goals_value(t, r->goals));
  put(t, d, "note", str_value(t, r->note));
  return d;
}

Value l_plan_code(Thread* t, const CallArgs& args) {
  Bound a(t, "deps_plan_code", kPlanCode, args);
  EpisodeContext& ep = episode_of(t, "deps_plan_code");
  std::vector<Goal> goals = want_goals(t, "goals", a[0]);
  survival::ItemCounts inventory = a.b.has(1) ? want_counts(t, "inventory", a[1]) : survival::ItemCounts{};
  return str_value(t, plan_code(ep.task.item, ep.task.count, inventory, goals));
}

LlmPlanner& llm_of(Thread* t, EpisodeContext& ep, std::string_view name) {
  if (!ep.llm) throw_error(t, "RuntimeError", fmt::format("{}() asks the llm planner; run with --planner llm", name));
  return *ep.llm;
}

// {'answered': False, 'why': ...} when the endpoint gave no reply; else the reply's plan code ('' and
// 'why' when it held none).
Value llm_reply(Thread* t, const std::optional<std::string>& code, const std::string& why) {
  RootScope scope(t);
  Value d = scope.push(make_dict(t));
  put(t, d, "answered", Value::boolean(code.has_value()));
  put(t, d, "code", str_value(t, code.value_or("")));
  put(t, d, "why", str_value(t, why));
  return d;
}

Value l_llm_plan(Thread* t, const CallArgs& args) {
  Bound a(t, "deps_llm_plan", kNone, args);
  EpisodeContext& ep = episode_of(t, "deps_llm_plan");
  std::string why;
  auto code = llm_of(t, ep, "deps_llm_plan").first_plan(ep.task.text(), &why);
  return llm_reply(t, code, why);
}

Value l_llm_replan(Thread* t, const CallArgs& args) {
  Bound a(t, "deps_llm_replan", kReplan, args);
  EpisodeContext& ep = episode_of(t, "deps_llm_replan");
  std::string descriptor = want_str(t, "descriptor", a[0]);
  std::string explainer = a.b.has(1) ? want_str(t, "explainer", a[1]) : "";
  std::string why;
  auto code = llm_of(t, ep, "deps_llm_replan").replan(ep.task.text(), descriptor, explainer, &why);
  return llm_reply(t, code, why);
}

Value l_inventory(Thread* t, const CallArgs& args) {
  Bound a(t, "deps_inventory", kNone, args);
  return counts_value(t, episode_of(t, "deps_inventory").skills.inventory());
}

Value l_holds(Thread* t, const CallArgs& args) {
  Bound a(t, "deps_holds", kItemCount, args);
  EpisodeContext& ep = episode_of(t, "deps_holds");
  std::string item = want_str(t, "item", a[0]);
  int64_t count = a.b.has(1) ? want_int(t, "count", a[1]) : 1;
  return Value::boolean(ep.controller.inventory().count_any(ep.rules.book->names().resolve(item)) >= count);
}

Value l_ticks(Thread* t, const CallArgs& args) {
  Bound a(t, "deps_ticks", kNone, args);
  return Value::integer(int64_t(episode_of(t, "deps_ticks").controller.ticks()));
}

Value l_round(Thread* t, const CallArgs& args) {
  Bound a(t, "deps_round", kRound, args);
  EpisodeContext& ep = episode_of(t, "deps_round");
  Value round = a[0];
  const char* what = "deps_round(): round";
  Round r;
  r.plan = want_str(t, "deps_round(): round['plan']", field(t, what, round, "plan"));
  r.note = want_str(t, "deps_round(): round['note']", field(t, what, round, "note"));
  const auto& rec = ep.runs[want_id(t, "deps_round(): round['run']", field(t, what, round, "run"), ep.runs.size(),
                                    "a plan run")];
  r.run = rec.run;
  const auto& log = ep.controller.log();
  r.controller_log.assign(log.begin() + long(rec.log_from), log.begin() + long(rec.log_to));
  r.description = ep.descriptions[want_id(t, "deps_round(): round['description']", field(t, what, round, "description"),
                                          ep.descriptions.size(), "a description")];
  Value e = Value::none();
  if (optional_field(t, round, "explanation", &e) && !e.is_none())
    r.explanation = want_explanation(t, "deps_round(): round['explanation']", e);
  r.ticks_after = ep.controller.ticks();
  ep.result.history.push_back(std::move(r));
  ep.result.ticks = ep.controller.ticks();
  if (ep.hook && *ep.hook) {
    // The hook is the caller's C++ (printing, the REPL's pause); what it throws must not unwind through
    // the loop program's frames: it is kept and rethrown by run_episode once the program has returned.
    try {
      (*ep.hook)(ep.result.history.back(), ep.world);
    } catch (...) {
      ep.hook_error = std::current_exception();
      throw_error(t, "EpisodeStopped", "the episode was stopped after this round");
    }
  }
  return Value::none();
}

Value l_end(Thread* t, const CallArgs& args) {
  Bound a(t, "deps_end", kEnd, args);
  EpisodeContext& ep = episode_of(t, "deps_end");
  std::string reason = want_str(t, "reason", a[0]);
  int64_t replans = want_int(t, "replans", a[1]);
  if (ep.ended) throw_error(t, "RuntimeError", fmt::format("deps_end() was already called ('{}')", ep.result.end));
  if (replans < 0) throw_error(t, "ValueError", fmt::format("replans must be 0 or more, not {}", replans));
  ep.ended = true;
  ep.result.end = reason;
  ep.result.rounds = int(replans);
  return Value::none();
}

}  // namespace

void register_loop_intrinsics() {
  const uint32_t caps = kCapWorld;
  auto add = [&](std::string_view name, const std::vector<P>& params, std::string_view returns, std::string_view doc,
                 IntrinsicFn fn) { add_intrinsic({name, params, returns, caps, "deps", doc, fn}); };
  add("deps_task", kNone, "dict",
      "DEPS loop: the episode's task and settings, a dict with item, count, text (`obtain 1 stone_sword`), group, "
      "budget (game ticks), seed, initial (oracle, flawed, file or llm), plan_code and plan_path (the FILE plan), "
      "explainer (bool), planner (symbolic, pddl or llm), selector.",
      wrap<l_task>);
  add("deps_run_plan", kCodePath, "dict",
      "DEPS loop: compiles and runs plan code in the episode's world (the skills act; a failing skill ends the "
      "plan; `path` names the plan in messages). Returns the run, a dict with id (its handle), compiled, finished, "
      "skill_failed, error_kind, error, output and steps (the skill calls made, in order). Ctrl-C while the plan "
      "runs raises Interrupted here.",
      wrap<l_run_plan>);
  add("deps_plan_not_run", kMessage, "dict",
      "DEPS loop: a run (as `deps_run_plan` returns) for a plan that could not be run, such as an llm reply without "
      "code: describing it reports `message` as the plan's error.",
      wrap<l_plan_not_run>);
  add("deps_read_goals", kCodePath, "list[dict] | None",
      "DEPS loop: the goals plan code calls, read by a dry run (skills are recorded, nothing acts); None when it "
      "does not compile, raises, or loops without end. A goal is a dict with verb, item, count, materials and tool: "
      "`{'verb': 'craft', 'item': 'planks', 'count': 12, 'materials': {'log': 3}, 'tool': None}`.",
      wrap<l_read_goals>);
  add("deps_describe", kRun, "dict",
      "DEPS Describe: the descriptor of a run, a dict with id (its handle), text (the paper's sentence), succeeded "
      "(step numbers), failed_step (1-based, or None), failed_call, plan_error (bool) and inventory.",
      wrap<l_describe>);
  add("deps_explain", kDescription, "dict",
      "DEPS Explain: why the described round did not obtain the task's target, a dict with cause (a controller "
      "failure name, plan_error or incomplete), needed, needed_count, rewrite_tool, drop_material, recoverable and "
      "text (the explainer's sentence).",
      wrap<l_explain>);
  add("deps_plan_goals", kItemCount, "dict",
      "DEPS Plan: the planner's goals (symbolic, or with `--planner pddl` the survival domain in PDDL) that bring `item` to `count` held from the current inventory: a "
      "dict with goals (None when there is no plan) and why.",
      wrap<l_plan_goals>);
  add("deps_flaw", kGoals, "dict",
      "DEPS initial plans: `goals` with the errors the paper's language models make, injected deterministically "
      "from the episode's seed and target: a dict with goals and flaws (one sentence each; the episode's result "
      "lists them).",
      wrap<l_flaw>);
  add("deps_select", kGoals, "list[dict]",
      "DEPS Select: `goals` reordered by the episode's selector (fixed, random, nearest) wherever gathering goals "
      "can run in parallel, from where the agent stands.",
      wrap<l_select>);
  add("deps_repair", kRepair, "dict | None",
      "DEPS Plan (re-plan): the planner (symbolic or pddl) repairs `goals` (None: plans again from the inventory) whose goal "
      "`failed_index` (0-based; -1 when none failed) failed for `explanation` (as `deps_explain` returns); with "
      "`use_explanation` False it knows only which step failed. A dict with goals and note (how the plan changed), "
      "or None when nothing can be planned.",
      wrap<l_repair>);
  add("deps_plan_code", kPlanCode, "str",
      "DEPS: goals as plan code in the paper's syntax, `def obtain_1_x(inventory = {...}):` with `inventory` "
      "(DEPS names) in the signature.",
      wrap<l_plan_code>);
  add("deps_llm_plan", kNone, "dict",
      "DEPS llm planner: asks the endpoint for the task's first plan (the paper's Prompt 3): a dict with answered "
      "(False when the endpoint gave no reply), code ('' when the reply held none) and why.",
      wrap<l_llm_plan>);
  add("deps_llm_replan", kReplan, "dict",
      "DEPS llm planner: sends the descriptor's and explainer's sentences (no Explainer line when `explainer` is "
      "'') and asks for a re-plan; answers as `deps_llm_plan`.",
      wrap<l_llm_replan>);
  add("deps_inventory", kNone, "dict[str,int]",
      "DEPS loop: the agent's inventory in DEPS names (`{'planks': 10, 'stick': 4}`).", wrap<l_inventory>);
  add("deps_holds", kItemCount, "bool",
      "DEPS loop: the inventory holds `count` of `item` (a DEPS group such as 'planks' counts any member).",
      wrap<l_holds>);
  add("deps_ticks", kNone, "int", "DEPS loop: game ticks spent so far in the episode.", wrap<l_ticks>);
  add("deps_round", kRound, "None",
      "DEPS loop: reports a round to the driver (`plank deps` prints it, the REPL's `:deps` pauses after it), a "
      "dict with plan (the code), note (how it came about), run, description and explanation (or None) as "
      "`deps_run_plan`, `deps_describe` and `deps_explain` returned them. Raises EpisodeStopped when the driver "
      "stops the episode there.",
      wrap<l_round>);
  add("deps_end", kEnd, "None",
      "DEPS loop: reports why the episode ended (success, out_of_ticks, max_rounds, no_progress, `no_plan: ...`, "
      "`llm_error: ...`) and how many re-plans it used; once per episode.",
      wrap<l_end>);
}

}  // namespace plank::deps
