// The relaxed program (relaxed_program.h) evaluated from one state with
// costs: a generalised Dijkstra over atoms. The initial atoms cost 0; a rule
// instance is formed when its last body atom is settled and costs the sum
// (h_add) or maximum (h_max) of its body plus the rule's weight; an atom costs
// its cheapest instance. Evaluation stops as soon as the goal atom settles.
// Each atom keeps the instance that gave its cost, so a relaxed plan can be
// read back (h_FF) and its first steps offered as helpful atoms.
#pragma once
#include <vector>

#include "planning/lifted/atoms.h"
#include "planning/lifted/relaxed_program.h"

namespace plank::planning::lifted {

class CostedDatalog {
 public:
  CostedDatalog(const RelaxedProgram& program, int object_count);

  static constexpr int kUnreachable = 1 << 29;

  // Starts an evaluation: the static atoms are added by the caller too.
  void begin();
  void add_initial(int predicate, const int* args);
  // Runs until the goal settles; its cost, or kUnreachable. `max` combines by maximum (h_max).
  int run(bool max, size_t max_atoms_per_run);

  // After run(): the relaxed plan's cost (each action rule instance counted
  // once, at its weight) and the atoms of task predicates (< task_predicates)
  // and object patterns (relaxed_program.h)
  // that the plan achieves in its first step (by an instance whose body
  // already holds).
  // `schema_instances` (if given): per action schema, how many instances the
  // relaxed plan holds (the most of any one of its effect rules).
  int relaxed_plan(int task_predicates, std::vector<std::pair<int, std::vector<int>>>* helpful,
                   std::vector<int>* schema_instances = nullptr);

  // For landmarks (landmarks.h). An atom of the program, interned.
  int intern(int predicate, const int* args) { return atoms_.intern(predicate, args); }
  const AtomTable& atom_table() const { return atoms_; }
  int goal_atom() const { return goal_atom_; }
  // After run(): the atom's relaxed cost (kUnreachable if not reached yet).
  // Cost 0 is exact whenever the goal costs more: bucket 0 settles first.
  int cost_of(int atom) const {
    return static_cast<size_t>(atom) < stamp_.size() && stamp_[atom] == epoch_ ? cost_[atom] : kUnreachable;
  }
  // After relaxed_plan(): whether the atom is in the relaxed plan's support tree,
  // and whether it was derived (not initial).
  bool in_relaxed_plan(int atom) const {
    return static_cast<size_t>(atom) < mark_.size() && mark_[atom] == mark_epoch_ && stamp_[atom] == epoch_;
  }
  bool derived(int atom) const { return cost_of(atom) != kUnreachable && support_[atom] >= 0; }
  // An atom no rule may derive in the next run() (-1: none): a run with a
  // landmark candidate forbidden tells whether the goal needs it.
  void forbid(int atom) { forbidden_ = atom; }

  size_t atoms_seen() const { return atoms_.size(); }
  size_t settled() const { return settled_count_; }

 private:
  struct JoinPlan {
    int rule = 0;
    int trigger = 0;
    std::vector<int> order;
    // A cheap test before binding: each trigger argument's required object
    // (-1: a variable) and allowed objects (null: any).
    std::vector<int> constant;
    std::vector<const std::vector<char>*> allowed;
  };

  void ensure(int atom);
  void push(int atom, int cost);
  void settle(int atom);
  void join(const CostedRule& rule, const JoinPlan& plan, size_t step, int current_seq, int body_cost);
  bool bind(const CostedRule& rule, const RuleAtom& pattern, int atom, std::vector<int>& undo);
  void emit(const CostedRule& rule, int rule_index, int body_cost);

  const RelaxedProgram& program_;
  int object_count_;
  AtomTable atoms_;
  std::vector<std::vector<JoinPlan>> triggers_;
  std::vector<int> empty_body_rules_;
  std::vector<char> body_predicate_;

  // Per evaluation (stamped with epoch_ instead of cleared).
  unsigned epoch_ = 0;
  std::vector<unsigned> stamp_;
  std::vector<int> cost_;
  std::vector<int> seq_;  // settle order; -1 while open
  std::vector<int> support_;  // offset into support_arena_, -1: initial
  std::vector<int> support_arena_;
  std::vector<std::vector<int>> buckets_;
  size_t bucket_ = 0;
  int next_seq_ = 0;
  size_t settled_count_ = 0;
  std::vector<std::vector<int>> by_predicate_;
  std::vector<std::vector<std::vector<std::vector<int>>>> index_;
  std::vector<std::vector<int>*> touched_;
  std::vector<int> binding_;
  std::vector<int> body_atoms_;  // the instance being joined, by body position
  std::vector<int> scratch_;
  std::vector<unsigned> mark_;
  unsigned mark_epoch_ = 0;
  std::vector<std::pair<unsigned, int>> per_rule_;  // relaxed_plan: (mark epoch, instances) per rule
  bool max_ = false;
  int goal_atom_ = -1;
  int forbidden_ = -1;
};

}  // namespace plank::planning::lifted
