// `plank deps TASK [--seed N] [--initial-plan oracle|flawed|FILE] [--selector S]
//                  [--no-explainer] [--planner symbolic|pddl|llm] [--llm-endpoint URL] [--llm-model M]
//                  [--loop FILE] [--trace] [--render] [--json] [--dump-pddl DIR]`
//   runs one DEPS episode (agents/deps/loop: the loop in stdlib/deps/loop.plank, or
//   --loop FILE) and prints each round (plan code, execution, description,
//   explanation, re-plan) and the result. Exit 0 when the task succeeds, 3 when it
//   fails within budget, 1 on bad input (unreadable plan file, unknown item, a loop
//   file that does not compile or raises), 2 usage.
// `plank eval deps --tasks FILE --seeds N [--seed-base B] --initial-plan P --selector S
//                  [--planner symbolic|pddl|llm] [--no-explainer] [--only LIST] [--loop FILE] [--json]`
//   runs every task on world seeds B .. B+N-1 (agents/deps/eval) and prints the MT1-MT8
//   table beside the paper's Table 2 and 3 figures (progress on stderr).
// `plank eval deps --select-tasks K --selector S --seeds N [--seed-base B] [--world-mode explore] [--json]`
//   runs the selector's tasks with K candidate goals (agents/deps/eval/select_episode.h).
// Both commands take --world-mode known|explore (explore: the agent sees only what is near it).
// Under `mpirun -np N` (a build with MPI: tools/plank/ranks.h) `eval deps` and `gen-horizon-data`
// split their episodes (seeds) into N contiguous blocks and rank 0 prints (writes) what one process would.
// `plank gen-horizon-data --seeds N [--seed-base B] [--states-per-seed J] [--pursuits-per-seed P] --out FILE`
//   writes the horizon predictor's training data (agents/deps/eval/horizon_data.h; seeds < 5000).
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <functional>
#include <nlohmann/json.hpp>
#include <fstream>
#include <set>
#include <sstream>

#include "agents/deps/eval/evaluation.h"
#include "agents/deps/eval/horizon_data.h"
#include "agents/deps/eval/learned_horizon.h"
#include "agents/deps/eval/select_episode.h"
#include "agents/deps/loop/episode.h"
#include "agents/deps/loop/episode_json.h"
#include "agents/deps/roles/pddl_planner.h"
#include "compiler/engine/engine.h"
#include "tools/plank/cli.h"
#include "tools/plank/ranks.h"
#include "world/render/ascii.h"
#include "world/survival/controller.h"
#include "world/survival/task_run.h"

