// The delete relaxation as an AND/OR graph, and the heuristics computed on it
// by one generalised Dijkstra exploration: h_max (max over a condition's
// parts: admissible), h_add (sum), and h_FF (the cost of a relaxed plan read
// back from h_add's best supporters; its first operators are preferred).
//
// Nodes: every literal is an OR node (a fact true, or false: negative
// conditions are first-class, so negated preconditions relax soundly); every
// formula (and, or) a node of its kind; every operator's precondition an AND
// node; every effect an AND node over its operator's precondition and its own
// condition, weighing the operator's cost, that achieves the effect's
// literals; the goal an AND node.
#pragma once
#include <memory>
#include <vector>

#include "planning/ground/grounded_task.h"
#include "planning/heuristics/heuristic.h"
#include "planning/search/state.h"

namespace plank::planning {

struct RelaxedGraph {
  enum class Type : uint8_t { Or, And };
  std::vector<Type> type;
  std::vector<int> weight;       // AND nodes: added to the children's combined cost
  std::vector<int> child_begin;  // CSR: children of node n are children[child_begin[n] .. child_begin[n+1])
  std::vector<int> children;
  std::vector<int> parent_begin;  // CSR: parents
  std::vector<int> parents;
  std::vector<int> operator_of;  // effect nodes: the operator; others -1
  std::vector<int> precondition_node;  // per operator
  int goal = 0;
  int literal(int fact, bool negated) const { return 2 * fact + (negated ? 1 : 0); }

  static RelaxedGraph build(const GroundTask& task, CostType cost_type);
};

class RelaxedHeuristic : public Heuristic {
 public:
  enum class Kind { Max, Add, FF };
  RelaxedHeuristic(const GroundTask& task, Kind kind, CostType cost_type);

  int evaluate(const uint64_t* state, std::vector<int>* preferred) override;
  bool admissible() const override { return kind_ == Kind::Max; }
  bool gives_preferred() const override { return kind_ == Kind::FF; }
  std::string name() const override;

 private:
  void explore(const uint64_t* state);
  int relaxed_plan_cost(const uint64_t* state, std::vector<int>* preferred);

  const GroundTask& task_;
  Kind kind_;
  std::vector<int> op_cost_;  // after the cost transform
  RelaxedGraph graph_;
  Successors successors_;
  // Per evaluation.
  std::vector<int> cost_;
  std::vector<int> remaining_;
  std::vector<int> supporter_;
  std::vector<uint32_t> marked_;
  uint32_t mark_epoch_ = 0;
  std::vector<std::pair<int, int>> heap_;
  std::vector<int> stack_;
  std::vector<uint32_t> op_marked_;
};

}  // namespace plank::planning
