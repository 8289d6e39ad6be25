// Search without grounding, for tasks whose grounding would not fit
// (MinePlanner's worlds of thousands of blocks): lazy greedy best-first search
// over lifted states (successors.h), ordered by a delete-relaxation heuristic
// computed on the lifted relaxed program (costed_datalog.h), with the
// relaxed plan's first steps as preferred operators; or, with bfws_width,
// best-first width search (novelty.h) over the same states and heuristic.
#pragma once
#include <string>
#include <vector>

#include "compiler/pddl/task.h"
#include "planning/heuristics/heuristic.h"
#include "planning/limits.h"
#include "planning/search/engine.h"

namespace plank::planning::lifted {

struct LiftedOptions {
  bool relaxed_plan = true;  // h_FF-like count; false: h_add
  bool preferred = true;
  // A third open list ordered by novelty first (has the state an atom no
  // state before it had?), then h: it keeps the search moving across the
  // plateaus a relaxation leaves in worlds of blocks.
  bool novelty = true;
  // Two more lists ordered by the landmark count (landmarks.h), all and
  // preferred successors, as LAMA alternates them with h_FF's.
  bool landmarks = true;
  CostType cost_type = CostType::One;
  // Keep "some block present at (x, y, z)" conditions (the support a step or
  // a placement needs) in the relaxation (object_patterns.h). Off by
  // default: each evaluation is 8-16 times slower on MinePlanner's tasks,
  // and none of the failing ones tried was solved (docs/planning.md).
  bool object_patterns = false;
  // Best-first width search (novelty.h) instead of the lists above (0: off;
  // 1 or 2: the width its novelty tests): one open list ordered by the
  // successor's novelty among the states generated with the same (h,
  // landmark count) as its parent, then h; with `preferred`, a second such
  // list of the preferred successors, alternated with it.
  int bfws_width = 0;
  // What the novelty tables are partitioned by: the parent's (h, landmark
  // count), ordered (novelty, h, count); or the landmark count alone (as
  // BFWS(f5) partitions by the goals and relaxed-plan atoms achieved, coarse
  // partitions where h_FF changes with every step), ordered (novelty, count, h).
  enum class Partition { HeuristicAndLandmarks, Landmarks };
  Partition bfws_partition = Partition::HeuristicAndLandmarks;
  // LAMA's landmark preferred operators (with `preferred` and `landmarks`):
  // an action that adds a landmark the state has not reached is preferred,
  // beside the relaxed plan's first steps.
  bool landmark_preferred = false;
};

struct LiftedResult {
  SearchResult::Status status = SearchResult::Status::Unsolvable;
  std::vector<std::string> plan;
  long long cost = 0;
  SearchStats stats;
};

// `task` must be normalised.
LiftedResult lifted_search(const pddl::Task& task, Limits& limits, const LiftedOptions& options);

}  // namespace plank::planning::lifted
