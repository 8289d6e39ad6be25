// Object patterns the relaxation can keep (object_patterns.h).
#include "planning/lifted/object_patterns.h"

#include <algorithm>
#include <map>

#include "planning/ground/reachability.h"

namespace plank::planning::lifted {
namespace {

using K = pddl::Formula::Kind;

// The top-level conjuncts of a precondition.
std::vector<const pddl::Formula*> conjuncts(const pddl::Formula& f) {
  if (f.kind == K::And) {
    std::vector<const pddl::Formula*> out;
    for (const auto& c : f.children) out.push_back(&c);
    return out;
  }
  return {&f};
}

bool requires_atom(const pddl::Formula& pre, int predicate, const std::vector<pddl::Term>& args, bool negated) {
  for (const pddl::Formula* c : conjuncts(pre)) {
    const pddl::Formula* atom = c;
    if (negated) {
      if (c->kind != K::Not) continue;
      atom = &c->children[0];
    }
    if (atom->kind == K::Atom && atom->atom.predicate == predicate && atom->atom.args == args) return true;
  }
  return false;
}

// Whether a term of the action may be an object of the pattern's type.
class TypeOverlap {
 public:
  TypeOverlap(const pddl::Task& task, const pddl::TypeSet& type) : task_(task), member_(task.objects.size(), 0) {
    for (int o : task.objects_of(type)) member_[o] = 1;
  }
  bool may_be(const pddl::Term& t, const std::vector<pddl::TypeSet>& types) const {
    if (!t.is_variable) return member_[t.index] != 0;
    const auto& objects = task_.objects_of(types[t.index]);
    return std::any_of(objects.begin(), objects.end(), [&](int o) { return member_[o] != 0; });
  }
  bool member(int object) const { return member_[object] != 0; }

