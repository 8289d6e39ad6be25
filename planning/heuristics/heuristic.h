// The one interface every heuristic implements, as Fast Downward's plug-ins
// do: a number for a state (kDeadEnd when the goal is provably unreachable
// from it), and, for those that can, the preferred operators (those a relaxed
// plan starts with). Search engines only ever see this interface.
#pragma once
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace plank::planning {

inline constexpr int kDeadEnd = std::numeric_limits<int>::max();

// How a heuristic counts an operator's cost (Fast Downward's cost transforms).
enum class CostType { Normal, One, PlusOne };

class Heuristic {
 public:
  virtual ~Heuristic() = default;
  // h(state); appends preferred operators to *preferred when it is not null.
  virtual int evaluate(const uint64_t* state, std::vector<int>* preferred) = 0;
  virtual bool admissible() const { return false; }
  virtual bool gives_preferred() const { return false; }
  virtual std::string name() const = 0;
};

}  // namespace plank::planning
