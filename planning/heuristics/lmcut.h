// The LM-cut heuristic: admissible, and usually much closer to h* than h_max;
// for STRIPS tasks with negation (no disjunctive or quantified conditions over
// fluents, no conditional effects). See lmcut.cpp.
#pragma once
#include <utility>
#include <vector>

#include "planning/ground/grounded_task.h"
#include "planning/heuristics/heuristic.h"
#include "planning/search/state.h"

namespace plank::planning {

class LmCut : public Heuristic {
 public:
  explicit LmCut(const GroundTask& task);
  static bool applies_to(const GroundTask& task);

  int evaluate(const uint64_t* state, std::vector<int>* preferred) override;
  bool admissible() const override { return true; }
  std::string name() const override { return "lmcut"; }

 private:
  struct RelaxedOp {
    std::vector<int> pre, eff;
    int cost;
  };
  void compute_hmax(const uint64_t* state);

  const GroundTask& task_;
  int props_ = 0, true_prop_ = 0, goal_prop_ = 0;
  std::vector<RelaxedOp> ops_;
  std::vector<std::vector<int>> precondition_of_, achievers_;
  std::vector<int> prop_cost_, op_cost_, op_unsatisfied_, supporter_, op_hmax_;
  std::vector<char> in_zone_, reached_;
  std::vector<std::pair<int, int>> heap_;
};

}  // namespace plank::planning
