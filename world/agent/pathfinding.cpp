#include "world/agent/pathfinding.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <queue>
#include <string_view>

#include <fmt/format.h>

namespace plank::agent {

const char* path_status_name(PathStatus s) {
  static const char* const names[] = {"found", "start not walkable", "goal not walkable", "no path", "limit reached"};
  return names[size_t(s)];
}

namespace {

// Blocks a walker never steps into though they do not hold it up. Water is
// here because swimming is not modelled: the agent walks around ponds.
constexpr const char* kHazards[] = {"water", "lava", "fire", "soul_fire", "sweet_berry_bush", "cobweb", "wither_rose"};

// Blocks a walker opens by hand and walks through: wooden doors and fence
// gates (solid to rays and to standing on, but a house whose only way in is
// its door can be entered). Iron doors need redstone, so they stay shut.
bool opened_by_hand(const std::string& name) {
  auto ends_with = [&](std::string_view suffix) {
    return name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  return (ends_with("_door") && name != "iron_door") || ends_with("_fence_gate");
}

struct Move {
  int dx, dz;
  bool diagonal;
};
constexpr Move kMoves[] = {{1, 0, false}, {-1, 0, false}, {0, 1, false}, {0, -1, false},
                           {1, 1, true},  {1, -1, true},  {-1, 1, true}, {-1, -1, true}};
constexpr int kVerticalSteps[] = {0, 1, -1, -2, -3};  // level, jump up one, drop one to three (max_drop)

struct Open {
  Milliticks f, h;
  uint64_t seq;  // insertion order: the last tie-breaker
  uint32_t index;
  bool operator>(const Open& o) const {
    if (f != o.f) return f > o.f;
    if (h != o.h) return h > o.h;
    return seq > o.seq;
  }
};

int chebyshev(Coord a, Coord b) {
  return std::max({std::abs(a.x - b.x), std::abs(a.y - b.y), std::abs(a.z - b.z)});
}

}  // namespace

Pathfinder::Pathfinder(const world::World& world) : world_(world) {
  const auto& registry = world.registry();
  classes_.resize(registry.size());
  for (size_t id = 0; id < registry.size(); ++id)
    classes_[id] = registry[world::BlockId(id)].solid && !opened_by_hand(registry[world::BlockId(id)].name)
                       ? CellClass::Solid
                       : CellClass::Passable;
  for (const char* name : kHazards)
    if (auto id = registry.find(name)) classes_[*id] = CellClass::Hazard;
}

PathResult Pathfinder::find(Coord start, Coord goal, const PathOptions& options) {
  PathResult result;
  const CostTable& costs = *options.costs;
  if (!walkable(start)) {
    result.status = PathStatus::StartNotWalkable;
    result.reason = fmt::format("the start ({}, {}, {}) is not a cell one can stand in", start.x, start.y, start.z);
    return result;
  }
  // The search box.
  world::Box box = world::Box::of(start, goal);
  const int extra = options.reach > 0 ? int(std::ceil(options.reach)) + 1 : options.tolerance;
  int hm = options.horizontal_margin + extra, vm = options.vertical_margin + extra;
  box.min = {box.min.x - hm, box.min.y - vm, box.min.z - hm};
  box.max = {box.max.x + hm, box.max.y + vm, box.max.z + hm};
  const Coord size = box.size();
  const size_t volume = size_t(size.x) * size_t(size.y) * size_t(size.z);
  if (volume > (size_t(1) << 28)) {
    result.status = PathStatus::LimitReached;
    result.reason = fmt::format("the search box of {} cells is too large; the goal is too far away", volume);
    return result;
  }
  auto index_of = [&](Coord c) {
    return uint32_t((size_t(c.y - box.min.y) * size_t(size.z) + size_t(c.z - box.min.z)) * size_t(size.x) +
                    size_t(c.x - box.min.x));
  };
  auto coord_of = [&](uint32_t i) {
    int32_t x = int32_t(i % uint32_t(size.x));
    i /= uint32_t(size.x);
    int32_t z = int32_t(i % uint32_t(size.z));
    return Coord{box.min.x + x, box.min.y + int32_t(i / uint32_t(size.z)), box.min.z + z};
  };
  // Goal test: within tolerance; the goal must have at least one walkable cell near it.
  const bool by_reach = options.reach > 0;
  auto in_reach = [&](Coord c) {
    double dx = goal.x - c.x, dy = goal.y + 0.5 - (c.y + world::kEyeHeight), dz = goal.z - c.z;
    return dx * dx + dy * dy + dz * dz <= options.reach * options.reach;
  };
  auto is_goal = [&](Coord c) { return by_reach ? in_reach(c) : chebyshev(c, goal) <= options.tolerance; };
  {
    bool any = false;
    int t = by_reach ? int(std::ceil(options.reach)) + 1 : options.tolerance;
    for (int dy = -t; dy <= t && !any; ++dy)
      for (int dz = -t; dz <= t && !any; ++dz)
        for (int dx = -t; dx <= t && !any; ++dx) {
          Coord c{goal.x + dx, goal.y + dy, goal.z + dz};
          any = walkable(c) && (!by_reach || in_reach(c));
        }
    if (!any) {
      result.status = PathStatus::GoalNotWalkable;
      result.reason = options.tolerance == 0
                          ? fmt::format("the goal ({}, {}, {}) is not a cell one can stand in", goal.x, goal.y, goal.z)
                          : fmt::format("no cell within {} of ({}, {}, {}) can be stood in", options.tolerance,
                                        goal.x, goal.y, goal.z);
      return result;
    }
  }
  // Heuristic: octile (or Manhattan) walking distance less the tolerance, plus a
  // jump for each block of climb; admissible, so paths are optimal.
  const Milliticks walk = costs.walk(), diag = costs.walk_diagonal();
  // Within reach, a block may be up to floor(reach) away on an axis and higher than the feet by reach + eyes.
  const int slack = by_reach ? int(std::floor(options.reach)) : options.tolerance;
  const int slack_up = by_reach ? int(std::ceil(options.reach + world::kEyeHeight)) : options.tolerance;
  auto heuristic = [&](Coord c) -> Milliticks {
    if (!options.heuristic) return 0;
    int dx = std::max(0, std::abs(c.x - goal.x) - slack);
    int dz = std::max(0, std::abs(c.z - goal.z) - slack);
    int up = std::max(0, goal.y - c.y - slack_up);
    Milliticks flat = options.diagonals ? Milliticks(std::min(dx, dz)) * diag + Milliticks(std::abs(dx - dz)) * walk
                                        : Milliticks(dx + dz) * walk;
    return flat + Milliticks(up) * costs.jump_extra;
  };

  if (stamp_.size() < volume) {
    stamp_.assign(volume, 0);
    g_.resize(volume);
    parent_.resize(volume);
    closed_.resize(volume);
  }
  if (++query_ == 0) {  // the stamp wrapped: clear it once every 4 billion queries
    std::fill(stamp_.begin(), stamp_.end(), 0);
    query_ = 1;
  }
  std::priority_queue<Open, std::vector<Open>, std::greater<Open>> open;
  uint64_t seq = 0;
  auto touch = [&](uint32_t i) {
    if (stamp_[i] != query_) {
      stamp_[i] = query_;
      g_[i] = INT64_MAX;
      closed_[i] = 0;
    }
  };
  uint32_t s = index_of(start);
  touch(s);
  g_[s] = 0;
  parent_[s] = s;
  open.push({heuristic(start), heuristic(start), seq++, s});

  const size_t move_count = options.diagonals ? 8 : 4;
  while (!open.empty()) {
    Open top = open.top();
    open.pop();
    if (closed_[top.index]) continue;  // a stale entry: a cheaper one was expanded
    closed_[top.index] = 1;
    Coord c = coord_of(top.index);
    if (is_goal(c)) {
      result.status = PathStatus::Found;
      result.cost = g_[top.index];
      for (uint32_t i = top.index;; i = parent_[i]) {
        result.cells.push_back(coord_of(i));
        if (i == s) break;
      }
      std::reverse(result.cells.begin(), result.cells.end());
      return result;
    }
    if (++result.expanded > options.max_expanded) {
      result.status = PathStatus::LimitReached;
      result.reason = fmt::format("gave up after {} cells without reaching ({}, {}, {})", options.max_expanded,
                                  goal.x, goal.y, goal.z);
      return result;
    }
    for (size_t m = 0; m < move_count; ++m) {
      const Move& move = kMoves[m];
      for (int dy : kVerticalSteps) {
        if (move.diagonal && dy != 0) continue;  // diagonal jumps and drops clip corners
        if (dy < -options.max_drop) continue;
        Coord n{c.x + move.dx, c.y + dy, c.z + move.dz};
        if (!box.contains(n) || !walkable(n)) continue;
        // Body clearance for the transition.
        if (dy > 0 && !passable({c.x, c.y + 2, c.z})) continue;      // head room for the jump
        if (dy < 0 && !passable({n.x, c.y + 1, n.z})) continue;      // walk out before dropping
        if (dy < -1 && !(passable({n.x, c.y, n.z}) && (dy > -3 || passable({n.x, c.y - 1, n.z})))) continue;  // the shaft fallen through
        if (move.diagonal && !(passable({c.x + move.dx, c.y, c.z}) && passable({c.x + move.dx, c.y + 1, c.z}) &&
                               passable({c.x, c.y, c.z + move.dz}) && passable({c.x, c.y + 1, c.z + move.dz})))
          continue;  // no corner cutting
        Milliticks step = (move.diagonal ? diag : walk) + (dy > 0 ? costs.jump_extra : dy < 0 ? costs.drop_extra : 0) +
                          (dy < -1 ? Milliticks(-1 - dy) * options.fall_block : 0);
        uint32_t ni = index_of(n);
        touch(ni);
        if (closed_[ni]) continue;
        Milliticks g = g_[top.index] + step;
        if (g >= g_[ni]) continue;
        g_[ni] = g;
        parent_[ni] = top.index;
        Milliticks h = heuristic(n);
        open.push({g + h, h, seq++, ni});
      }
    }
  }
  result.status = PathStatus::NoPath;
  result.reason = fmt::format("no walkable route from ({}, {}, {}) to ({}, {}, {}) within the search box", start.x,
                              start.y, start.z, goal.x, goal.y, goal.z);
  return result;
}

}  // namespace plank::agent
