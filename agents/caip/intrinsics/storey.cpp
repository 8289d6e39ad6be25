// "Build a second story for our house": a storey goes *into* the building, not
// on its roof. The building's storey is its run of wall layers (over the border
// of the footprint it stands on, from the layer above its bottom up); what lies
// above them (a ceiling, a roof) is lifted by a storey's height, and the gap gets
// a floor over the whole footprint and a copy of the wall layers (a door in them
// becomes wall: it would open onto the air). Only the building's own cells,
// ground and air change; every object wholly in the lifted part (the roof) is
// lifted with it and keeps its name, and the building keeps its name over all of
// its cells.
#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "agents/caip/intrinsics/acts.h"
#include "agents/caip/intrinsics/blocks.h"

namespace plank::caip {

namespace {

bool on_border(const Box& foot, Coord c) {
  return c.x == foot.min.x || c.x == foot.max.x || c.z == foot.min.z || c.z == foot.max.z;
}

// The wall layers over the bottom one: [bottom + 1, top], each inside the bottom's footprint, holding at
// least half of the footprint's border and leaving some of its inside free (furniture may stand there; a
// ceiling or a roof slab covers it all). nullopt when the layer above the bottom is no such layer.
std::optional<int> wall_top(const std::map<int, std::vector<Coord>>& layers, const Box& foot) {
  if (layers.size() < 2) return std::nullopt;
  if (foot.size().x < 3 || foot.size().z < 3) return std::nullopt;  // no room inside: a post, a wall
  const int border = 2 * (foot.size().x + foot.size().z) - 4, inside = (foot.size().x - 2) * (foot.size().z - 2);
  std::optional<int> top;
  for (int y = layers.begin()->first + 1; layers.count(y); ++y) {
    int on = 0, in = 0;
    bool within = true;
    for (Coord c : layers.at(y)) {
      within = within && c.x >= foot.min.x && c.x <= foot.max.x && c.z >= foot.min.z && c.z <= foot.max.z;
      (on_border(foot, c) ? on : in) += 1;
    }
    if (!within || 2 * on < border || in >= inside) break;
    top = y;
  }
  return top;
}

bool door_block(const std::string& name) { return name.find("door") != std::string::npos || name.ends_with("gate"); }

}  // namespace

bool act_add_storey(Assistant& s, int thing) {
  if (!s.valid_thing(thing)) return false;
  const Thing t = s.thing(thing);
  world::World& w = s.world();
  const auto& reg = w.registry();
  if (t.kind != ThingKind::Object) {
    s.refuse("I can only add a storey to a building, not " + t.describe() + ".");
    return false;
  }
  std::map<int, std::vector<Coord>> layers;
  for (Coord c : t.cells)
    if (w.solid(c)) layers[c.y].push_back(c);
  Box foot;
  for (Coord c : layers.begin()->second) foot.add(c);
  auto top = wall_top(layers, foot);
  if (!top) {
    s.refuse("I can't tell what a storey of " + t.describe() + " is: it has no walls round a room.");
    return false;
  }
  const int bottom = layers.begin()->first, height = *top - bottom, rise = height + 1;
  // The walls' main block: the floor and the doorway's fill are of it.
  std::map<world::BlockId, int> counts;
  for (int y = bottom + 1; y <= *top; ++y)
    for (Coord c : layers.at(y))
      if (on_border(foot, c)) ++counts[w.block(c)];
  world::BlockId wall = std::max_element(counts.begin(), counts.end(), [](auto& a, auto& b) { return a.second < b.second; })->first;

  std::map<Coord, world::BlockId> target;  // what each changed cell becomes
  std::vector<Coord> lifted;                // the cells above the walls, before
  for (const auto& [y, cells] : layers)
    if (y > *top)
      for (Coord c : cells) lifted.push_back(c), target[c] = world::kAir;
  // The new floor: where the building had a ceiling (the layer over the walls, lifted), the same blocks
  // stay (corner posts, planks); elsewhere the walls' block.
  const std::set<Coord> own(t.cells.begin(), t.cells.end());
  for (int x = foot.min.x; x <= foot.max.x; ++x)
    for (int z = foot.min.z; z <= foot.max.z; ++z) {
      Coord c{x, *top + 1, z};
      target[c] = own.count(c) && w.solid(c) ? w.block(c) : wall;
    }
  for (int y = bottom + 1; y <= *top; ++y)
    for (Coord c : layers.at(y)) {
      if (!on_border(foot, c)) continue;  // the walls, not what stands inside
      world::BlockId b = w.block(c);
      target[{c.x, c.y + rise, c.z}] = door_block(reg[b].name) ? wall : b;
    }
  for (Coord c : lifted) target[{c.x, c.y + rise, c.z}] = w.block(c);
  std::vector<Placement> removals, placements;
  for (const auto& [c, b] : target) {
    if (w.block(c) == b) continue;
    if (!own.count(c) && !s.natural_or_air(c)) {
      const Thing* other = s.thing_at(c);
      s.refuse(fmt::format("{} is in the way of a new storey on {}.", other ? other->describe() : "Something", t.describe()));
      return false;
    }
    (b == world::kAir ? removals : placements).push_back({c, b});
  }
  // The lifted part comes off first, then the new storey and the part again, bottom first.
  std::stable_sort(placements.begin(), placements.end(), [](const Placement& a, const Placement& b) { return a.at.y < b.at.y; });
  std::vector<Placement> cells = removals;
  cells.insert(cells.end(), placements.begin(), placements.end());

  agent::TaskId task = s.start_task("BUILD", "a storey on " + t.describe());
  bool out_of_time = false;
  size_t changed = apply(s, task, "build", cells, &out_of_time, false);
  // Names: the building over its new cells; an object wholly in the lifted part (its roof) lifted with it.
  const std::set<Coord> lifted_set(lifted.begin(), lifted.end());
  struct Renamed {
    std::string name;
    std::vector<std::string> tags;
    std::vector<Placement> cells;
  };
  std::vector<Renamed> renamed;
  s.log().begin(task, "forget", s.clock().now());
  for (size_t i = w.annotations().size(); i-- > 0;) {
    const world::Annotation& a = w.annotations()[i];
    bool building = a.name == t.name && a.cells == t.cells;
    bool in_lifted = !a.cells.empty() && std::all_of(a.cells.begin(), a.cells.end(), [&](Coord c) { return lifted_set.count(c) > 0; });
    if (!building && !in_lifted) continue;
    Renamed r{a.name, a.tags, {}};
    for (Coord c : a.cells) {
      Coord at = lifted_set.count(c) ? Coord{c.x, c.y + rise, c.z} : c;
      r.cells.push_back({at, w.block(at)});
    }
    if (building)
      for (const auto& p : placements) r.cells.push_back(p);
    renamed.push_back(std::move(r));
    w.erase_annotation(i);
  }
  s.log().end();
  for (auto it = renamed.rbegin(); it != renamed.rend(); ++it) annotate(s, task, it->name, it->tags, it->cells);
  s.finish_task(task, !out_of_time && changed > 0);
  if (out_of_time) {
    s.refuse(fmt::format("I changed {} of the {} blocks of the new storey before the time for one command ran out.", changed,
                         cells.size()));
    return false;
  }
  s.say(fmt::format("I added a storey ({}x{}x{}, {}) to {}, on its walls, and raised what was above them by {} ({} blocks).",
                    foot.size().x, rise, foot.size().z, reg[wall].name, t.describe(), rise, changed));
  s.mark_done();
  return true;
}

}  // namespace plank::caip
