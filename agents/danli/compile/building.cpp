#include "agents/danli/compile/building.h"

#include "agents/danli/compile/subgoals.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "world/voxels/entities.h"

namespace plank::danli {

namespace {

// Room around the structure for the agent to stand and reach from.
constexpr int kMargin = 2;
// agent::AgentOptions::reach less a margin: the agent may stand a little off its cell's centre.
constexpr double kReach = 4.3;

std::string coord_part(int v) { return v < 0 ? fmt::format("m{}", -v) : fmt::format("{}", v); }
std::string cell_name(world::Coord c) {
  return fmt::format("c{}_{}_{}", coord_part(c.x), coord_part(c.y), coord_part(c.z));
}

bool reaches(world::Coord feet, world::Coord c) {
  double ex = feet.x + 0.5, ey = feet.y + world::kEyeHeight, ez = feet.z + 0.5;
  double dx = c.x + 0.5 - ex, dy = c.y + 0.5 - ey, dz = c.z + 0.5 - ez;
  return dx * dx + dy * dy + dz * dz <= kReach * kReach;
}

}  // namespace

const std::vector<std::string>& structure_kinds() {
  static const std::vector<std::string> k = {"wall", "bridge", "cabin"};
  return k;
}

std::optional<Structure> make_structure(const std::string& kind, world::Coord o, int size, const std::string& block,
                                        std::string* why) {
  if (size < 2 || size > 12) {
    *why = fmt::format("a structure's size must be from 2 to 12, not {}", size);
    return std::nullopt;
  }
  Structure s{kind, block, {}};
  if (kind == "wall") {
    for (int i = 0; i < size; ++i)
      for (int j = 0; j < 2; ++j) s.cells.push_back({o.x + i, o.y + j, o.z});
  } else if (kind == "bridge") {
    for (int i = 0; i < size; ++i) s.cells.push_back({o.x + i, o.y, o.z});
  } else if (kind == "cabin") {
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < size; ++i)
        for (int k = 0; k < size; ++k) {
          const bool edge = i == 0 || k == 0 || i == size - 1 || k == size - 1;
          if (j == 2 || edge) s.cells.push_back({o.x + i, o.y + j, o.z + k});
        }
  } else {
    *why = fmt::format("unknown structure '{}' (expected wall, bridge or cabin)", kind);
    return std::nullopt;
  }
  return s;
}

std::optional<BuildSite> make_build_site(const std::string& kind, int size, const std::string& block,
                                        std::string* why) {
  const bool bridge = kind == "bridge";
  auto s = make_structure(kind, bridge ? world::Coord{2, -1, 0} : world::Coord{2, 0, 2}, size, block, why);
  if (!s) return std::nullopt;
  BuildSite site{std::make_unique<world::World>(world::BlockRegistry::builtin(), world::WorldOptions{}), *s};
  if (!site.world->registry().find(block)) {
    *why = fmt::format("'{}' is not a block", block);
    return std::nullopt;
  }
  if (bridge) {
    auto air = *site.world->registry().find("air");
    for (int x = 2; x < 2 + size; ++x)
      for (int y = -3; y <= -1; ++y)
        for (int z = -10; z <= 10; ++z) site.world->set_block({x, y, z}, air);
  }
  return site;
}

bool structure_built(const world::World& world, const Structure& s) {
  auto id = world.registry().find(s.block);
  if (!id) return false;
  return std::all_of(s.cells.begin(), s.cells.end(), [&](world::Coord c) { return world.block(c) == *id; });
}