namespace plank::cli {
namespace {

constexpr int kTaskFailed = 3;

struct DepsOptions {
  std::string task;
  uint64_t seed = 0;
  std::string initial = "oracle";
  std::string selector = "fixed";
  std::string planner = "symbolic";
  std::string engine;
  std::string llm_endpoint, llm_model;
  std::string loop;  // --loop FILE; "": the stdlib loop
  bool no_explainer = false;
  bool trace = false, render = false, json = false;
  int world_size = 192;
  std::string world_mode = "known";
  uint64_t max_ticks = 0;
  std::string dump_pddl;  // --dump-pddl DIR: write the survival PDDL for the task and stop
  std::string horizon_model;            // --horizon-model FILE ("" = models/horizon.bin)
  std::string horizon_engine = "auto";  // --horizon-engine auto|cpu|cuda
};

// Fills the episode options shared by both commands; false and a message on a bad plan file.
bool episode_options(const DepsOptions& o, deps::EpisodeOptions* e, const char* cmd) {
  e->seed = o.seed;
  e->selector.kind = o.selector;
  e->selector.seed = o.seed;
  e->planner = o.planner;
  e->explainer = !o.no_explainer;
  e->engine = o.engine;
  e->world_size = o.world_size;
  e->world_mode = o.world_mode;
  e->llm.endpoint = o.llm_endpoint;
  e->llm.model = o.llm_model;
  e->loop = o.loop;
  if (o.initial == "oracle" || o.initial == "flawed" || o.initial == "llm") {
    e->initial = o.initial;
    return true;
  }
  std::ifstream in(o.initial, std::ios::binary);
  if (!in) {
    fmt::print(stderr, "{}: cannot read the plan file '{}' (--initial-plan takes oracle, flawed, llm or a file)\n", cmd,
               o.initial);
    return false;
  }
  std::stringstream s;
  s << in.rdbuf();
  e->initial = "file";
  e->initial_code = s.str();
  e->initial_path = o.initial;
  return true;
}

const deps::Rules* rules_or_say(const char* cmd) {
  std::string error;
  const deps::Rules* r = deps::load_rules(&error);
  if (!r) fmt::print(stderr, "{}: {}\n", cmd, error);
  return r;
}

// `--selector horizon` in the explore world: loads the learned predictor into the options; false
// (with the message printed) when its weights cannot be used.
bool load_horizon(const deps::Rules& rules, const DepsOptions& o, std::shared_ptr<deps::LearnedHorizon>* out,
                  const char* cmd) {
  if (o.selector != "horizon" || o.world_mode != "explore") return true;
  std::string why;
  *out = deps::LearnedHorizon::load(rules, o.horizon_model, o.horizon_engine, &why);
  if (!*out) fmt::print(stderr, "{}: {}\n", cmd, why);
  return *out != nullptr;
}

void print_round(const deps::Rules& rules, const deps::Round& r, int index, bool trace, bool render,
                 const world::World& w) {
  fmt::print("{}", deps::round_text(rules, r, index, trace));
  if (render) {
    render::ViewOptions v;
    v.max_extent = 48;
    fmt::print("{}", render::render_ascii(w, v));
  }
}

int run_deps(const DepsOptions& o) {
  const char* cmd = "plank deps";
  std::string error;
  auto task = deps::parse_task(o.task, &error);
  if (!task) {
    fmt::print(stderr, "{}: {}\n", cmd, error);
    return kUsage;
  }
  const deps::Rules* rules = rules_or_say(cmd);
  if (!rules) return kInputErrors;
  if (!rules->analysis->obtainable(task->item)) {
    fmt::print(stderr, "{}: cannot plan for '{}': {}\n", cmd, task->item, rules->analysis->why_not(task->item));
    return kInputErrors;
  }
  if (!o.dump_pddl.empty()) {
    // The task --planner pddl plans first: from the empty inventory.
    auto pddl = deps::survival_pddl(*rules, task->item, task->count, {}, &error);
    if (!pddl) {
      fmt::print(stderr, "{}: {}\n", cmd, error);
      return kInputErrors;
    }
    for (const auto& [name, text] : {std::pair{"domain.pddl", &pddl->domain}, std::pair{"problem.pddl", &pddl->problem}}) {
      std::string path = o.dump_pddl + "/" + name;
      std::ofstream out(path, std::ios::binary);
      out << *text;
      if (!out) {
        fmt::print(stderr, "{}: cannot write {}\n", cmd, path);
        return kInputErrors;
      }
      fmt::print("{}\n", path);
    }
    return kOk;
  }
  deps::EpisodeOptions e;
  if (!episode_options(o, &e, cmd) || !load_horizon(*rules, o, &e.horizon, cmd)) return kInputErrors;
  // The budget: --max-ticks, else the task's max_steps in the DEPS task list, else 3000 (MT1's).
  deps::take_budget_from_task_list(*task);
  e.tick_budget = o.max_ticks;
  deps::RoundHook hook;
  int index = 0;
  if (!o.json) hook = [&](const deps::Round& r, const world::World& w) { print_round(*rules, r, index++, o.trace, o.render, w); };
  auto result = deps::run_episode(*rules, *task, e, hook, &error);
  if (!result) {
    fmt::print(stderr, "{}: {}\n", cmd, error);
    return kUsage;
  }
  std::fflush(stdout);
  fmt::print(stderr, "{}", result->loop_output);  // the loop's own print()s: stdout carries the rounds and --json
  if (!result->loop_error.empty()) {
    fmt::print(stderr, "{}", result->loop_error);
    return kInputErrors;
  }
  if (o.json) {
    fmt::print("{}\n", deps::episode_json(*task, *result));
  } else {
    fmt::print("== result: {} {} after {} re-plan round(s), {} game ticks ({})\n",
               result->success ? "obtained" : "did not obtain", task->text().substr(7), result->rounds, result->ticks,
               result->end);
  }
  if (result->end.rfind("llm_error", 0) == 0) {
    fmt::print(stderr, "{}: {}\n", cmd, result->end);
    return kInputErrors;
  }
  return result->success ? kOk : kTaskFailed;
}

// ------------------------------------------------------------------ eval
struct EvalOptions {
  DepsOptions deps;
  std::string tasks;
  int select_tasks = 0;  // K: the select tasks with K candidates instead of --tasks
  int seeds = 1;
  uint64_t seed_base = 0;
  std::string only;
};

void print_progress(bool tty, int done, int total, const std::string& label) {
  if (tty || done % std::max(1, total / 10) == 0 || done == total) {
    int width = 30, filled = total ? done * width / total : width;
    fmt::print(stderr, "{}[{}{}] {}/{} {}{}", tty ? "\r" : "", std::string(filled, '#'), std::string(width - filled, ' '),
               done, total, label, tty ? "\033[K" : "\n");
  }
}

// One rank's part of an evaluation, as it travels to rank 0: its error, its loop error or its records.
std::string rank_part(const std::optional<deps::Evaluation>& ev, const std::string& error) {
  nlohmann::json j;
  if (!ev) {
    j["error"] = error;
    return j.dump();
  }
  j["loop_error"] = ev->loop_error;
  j["records"] = nlohmann::json::array();
  for (const deps::EpisodeRecord& r : ev->records) j["records"].push_back({r.index, r.success, r.ticks});
  return j.dump();
}

// Gathers every rank's part of an evaluation on rank 0 and tallies its episodes in the evaluation's
// order (names(i): episode i's task and group), so that rank 0's tables and JSON are the single
// process's. Alone, the one part is tallied the same way. nullopt and *error (rank 0: the first
// rank's that failed); on other ranks nullopt and *error only when their own part failed.
using EpisodeNames = std::function<std::pair<std::string, std::string>(int index)>;
std::optional<deps::Evaluation> gather_evaluation(const Ranks& ranks, const std::optional<deps::Evaluation>& mine,
                                                  std::string* error, const EpisodeNames& names) {
  std::vector<std::string> parts = ranks.gather(rank_part(mine, *error));
  if (!ranks.root()) {
    if (mine) error->clear();
    return std::nullopt;
  }
  deps::Evaluation all;
  for (const std::string& part : parts) {
    nlohmann::json j = nlohmann::json::parse(part);
    if (j.contains("error")) {
      *error = j["error"].get<std::string>();
      return std::nullopt;
    }
    if (all.loop_error.empty()) all.loop_error = j["loop_error"].get<std::string>();
    for (const auto& r : j["records"]) {
      deps::EpisodeRecord e{r[0].get<int>(), r[1].get<bool>(), r[2].get<uint64_t>()};
      auto [name, group] = names(e.index);
      deps::add_episode(all, name, group, e);
    }
  }
  return all;
}

// The line after the progress bar: how many episodes, how fast, on how many processes.
void print_rate(const char* cmd, const deps::Evaluation& ev, double seconds, const Ranks& ranks) {
  fmt::print(stderr, "{}: {} episodes in {:.1f} s ({:.2f} episodes/s{})\n", cmd, ev.episodes, seconds,
             seconds > 0 ? ev.episodes / seconds : 0.0,
             ranks.size() > 1 ? fmt::format(", {} processes", ranks.size()) : "");
}

// `--select-tasks K`: the selector's tasks (agents/deps/eval/select_episode.h).
int run_eval_select(const EvalOptions& o, const Ranks& ranks) {
  const char* cmd = "plank eval deps";
  const deps::Rules* rules = rules_or_say(cmd);
  if (!rules) return kInputErrors;
  deps::SelectEpisodeOptions base;
  base.selector = o.deps.selector;
  base.world_mode = o.deps.world_mode;
  base.world_size = o.deps.world_size;
  std::shared_ptr<deps::LearnedHorizon> horizon;
  if (!load_horizon(*rules, o.deps, &horizon, cmd)) return kInputErrors;
  base.horizon = horizon.get();
  std::vector<deps::SelectTask> tasks = deps::select_tasks(*rules, o.select_tasks);
  if (!o.only.empty()) {  // --only wood,fuel: those families' tasks
    std::set<std::string> families;
    std::stringstream s(o.only);
    for (std::string w; std::getline(s, w, ',');)
      if (!w.empty()) families.insert(w);
    std::string known;
    for (const deps::SelectFamily& f : deps::select_families()) {
      known += fmt::format("{}{}", known.empty() ? "" : ", ", f.name);
      families.erase(f.name);
    }
    if (!families.empty()) {
      fmt::print(stderr, "{}: --only names no select family '{}' (expected {})\n", cmd, *families.begin(), known);
      return kUsage;
    }
    std::set<std::string> keep;
    std::stringstream again(o.only);
    for (std::string w; std::getline(again, w, ',');) keep.insert(w);
    std::erase_if(tasks, [&](const deps::SelectTask& t) { return !keep.count(t.family); });
  }
  const bool tty = isatty(2) && ranks.root();
  std::string error;
  auto start = std::chrono::steady_clock::now();
  auto mine = deps::evaluate_select(
      *rules, tasks, o.seeds, o.seed_base, base,
      [&](int done, int total, const deps::SelectTask& t) {
        if (ranks.root()) print_progress(tty, done, total, t.name);
      },
      &error, {ranks.rank(), ranks.size()});
  auto ev = gather_evaluation(ranks, mine, &error, [&](int i) {
    const deps::SelectTask& t = tasks[size_t(i) % tasks.size()];
    return std::pair{t.name, t.family};
  });
  if (!ranks.root()) return error.empty() ? kOk : kUsage;  // rank 0 prints
  if (!ev) {
    fmt::print(stderr, "{}: {}\n", cmd, error);
    return kUsage;
  }
  if (tty) fmt::print(stderr, "\n");
  print_rate(cmd, *ev, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), ranks);
  if (o.deps.json) {
    fmt::print("{}\n", deps::evaluation_json(*ev));
    return kOk;
  }
  fmt::print("select tasks with {} candidates, selector {}, world {}; seeds {}..{}\n", o.select_tasks, o.deps.selector,
             o.deps.world_mode, o.seed_base, o.seed_base + o.seeds - 1);
  fmt::print("{:<8} {:>8} {:>9} {:>11}\n", "family", "episodes", "success%", "mean ticks");
  auto row = [](const std::string& name, const deps::Tally& t) {
    fmt::print("{:<8} {:>8} {:>9.1f} {:>11.0f}\n", name, t.episodes, 100 * t.success_rate(), t.mean_ticks());
  };
  for (const auto& [family, t] : ev->groups) row(family, t);
  row("overall", ev->overall);
  return kOk;
}

int run_eval(const EvalOptions& o) {
  const char* cmd = "plank eval deps";
  std::string launch_error;
  std::optional<Ranks> ranks = Ranks::join(&launch_error);
  if (!ranks) {
    fmt::print(stderr, "{}: {}\n", cmd, launch_error);
    return kUsage;
  }
  if (o.select_tasks > 0) return run_eval_select(o, *ranks);
  if (o.tasks.empty()) {
    fmt::print(stderr, "{}: give --tasks FILE (the DEPS task list) or --select-tasks K\n", cmd);
    return kUsage;
  }
  std::string list_error;
  std::optional<survival::DepsTaskFile> file = survival::load_deps_task_file(o.tasks, &list_error);
  if (!file) {
    fmt::print(stderr, "{}: {}\n", cmd, list_error);
    return kInputErrors;
  }
  std::set<std::string> only;
  {
    std::stringstream s(o.only);
    for (std::string w; std::getline(s, w, ',');)
      if (!w.empty()) only.insert(w);
  }
  std::vector<deps::Task> tasks = deps::eval_tasks(*file, only);
  const deps::Rules* rules = rules_or_say(cmd);
  if (!rules) return kInputErrors;
  deps::EpisodeOptions base;
  if (!episode_options(o.deps, &base, cmd) || !load_horizon(*rules, o.deps, &base.horizon, cmd)) return kInputErrors;

  const bool tty = isatty(2) && ranks->root();
  auto progress = [&](int done, int total, const deps::Task& task) {
    if (ranks->root()) print_progress(tty, done, total, task.group + " " + task.item);
  };
  std::string error;
  auto start = std::chrono::steady_clock::now();
  auto mine = deps::evaluate(*rules, tasks, o.seeds, o.seed_base, base, progress, &error, {ranks->rank(), ranks->size()});
  auto ev = gather_evaluation(*ranks, mine, &error, [&](int i) {
    const deps::Task& t = tasks[size_t(i) % tasks.size()];
    return std::pair{t.item, t.group};
  });
  if (!ranks->root()) return error.empty() ? kOk : kUsage;  // rank 0 prints
  if (!ev) {
    fmt::print(stderr, "{}: {}\n", cmd, error);
    return kUsage;
  }
  if (tty) fmt::print(stderr, "\n");
  if (!ev->loop_error.empty()) {
    fmt::print(stderr, "{}", ev->loop_error);
    return kInputErrors;
  }
  print_rate(cmd, *ev, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), *ranks);
  if (o.deps.json) {
    fmt::print("{}\n", deps::evaluation_json(*ev));
    return kOk;
  }
  fmt::print("initial plan {}, selector {}, planner {}{}, world {}; seeds {}..{}\n", o.deps.initial, o.deps.selector,
             o.deps.planner, o.deps.no_explainer ? ", no explainer" : "", o.deps.world_mode, o.seed_base,
             o.seed_base + o.seeds - 1);
  fmt::print("{}", deps::evaluation_table(*ev, *file));
  return kOk;
}

