// The PDDL abstract syntax tree: what a domain or problem file says, owned,
// with a Span on every node, and nothing of the ANTLR parse tree it came from
// (compiler/pddl/syntax/ is the only folder that sees that). Names are folded
// to lower case (PDDL is case-insensitive); spans keep the user's spelling.
//
// The tree is what was written; the checker (check.h) resolves it into a
// Task of indices, which is what the planner reads.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "support/source.h"

namespace plank::pddl::ast {

struct Name {
  std::string text;  // lower case; a variable keeps its '?'
  Span span;
};

// `t` or `(either t1 t2)`; empty `names` means the default type `object`.
struct TypeRef {
  std::vector<Name> names;
  Span span;
  bool either = false;
};

struct TypedName {
  Name name;
  TypeRef type;
};

struct Term {
  Name name;
  bool is_variable() const { return !name.text.empty() && name.text[0] == '?'; }
};

struct Atom {
  Name predicate;
  std::vector<Term> args;
  Span span;
};

// A numeric expression: only what action costs need is planned with
// (a number, a function term), the rest is kept to be reported.
struct NumericExpr {
  enum class Kind { Number, Function, Arithmetic };
  Kind kind = Kind::Number;
  double number = 0;
  Atom function;                      // Kind::Function (predicate = the function's name)
  std::string op;                     // Kind::Arithmetic: + - * /
  std::vector<NumericExpr> operands;  // Kind::Arithmetic
  Span span;
};

struct Condition;
using ConditionPtr = std::unique_ptr<Condition>;

struct Condition {
  enum class Kind { Atom, Equals, And, Or, Not, Imply, Exists, Forall, Numeric };
  Kind kind = Kind::And;
  Span span;
  Atom atom;                            // Atom
  Term left, right;                     // Equals
  std::vector<ConditionPtr> children;   // And, Or, Not (1), Imply (2), Exists/Forall (1)
  std::vector<TypedName> variables;     // Exists, Forall
};

struct Effect;
using EffectPtr = std::unique_ptr<Effect>;

struct Effect {
  enum class Kind { Add, Delete, And, Forall, When, Numeric };
  Kind kind = Kind::And;
  Span span;
  Atom atom;                          // Add, Delete; Numeric: the function term assigned
  std::vector<EffectPtr> children;    // And; Forall and When: one
  std::vector<TypedName> variables;   // Forall
  ConditionPtr condition;             // When
  std::string numeric_op;             // Numeric: increase, decrease, assign, scale-up, scale-down
  NumericExpr amount;                 // Numeric
};

struct PredicateDecl {
  Name name;
  std::vector<TypedName> parameters;
  Span span;
};

struct FunctionDecl {
  Name name;
  std::vector<TypedName> parameters;
  Name result_type;  // empty when not written (number)
  Span span;
};

struct ActionDecl {
  Name name;
  std::vector<TypedName> parameters;
  ConditionPtr precondition;  // null: no precondition (or `()`)
  EffectPtr effect;           // null: no effect (or `()`)
  Span span;
};

struct DerivedDecl {
  PredicateDecl head;
  ConditionPtr body;
  Span span;
};

// A section Plank reads but does not plan with (`:durative-action`, ...).
struct UnsupportedSection {
  Name keyword;
  Span span;
};

struct Domain {
  Name name;
  std::vector<Name> requirements;
  std::vector<TypedName> types;  // `a b - c`: a and b declared under c; repeated names add parents
  std::vector<TypedName> constants;
  std::vector<PredicateDecl> predicates;
  std::vector<FunctionDecl> functions;
  std::vector<ActionDecl> actions;
  std::vector<DerivedDecl> derived;
  std::vector<UnsupportedSection> unsupported;
  Span span;
};

struct InitElement {
  enum class Kind { Atom, NegatedAtom, Numeric };
  Kind kind = Kind::Atom;
  Atom atom;           // Numeric: the function term
  double value = 0;    // Numeric
  Span span;
};

struct Metric {
  bool present = false;
  bool minimize = true;
  NumericExpr expr;
  Span span;
};

struct Problem {
  Name name;
  Name domain_name;
  std::vector<Name> requirements;
  std::vector<TypedName> objects;
  std::vector<InitElement> init;
  ConditionPtr goal;  // null when the file has no (:goal ...)
  Metric metric;
  std::vector<UnsupportedSection> unsupported;
  Span span;
};

// One parsed file: a domain or a problem.
struct File {
  SourceRef source;
  std::unique_ptr<Domain> domain;
  std::unique_ptr<Problem> problem;
};

}  // namespace plank::pddl::ast