BuildProblem compile_build(const world::World& world, const Structure& s, world::Coord feet) {
  BuildProblem p;
  auto block = world.registry().find(s.block);
  if (!block) {
    p.why = fmt::format("'{}' is not a block", s.block);
    return p;
  }
  world::Coord lo = feet, hi = feet;
  for (const auto& c : s.cells) {
    lo = {std::min(lo.x, c.x - kMargin), std::min(lo.y, c.y - 1), std::min(lo.z, c.z - kMargin)};
    hi = {std::max(hi.x, c.x + kMargin), std::max(hi.y, c.y + 2), std::max(hi.z, c.z + kMargin)};
  }
  lo.y = std::min(lo.y, feet.y - 1);
  hi.y = std::max(hi.y, feet.y + 1);
  auto inside = [&](world::Coord c) {
    return c.x >= lo.x && c.x <= hi.x && c.y >= lo.y && c.y <= hi.y && c.z >= lo.z && c.z <= hi.z;
  };
  const std::set<world::Coord> fills(s.cells.begin(), s.cells.end());
  std::vector<world::Coord> cells;
  for (int x = lo.x; x <= hi.x; ++x)
    for (int y = lo.y; y <= hi.y; ++y)
      for (int z = lo.z; z <= hi.z; ++z) cells.push_back({x, y, z});

  std::string objects, init, goal;
  std::vector<world::Coord> spots;
  for (const auto& c : cells) {
    const std::string n = cell_name(c);
    p.cell_named[n] = c;
    objects += " " + n;
    const bool solid = world.solid(c);
    if (fills.count(c) && solid && world.block(c) != *block) {
      p.why = fmt::format("the structure's cell ({}, {}, {}) holds {}: clear it first", c.x, c.y, c.z,
                          world.type_at(c).name);
      return p;
    }
    if (solid) init += fmt::format("    (solid {})\n", n);
    for (world::Coord d : {world::Coord{c.x + 1, c.y, c.z}, world::Coord{c.x - 1, c.y, c.z}, world::Coord{c.x, c.y + 1, c.z},
                           world::Coord{c.x, c.y - 1, c.z}, world::Coord{c.x, c.y, c.z + 1}, world::Coord{c.x, c.y, c.z - 1}})
      if (inside(d)) init += fmt::format("    (adjacent {} {})\n", n, cell_name(d));
    world::Coord under{c.x, c.y - 1, c.z}, head{c.x, c.y + 1, c.z};
    // A cell the agent may stand in: room for it now, and under it something solid or a cell the
    // structure fills (the far end of a bridge is reached by standing on its near end).
    if (!solid && inside(under) && inside(head) && !fills.count(c) && (world.solid(under) || fills.count(under))) {
      spots.push_back(c);
      init += fmt::format("    (below {0} {1}) (head {0} {2}) (body {0} {0}) (body {0} {2})\n", n,
                          cell_name(under), cell_name(head));
    }
  }
  // Walking: from a standing cell (or where the agent stands now) to a neighbouring one.
  const std::set<world::Coord> standing(spots.begin(), spots.end());
  std::vector<world::Coord> from = spots;
  if (!standing.count(feet)) from.push_back(feet);
  for (const auto& a : from)
    for (int dy = -1; dy <= 1; ++dy)
      for (world::Coord d : {world::Coord{1, dy, 0}, world::Coord{-1, dy, 0}, world::Coord{0, dy, 1}, world::Coord{0, dy, -1}})
        if (world::Coord b{a.x + d.x, a.y + d.y, a.z + d.z}; standing.count(b))
          init += fmt::format("    (step {} {})\n", cell_name(a), cell_name(b));
  for (const auto& sp : spots)
    for (const auto& c : s.cells)
      if (reaches(sp, c)) init += fmt::format("    (reach {} {})\n", cell_name(sp), cell_name(c));
  for (const auto& c : s.cells) goal += fmt::format(" (solid {})", cell_name(c));
  p.pddl = fmt::format(
      "(define (problem build-{}) (:domain plank-build)\n  (:objects{} - cell)\n  (:init (= (total-cost) 0) (agent-at {})\n{}  )\n"
      "  (:goal (and{}))\n  (:metric minimize (total-cost)))\n",
      s.kind, objects, cell_name(feet), init, goal);
  return p;
}

std::string build_domain(std::string* error) { return read_stdlib_pddl("build.pddl", error); }

}  // namespace plank::danli
