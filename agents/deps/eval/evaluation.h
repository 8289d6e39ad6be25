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

// One episode's result, by its index in the evaluation's order (seed-major: seed k's tasks in list
// order are k * tasks .. k * tasks + tasks - 1). Enough to rebuild every tally (add_episode).
struct EpisodeRecord {
  int index = 0;
  bool success = false;
  uint64_t ticks = 0;
};

// Which episodes this process runs when an evaluation is split over `ranks` processes (mpirun;
// tools/plank/ranks.h): a contiguous block of the episode order, so a rank generates only the
// worlds of its own seeds. One rank (the default) runs them all.
struct EpisodeShard {
  int rank = 0, ranks = 1;
  int begin(int total) const { return int(int64_t(total) * rank / ranks); }
  int end(int total) const { return int(int64_t(total) * (rank + 1) / ranks); }
};

struct Evaluation {
  std::map<std::string, Tally> groups;           // "MT1" -> tally
  std::map<std::string, Tally> tasks;            // "planks" -> tally
  std::map<std::string, std::string> task_group;  // "planks" -> "MT1"
  Tally overall;                                  // every episode
  int episodes = 0;
  double seconds = 0;                            // wall time of the episodes
  std::string loop_error;                        // the loop file failed (the evaluation stopped there)
  std::vector<EpisodeRecord> records;            // the episodes run, in order
};

// Tallies one episode of task `name` in `group` (its groups', task's and overall tallies, and records).
void add_episode(Evaluation& e, const std::string& name, const std::string& group, const EpisodeRecord& r);

// The tasks of `file` to evaluate: all, or those whose object or group is in `only`.
std::vector<Task> eval_tasks(const survival::DepsTaskFile& file, const std::set<std::string>& only);

// Called after each episode (progress).
using EvalProgress = std::function<void(int done, int total, const Task& task)>;

// Runs every task on seeds seed_base .. seed_base + seeds - 1 with `base`'s options (its seed, world and
// selector seed are set per episode), or only `shard`'s block of those episodes (progress then counts
// the block's). nullopt and *error on bad options (no episode runs).
std::optional<Evaluation> evaluate(const Rules& rules, const std::vector<Task>& tasks, int seeds, uint64_t seed_base,
                                   const EpisodeOptions& base, const EvalProgress& progress, std::string* error,
                                   EpisodeShard shard = {});

// {"groups": {"MT1": {"success", "episodes", "mean_ticks"}, ...}, "overall": {"success", "episodes", "mean_ticks"},
// "tasks": {"planks": {"group", "success", "episodes", "mean_ticks"}, ...}}, indented by 2.
std::string evaluation_json(const Evaluation& e);

// The column header and one row per group in the file's order: episodes, success %, mean ticks, the paper's
// MC-TextWorld and MineDojo figures ('-' where the file has none).
std::string evaluation_table(const Evaluation& e, const survival::DepsTaskFile& file);

}  // namespace plank::deps
