// Search states of a grounded task: one bit per fact, packed into words, and
// the registry that gives every distinct state a dense id (the search's node
// tables are indexed by it). Also: evaluating conditions on a state, the
// applicable operators, and applying one.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "planning/ground/grounded_task.h"

namespace plank::planning {

using StateId = int;

inline bool holds_fact(const uint64_t* state, int fact) { return (state[fact >> 6] >> (fact & 63)) & 1; }
inline void set_fact(uint64_t* state, int fact, bool value) {
  uint64_t bit = uint64_t{1} << (fact & 63);
  if (value) {
    state[fact >> 6] |= bit;
  } else {
    state[fact >> 6] &= ~bit;
  }
}

class StateRegistry {
 public:
  explicit StateRegistry(int fact_count);

  int words() const { return words_; }
  // The id of this state, registering it if new; second is true when it was new.
  std::pair<StateId, bool> insert(const uint64_t* bits);
  const uint64_t* get(StateId id) const { return arena_.data() + static_cast<size_t>(id) * words_; }
  size_t size() const { return count_; }
  size_t bytes() const { return arena_.capacity() * sizeof(uint64_t) + table_.capacity() * sizeof(int); }

 private:
  uint64_t hash(const uint64_t* bits) const;
  int words_;
  size_t count_ = 0;
  std::vector<uint64_t> arena_;
  std::vector<int> table_;  // open addressing: id + 1, 0 empty
};

// Applicability, successors and goal tests of one grounded task.
class Successors {
 public:
  explicit Successors(const GroundTask& task);

  const GroundTask& task() const { return task_; }
  int words() const { return words_; }
  std::vector<uint64_t> initial_state() const;
  bool holds(const Condition& c, const uint64_t* state) const;
  bool is_goal(const uint64_t* state) const { return holds(task_.goal, state); }
  // Every operator applicable in state, in increasing id order.
  void applicable(const uint64_t* state, std::vector<int>& out) const;
  // out (words() words) := the state after op; conditions are read in `state`.
  void apply(const uint64_t* state, int op, uint64_t* out) const;

 private:
  bool holds_formula(int node, const uint64_t* state) const;

  const GroundTask& task_;
  int words_;
  std::vector<std::vector<int>> keyed_;  // operators by one positive precondition fact
  std::vector<int> unkeyed_;             // operators with no positive precondition fact
  mutable std::vector<char> seen_;
};

}  // namespace plank::planning
