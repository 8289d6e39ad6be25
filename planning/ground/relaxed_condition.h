// The delete relaxation of a condition, as the reachability analysis needs
// it: a disjunction of conjunctions of positive atoms (with equalities,
// inequalities and negated static atoms, which relaxation keeps exact).
// Negated fluents and universal quantifiers relax to true; an `or` with more
// alternatives than a cap relaxes to true as well. Every relaxation is an
// over-approximation, so the grounder never misses an instance.
#pragma once
#include <utility>
#include <vector>

#include "compiler/pddl/task.h"

namespace plank::planning {

struct RelaxedConjunction {
  std::vector<pddl::Atom> atoms;                           // positive, fluent or static
  std::vector<pddl::Atom> absent_static;                   // negated static atoms
  std::vector<std::pair<pddl::Term, pddl::Term>> equal;    // (= x y)
  std::vector<std::pair<pddl::Term, pddl::Term>> distinct; // (not (= x y))
};

inline constexpr size_t kMaxRelaxedAlternatives = 64;

// The alternatives of a formula in negation normal form; never empty unless
// the formula is false.
std::vector<RelaxedConjunction> relax(const pddl::Formula& nnf, const std::vector<bool>& fluent);

}  // namespace plank::planning
