// Interned ground atoms (atoms.h).
#include "planning/lifted/atoms.h"

#include <algorithm>

#include "planning/ground/join_order.h"

namespace plank::planning::lifted {

AtomTable::AtomTable(std::vector<int> arity) : arity_(std::move(arity)) { table_.assign(1024, 0); }

int AtomTable::find(int predicate, const int* args) const {
  const int n = arity_[predicate];
  const size_t mask = table_.size() - 1;
  for (size_t slot = hash_atom(predicate, args, n) & mask;; slot = (slot + 1) & mask) {
    uint32_t entry = table_[slot];
    if (entry == 0) return -1;
    int atom = static_cast<int>(entry - 1);
    if (this->predicate(atom) == predicate && std::equal(args, args + n, this->args(atom))) return atom;
  }
}

int AtomTable::intern(int predicate, const int* args) {
  const int n = arity_[predicate];
  size_t mask = table_.size() - 1;
  size_t slot = hash_atom(predicate, args, n) & mask;
  for (;; slot = (slot + 1) & mask) {
    uint32_t entry = table_[slot];
    if (entry == 0) break;
    int atom = static_cast<int>(entry - 1);
    if (this->predicate(atom) == predicate && std::equal(args, args + n, this->args(atom))) return atom;
  }
  int id = static_cast<int>(offsets_.size());
  offsets_.push_back(static_cast<uint32_t>(arena_.size()));
  arena_.push_back(predicate);
  arena_.insert(arena_.end(), args, args + n);
  table_[slot] = static_cast<uint32_t>(id + 1);
  if (offsets_.size() * 2 > table_.size()) {
    std::vector<uint32_t> bigger(table_.size() * 2, 0);
    const size_t big_mask = bigger.size() - 1;
    for (uint32_t e : table_) {
      if (e == 0) continue;
      int atom = static_cast<int>(e - 1);
      size_t s = hash_atom(this->predicate(atom), this->args(atom), arity_[this->predicate(atom)]) & big_mask;
      while (bigger[s] != 0) s = (s + 1) & big_mask;
      bigger[s] = e;
    }
    table_ = std::move(bigger);
  }
  return id;
}

}  // namespace plank::planning::lifted
