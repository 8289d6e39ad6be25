// Partitioned novelty tables (novelty.h).
#include "planning/lifted/novelty.h"

namespace plank::planning::lifted {
namespace {

uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  x ^= x >> 33;
  return x;
}

uint64_t u32(int x) { return static_cast<uint32_t>(x); }

}  // namespace

bool NoveltyTable::Set::insert(Key k) {
  if (slots.empty() || 2 * (used + 1) > slots.size()) {
    std::vector<Key> old(slots.empty() ? 1024 : slots.size() * 2);
    old.swap(slots);
    used = 0;
    for (const Key& o : old)
      if (!(o == Key{})) insert(o);
  }
  const size_t mask = slots.size() - 1;
  for (size_t i = mix(k.hi * 0x9e3779b97f4a7c15ull ^ k.lo) & mask;; i = (i + 1) & mask) {
    if (slots[i] == k) return false;
    if (slots[i] == Key{}) {
      slots[i] = k;
      ++used;
      return true;
    }
  }
}

int NoveltyTable::evaluate(uint32_t partition, const std::vector<int>& literals, const std::vector<int>& fresh) {
  // The first state of a partition is new in it, whatever its literals.
  int novelty = partitions_.insert({partition, 0}) ? 1 : width_ + 1;
  for (int l : literals)
    if (singles_.insert({partition, u32(l)})) novelty = 1;
  if (width_ < 2) return novelty;
  for (int f : fresh) {
    for (int l : literals) {
      if (l == f) continue;
      const uint64_t a = u32(f < l ? f : l), b = u32(f < l ? l : f);
      if (pairs_.insert({partition, (a << 32) | b}) && novelty > 2) novelty = 2;
    }
  }
  return novelty;
}

}  // namespace plank::planning::lifted
