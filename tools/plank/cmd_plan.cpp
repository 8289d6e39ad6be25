// `plank plan DOMAIN PROBLEM`: Plank's own planner over PDDL, and
// `plank check FILE.pddl...` (called from cmd_check.cpp).
//
// Exit codes of plan: 0 a plan was found, 3 the task is proven unsolvable,
// 4 a time or memory limit ended the run, 1 input errors, 2 usage.
#include <fmt/format.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <tuple>
#include <nlohmann/json.hpp>

#include "compiler/pddl/check.h"
#include "compiler/pddl/dump.h"
#include "compiler/pddl/load.h"
#include "compiler/pddl/parse.h"
#include "planning/planner.h"
#include "support/diagnostics.h"
#include "tools/plank/cli.h"

namespace plank::cli {
namespace {

enum PlanExit : int { kPlanFound = 0, kUnsolvable = 3, kLimit = 4 };

struct PlanOptions {
  std::string domain, problem;
  std::string search = planning::kDefaultSearch;
  double timeout = 0;
  size_t max_memory = 0;
  std::string dump;
  std::string plan_file;
  bool lifted = false;
  bool object_patterns = false;
  OutputOptions out;
};

void print_diagnostics(const DiagnosticSink& sink, const OutputOptions& out) {
  std::fputs(render_text(sink.all(), RenderOptions{out.use_color()}).c_str(), stderr);
}

const char* status_name(planning::PlanOutcome::Status s) {
  using S = planning::PlanOutcome::Status;
  switch (s) {
    case S::Solved: return "solved";
    case S::Unsolvable: return "unsolvable";
    case S::OutOfTime: return "out of time";
    case S::OutOfMemory: return "out of memory";
    case S::BadConfig: return "bad configuration";
  }
  return "?";
}

int run_plan(const PlanOptions& o) {
  DiagnosticSink sink;
  pddl::LoadedTask loaded = pddl::load_task_files(o.domain, o.problem, sink);
  print_diagnostics(sink, o.out);
  if (o.dump == "ast") {
    std::fputs(pddl::dump_pddl(loaded.domain).c_str(), stdout);
    std::fputs(pddl::dump_pddl(loaded.problem).c_str(), stdout);
    return sink.has_errors() ? kInputErrors : kOk;
  }
  if (!loaded.task) return kInputErrors;

  planning::PlanRequest request;
  request.search = o.search;
  request.timeout_seconds = o.timeout;
  request.max_memory_mib = o.max_memory;
  request.force_lifted = o.lifted;
  request.object_patterns = o.object_patterns;
  if (o.dump == "grounded") {
    std::string dump;
    int code = planning::dump_grounded(*loaded.task, request, &dump) ? static_cast<int>(kOk) : static_cast<int>(kLimit);
    std::fputs(dump.c_str(), stdout);
    return code;
  }
  planning::PlanOutcome outcome = planning::plan(*loaded.task, request);
  using S = planning::PlanOutcome::Status;
  if (outcome.status == S::BadConfig) {
    const auto& e = outcome.config_error;
    fmt::print(stderr, "--search:{}: error: {}\n  {}\n  {}^\n", e.offset + 1, e.message, o.search,
               std::string(e.offset, ' '));
    if (!e.expected.empty()) {
      std::string list;
      for (const auto& x : e.expected) list += (list.empty() ? "" : ", ") + x;
      fmt::print(stderr, "  accepted: {}\n", list);
    }
    return kInputErrors;
  }
  const bool solved = outcome.status == S::Solved;
  const std::string plan_text = solved ? planning::format_plan(outcome) : "";
  if (solved && !o.plan_file.empty()) {
    std::ofstream f(o.plan_file);
    f << plan_text;
    if (!f) {
      fmt::print(stderr, "plank plan: cannot write '{}'\n", o.plan_file);
      return kInputErrors;
    }
  }
  if (o.out.json) {
    nlohmann::json j;
    j["solved"] = solved;
    j["status"] = status_name(outcome.status);
    j["plan"] = outcome.plan;
    j["cost"] = solved ? nlohmann::json(outcome.cost) : nlohmann::json(nullptr);
    j["expanded"] = outcome.search.expanded;
    j["evaluated"] = outcome.search.evaluated;
    j["generated"] = outcome.search.generated;
    j["seconds"] = outcome.seconds;
    j["grounded_actions"] = outcome.grounded_actions;
    j["mode"] = outcome.mode;
    fmt::print("{}\n", j.dump(2));
  } else {
    std::fputs(plan_text.c_str(), stdout);
    fmt::print(stderr, "plank plan: {} ({}, {} operators, {} expanded, {} evaluated, {:.3f} s)\n",
               status_name(outcome.status), outcome.mode, outcome.grounded_actions, outcome.search.expanded,
               outcome.search.evaluated, outcome.seconds);
  }
  switch (outcome.status) {
    case S::Solved: return kPlanFound;
    case S::Unsolvable: return kUnsolvable;
    default: return kLimit;
  }
}

}  // namespace

int check_pddl_files(const std::vector<std::string>& files, const OutputOptions& out, bool quiet,
                     const std::string& dump) {
  DiagnosticSink sink;
  std::vector<pddl::ast::File> parsed;
  for (const auto& path : files) {
    std::string error;
    SourceRef file = SourceFile::load(path, &error);
    if (!file) {
      Diagnostic d;
      d.message = error;
      d.code = "io";
      sink.report(std::move(d));
      continue;
    }
    parsed.push_back(pddl::parse_file(file, sink));
  }
  std::vector<const pddl::ast::File*> domains, problems;
  for (const auto& f : parsed) {
    if (f.domain) domains.push_back(&f);
    if (f.problem) problems.push_back(&f);
  }
  // A problem is checked against the one domain given with it; a domain alone on its own.
  if (domains.size() == 1 && !problems.empty()) {
    // The domain's own diagnostics come once, not once per problem.
    DiagnosticSink all;
    for (const auto* p : problems) pddl::check(*domains[0], p, all);
    std::set<std::tuple<const SourceFile*, uint32_t, std::string>> seen;
    for (const auto& d : all.all())
      if (seen.insert({d.file.get(), d.span.begin, d.message}).second) sink.report(d);
  } else {
    for (const auto* d : domains) pddl::check(*d, nullptr, sink);
    if (!problems.empty() && !quiet && !out.json)
      fmt::print(stderr, "plank check: a problem is checked against its domain: give exactly one domain with it\n");
  }
  std::string dumps;
  if (dump == "ast")
    for (const auto& f : parsed) dumps += pddl::dump_pddl(f);
  if (out.json) {
    nlohmann::json j;
    j["files"] = files;
    j["errors"] = sink.error_count();
    j["diagnostics"] = nlohmann::json::parse(render_json(sink.all()));
    fmt::print("{}\n", j.dump(2));
  } else {
    std::fputs(dumps.c_str(), stdout);
    print_diagnostics(sink, out);
    if (!quiet)
      fmt::print(stderr, "plank check: {} file{}, {} error{}\n", files.size(), files.size() == 1 ? "" : "s",
                 sink.error_count(), sink.error_count() == 1 ? "" : "s");
  }
  return sink.has_errors() ? kInputErrors : kOk;
}

void register_plan(CLI::App& app, Action& action) {
  auto o = std::make_shared<PlanOptions>();
  auto* cmd = app.add_subcommand("plan", "Plan with Plank's own planner: PDDL domain and problem in, IPC plan out");
  cmd->add_option("domain", o->domain, "The PDDL domain file")->required();
  cmd->add_option("problem", o->problem, "The PDDL problem file")->required();
  cmd->add_option("--search", o->search,
                  "Search configuration, as Fast Downward takes it: lazy_greedy([ff()], preferred=[ff()]) (default), "
                  "gbfs(ff), eager_greedy([add()], preferred=[ff()]), astar(lmcut()), wastar(ff(), w=3), ...; "
                  "bfws(ff, width=2, preferred=[ff()]): best-first width search, on the lifted task");
  cmd->add_option("--timeout", o->timeout, "CPU seconds the whole run may take (exit 4 when spent)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--max-memory", o->max_memory, "Resident memory in MiB the run may use (exit 4 when spent)");
  cmd->add_option("--dump", o->dump, "Print a stage instead of planning: ast (the PDDL as read), grounded")
      ->check(CLI::IsMember({"ast", "grounded"}));
  cmd->add_option("--plan-file", o->plan_file, "Also write the plan to this file");
  cmd->add_flag("--lifted", o->lifted, "Search the lifted task even when it could be grounded");
  cmd->add_flag("--object-patterns", o->object_patterns,
                "Lifted search: keep \"some block at (x, y, z)\" conditions in the relaxation (slower per state)");
  cmd->add_flag("--json", o->out.json,
                "Machine-readable result: {\"solved\", \"plan\", \"cost\", \"expanded\", \"seconds\", "
                "\"grounded_actions\", ...}");
  cmd->add_option("--color", o->out.color, "Colour diagnostics: auto, always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  cmd->callback([o, &action] { action = [o] { return run_plan(*o); }; });
}

}  // namespace plank::cli
