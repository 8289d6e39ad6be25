#include "agents/caip/intrinsics/placement.h"

#include <algorithm>
#include <cmath>

namespace plank::caip {

namespace {

Coord snap(int dx, int dz) {
  if (dx == 0 && dz == 0) return {0, 0, 0};
  if (std::abs(dx) >= std::abs(dz)) return {dx > 0 ? 1 : -1, 0, 0};
  return {0, 0, dz > 0 ? 1 : -1};
}

Coord scaled(Coord v, int k) { return {v.x * k, v.y * k, v.z * k}; }

}  // namespace

Coord origin_for(const Location& loc, Coord size) {
  Coord o{loc.at.x - size.x / 2, loc.at.y, loc.at.z - size.z / 2};
  if (loc.away.x > 0) o.x = loc.at.x;
  if (loc.away.x < 0) o.x = loc.at.x - size.x + 1;
  if (loc.away.z > 0) o.z = loc.at.z;
  if (loc.away.z < 0) o.z = loc.at.z - size.z + 1;
  if (loc.away.y < 0) o.y = loc.at.y - size.y + 1;
  return o;
}

Obstacles::Obstacles(Assistant& s, const Location& loc) : s_(s), loc_(loc) {
  for (const auto& e : s.world().entities()) {
    if (e.kind == world::EntityKind::Agent) continue;  // the agent steps out of the site before building
    Coord feet = world::cell_of(e.pose.pos);
    people_.push_back(feet);
    people_.push_back({feet.x, feet.y + 1, feet.z});
  }
  std::sort(people_.begin(), people_.end());
}

bool Obstacles::blocked(Coord p) const {
  if (std::binary_search(people_.begin(), people_.end(), p)) return true;
  if (s_.natural_or_air(p)) return false;
  // Inside an object ("a tower in the field"): its crops, flowers or water may go; its solid blocks stay.
  if (loc_.direction == "INSIDE" && !s_.world().solid(p) &&
      std::binary_search(loc_.anchor_cells.begin(), loc_.anchor_cells.end(), p))
    return false;
  return true;
}

std::optional<Coord> Obstacles::first_blocked(Coord origin, const std::vector<Coord>& cells) const {
  for (Coord c : cells)
    if (blocked(origin + c)) return origin + c;
  return std::nullopt;
}

std::string Obstacles::describe(Coord blocked) const {
  for (const auto& e : s_.world().entities()) {
    Coord feet = world::cell_of(e.pose.pos);
    if (blocked == feet || blocked == Coord{feet.x, feet.y + 1, feet.z}) {
      if (e.kind == world::EntityKind::Speaker) return "you";
      if (e.kind == world::EntityKind::Mob) return "the " + e.type;
    }
  }
  if (const Thing* t = s_.thing_at(blocked)) return t->describe();
  return "the " + s_.world().type_at(blocked).name;
}

std::optional<Site> find_site(Assistant& s, const Location& loc, Coord origin, const std::vector<Coord>& cells,
                              const std::string& what, const std::string& verb, Give give) {
  Obstacles obstacles(s, loc);
  auto blocked = obstacles.first_blocked(origin, cells);
  if (!blocked) return Site{origin, false, {}, {}};
  std::string blocker = obstacles.describe(*blocked);
  if (give == Give::Gaps) {
    Site site{origin, false, blocker, {}};
    for (Coord c : cells)
      if (obstacles.blocked(origin + c)) site.gaps.push_back(c);
    if (site.gaps.size() * 4 <= cells.size()) return site;
  } else {
    Box extent;
    for (Coord c : cells) extent.add(origin + c);
    // The asked side first; with none, away from what is in the way.
    Coord primary{loc.away.x, 0, loc.away.z};
    bool anchored = primary != Coord{0, 0, 0};
    if (!anchored) {
      Coord mid{(extent.min.x + extent.max.x) / 2, 0, (extent.min.z + extent.max.z) / 2};
      primary = snap(mid.x - blocked->x, mid.z - blocked->z);
      if (primary == Coord{0, 0, 0}) primary = s.forward();
    }
    Coord side{-primary.z, 0, primary.x};
    std::vector<Coord> dirs{primary, side, scaled(side, -1)};
    if (!anchored) dirs.push_back(scaled(primary, -1));  // never back through the anchor
    int reach = std::clamp(2 * std::max(extent.size().x, extent.size().z) + 4, 8, 32);
    for (int r = 1; r <= reach; ++r)
      for (Coord d : dirs) {
        Coord o = origin + scaled(d, r);
        if (!obstacles.first_blocked(o, cells)) return Site{o, true, blocker, {}};
      }
  }
  s.unsure(Doubt::ask("in_the_way").with("what", what).with("verb", verb).with("blocker", blocker));
  return std::nullopt;
}

std::optional<Coord> standing_cell(Assistant& s, Coord at, int radius) {
  auto& paths = s.agent().pathfinder();
  auto taken = [&](Coord c) {
    for (const auto& e : s.world().entities())
      if (world::cell_of(e.pose.pos) == c) return true;
    return false;
  };
  for (int r = 0; r <= radius; ++r)
    for (int dz = -r; dz <= r; ++dz)
      for (int dx = -r; dx <= r; ++dx) {
        if (std::max(std::abs(dx), std::abs(dz)) != r) continue;
        for (int dy : {0, 1, -1, 2, -2, 3}) {
          Coord c{at.x + dx, at.y + dy, at.z + dz};
          if (paths.walkable(c) && !taken(c)) return c;
        }
      }
  return std::nullopt;
}

}  // namespace plank::caip