// ------------------------------------------------------------------ gen-horizon-data
struct HorizonDataCli {
  deps::HorizonDataOptions data;
  std::string out;
};

int run_gen_horizon_data(const HorizonDataCli& o) {
  const char* cmd = "plank gen-horizon-data";
  std::string error;
  std::optional<Ranks> ranks = Ranks::join(&error);
  if (!ranks) {
    fmt::print(stderr, "{}: {}\n", cmd, error);
    return kUsage;
  }
  const deps::Rules* rules = rules_or_say(cmd);
  if (!rules) return kInputErrors;
  auto code_of = [&] {
    return error.find("evaluation seeds") != std::string::npos || error.find("nothing to") != std::string::npos
               ? kUsage
               : kInputErrors;
  };
  const bool tty = isatty(2) && ranks->root();
  auto progress = [&](int done, int total) {
    if (ranks->root()) print_progress(tty, done, total, "seeds");
  };
  const std::string partial = o.out + ".partial";  // renamed when whole, so a stopped run leaves no short file
  bool ok = true;
  if (ranks->size() == 1) {  // alone: straight to the file
    std::ofstream f(partial, std::ios::binary | std::ios::trunc);
    if (!f) {
      fmt::print(stderr, "{}: cannot write {}\n", cmd, partial);
      return kInputErrors;
    }
    ok = deps::write_horizon_data(*rules, o.data, f, progress, &error);
  } else {  // each rank its block of the seeds; rank 0 writes the blocks in rank order
    std::ostringstream block;
    ok = deps::write_horizon_data(*rules, o.data, block, progress, &error, {ranks->rank(), ranks->size()});
    std::vector<std::string> parts = ranks->gather(ok ? "+" + block.str() : "-" + error);
    if (!ranks->root()) return ok ? kOk : code_of();
    for (const std::string& part : parts)
      if (ok && part[0] == '-') ok = false, error = part.substr(1);
    if (ok) {
      std::ofstream f(partial, std::ios::binary | std::ios::trunc);
      for (const std::string& part : parts) f.write(part.data() + 1, std::streamsize(part.size() - 1));
      f.close();
      if (!f) error = fmt::format("cannot write {}", partial), ok = false;
    }
  }
  if (tty) fmt::print(stderr, "\n");
  if (!ok) {
    std::remove(partial.c_str());
    fmt::print(stderr, "{}: {}\n", cmd, error);
    return code_of();
  }
  if (std::rename(partial.c_str(), o.out.c_str()) != 0) {
    fmt::print(stderr, "{}: cannot rename {} to {}\n", cmd, partial, o.out);
    return kInputErrors;
  }
  fmt::print(stderr, "{}: {} seeds from {} written to {}{}\n", cmd, o.data.seeds, o.data.seed_base, o.out,
             ranks->size() > 1 ? fmt::format(" by {} processes", ranks->size()) : "");
  return kOk;
}

