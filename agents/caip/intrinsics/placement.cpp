#include "agents/caip/intrinsics/placement.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <tuple>

namespace plank::caip {

namespace {

Coord snap(int dx, int dz) {
  if (dx == 0 && dz == 0) return {0, 0, 0};
  if (std::abs(dx) >= std::abs(dz)) return {dx > 0 ? 1 : -1, 0, 0};
  return {0, 0, dz > 0 ? 1 : -1};
}

Coord scaled(Coord v, int k) { return {v.x * k, v.y * k, v.z * k}; }

// "Next to X" in the way on the side facing the speaker: every side of X is
// next to it, so the search goes round X, nearest to X first: each side's spot
// (the same gap, centred on X), slid along X's face while still beside it, then
// further out. The facing side wins ties.
std::optional<Coord> site_round(const Obstacles& obstacles, const Location& loc, Coord origin, const std::vector<Coord>& cells,
                                const Box& extent, int reach) {
  const Box& a = *loc.anchor;
  Coord size = extent.size();
  Coord rel{extent.min.x - origin.x, extent.min.y - origin.y, extent.min.z - origin.z};  // the cells' box, relative
  auto gap_on = [&](Coord v) {
    if (v.x > 0) return extent.min.x - a.max.x;
    if (v.x < 0) return a.min.x - extent.max.x;
    if (v.z > 0) return extent.min.z - a.max.z;
    return a.min.z - extent.max.z;
  };
  int gap = std::max(1, gap_on(loc.away));
  Coord mid{(a.min.x + a.max.x) / 2, 0, (a.min.z + a.max.z) / 2};
  struct Candidate {
    int cost, out, slide, side;
    Coord origin;
  };
  std::vector<Candidate> candidates;
  const Coord sides[] = {loc.away, {-loc.away.z, 0, loc.away.x}, {loc.away.z, 0, -loc.away.x}, scaled(loc.away, -1)};
  for (int side = 0; side < 4; ++side) {
    Coord v = sides[side], perp{-v.z, 0, v.x};
    Coord lo{0, extent.min.y, 0};  // the box's lowest corner on this side
    if (v.x > 0) lo.x = a.max.x + gap;
    if (v.x < 0) lo.x = a.min.x - gap - size.x + 1;
    if (v.z > 0) lo.z = a.max.z + gap;
    if (v.z < 0) lo.z = a.min.z - gap - size.z + 1;
    if (v.x) lo.z = side == 0 ? extent.min.z : mid.z - size.z / 2;
    if (v.z) lo.x = side == 0 ? extent.min.x : mid.x - size.x / 2;
    // Sliding along the face keeps the site beside X while it overlaps X's face.
    int slack = (std::abs(perp.x) ? a.size().x + size.x : a.size().z + size.z) / 2;
    for (int out = 0; out <= reach; ++out)
      for (int slide = -reach; slide <= reach; ++slide) {
        Coord o = lo + scaled(rel, -1) + scaled(v, out) + scaled(perp, slide);
        candidates.push_back({out + std::max(0, std::abs(slide) - slack), out, std::abs(slide), side, o});
      }
  }
  std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& p, const Candidate& q) {
    return std::tie(p.cost, p.out, p.slide, p.side) < std::tie(q.cost, q.out, q.slide, q.side);
  });
  for (const Candidate& c : candidates)
    if (c.origin != origin && !obstacles.first_blocked(c.origin, cells)) return c.origin;
  return std::nullopt;
}

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

bool footing_waived(const Location& loc) {
  return loc.exact || loc.direction == "UP" || loc.direction == "DOWN" || loc.direction == "INSIDE" ||
         loc.direction == "AROUND";
}

