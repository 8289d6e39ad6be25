// Normalisation, the planner's first stage: every precondition, effect
// condition and the goal in negation normal form (negation only on atoms and
// equalities; imply was already lowered by the checker), flattened and with
// constant parts folded away. What follows (grounding, the lifted search)
// reads only this form.
#pragma once
#include <vector>

#include "compiler/pddl/task.h"

namespace plank::planning {

// The formula in negation normal form, simplified.
pddl::Formula to_nnf(const pddl::Formula& f);

// Flattens nested and/or, drops true conjuncts and false disjuncts, folds
// constants, and `(= ?x ?x)`. Keeps negation normal form.
pddl::Formula simplify(pddl::Formula f);

// Every formula of the task in simplified negation normal form.
void normalize(pddl::Task& task);

// fluent[p]: some action adds or deletes atoms of predicate p. The others are
// static: their atoms are the initial ones forever.
std::vector<bool> fluent_predicates(const pddl::Task& task);

}  // namespace plank::planning