void add_common(CLI::App* c, DepsOptions& o) {
  c->add_option("--initial-plan", o.initial, "oracle, flawed, llm (the llm planner's), or a FILE of plan code");
  c->add_option("--selector", o.selector,
                "fixed (default), random, nearest, horizon (the learned predictor; with --select-tasks); with "
                "--select-tasks also oracle");
  c->add_option("--horizon-model", o.horizon_model,
                "the horizon predictor's weights (default models/horizon.bin beside the parser's model, or "
                "$PLANK_HORIZON_MODEL)");
  c->add_option("--horizon-engine", o.horizon_engine, "runs the horizon predictor on auto (default: CUDA when a GPU is "
                                                      "present), cpu or cuda")
      ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
  c->add_option("--world-mode", o.world_mode,
                "known (default: the agent knows the whole world) or explore (it sees only what is near)")
      ->check(CLI::IsMember({"known", "explore"}));
  c->add_option("--planner", o.planner, "symbolic (default), pddl (the survival domain in PDDL, Plank's planner) or llm")
      ->check(CLI::IsMember({"symbolic", "pddl", "llm"}));
  c->add_option("--llm-endpoint", o.llm_endpoint, "OpenAI-compatible chat-completions URL (or $PLANK_LLM_ENDPOINT)");
  c->add_option("--llm-model", o.llm_model, "model name sent to it (or $PLANK_LLM_MODEL; default gpt-3.5-turbo)");
  c->add_flag("--no-explainer", o.no_explainer, "ablation: re-plan from the failure alone, without its cause");
  c->add_option("--engine", o.engine, "runs plan code with interp (default) or jit")->check(CLI::IsMember(engine::engine_names()));
  c->add_option("--world-size", o.world_size, "side of the generated world in blocks (default 192)")
      ->check(CLI::Range(32, 512));
  c->add_option("--loop", o.loop, "the DEPS loop, a Plank file defining episode() (default: stdlib/deps/loop.plank)");
  c->add_flag("--json", o.json, "machine-readable result on stdout");
}

}  // namespace

