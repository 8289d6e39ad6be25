// Successor generation without grounding: in each state, every action
// schema's positive precondition atoms are joined against the state's atoms
// (and the static ones), the remaining conditions (negations, disjunctions,
// quantifiers) are evaluated on the state, and only the instances that apply
// are produced. Quantifiers enumerate only the objects a guard atom allows.
//
// Symmetry: an object that no atom of the state, the static atoms or the
// goal mentions is interchangeable with every other such object of its
// declared types (swapping them maps the state and the goal to themselves),
// so a parameter bound by enumeration takes only the first of them. This is
// what keeps "place any broken block" from branching over every block ever
// broken.
#pragma once
#include <deque>
#include <string>
#include <vector>

#include "compiler/pddl/task.h"
#include "planning/lifted/atoms.h"
#include "planning/lifted/state.h"

namespace plank::planning::lifted {

struct LiftedAction {
  int schema = 0;
  std::vector<int> args;
};

class LiftedSuccessors {
 public:
  // `task` must be normalised and outlive this.
  LiftedSuccessors(const pddl::Task& task, AtomTable& atoms);

  std::vector<int> initial_state();  // sorted fluent atom ids
  // Every applicable action in `state` (which must be built on this generator's atom table).
  void applicable(const StateView& state, std::vector<LiftedAction>& out);
  // The successor's sorted atoms; `added` (if given) receives the atoms the action makes true.
  void apply(const StateView& state, const LiftedAction& action, std::vector<int>& out, std::vector<int>* added);
  // Whether a schema's effects are all unconditional and unquantified: then
  // apply_plain needs only the state's sorted atoms, not an indexed view.
  bool plain(int schema) const { return plain_[schema]; }
  void apply_plain(const int* ids, size_t n, const LiftedAction& action, std::vector<int>& out);
  bool is_goal(const StateView& state);
  int cost(const LiftedAction& action) const;  // -1 when a cost function has no value
  std::string name(const LiftedAction& action) const;
  const std::vector<bool>& fluent() const { return fluent_; }
  const StateView& statics() const { return statics_; }

 private:
  struct Schema {
    std::vector<const pddl::Atom*> join;      // positive precondition atoms, in join order
    std::vector<const pddl::Formula*> rest;   // the other conjuncts
    std::vector<pddl::TypeSet> types;         // per variable
    std::vector<const std::vector<char>*> allowed;  // per variable (nullptr: any object)
  };

  void collect_effects(const LiftedAction& action);  // into adds_ and dels_, sorted
  void merge_effects(const int* ids, size_t n, std::vector<int>& out);
  bool holds(int predicate, const int* args) const;
  std::pair<const int*, const int*> with(int predicate, int position, int object) const;
  std::pair<const int*, const int*> of(int predicate) const;
  bool eval(const pddl::Formula& f);
  bool quantified(const pddl::Formula& f, size_t var);
  bool guard_candidates(const pddl::Formula& f, const pddl::Variable& v, std::vector<int>& out);
  void join(int schema, size_t step, std::vector<LiftedAction>& out);
  void enumerate_free(int schema, size_t param, std::vector<LiftedAction>& out);
  const std::vector<char>* allowed_of(const pddl::TypeSet& t);

  const pddl::Task& task_;
  AtomTable& atoms_;
  std::vector<bool> fluent_;
  std::vector<Schema> schemas_;
  StateView statics_;
  const StateView* state_ = nullptr;
  std::vector<int> binding_;
  std::vector<int> args_;
  std::vector<int> adds_, dels_, merged_;
  std::vector<char> plain_;  // per schema
  std::deque<std::vector<char>> allowed_storage_;
  std::vector<std::pair<pddl::TypeSet, const std::vector<char>*>> allowed_index_;
  // Symmetry.
  std::vector<char> pinned_;        // a constant, or named by a static atom or the goal
  std::vector<int> object_class_;   // objects with the same declared types share a class
  std::vector<int> first_free_;     // per class: the smallest free object in the current state (-1: none)
  std::vector<char> free_;          // per object: free in the current state
};

}  // namespace plank::planning::lifted
