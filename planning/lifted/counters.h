// Counters: fluents that hold one number per owner, stepped along a static
// successor chain (MinePlanner's `(agent-has-n-planks ?ag ?n)` with
// `(are-seq ?n_start ?n_end)`: an inventory count). The delete relaxation
// keeps every count once reached, so one unit in hand pays for any number of
// relaxed consumers: placing five planks looks as cheap with one plank as with
// five, and a search has no reason to gather the other four. The shortfall
// puts that back in the spirit of Metric-FF's numeric relaxation: the units a
// relaxed plan consumes beyond those held and those it produces.
#pragma once
#include <vector>

#include "compiler/pddl/task.h"
#include "planning/lifted/atoms.h"
#include "planning/lifted/state.h"

namespace plank::planning::lifted {

class CounterModel {
 public:
  // `task` normalised; `fluent` per predicate.
  CounterModel(const pddl::Task& task, const std::vector<bool>& fluent);

  bool empty() const { return predicates_.empty(); }
  // Units the relaxed plan consumes beyond those `state` holds and those it
  // produces; `schema_instances`: per schema, its instances in the relaxed plan.
  int shortfall(const StateView& state, const AtomTable& atoms, const std::vector<int>& schema_instances) const;
  // The atoms one more unit of a short counter would add (its owner's next
  // value), for preferred operators; empty when no counter is short.
  std::vector<std::vector<int>> next_units(const StateView& state, const AtomTable& atoms,
                                           const std::vector<int>& schema_instances) const;
  // The counts a state would pass through gathering, before spending, every
  // unit the relaxed plan consumes beyond those held: per owner of a short
  // counter, its next values up to that many (as atoms: predicate, args).
  // Not landmarks in the strict sense (gathering one, spending it and
  // gathering again never holds two), but the order collect-then-build
  // tasks are solved in; landmarks.h counts them as landmarks.
  std::vector<std::vector<int>> unit_goals(const StateView& state, const AtomTable& atoms,
                                           const std::vector<int>& schema_instances) const;

 private:
  int counter_of(int predicate) const;
  int held(int counter, const StateView& state, const AtomTable& atoms) const;
  int demand(int counter, const std::vector<int>& schema_instances) const;  // consumed - produced

  std::vector<int> predicates_;               // per counter: its fluent predicate (last argument: the number)
  std::vector<std::vector<int>> consumers_;   // per counter: schemas that step it down
  std::vector<std::vector<int>> producers_;   // per counter: schemas that step it up
  std::vector<int> value_;                    // per object: its place in its successor chain (-1: none)
  std::vector<int> next_;                     // per object: its successor (-1: none)
};

}  // namespace plank::planning::lifted