 private:
  const pddl::Task& task_;
  std::vector<char> member_;
};

// The positive (or negative) literal of `predicate` with `w` at `position` in the effect.
const pddl::Literal* literal_of(const pddl::ConditionalEffect& e, int predicate, int position, const pddl::Term& w,
                                bool negated) {
  for (const auto& l : e.literals)
    if (l.negated == negated && l.atom.predicate == predicate && l.atom.args[position] == w) return &l;
  return nullptr;
}

}  // namespace

std::string ObjectPattern::key() const {
  std::string k = "q" + std::to_string(present) + "/";
  for (int t : type) k += std::to_string(t) + ",";
  for (const auto& c : coordinates) k += "|" + std::to_string(c.predicate) + "@" + std::to_string(c.position);
  return k;
}

std::vector<pddl::Term> ObjectPattern::slots() const {
  std::vector<pddl::Term> out;
  for (const auto& c : coordinates) out.insert(out.end(), c.others.begin(), c.others.end());
  return out;
}

std::optional<ObjectPattern> match_object_pattern(const pddl::Formula& f) {
  if (f.kind != K::Exists || f.bound.size() != 1) return std::nullopt;
  const int v = f.bound[0].index;
  const pddl::Formula& body = f.children[0];
  std::vector<const pddl::Formula*> atoms = conjuncts(body);
  ObjectPattern p;
  p.variable = v;
  p.type = f.bound[0].type;
  for (const pddl::Formula* a : atoms) {
    if (a->kind != K::Atom) return std::nullopt;
    const auto& args = a->atom.args;
    int position = -1, uses = 0;
    for (size_t i = 0; i < args.size(); ++i)
      if (args[i].is_variable && args[i].index == v) position = static_cast<int>(i), ++uses;
    if (uses != 1) return std::nullopt;
    if (args.size() == 1) {
      if (p.present >= 0) return std::nullopt;
      p.present = a->atom.predicate;
      continue;
    }
    ObjectPattern::Coordinate c{a->atom.predicate, position, {}};
    for (size_t i = 0; i < args.size(); ++i)
      if (static_cast<int>(i) != position) c.others.push_back(args[i]);
    for (const auto& d : p.coordinates)
      if (d.predicate == c.predicate) return std::nullopt;
    p.coordinates.push_back(std::move(c));
  }
  if (p.present < 0 || p.coordinates.empty()) return std::nullopt;
  std::sort(p.coordinates.begin(), p.coordinates.end(),
            [](const auto& a, const auto& b) { return a.predicate < b.predicate; });
  return p;
}

std::optional<std::vector<pddl::Term>> added_slots(const pddl::Task& task, const pddl::Action& action,
                                                   const pddl::ConditionalEffect& effect,
                                                   const ObjectPattern& pattern) {
  const TypeOverlap overlap(task, pattern.type);
  const std::vector<pddl::TypeSet> types = detail::variable_types(action);
  for (const auto& l : effect.literals) {
    if (l.negated || l.atom.predicate != pattern.present) continue;
    const pddl::Term& w = l.atom.args[0];
    if (!overlap.may_be(w, types)) continue;
    std::vector<pddl::Term> slots;
    bool whole = true;
    for (const auto& c : pattern.coordinates) {
      const pddl::Literal* added = literal_of(effect, c.predicate, c.position, w, false);
      if (!added) {
        whole = false;
        break;
      }
      for (size_t i = 0; i < added->atom.args.size(); ++i)
        if (static_cast<int>(i) != c.position) slots.push_back(added->atom.args[i]);
    }
    if (whole) return slots;
  }
  return std::nullopt;
}

bool moves_as_whole(const pddl::Task& task, const std::vector<bool>& fluent, const ObjectPattern& pattern) {
  if (!fluent[pattern.present]) return false;
  const TypeOverlap overlap(task, pattern.type);
  std::map<int, int> position_of;  // coordinate predicate -> v's position
  for (const auto& c : pattern.coordinates) position_of[c.predicate] = c.position;
  for (const auto& action : task.actions) {
    const std::vector<pddl::TypeSet> types = detail::variable_types(action);
    for (const auto& e : action.effects) {
      for (const auto& l : e.literals) {
        int position = -1;
        if (l.atom.predicate == pattern.present) position = 0;
        auto it = position_of.find(l.atom.predicate);
        if (it != position_of.end()) position = it->second;
        if (position < 0) continue;
        const pddl::Term& w = l.atom.args[position];
        if (!overlap.may_be(w, types)) continue;
        if (!l.negated) {
          // An adder places the whole object, and only an absent one.
          if (!requires_atom(action.precondition, pattern.present, {w}, true)) return false;
          if (!literal_of(e, pattern.present, 0, w, false)) return false;
          for (const auto& c : pattern.coordinates)
            if (!literal_of(e, c.predicate, c.position, w, false)) return false;
        } else if (l.atom.predicate == pattern.present) {
          // A remover takes every coordinate the object has (it has one of each).
          for (const auto& c : pattern.coordinates) {
            const pddl::Literal* gone = literal_of(e, c.predicate, c.position, w, true);
            if (!gone || !requires_atom(action.precondition, c.predicate, gone->atom.args, false)) return false;
          }
        } else if (!literal_of(e, pattern.present, 0, w, true)) {
          return false;  // a coordinate deleted while the object stays
        }
      }
    }
  }
  // Initially: coordinates only for present objects, one of each.
  std::vector<char> present(task.objects.size(), 0);
  std::map<std::pair<int, int>, int> count;  // (predicate, object) -> atoms
  for (const auto& g : task.init)
    if (g.predicate == pattern.present && overlap.member(g.args[0])) present[g.args[0]] = 1;
  for (const auto& g : task.init) {
    auto it = position_of.find(g.predicate);
    if (it == position_of.end()) continue;
    const int o = g.args[it->second];
    if (!overlap.member(o)) continue;
    if (!present[o] || ++count[{g.predicate, o}] > 1) return false;
  }
  return true;
}

}  // namespace plank::planning::lifted
