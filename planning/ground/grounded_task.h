// A grounded task: facts (true/false ground atoms of fluent predicates),
// operators over them, an initial state and a goal. Conditions are a
// conjunction of literals plus, where the PDDL needs more (a disjunction, a
// quantifier over fluents), a formula over facts; effects are conditional.
// This is what the search and the heuristics read; the lifted task it came
// from names the operators in plans.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "compiler/pddl/task.h"

namespace plank::planning {

// A node of a condition formula. Children of And/Or are the ids
// children[first .. first + count) of GroundTask::formula_children.
struct FormulaNode {
  enum class Kind : uint8_t { And, Or, Literal };
  Kind kind = Kind::And;
  bool negated = false;  // Literal: the fact must be false
  int fact = -1;         // Literal
  int first = 0;
  int count = 0;
};

struct Condition {
  std::vector<int> positive;  // facts that must be true, sorted
  std::vector<int> negative;  // facts that must be false, sorted
  int formula = -1;           // and a formula that must hold, or -1
  bool trivially_true() const { return positive.empty() && negative.empty() && formula < 0; }
};

// Evaluated in the state before the operator; deletes apply first, then adds.
struct Effect {
  Condition condition;
  std::vector<int> add;
  std::vector<int> del;
};

struct Operator {
  int schema = 0;                     // index into the lifted task's actions
  std::vector<pddl::ObjectId> args;   // the schema's parameters
  Condition precondition;
  std::vector<Effect> effects;
  int cost = 1;
};

struct GroundTask {
  const pddl::Task* lifted = nullptr;
  std::vector<pddl::GroundAtom> facts;  // fact id -> atom
  std::vector<int> initial;             // facts true initially, sorted
  std::vector<Operator> operators;
  Condition goal;
  std::vector<FormulaNode> formula_nodes;
  std::vector<int> formula_children;
  bool unit_cost = true;  // no (:metric minimize (total-cost)): every operator costs 1

  // Simple STRIPS with negation: every condition a conjunction of literals, no conditional effects.
  bool has_formulas() const;
  bool has_conditional_effects() const;

  std::string fact_name(int fact) const;        // "(at truck1 depot)"
  std::string operator_name(int op) const;      // "(drive truck1 depot market)"
};

}  // namespace plank::planning
