// Negation normal form and simplification (normalize.h).
#include "planning/normalize.h"

#include <utility>

namespace plank::planning {
namespace {

using K = pddl::Formula::Kind;

pddl::Formula constant(bool value, Span span) {
  pddl::Formula f;
  f.kind = value ? K::True : K::False;
  f.span = span;
  return f;
}

pddl::Formula nnf(const pddl::Formula& f, bool negated) {
  switch (f.kind) {
    case K::True:
    case K::False:
      return constant((f.kind == K::True) != negated, f.span);
    case K::Atom:
    case K::Equals: {
      if (!negated) return f;
      pddl::Formula n;
      n.kind = K::Not;
      n.span = f.span;
      n.children.push_back(f);
      return n;
    }
    case K::Not:
      return nnf(f.children[0], !negated);
    case K::And:
    case K::Or: {
      pddl::Formula out;
      out.span = f.span;
      out.kind = (f.kind == K::And) != negated ? K::And : K::Or;
      for (const auto& c : f.children) out.children.push_back(nnf(c, negated));
      return out;
    }
    case K::Exists:
    case K::Forall: {
      pddl::Formula out;
      out.span = f.span;
      out.kind = (f.kind == K::Exists) != negated ? K::Exists : K::Forall;
      out.bound = f.bound;
      out.children.push_back(nnf(f.children[0], negated));
      return out;
    }
  }
  return f;
}

}  // namespace

pddl::Formula simplify(pddl::Formula f) {
  switch (f.kind) {
    case K::Equals:
      if (f.left == f.right) return constant(true, f.span);
      if (!f.left.is_variable && !f.right.is_variable) return constant(false, f.span);  // distinct objects
      return f;
    case K::Not: {
      pddl::Formula inner = simplify(std::move(f.children[0]));
      if (inner.kind == K::True || inner.kind == K::False) return constant(inner.kind == K::False, f.span);
      f.children[0] = std::move(inner);
      return f;
    }
    case K::And:
    case K::Or: {
      const K absorbing = f.kind == K::And ? K::False : K::True;
      const K neutral = f.kind == K::And ? K::True : K::False;
      pddl::Formula out;
      out.kind = f.kind;
      out.span = f.span;
      for (auto& c : f.children) {
        pddl::Formula s = simplify(std::move(c));
        if (s.kind == absorbing) return constant(absorbing == K::True, f.span);
        if (s.kind == neutral) continue;
        if (s.kind == f.kind) {
          for (auto& g : s.children) out.children.push_back(std::move(g));
        } else {
          out.children.push_back(std::move(s));
        }
      }
      if (out.children.empty()) return constant(neutral == K::True, f.span);
      if (out.children.size() == 1) return std::move(out.children[0]);
      return out;
    }
    case K::Exists:
    case K::Forall: {
      pddl::Formula inner = simplify(std::move(f.children[0]));
      if (inner.kind == K::True || inner.kind == K::False) {
        // Over an empty type, exists is false and forall true whatever the body;
        // the grounder sees the objects and folds that case, so keep the quantifier.
        f.children[0] = std::move(inner);
        return f;
      }
      f.children[0] = std::move(inner);
      return f;
    }
    default:
      return f;
  }
}

pddl::Formula to_nnf(const pddl::Formula& f) { return simplify(nnf(f, false)); }

void normalize(pddl::Task& task) {
  for (auto& a : task.actions) {
    a.precondition = to_nnf(a.precondition);
    for (auto& e : a.effects) e.condition = to_nnf(e.condition);
  }
  task.goal = to_nnf(task.goal);
}

std::vector<bool> fluent_predicates(const pddl::Task& task) {
  std::vector<bool> fluent(task.predicates.size(), false);
  for (const auto& a : task.actions)
    for (const auto& e : a.effects)
      for (const auto& l : e.literals) fluent[l.atom.predicate] = true;
  return fluent;
}

}  // namespace plank::planning