void register_deps(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("deps", "Run a DEPS episode: plan code, describe, explain, re-plan, select");
  auto o = std::make_shared<DepsOptions>();
  cmd->add_option("task", o->task, "\"obtain 1 stone_sword\"")->required();
  cmd->add_option("--seed", o->seed, "world seed (default 0)");
  cmd->add_flag("--trace", o->trace, "also print the controller's log of each round");
  cmd->add_option("--max-ticks", o->max_ticks, "game-tick budget (default: the task's max_steps in tasks.json, else 3000)");
  cmd->add_flag("--render", o->render, "print a map of the world around the agent after each round");
  cmd->add_option("--dump-pddl", o->dump_pddl,
                  "write the survival domain and problem --planner pddl plans first (from the empty inventory) as "
                  "DIR/domain.pddl and DIR/problem.pddl, and stop");
  add_common(cmd, *o);
  cmd->callback([&action, o] { action = [o] { return run_deps(*o); }; });

  CLI::App* eval = eval_command(app);
  auto* ev = eval->add_subcommand("deps", "Evaluate DEPS over the task list: success per group beside the paper's");
  auto e = std::make_shared<EvalOptions>();
  ev->add_option("--tasks", e->tasks, "the task list (shared/data/deps/tasks.json)");
  ev->add_option("--select-tasks", e->select_tasks,
                 "instead of --tasks: the selector's tasks with K interchangeable candidate goals")
      ->check(CLI::Range(2, 4));
  ev->add_option("--seeds", e->seeds, "world seeds per task")->check(CLI::Range(1, 100000));
  ev->add_option("--seed-base", e->seed_base, "first world seed (default 0)");
  ev->add_option("--only", e->only, "comma-separated task objects or groups (MT1,stone_sword); with --select-tasks, families (wood,fuel)");
  add_common(ev, e->deps);
  ev->callback([&action, e] { action = [e] { return run_eval(*e); }; });

  auto* gen = app.add_subcommand("gen-horizon-data",
                                 "Write the DEPS horizon predictor's training data (explore world, seeds below 5000)");
  auto g = std::make_shared<HorizonDataCli>();
  gen->add_option("--seeds", g->data.seeds, "world seeds")->required()->check(CLI::Range(1, 5000));
  gen->add_option("--seed-base", g->data.seed_base, "first world seed (default 0; seeds from 5000 are refused)");
  gen->add_option("--states-per-seed", g->data.states_per_seed,
                  "states along each seed's exploring run, each labelled for every goal (default 6)")
      ->check(CLI::Range(0, 64));
  gen->add_option("--pursuits-per-seed", g->data.pursuits_per_seed,
                  "states after a pursuit from the start cut short at half its budget, one goal each (default 0)")
      ->check(CLI::Range(0, 64));
  gen->add_option("--world-size", g->data.world_size, "side of the generated world in blocks (default 192)")
      ->check(CLI::Range(32, 512));
  gen->add_option("--out", g->out, "the data file (format: docs/deps.md, Horizon data)")->required();
  gen->callback([&action, g] { action = [g] { return run_gen_horizon_data(*g); }; });
}

}  // namespace plank::cli
