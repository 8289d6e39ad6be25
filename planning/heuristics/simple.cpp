// Blind and goal-count heuristics (simple.h).
#include "planning/heuristics/simple.h"

#include <algorithm>
#include <climits>

namespace plank::planning {

BlindHeuristic::BlindHeuristic(const GroundTask& task) : successors_(task) {
  min_cost_ = task.operators.empty() ? 0 : INT_MAX;
  for (const auto& op : task.operators) min_cost_ = std::min(min_cost_, op.cost);
}

int BlindHeuristic::evaluate(const uint64_t* state, std::vector<int>*) {
  return successors_.is_goal(state) ? 0 : min_cost_;
}

int GoalCountHeuristic::evaluate(const uint64_t* state, std::vector<int>*) {
  const Condition& g = task_.goal;
  int h = 0;
  for (int f : g.positive) h += holds_fact(state, f) ? 0 : 1;
  for (int f : g.negative) h += holds_fact(state, f) ? 1 : 0;
  if (g.formula >= 0 && h == 0 && !successors_.is_goal(state)) h = 1;
  return h;
}

}  // namespace plank::planning
