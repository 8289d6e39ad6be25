// Lifted search states: the sorted ids of the fluent atoms that hold (static
// atoms live once, in the static view). The registry gives each distinct
// state a dense id; a view indexes one state for matching: does an atom hold,
// and which atoms of a predicate have a given object at a given position.
#pragma once
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "planning/lifted/atoms.h"

namespace plank::planning::lifted {

using StateId = int;

class LiftedRegistry {
 public:
  LiftedRegistry() { table_.assign(1024, 0); }
  // The state's id (registering it if new); second: whether it is new. `atoms` sorted.
  std::pair<StateId, bool> insert(const std::vector<int>& atoms);
  std::pair<const int*, size_t> get(StateId id) const {
    // data() + offset, not &arena_[offset]: a state of no fluent atoms may be the only one (an
    // empty arena), and indexing an empty vector is undefined.
    return {arena_.data() + offsets_[id], static_cast<size_t>(offsets_[id + 1] - offsets_[id])};
  }
  size_t size() const { return offsets_.size() - 1; }
  size_t bytes() const { return arena_.capacity() * sizeof(int) + offsets_.capacity() * 8 + table_.capacity() * 4; }

 private:
  uint64_t hash(const int* atoms, size_t n) const;
  std::vector<int> arena_;
  std::vector<uint64_t> offsets_{0};
  std::vector<int> table_;
};

// One state (or the static atoms) indexed for matching.
class StateView {
 public:
  void build(const AtomTable& atoms, const int* ids, size_t n);

  bool holds(int atom) const { return std::binary_search(ids_.begin(), ids_.end(), atom); }
  const std::vector<int>& ids() const { return ids_; }
  // Atoms of `predicate` with `object` at `position`.
  std::pair<const int*, const int*> with(int predicate, int position, int object) const {
    return range(key(predicate, position, object));
  }
  std::pair<const int*, const int*> of(int predicate) const { return range(key(predicate, kAll, 0)); }

 private:
  static constexpr int kAll = 255;
  static uint64_t key(int predicate, int position, int object) {
    return (static_cast<uint64_t>(predicate) << 40) | (static_cast<uint64_t>(position) << 32) |
           static_cast<uint32_t>(object);
  }
  std::pair<const int*, const int*> range(uint64_t k) const;

  std::vector<int> ids_;                        // sorted
  std::vector<std::pair<uint64_t, int>> keys_;  // (key, atom), sorted
  std::vector<uint64_t> key_only_;
  std::vector<int> atom_of_key_;
};

}  // namespace plank::planning::lifted
