// The guard of a quantifier, shared by grounding (planning/ground) and the
// lifted successor generator (planning/lifted): in
// (exists (?b) (and (p ?b x) ...)) only the objects of atoms (p _ x) that hold
// can make the body true; in (forall (?b) (or (not (p ?b x)) ...)) only those
// can make it false. So a quantifier over every block binds ?b only to the
// objects such atoms name, read from an index instead of tried one by one.
#pragma once
#include <vector>

#include "compiler/pddl/task.h"

namespace plank::planning {

struct QuantifierGuard {
  const pddl::Atom* atom = nullptr;  // nullptr: the quantifier has no guard for this variable
  int position = 0;                  // where the variable stands in the atom
  int pivot = -1;                    // another argument, already bound, to look the atoms up by (-1: none)
  int pivot_object = -1;
};

// `binding[v]`: the object a variable is bound to, or -1. The guard must
// mention `v` once and no other unbound variable.
QuantifierGuard find_guard(const pddl::Formula& quantifier, const pddl::Variable& v, const std::vector<int>& binding);

// Whether `args` (an atom of the guard's predicate) agrees with the guard on
// every argument but the variable's.
bool agrees_with_guard(const QuantifierGuard& guard, const int* args, const std::vector<int>& binding);

}  // namespace plank::planning
