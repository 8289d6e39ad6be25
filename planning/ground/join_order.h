// What the grounded Datalog program and the lifted costed one share: the hash
// of an atom (predicate and object ids) for their open-addressing atom tables,
// and the order in which a rule's body atoms are joined once one of them (the
// trigger) has a new fact.
#pragma once
#include <climits>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "planning/ground/datalog.h"

namespace plank::planning {

inline uint64_t hash_atom(int predicate, const int* args, int arity) {
  uint64_t h = 0x9e3779b97f4a7c15ull ^ static_cast<uint64_t>(predicate);
  for (int i = 0; i < arity; ++i) {
    h ^= static_cast<uint64_t>(static_cast<uint32_t>(args[i])) + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdull;
  }
  return h ^ (h >> 29);
}

// The body atoms other than `trigger`, greedily: next the one with the most
// terms already bound (objects, or variables an earlier atom binds), the
// shorter one on a tie. `Body` is a vector of atoms with `args` (variables >= 0,
// objects < 0).
template <class Body>
std::vector<int> greedy_join_order(const Body& body, int variable_count, size_t trigger) {
  std::vector<int> order;
  std::vector<char> bound(static_cast<size_t>(variable_count), 0), used(body.size(), 0);
  for (int a : body[trigger].args)
    if (!is_object_term(a)) bound[a] = 1;
  used[trigger] = 1;
  for (size_t k = 1; k < body.size(); ++k) {
    int best = -1, best_score = INT_MIN;
    for (size_t j = 0; j < body.size(); ++j) {
      if (used[j]) continue;
      int score = 0;
      for (int a : body[j].args) score += is_object_term(a) || bound[a] ? 2 : 0;
      score = score * 16 - static_cast<int>(body[j].args.size());
      if (score > best_score) {
        best_score = score;
        best = static_cast<int>(j);
      }
    }
    used[best] = 1;
    order.push_back(best);
    for (int a : body[best].args)
      if (!is_object_term(a)) bound[a] = 1;
  }
  return order;
}

}  // namespace plank::planning
