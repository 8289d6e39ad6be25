// The two heuristics that need no relaxation: blind (0 on goal states, the
// cheapest operator cost elsewhere: admissible, for A* as uniform-cost search)
// and goal count (how many goal literals are false: neither admissible nor
// informed, but free).
#pragma once
#include "planning/ground/grounded_task.h"
#include "planning/heuristics/heuristic.h"
#include "planning/search/state.h"

namespace plank::planning {

class BlindHeuristic : public Heuristic {
 public:
  explicit BlindHeuristic(const GroundTask& task);
  int evaluate(const uint64_t* state, std::vector<int>* preferred) override;
  bool admissible() const override { return true; }
  std::string name() const override { return "blind"; }

 private:
  Successors successors_;
  int min_cost_ = 0;
};

class GoalCountHeuristic : public Heuristic {
 public:
  explicit GoalCountHeuristic(const GroundTask& task) : task_(task), successors_(task) {}
  int evaluate(const uint64_t* state, std::vector<int>* preferred) override;
  std::string name() const override { return "goalcount"; }

 private:
  const GroundTask& task_;
  Successors successors_;
};

}  // namespace plank::planning
