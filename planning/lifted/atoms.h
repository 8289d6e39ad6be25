// Ground atoms interned as dense ids, for the lifted search (which meets atoms
// as it goes instead of grounding them all first): a predicate and its object
// arguments, stored once in an arena, found again through a hash table.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace plank::planning::lifted {

class AtomTable {
 public:
  explicit AtomTable(std::vector<int> arity);

  int find(int predicate, const int* args) const;  // -1 when never interned
  int intern(int predicate, const int* args);
  int predicate(int atom) const { return arena_[offsets_[atom]]; }
  const int* args(int atom) const { return arena_.data() + offsets_[atom] + 1; }
  int arity(int predicate) const { return arity_[predicate]; }
  size_t size() const { return offsets_.size(); }
  size_t bytes() const {
    return arena_.capacity() * sizeof(int) + offsets_.capacity() * 4 + table_.capacity() * 4;
  }

 private:
  std::vector<int> arity_;
  std::vector<int> arena_;
  std::vector<uint32_t> offsets_;
  std::vector<uint32_t> table_;  // atom id + 1, 0 = empty
};

}  // namespace plank::planning::lifted
