// Existential conditions about one object that the lifted relaxation can keep.
//
// MinePlanner's actions ask "some block is present at (x, y-1, z)" (the
// block to stand on, the block to place against): an existential over the
// schema's own variables,
//   (exists (?b - block) (and (block-present ?b) (at-x ?b ?x) (at-y ?b ?y) (at-z ?b ?z))).
// Joined over the relaxation's atoms it is useless: a generic block (see
// relaxed_program.h) placed anywhere gets every x, every y and every z it was
// ever placed at, so the product would say "a block at every cell". The
// relaxation used to drop these conditions, and with them the scaffolding a
// placement needs.
//
// Such a condition is an object pattern: one bound object v, a unary "is
// there" atom q(v), and coordinate atoms c(.., v, ..) that each mention v
// once. The pattern can be kept exactly (as its own relaxed atom over the
// coordinates) when the task moves objects only as a whole, which this file
// checks on the task's actions and initial state:
// - every action that adds q(w) or a coordinate atom of an object w that may
//   be of v's type adds the whole pattern for w (q and one atom of each
//   coordinate predicate) in one effect, and requires (not (q w));
// - every action that deletes q(w) deletes, in the same effect, each
//   coordinate atom of w that its precondition names;
// - initially, an object without q has no coordinate atoms and one with q
//   has at most one atom of each coordinate predicate.
// Then, in every reachable state, an object with q has exactly the
// coordinates it was given when q last became true, so the pattern holds at
// some coordinates iff an object of the evaluated state has them, or some
// action that adds the whole pattern put one there. The relaxed program keeps
// both ways (relaxed_program.cpp) and stays an over-approximation.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "compiler/pddl/task.h"

namespace plank::planning::lifted {

struct ObjectPattern {
  int variable = 0;       // the bound variable (an index in the formula's scope)
  pddl::TypeSet type;     // its type
  int present = -1;       // q: a unary fluent predicate
  // Coordinate atoms: predicate, the position of v, the other arguments (terms
  // of the formula's scope) in order. Distinct predicates.
  struct Coordinate {
    int predicate = 0;
    int position = 0;
    std::vector<pddl::Term> others;
  };
  std::vector<Coordinate> coordinates;

  // The pattern's shape without its terms: equal keys, one relaxed predicate.
  std::string key() const;
  // The coordinate terms in the order of the relaxed predicate's arguments.
  std::vector<pddl::Term> slots() const;
};

// `f` an Exists formula: its pattern, when it has the shape above (not yet
// checked against the task).
std::optional<ObjectPattern> match_object_pattern(const pddl::Formula& f);

// Whether the task moves the pattern's objects only as a whole (the checks
// above); `fluent` per predicate.
bool moves_as_whole(const pddl::Task& task, const std::vector<bool>& fluent, const ObjectPattern& pattern);

// The pattern's slots as one effect of an action adds them, if it adds the
// whole pattern for some object of the pattern's type; else nullopt.
std::optional<std::vector<pddl::Term>> added_slots(const pddl::Task& task, const pddl::Action& action,
                                                   const pddl::ConditionalEffect& effect,
                                                   const ObjectPattern& pattern);

}  // namespace plank::planning::lifted
