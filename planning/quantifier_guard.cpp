// Quantifier guards (quantifier_guard.h).
#include "planning/quantifier_guard.h"

namespace plank::planning {
namespace {

using K = pddl::Formula::Kind;

int value(const pddl::Term& t, const std::vector<int>& binding) { return t.is_variable ? binding[t.index] : t.index; }

const pddl::Atom* guard_of(const pddl::Formula& c, bool exists, const pddl::Variable& v,
                           const std::vector<int>& binding) {
  const pddl::Formula* atom = nullptr;
  if (exists && c.kind == K::Atom) atom = &c;
  if (!exists && c.kind == K::Not && c.children[0].kind == K::Atom) atom = &c.children[0];
  if (!atom) return nullptr;
  int position = -1;
  for (size_t i = 0; i < atom->atom.args.size(); ++i) {
    const pddl::Term& t = atom->atom.args[i];
    if (t.is_variable && t.index == v.index) {
      if (position >= 0) return nullptr;  // twice: keep it simple
      position = static_cast<int>(i);
    } else if (t.is_variable && binding[t.index] < 0) {
      return nullptr;  // another variable not bound yet
    }
  }
  return position >= 0 ? &atom->atom : nullptr;
}

}  // namespace

QuantifierGuard find_guard(const pddl::Formula& quantifier, const pddl::Variable& v, const std::vector<int>& binding) {
  const pddl::Formula& body = quantifier.children[0];
  const bool exists = quantifier.kind == K::Exists;
  QuantifierGuard g;
  if (body.kind == (exists ? K::And : K::Or)) {
    for (const auto& c : body.children)
      if ((g.atom = guard_of(c, exists, v, binding))) break;
  } else {
    g.atom = guard_of(body, exists, v, binding);
  }
  if (!g.atom) return g;
  for (size_t i = 0; i < g.atom->args.size(); ++i) {
    const pddl::Term& t = g.atom->args[i];
    if (t.is_variable && t.index == v.index) {
      g.position = static_cast<int>(i);
    } else if (g.pivot < 0) {
      g.pivot = static_cast<int>(i);
      g.pivot_object = value(t, binding);
    }
  }
  return g;
}

bool agrees_with_guard(const QuantifierGuard& guard, const int* args, const std::vector<int>& binding) {
  for (size_t i = 0; i < guard.atom->args.size(); ++i)
    if (static_cast<int>(i) != guard.position && args[i] != value(guard.atom->args[i], binding)) return false;
  return true;
}

}  // namespace plank::planning
