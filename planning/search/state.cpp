// States, the registry and successor generation (state.h).
#include "planning/search/state.h"

#include <algorithm>
#include <cstring>

namespace plank::planning {

StateRegistry::StateRegistry(int fact_count) : words_(std::max(1, (fact_count + 63) / 64)) { table_.assign(1024, 0); }

uint64_t StateRegistry::hash(const uint64_t* bits) const {
  uint64_t h = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < words_; ++i) {
    h ^= bits[i] + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdull;
  }
  return h ^ (h >> 31);
}

std::pair<StateId, bool> StateRegistry::insert(const uint64_t* bits) {
  size_t mask = table_.size() - 1;
  size_t slot = hash(bits) & mask;
  for (;; slot = (slot + 1) & mask) {
    int entry = table_[slot];
    if (entry == 0) break;
    if (std::memcmp(get(entry - 1), bits, sizeof(uint64_t) * words_) == 0) return {entry - 1, false};
  }
  StateId id = static_cast<StateId>(count_++);
  arena_.insert(arena_.end(), bits, bits + words_);
  table_[slot] = id + 1;
  if (count_ * 2 > table_.size()) {
    std::vector<int> bigger(table_.size() * 2, 0);
    size_t big_mask = bigger.size() - 1;
    for (int entry : table_) {
      if (entry == 0) continue;
      size_t s = hash(get(entry - 1)) & big_mask;
      while (bigger[s] != 0) s = (s + 1) & big_mask;
      bigger[s] = entry;
    }
    table_ = std::move(bigger);
  }
  return {id, true};
}

Successors::Successors(const GroundTask& task)
    : task_(task), words_(std::max(1, static_cast<int>((task.facts.size() + 63) / 64))) {
  keyed_.assign(task.facts.size(), {});
  // Key each operator by the precondition fact with the fewest operators so far,
  // which spreads them over the facts.
  for (size_t o = 0; o < task.operators.size(); ++o) {
    const auto& pos = task.operators[o].precondition.positive;
    if (pos.empty()) {
      unkeyed_.push_back(static_cast<int>(o));
      continue;
    }
    int best = pos[0];
    for (int f : pos)
      if (keyed_[f].size() < keyed_[best].size()) best = f;
    keyed_[best].push_back(static_cast<int>(o));
  }
  seen_.assign(task.operators.size(), 0);
}

std::vector<uint64_t> Successors::initial_state() const {
  std::vector<uint64_t> s(words_, 0);
  for (int f : task_.initial) set_fact(s.data(), f, true);
  return s;
}

bool Successors::holds_formula(int node, const uint64_t* state) const {
  const FormulaNode& n = task_.formula_nodes[node];
  switch (n.kind) {
    case FormulaNode::Kind::Literal:
      return holds_fact(state, n.fact) != n.negated;
    case FormulaNode::Kind::And:
      for (int i = 0; i < n.count; ++i)
        if (!holds_formula(task_.formula_children[n.first + i], state)) return false;
      return true;
    case FormulaNode::Kind::Or:
      for (int i = 0; i < n.count; ++i)
        if (holds_formula(task_.formula_children[n.first + i], state)) return true;
      return false;
  }
  return false;
}

bool Successors::holds(const Condition& c, const uint64_t* state) const {
  for (int f : c.positive)
    if (!holds_fact(state, f)) return false;
  for (int f : c.negative)
    if (holds_fact(state, f)) return false;
  return c.formula < 0 || holds_formula(c.formula, state);
}

void Successors::applicable(const uint64_t* state, std::vector<int>& out) const {
  out.clear();
  for (int o : unkeyed_)
    if (holds(task_.operators[o].precondition, state)) out.push_back(o);
  for (int w = 0; w < words_; ++w) {
    uint64_t bits = state[w];
    while (bits) {
      int f = w * 64 + __builtin_ctzll(bits);
      bits &= bits - 1;
      if (static_cast<size_t>(f) >= keyed_.size()) break;
      for (int o : keyed_[f])
        if (holds(task_.operators[o].precondition, state)) out.push_back(o);
    }
  }
  std::sort(out.begin(), out.end());
}

void Successors::apply(const uint64_t* state, int op, uint64_t* out) const {
  const Operator& o = task_.operators[op];
  std::memcpy(out, state, sizeof(uint64_t) * words_);
  // Conditions are read in the old state; deletes first, so an add wins.
  for (const Effect& e : o.effects) {
    if (!e.condition.trivially_true() && !holds(e.condition, state)) continue;
    for (int f : e.del) set_fact(out, f, false);
  }
  for (const Effect& e : o.effects) {
    if (!e.condition.trivially_true() && !holds(e.condition, state)) continue;
    for (int f : e.add) set_fact(out, f, true);
  }
}

}  // namespace plank::planning
