// A* over walkable cells. A cell is walkable when it and the cell above are
// passable (the agent is two blocks tall; wooden doors and fence gates are
// passable: the walker opens them) and the cell below is solid. Moves
// go to the 4 (or, optionally, 8) horizontal neighbours, level or one block up
// (a jump: needs head room above the start) or one block down. Costs are the
// walking times of ticks.h in integer milliticks, and ties are broken by
// (f, h, insertion order), so a query gives the same path everywhere.
// The search is bounded (a box around start and goal, a node budget) and says
// why it found nothing.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "world/agent/ticks.h"
#include "world/voxels/world.h"

namespace plank::agent {

using world::Coord;

enum class PathStatus : uint8_t {
  Found,
  StartNotWalkable,  // the agent is not standing anywhere (in a wall, in the air)
  GoalNotWalkable,   // no walkable cell is close enough to the goal to stand on
  NoPath,            // every reachable cell in the search box was tried
  LimitReached,      // the node budget ran out first
};
const char* path_status_name(PathStatus s);

struct PathOptions {
  bool diagonals = false;         // 8-neighbourhood on level ground (never cutting corners)
  int tolerance = 0;              // arrive within this many blocks (Chebyshev) of the goal
  // > 0: arrive where the goal *block* is within this distance of the eyes (feet + 1.62 to
  // the block's centre), e.g. 4.5 to break or use it; `tolerance` is then ignored.
  double reach = 0;
  // The longest drop taken as a move: 1 (a step down) by default; up to 3 is safe in Minecraft
  // (falls of more than 3 blocks hurt). Each block fallen past the first adds fall_block ticks.
  int max_drop = 1;
  Milliticks fall_block = 2'000;
  int horizontal_margin = 32;     // the search box: start+goal bounds grown by these
  int vertical_margin = 8;
  size_t max_expanded = 500'000;  // node budget
  bool heuristic = true;          // false: Dijkstra (the benchmark's peer)
  const CostTable* costs = &kCosts;
};

struct PathResult {
  PathStatus status = PathStatus::NoPath;
  std::vector<Coord> cells;  // feet cells, start first, goal last (empty unless Found)
  Milliticks cost = 0;
  size_t expanded = 0;       // nodes taken from the open set
  std::string reason;        // one sentence; empty when Found
  bool found() const { return status == PathStatus::Found; }
  uint64_t ticks() const { return uint64_t((cost + 999) / 1000); }
};

// What a block means to a walker: one table per registry, not a branch per name.
enum class CellClass : uint8_t { Passable, Solid, Hazard };  // Hazard: water, lava, fire: never entered (no swimming)

class Pathfinder {
 public:
  explicit Pathfinder(const world::World& world);

  bool passable(Coord c) const { return cls(c) == CellClass::Passable; }
  bool solid(Coord c) const { return cls(c) == CellClass::Solid; }
  bool walkable(Coord feet) const {
    return passable(feet) && passable({feet.x, feet.y + 1, feet.z}) && solid({feet.x, feet.y - 1, feet.z});
  }

  PathResult find(Coord start, Coord goal, const PathOptions& options = {});

 private:
  CellClass cls(Coord c) const { return classes_[world_.block(c)]; }
  const world::World& world_;
  std::vector<CellClass> classes_;  // by block id
  // Per-query scratch over the search box, reused between queries: a cell's
  // data is valid only when its stamp equals the query's.
  std::vector<uint32_t> stamp_;
  std::vector<Milliticks> g_;
  std::vector<uint32_t> parent_;
  std::vector<uint8_t> closed_;
  uint32_t query_ = 0;
};

}  // namespace plank::agent
