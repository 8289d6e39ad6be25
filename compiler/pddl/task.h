// A checked PDDL task: a domain and a problem with every name resolved to an
// index. This is what the checker (check.h) produces from the AST and what the
// planner (planning/) reads; it is still lifted (schemas with variables) and
// keeps the formulas as written (imply lowered to or/not, nothing else).
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "support/source.h"

namespace plank::pddl {

using TypeId = int;
using ObjectId = int;
using PredicateId = int;

inline constexpr TypeId kObjectType = 0;

struct TypeInfo {
  std::string name;
  std::vector<TypeId> parents;  // several where the domain declares several
};

struct ObjectInfo {
  std::string name;
  std::vector<TypeId> types;  // as declared (either-types give several)
  bool constant = false;      // declared in the domain
};

// The types a variable or argument may take: a union (either); never empty.
using TypeSet = std::vector<TypeId>;

struct PredicateInfo {
  std::string name;
  std::vector<TypeSet> parameters;
};

struct FunctionInfo {
  std::string name;
  std::vector<TypeSet> parameters;
};

struct Term {
  bool is_variable = false;
  int index = 0;  // a variable's index in its action (or goal) scope, or an ObjectId
  static Term variable(int v) { return {true, v}; }
  static Term object(ObjectId o) { return {false, o}; }
  bool operator==(const Term& o) const { return is_variable == o.is_variable && index == o.index; }
};

struct Atom {
  PredicateId predicate = 0;
  std::vector<Term> args;
};

struct Variable {
  int index = 0;
  std::string name;  // with its '?'
  TypeSet type;
};

struct Formula {
  enum class Kind { True, False, Atom, Equals, And, Or, Not, Exists, Forall };
  Kind kind = Kind::True;
  Atom atom;                       // Atom
  Term left, right;                // Equals
  std::vector<Formula> children;   // And, Or; Not, Exists, Forall: one
  std::vector<Variable> bound;     // Exists, Forall
  Span span;                       // where it was written (into the domain or problem file)

  static Formula truth() { return {}; }
};

struct Literal {
  Atom atom;
  bool negated = false;  // a delete effect
};

// `(forall (vars) (when condition (and literals)))`, nested forms flattened:
// variables outermost first, conditions conjoined.
struct ConditionalEffect {
  std::vector<Variable> forall;
  Formula condition;  // True when unconditional
  std::vector<Literal> literals;
};

// What an action costs: a constant plus function terms (`(increase (total-cost) (road-length ?a ?b))`).
struct CostTerm {
  int function = 0;
  std::vector<Term> args;
};
struct Cost {
  double constant = 0;
  std::vector<CostTerm> terms;
  bool written = false;  // false: the action has no cost effect (unit cost without a metric)
};

struct Action {
  std::string name;
  std::vector<Variable> parameters;  // indices 0..n-1
  int variable_count = 0;            // parameters plus every quantified variable
  Formula precondition;
  std::vector<ConditionalEffect> effects;
  Cost cost;
  Span span;
};

struct GroundAtom {
  PredicateId predicate = 0;
  std::vector<ObjectId> args;
  bool operator<(const GroundAtom& o) const {
    return predicate != o.predicate ? predicate < o.predicate : args < o.args;
  }
  bool operator==(const GroundAtom& o) const { return predicate == o.predicate && args == o.args; }
};

struct Task {
  std::string domain_name;
  std::string problem_name;
  SourceRef domain_file;
  SourceRef problem_file;

  std::vector<TypeInfo> types;  // types[0] is `object`
  std::vector<ObjectInfo> objects;
  std::vector<PredicateInfo> predicates;
  std::vector<FunctionInfo> functions;
  std::vector<Action> actions;

  std::vector<GroundAtom> init;                    // the true atoms, sorted, no duplicates
  std::map<GroundAtom, double> function_values;    // (= (f a b) 3): predicate field holds the function
  Formula goal;
  int goal_variable_count = 0;
  bool metric_total_cost = false;  // (:metric minimize (total-cost))

  // objects_of_type[t]: every object of type t or of a type below it, sorted.
  std::vector<std::vector<ObjectId>> objects_of_type;

  // Objects a variable of this type set may take (the union), sorted. The
  // reference stays valid as long as the task.
  const std::vector<ObjectId>& objects_of(const TypeSet& types) const;
  // Whether type a is b or lies below it.
  bool is_subtype(TypeId a, TypeId b) const;
  int predicate_index(const std::string& name) const;  // -1 when absent
  int object_index(const std::string& name) const;     // -1 when absent
  int action_index(const std::string& name) const;     // -1 when absent

 private:
  mutable std::map<TypeSet, std::vector<ObjectId>> union_cache_;  // either-types
};

}  // namespace plank::pddl
