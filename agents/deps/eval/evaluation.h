// DEPS's evaluation (`plank eval deps`): every task of a DEPS task list
// (tasks.json) on world seeds B .. B+N-1, one generated world per seed and each
// episode in its own copy, tallied per group (MT1..MT8) and per task: success
// rate and mean game ticks (over all episodes, failed ones counting the ticks
// they spent). The table puts each group beside the paper's Table 3
// (MC-TextWorld DEPS) and Table 2 (MineDojo DEPS) figures.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "agents/deps/loop/episode.h"
#include "world/survival/task_run.h"

namespace plank::deps {

struct Tally {
  int episodes = 0, successes = 0;
  double ticks = 0;  // summed
  double success_rate() const { return episodes ? double(successes) / episodes : 0.0; }
  double mean_ticks() const { return episodes ? ticks / episodes : 0.0; }
};

struct Evaluation {
  std::map<std::string, Tally> groups;           // "MT1" -> tally
  std::map<std::string, Tally> tasks;            // "planks" -> tally
  std::map<std::string, std::string> task_group;  // "planks" -> "MT1"
  Tally overall;                                  // every episode
  int episodes = 0;
  double seconds = 0;                            // wall time of the episodes
  std::string loop_error;                        // the loop file failed (the evaluation stopped there)
};

// The tasks of `file` to evaluate: all, or those whose object or group is in `only`.
std::vector<Task> eval_tasks(const survival::DepsTaskFile& file, const std::set<std::string>& only);

// Called after each episode (progress).
using EvalProgress = std::function<void(int done, int total, const Task& task)>;

// Runs every task on seeds seed_base .. seed_base + seeds - 1 with `base`'s options (its seed, world and
// selector seed are set per episode). nullopt and *error on bad options (no episode runs).
std::optional<Evaluation> evaluate(const Rules& rules, const std::vector<Task>& tasks, int seeds, uint64_t seed_base,
                                   const EpisodeOptions& base, const EvalProgress& progress, std::string* error);

// {"groups": {"MT1": {"success", "episodes", "mean_ticks"}, ...}, "overall": {"success", "episodes", "mean_ticks"},
// "tasks": {"planks": {"group", "success", "episodes", "mean_ticks"}, ...}}, indented by 2.
std::string evaluation_json(const Evaluation& e);

// The column header and one row per group in the file's order: episodes, success %, mean ticks, the paper's
// MC-TextWorld and MineDojo figures ('-' where the file has none).
std::string evaluation_table(const Evaluation& e, const survival::DepsTaskFile& file);

}  // namespace plank::deps
