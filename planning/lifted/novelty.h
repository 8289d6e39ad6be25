// Novelty for best-first width search (Lipovetzky & Geffner, AAAI 2017):
// a state's novelty within a partition (states with the same heuristic
// values) is 1 when it makes some literal true that no state of the
// partition made true before, 2 when it makes some pair of literals true
// together for the first time, else 3 (with width 2; with width 1 there is
// no pair test and the else is 2).
//
// Literals are ints the caller chooses (the lifted search gives the atoms a
// state has and the initial state lacks, and those it lacks that the initial
// state has: what changed). The pair test covers only the pairs that hold
// one of the `fresh` literals (those the last action changed), as
// incremental implementations do: pairs of two older literals were tested
// with the parent. Every query also registers what it tested.
//
// The tables are exact (no hashing collisions): a partition's literals and
// pairs are 64- and 128-bit keys in open-addressing sets.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace plank::planning::lifted {

class NoveltyTable {
 public:
  explicit NoveltyTable(int width) : width_(width < 2 ? 1 : 2) {}

  int width() const { return width_; }
  // The novelty (1 .. width + 1) of `literals` (each once) in `partition`.
  // `fresh`: the literals whose pairs are tested (a subset of `literals`).
  int evaluate(uint32_t partition, const std::vector<int>& literals, const std::vector<int>& fresh);
  size_t bytes() const { return (singles_.slots.size() + pairs_.slots.size()) * sizeof(Key); }

 private:
  struct Key {
    uint64_t hi = ~0ull, lo = ~0ull;  // all ones: an empty slot
    bool operator==(const Key& o) const { return hi == o.hi && lo == o.lo; }
  };
  // Open addressing, linear probing; grows at half full.
  struct Set {
    std::vector<Key> slots;
    size_t used = 0;
    bool insert(Key k);  // true when new
  };

  int width_;
  Set partitions_, singles_, pairs_;
};

}  // namespace plank::planning::lifted
