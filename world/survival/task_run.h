// The scripted run over the DEPS task list (shared/data/deps/tasks.json): for
// each task object, a plan from Obtainability carried out by the Controller
// from an empty inventory in a copy of one generated world, with the ticks it
// took set against the paper's step budget (max_steps at 20 Hz). This is the
// check that every one of the 71 objects can really be had in a generated
// world, and how long an ideal scripted agent takes.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "world/survival/controller.h"
#include "world/survival/worldgen.h"

namespace plank::survival {

struct DepsTask {
  std::string object;  // DEPS (1.11) name
  std::string group;   // MT1..MT8
  int max_steps = 0;   // the paper's budget in env steps (ticks)
};
// The largest budget a task file may give (ticks: 50,000 s of game time at 20 Hz, 4x the
// longest DEPS budget); a larger, fractional or non-positive max_steps refuses the file, so a
// careless or hostile task list cannot make an evaluation run without end.
inline constexpr int kMaxTaskSteps = 1'000'000;
// Reads tasks.json's "tasks"; empty and *error on a bad file.
std::vector<DepsTask> load_deps_tasks(const std::string& path, std::string* error);

// The rest of tasks.json, for tables: the groups' names and the paper's success figures per group.
struct DepsTaskFile {
  std::vector<DepsTask> tasks;
  std::map<std::string, std::string> group_names;  // "MT1" -> "Basic"
  std::vector<std::string> group_order;            // the paper's column order, MT1..MT8
  // table ("minedojo_table2") -> row ("DEPS") -> success % per group, in group_order
  std::map<std::string, std::map<std::string, std::vector<double>>> paper;
};
// As load_deps_tasks, with the optional parts (absent ones stay empty); nullopt and *error on a bad file.
std::optional<DepsTaskFile> load_deps_task_file(const std::string& path, std::string* error);
// $PLANK_SHARED/data/deps/tasks.json, else the installed copy, else the configured shared
// folder's (support/data_paths.h).
std::string default_tasks_path();

struct TaskOutcome {
  DepsTask task;
  bool ok = false;
  Failure failure = Failure::None;
  std::string reason;
  uint64_t ticks = 0;
  bool within_budget() const { return ok && ticks <= uint64_t(task.max_steps); }
  ControllerStats stats;
};

// The world the task run uses: 192 x 192 blocks around the origin (a 128 x 128 area leaves
// some seeds without a sheep or cow herd), and a controller that searches all of it.
WorldgenOptions deps_task_world(uint64_t seed);
// The explore world (issue 30's --world-mode explore): deps_task_world with uneven resources
// (WorldgenOptions::uneven) and rivers (WorldgenOptions::rivers).
WorldgenOptions deps_explore_world(uint64_t seed);
ControllerOptions deps_task_controller();

// Runs every task from an empty inventory in its own copy of `generated` (the world is not
// changed). Deterministic given the world.
std::vector<TaskOutcome> run_deps_tasks(const world::World& generated, const RecipeBook& book,
                                        const Obtainability& analysis, const std::vector<DepsTask>& tasks,
                                        const ControllerOptions& options = {});

// Per group: tasks, successes, successes within the budget, mean ticks of the successes.
struct GroupSummary {
  int tasks = 0, ok = 0, within_budget = 0;
  double mean_ticks = 0;
  int max_steps = 0;
};
std::map<std::string, GroupSummary> summarise(const std::vector<TaskOutcome>& outcomes);

}  // namespace plank::survival
