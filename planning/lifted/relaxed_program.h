// The delete relaxation of a lifted task as a Datalog program with costs,
// for heuristics that never ground the task (Corrêa et al., "Delete-relaxation
// heuristics for lifted classical planning", ICAPS 2021, in spirit).
//
// Each add effect of each schema becomes a rule: the effect's atom follows
// from the schema's precondition and the effect's condition, at the schema's
// cost. Then every rule is split by variable elimination into small rules
// over auxiliary predicates: a variable that the head does not need is
// projected away as soon as the atoms that mention it are joined. So a rule
// like "(at-x ?b ?x) follows from the agent's position, its inventory count
// and the block's type" costs |blocks| x |positions|, never the product of
// every parameter's values, which is what makes grounding these tasks blow up.
//
// Interchangeable objects: when an effect gives a property to "any object
// of type T" (a parameter only its type binds: place any block of a kind),
// and no action or goal names an object of T, the head takes one generic
// object of T instead of every object of T. Every block of the kind would get
// the same relaxed costs anyway; the generic keeps its x, y and z together,
// so "some block at (x, y, z)" stays a cheap join, and the relaxation stays
// an over-approximation of the real task (each real configuration is covered
// by the real objects' own atoms or by the generic).
//
// What the relaxation keeps: positive atoms, equalities, negated static
// atoms, disjunctions (as auxiliary predicates), existential conditions
// with no free variable (the goal's "some block at (x, y, z)"), and object
// patterns (object_patterns.h: "some block present at (x, y-1, z)", the
// support a step or a placement needs) where the task moves objects only as a
// whole: one relaxed atom per pattern and coordinates, true where an object
// of the evaluated state is, or where an action that adds the whole pattern
// (a placement) puts one. It drops negated fluents, universal conditions, and
// other existential conditions over the schema's own variables (joined over
// a generic object, which has every coordinate it was ever given, they would
// hold everywhere). Dropping only weakens: the relaxed goal is reached from
// every state the real one is.
#pragma once
#include <string>
#include <vector>

#include "compiler/pddl/task.h"
#include "planning/ground/datalog.h"
#include "planning/heuristics/heuristic.h"

namespace plank::planning::lifted {

struct CostedRule {
  RuleAtom head;
  std::vector<RuleAtom> body;
  std::vector<std::pair<int, int>> distinct;
  std::vector<RuleAtom> absent;  // static atoms that must not hold
  std::vector<const std::vector<char>*> allowed;  // per variable
  int variable_count = 0;
  int weight = 0;
  int schema = -1;  // the action schema of an effect rule; -1 for auxiliary rules
};

struct RelaxedProgram {
  // Objects: the task's, then one generic object per type (see below).
  int object_count = 0;
  // generic_of[o]: the generic object standing for o in the relaxation, or -1.
  std::vector<int> generic_of;
  std::vector<int> arity;  // per predicate: the task's, then auxiliary ones, then types, then the goal
  std::vector<std::string> names;  // for dumps
  int goal_predicate = -1;
  std::vector<CostedRule> rules;
  std::vector<std::pair<int, std::vector<int>>> type_facts;  // (type predicate, (object))
  std::vector<std::vector<char>> allowed_storage;  // owned bitmaps (stable: reserved)
  // Object patterns kept (object_patterns.h): per predicate, whether it is
  // one; per schema, the pattern atoms its effects add, with the slots as
  // rule terms (the schema's variables, or object_term).
  struct PatternEffect {
    int predicate = 0;
    std::vector<int> terms;
  };
  std::vector<char> is_pattern;
  std::vector<std::vector<PatternEffect>> pattern_effects;

  std::string dump() const;
};

// `task` normalised; `fluent` per predicate. `object_patterns`: keep the
// object patterns that can be kept (see above); without, they are dropped.
RelaxedProgram build_relaxed_program(const pddl::Task& task, const std::vector<bool>& fluent, CostType cost_type,
                                     bool object_patterns = false);

}  // namespace plank::planning::lifted
