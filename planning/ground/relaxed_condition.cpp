// Relaxed conditions for the reachability analysis (relaxed_condition.h).
#include "planning/ground/relaxed_condition.h"

namespace plank::planning {
namespace {

using K = pddl::Formula::Kind;

std::vector<RelaxedConjunction> one(RelaxedConjunction c) {
  std::vector<RelaxedConjunction> out;
  out.push_back(std::move(c));
  return out;
}

void append(RelaxedConjunction& into, const RelaxedConjunction& from) {
  into.atoms.insert(into.atoms.end(), from.atoms.begin(), from.atoms.end());
  into.absent_static.insert(into.absent_static.end(), from.absent_static.begin(), from.absent_static.end());
  into.equal.insert(into.equal.end(), from.equal.begin(), from.equal.end());
  into.distinct.insert(into.distinct.end(), from.distinct.begin(), from.distinct.end());
}

}  // namespace

std::vector<RelaxedConjunction> relax(const pddl::Formula& f, const std::vector<bool>& fluent) {
  switch (f.kind) {
    case K::True:
      return one({});
    case K::False:
      return {};
    case K::Atom: {
      RelaxedConjunction c;
      c.atoms.push_back(f.atom);
      return one(std::move(c));
    }
    case K::Equals: {
      RelaxedConjunction c;
      c.equal.push_back({f.left, f.right});
      return one(std::move(c));
    }
    case K::Not: {
      const pddl::Formula& inner = f.children[0];
      RelaxedConjunction c;
      if (inner.kind == K::Equals) c.distinct.push_back({inner.left, inner.right});
      if (inner.kind == K::Atom && !fluent[inner.atom.predicate]) c.absent_static.push_back(inner.atom);
      return one(std::move(c));
    }
    case K::And: {
      std::vector<RelaxedConjunction> acc = one({});
      for (const auto& child : f.children) {
        std::vector<RelaxedConjunction> alts = relax(child, fluent);
        if (alts.empty()) return {};
        if (acc.size() * alts.size() > kMaxRelaxedAlternatives) continue;  // relax this conjunct to true
        std::vector<RelaxedConjunction> next;
        for (const auto& a : acc)
          for (const auto& b : alts) {
            RelaxedConjunction c = a;
            append(c, b);
            next.push_back(std::move(c));
          }
        acc = std::move(next);
      }
      return acc;
    }
    case K::Or: {
      std::vector<RelaxedConjunction> out;
      for (const auto& child : f.children) {
        std::vector<RelaxedConjunction> alts = relax(child, fluent);
        out.insert(out.end(), alts.begin(), alts.end());
        if (out.size() > kMaxRelaxedAlternatives) return one({});
      }
      return out;
    }
    case K::Exists:
      return relax(f.children[0], fluent);  // the bound variables join like parameters
    case K::Forall:
      return one({});
  }
  return one({});
}

}  // namespace plank::planning
