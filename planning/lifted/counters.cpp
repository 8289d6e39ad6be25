// Counters and the relaxed plan's shortfall (counters.h).
#include "planning/lifted/counters.h"

#include <algorithm>
#include <map>

namespace plank::planning::lifted {
namespace {

using K = pddl::Formula::Kind;

void conjuncts(const pddl::Formula& f, std::vector<const pddl::Formula*>& out) {
  if (f.kind == K::And) {
    for (const auto& c : f.children) conjuncts(c, out);
  } else {
    out.push_back(&f);
  }
}

}  // namespace

CounterModel::CounterModel(const pddl::Task& task, const std::vector<bool>& fluent) {
  const int objects = static_cast<int>(task.objects.size());
  value_.assign(objects, -1);
  next_.assign(objects, -1);
  // Successor chains: static binary predicates whose atoms form simple paths.
  std::map<int, std::vector<std::pair<int, int>>> edges;  // predicate -> (from, to)
  for (const auto& g : task.init)
    if (!fluent[g.predicate] && g.args.size() == 2) edges[g.predicate].push_back({g.args[0], g.args[1]});
  std::vector<char> chain(task.predicates.size(), 0);
  for (auto& [p, list] : edges) {
    std::vector<int> in(objects, 0), out(objects, 0), next(objects, -1);
    bool simple = true;
    for (auto [a, b] : list) {
      simple = simple && a != b && ++out[a] == 1 && ++in[b] == 1;
      next[a] = b;
    }
    if (!simple) continue;
    std::vector<int> value(objects, -1);
    size_t placed = 0;
    for (int o = 0; o < objects; ++o) {
      if (out[o] == 0 || in[o] != 0) continue;
      int v = 0;
      for (int x = o; x >= 0 && value[x] < 0; x = next[x]) value[x] = v++, ++placed;
    }
    std::vector<char> node(objects, 0);
    for (auto [a, b] : list) node[a] = node[b] = 1;
    if (placed != static_cast<size_t>(std::count(node.begin(), node.end(), 1))) continue;  // a cycle
    // Objects may sit in one chain only; a second chain predicate over the same objects is not a counter's.
    bool clash = false;
    for (int o = 0; o < objects; ++o) clash = clash || (value[o] >= 0 && value_[o] >= 0);
    if (clash) continue;
    for (int o = 0; o < objects; ++o)
      if (value[o] >= 0) value_[o] = value[o], next_[o] = next[o];
    chain[p] = 1;
  }
  // Schemas that delete P(owner, ?a) and add P(owner, ?b) under a chain atom over ?a and ?b.
  for (size_t s = 0; s < task.actions.size(); ++s) {
    const pddl::Action& action = task.actions[s];
    std::vector<const pddl::Formula*> pre;
    conjuncts(action.precondition, pre);
    for (const auto& e : action.effects) {
      if (!e.forall.empty() || e.condition.kind != K::True) continue;
      for (const auto& del : e.literals) {
        if (!del.negated || del.atom.args.empty() || !fluent[del.atom.predicate]) continue;
        const pddl::Term from = del.atom.args.back();
        for (const auto& add : e.literals) {
          if (add.negated || add.atom.predicate != del.atom.predicate) continue;
          const pddl::Term to = add.atom.args.back();
          if (!from.is_variable || !to.is_variable || from == to ||
              !std::equal(del.atom.args.begin(), del.atom.args.end() - 1, add.atom.args.begin()))
            continue;
          int step = 0;
          for (const auto* c : pre) {
            if (c->kind != K::Atom || !chain[c->atom.predicate]) continue;
            if (c->atom.args[0] == from && c->atom.args[1] == to) step = +1;
            if (c->atom.args[0] == to && c->atom.args[1] == from) step = -1;
          }
          if (step == 0) continue;
          int c = counter_of(del.atom.predicate);
          if (c < 0) {
            c = static_cast<int>(predicates_.size());
            predicates_.push_back(del.atom.predicate);
            consumers_.emplace_back();
            producers_.emplace_back();
          }
          auto& list = step < 0 ? consumers_[c] : producers_[c];
          if (std::find(list.begin(), list.end(), static_cast<int>(s)) == list.end()) list.push_back(static_cast<int>(s));
        }
      }
    }
  }
  // A counter no schema consumes never falls short.
  for (size_t c = predicates_.size(); c-- > 0;) {
    if (!consumers_[c].empty()) continue;
    predicates_.erase(predicates_.begin() + c);
    consumers_.erase(consumers_.begin() + c);
    producers_.erase(producers_.begin() + c);
  }
}

int CounterModel::counter_of(int predicate) const {
  auto it = std::find(predicates_.begin(), predicates_.end(), predicate);
  return it == predicates_.end() ? -1 : static_cast<int>(it - predicates_.begin());
}

int CounterModel::held(int counter, const StateView& state, const AtomTable& atoms) const {
  const int p = predicates_[counter];
  int total = 0;
  for (auto [it, end] = state.of(p); it != end; ++it) {
    int v = value_[atoms.args(*it)[atoms.arity(p) - 1]];
    total += std::max(v, 0);
  }
  return total;
}

int CounterModel::demand(int counter, const std::vector<int>& schema_instances) const {
  int d = 0;
  for (int s : consumers_[counter]) d += schema_instances[s];
  for (int s : producers_[counter]) d -= schema_instances[s];
  return d;
}

int CounterModel::shortfall(const StateView& state, const AtomTable& atoms,
                            const std::vector<int>& schema_instances) const {
  int total = 0;
  for (size_t c = 0; c < predicates_.size(); ++c) {
    int d = demand(static_cast<int>(c), schema_instances);
    if (d > 0) total += std::max(0, d - held(static_cast<int>(c), state, atoms));
  }
  return total;
}

std::vector<std::vector<int>> CounterModel::next_units(const StateView& state, const AtomTable& atoms,
                                                       const std::vector<int>& schema_instances) const {
  std::vector<std::vector<int>> out;
  for (size_t c = 0; c < predicates_.size(); ++c) {
    int d = demand(static_cast<int>(c), schema_instances);
    if (d <= 0 || d <= held(static_cast<int>(c), state, atoms)) continue;
    const int p = predicates_[c];
    const int n = atoms.arity(p);
    for (auto [it, end] = state.of(p); it != end; ++it) {
      const int* args = atoms.args(*it);
      if (next_[args[n - 1]] < 0) continue;
      std::vector<int> key{p};
      key.insert(key.end(), args, args + n - 1);
      key.push_back(next_[args[n - 1]]);
      out.push_back(std::move(key));
    }
  }
  return out;
}

std::vector<std::vector<int>> CounterModel::unit_goals(const StateView& state, const AtomTable& atoms,
                                                       const std::vector<int>& schema_instances) const {
  std::vector<std::vector<int>> out;
  for (size_t c = 0; c < predicates_.size(); ++c) {
    int consumed = 0;
    for (int s : consumers_[c]) consumed += schema_instances[s];
    int missing = consumed - held(static_cast<int>(c), state, atoms);
    if (missing <= 0) continue;
    const int p = predicates_[c];
    const int n = atoms.arity(p);
    for (auto [it, end] = state.of(p); it != end; ++it) {
      const int* args = atoms.args(*it);
      int value = args[n - 1];
      for (int k = 0; k < missing && next_[value] >= 0; ++k) {
        value = next_[value];
        std::vector<int> key{p};
        key.insert(key.end(), args, args + n - 1);
        key.push_back(value);
        out.push_back(std::move(key));
      }
    }
  }
  return out;
}

}  // namespace plank::planning::lifted
