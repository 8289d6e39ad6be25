// Lifted states: registry and views (state.h).
#include "planning/lifted/state.h"

#include <algorithm>
#include <cstring>

namespace plank::planning::lifted {

uint64_t LiftedRegistry::hash(const int* atoms, size_t n) const {
  uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
  for (size_t i = 0; i < n; ++i) {
    h ^= static_cast<uint64_t>(static_cast<uint32_t>(atoms[i])) + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdull;
  }
  return h ^ (h >> 31);
}

std::pair<StateId, bool> LiftedRegistry::insert(const std::vector<int>& atoms) {
  const size_t n = atoms.size();
  size_t mask = table_.size() - 1;
  size_t slot = hash(atoms.data(), n) & mask;
  for (;; slot = (slot + 1) & mask) {
    int entry = table_[slot];
    if (entry == 0) break;
    auto [data, size] = get(entry - 1);
    // n == 0 first: a state with no atoms has a null data(), and memcmp of a null pointer is undefined even
    // for 0 bytes (UBSan, LiftedPlanner.InterchangeableObjectsDoNotMultiplyTheSearch).
    if (size == n && (n == 0 || std::memcmp(data, atoms.data(), n * sizeof(int)) == 0)) return {entry - 1, false};
  }
  StateId id = static_cast<StateId>(size());
  arena_.insert(arena_.end(), atoms.begin(), atoms.end());
  offsets_.push_back(arena_.size());
  table_[slot] = id + 1;
  if (size() * 2 > table_.size()) {
    std::vector<int> bigger(table_.size() * 2, 0);
    const size_t big_mask = bigger.size() - 1;
    for (int e : table_) {
      if (e == 0) continue;
      auto [data, sz] = get(e - 1);
      size_t s = hash(data, sz) & big_mask;
      while (bigger[s] != 0) s = (s + 1) & big_mask;
      bigger[s] = e;
    }
    table_ = std::move(bigger);
  }
  return {id, true};
}

void StateView::build(const AtomTable& atoms, const int* ids, size_t n) {
  ids_.assign(ids, ids + n);
  std::sort(ids_.begin(), ids_.end());
  keys_.clear();
  for (int a : ids_) {
    const int p = atoms.predicate(a);
    const int* args = atoms.args(a);
    keys_.push_back({key(p, kAll, 0), a});
    for (int i = 0, k = atoms.arity(p); i < k; ++i) keys_.push_back({key(p, i, args[i]), a});
  }
  std::sort(keys_.begin(), keys_.end());
  key_only_.resize(keys_.size());
  atom_of_key_.resize(keys_.size());
  for (size_t i = 0; i < keys_.size(); ++i) {
    key_only_[i] = keys_[i].first;
    atom_of_key_[i] = keys_[i].second;
  }
}

std::pair<const int*, const int*> StateView::range(uint64_t k) const {
  auto lo = std::lower_bound(key_only_.begin(), key_only_.end(), k);
  auto hi = std::upper_bound(lo, key_only_.end(), k);
  const int* base = atom_of_key_.data();
  return {base + (lo - key_only_.begin()), base + (hi - key_only_.begin())};
}

}  // namespace plank::planning::lifted