Obstacles::Obstacles(Assistant& s, const Location& loc, bool footing) : s_(s), loc_(loc), footing_(footing) {
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

const std::vector<Coord>& Obstacles::bottoms(const std::vector<Coord>& cells) const {
  if (bottoms_of_ == &cells) return bottoms_;
  bottoms_of_ = &cells;
  bottoms_.clear();
  // The shape's bottom layer: what it stands on the ground with (a ball's lowest disc, an arch's feet).
  int lowest = INT32_MAX;
  for (Coord c : cells) lowest = std::min(lowest, c.y);
  for (Coord c : cells)
    if (c.y == lowest) bottoms_.push_back(c);
  std::sort(bottoms_.begin(), bottoms_.end());
  return bottoms_;
}

// Water, lava or air under a cell of the bottom layer: nothing holds it up.
bool Obstacles::unfooted(Coord origin, Coord bottom) const {
  Coord under = origin + bottom;
  --under.y;
  return !s_.world().solid(under);
}

bool Obstacles::refuses(Coord origin, const std::vector<Coord>& cells, Coord c) const {
  if (blocked(origin + c)) return true;
  if (!footing_) return false;
  const auto& b = bottoms(cells);
  return std::binary_search(b.begin(), b.end(), c) && unfooted(origin, c);
}

std::optional<Coord> Obstacles::first_blocked(Coord origin, const std::vector<Coord>& cells) const {
  for (Coord c : cells)
    if (blocked(origin + c)) return origin + c;
  if (footing_)
    for (Coord c : bottoms(cells))
      if (unfooted(origin, c)) return Coord{origin.x + c.x, origin.y + c.y - 1, origin.z + c.z};  // what is under it
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
  if (!s_.world().solid(blocked)) return "the " + s_.world().type_at(blocked).name + " under it";  // no footing
  return "the " + s_.world().type_at(blocked).name;
}

std::optional<Site> find_site(Assistant& s, const Location& loc, Coord origin, const std::vector<Coord>& cells,
                              const std::string& what, const std::string& verb, Give give) {
  Obstacles obstacles(s, loc, verb == "build" && !footing_waived(loc));
  auto blocked = obstacles.first_blocked(origin, cells);
  if (!blocked) return Site{origin, false, {}, {}};
  std::string blocker = obstacles.describe(*blocked);
  if (give == Give::Gaps) {
    Site site{origin, false, blocker, {}};
    for (Coord c : cells)
      if (obstacles.refuses(origin, cells, c)) site.gaps.push_back(c);
    if (site.gaps.size() * 4 <= cells.size()) return site;
  } else {
    Box extent;
    for (Coord c : cells) extent.add(origin + c);
    int reach = std::clamp(2 * std::max(extent.size().x, extent.size().z) + 4, 8, 32);
    // Only the first copy of a repeat: later ones keep the repeat's layout.
    bool beside_anything =
        loc.direction == "NEAR" && loc.copy == 0 && loc.anchor && loc.away.y == 0 && loc.away != Coord{0, 0, 0};
    if (beside_anything) {
      if (auto o = site_round(obstacles, loc, origin, cells, extent, reach)) return Site{*o, true, blocker, {}};
      s.unsure(Doubt::ask("in_the_way").with("what", what).with("verb", verb).with("blocker", blocker));
      return std::nullopt;
    }
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
    // Stairs leading to something must stay against it: along its side first.
    if (loc.direction == "LEADING_TO") dirs = {side, scaled(side, -1), primary};
    if (!anchored) dirs.push_back(scaled(primary, -1));  // never back through the anchor
    // A side of an object ("to the left of the house") stays that side: a shift across the way may not take the
    // shape past the object's own span on that axis (five pyramids left of the house do not go across the river
    // north of it); along the asked way it may go further, up to twice the reach.
    bool sided = anchored && loc.anchor && (loc.direction == "LEFT" || loc.direction == "RIGHT" ||
                                            loc.direction == "FRONT" || loc.direction == "BACK");
    auto stays_sided = [&](Coord o) {
      if (!sided) return true;
      Coord shift{o.x - origin.x, 0, o.z - origin.z};
      if (primary.x != 0) return extent.min.z + shift.z <= loc.anchor->max.z && extent.max.z + shift.z >= loc.anchor->min.z;
      return extent.min.x + shift.x <= loc.anchor->max.x && extent.max.x + shift.x >= loc.anchor->min.x;
    };
    for (int r = 1; r <= (sided ? 2 * reach : reach); ++r)
      for (Coord d : dirs) {
        if (r > reach && d != primary) continue;
        Coord o = origin + scaled(d, r);
        if (!stays_sided(o)) continue;
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
          // Not in a doorway: a door is passable to the path finder but no place to stand.
          if (paths.walkable(c) && !s.world().solid(c) && !taken(c)) return c;
        }
      }
  return std::nullopt;
}

}  // namespace plank::caip
