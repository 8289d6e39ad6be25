#include "agents/iglu/learned/zone_program.h"

#include <algorithm>
#include <climits>

namespace plank::iglu {

std::string_view shape_name(ProgramShape s) {
  switch (s) {
    case ProgramShape::Block: return "block";
    case ProgramShape::Row: return "row";
    case ProgramShape::Column: return "column";
    case ProgramShape::Floor: return "floor";
    case ProgramShape::Wall: return "wall";
  }
  return "?";
}

std::vector<Block> shape_cells(const ZoneProgram& p) {
  std::vector<Block> out;
  auto put = [&](int x, int y, int z) { out.push_back({x, p.base + y, z, p.colour}); };
  switch (p.shape) {
    case ProgramShape::Block: put(0, 0, 0); break;
    case ProgramShape::Row:
      for (int i = 0; i < p.length; ++i) put(i, 0, 0);
      break;
    case ProgramShape::Column:
      for (int i = 0; i < p.length; ++i) put(0, i, 0);
      break;
    case ProgramShape::Floor:
      for (int i = 0; i < p.length; ++i)
        for (int j = 0; j < p.width; ++j) put(i, 0, j);
      break;
    case ProgramShape::Wall:
      for (int i = 0; i < p.length; ++i)
        for (int j = 0; j < p.width; ++j) put(i, j, 0);
      break;
  }
  return out;
}

namespace {

ProgramEffect run_add(const ZoneProgram& p, const std::vector<Block>& world) {
  ZoneGrid zone = ZoneGrid::of(world);
  std::vector<Block> cells = shape_cells(p);
  // Where it should start: the anchor's highest block, else the zone's middle.
  const Block* anchor = nullptr;
  for (const Block& b : world)
    if (p.anchor && b.colour == p.anchor && (!anchor || b.y > anchor->y)) anchor = &b;
  // Every placement (offset, along x or along z): the most cells that land
  // inside and empty, then the first cell nearest the anchor (the shape's
  // middle nearest the zone's without one).
  int best_fit = -1, best_d = INT_MAX, best_x = 0, best_z = 0;
  bool best_turned = false;
  for (int turned = 0; turned < 2; ++turned)
    for (int ox = 0; ox < kZoneX; ++ox)
      for (int oz = 0; oz < kZoneZ; ++oz) {
        int fit = 0, sx = 0, sz = 0;
        for (const Block& c : cells) {
          int x = ox + (turned ? c.z : c.x), z = oz + (turned ? c.x : c.z);
          sx += x, sz += z;
          fit += inside_zone(x, c.y, z) && zone.at(x, c.y, z) == 0;
        }
        int n = int(cells.size()), d = 0;
        if (anchor)
          d = (ox - anchor->x) * (ox - anchor->x) + (oz - anchor->z) * (oz - anchor->z);
        else
          d = (2 * sx - 10 * n) * (2 * sx - 10 * n) + (2 * sz - 10 * n) * (2 * sz - 10 * n);
        if (fit > best_fit || (fit == best_fit && d < best_d))
          best_fit = fit, best_d = d, best_x = ox, best_z = oz, best_turned = turned;
      }
  ProgramEffect e;
  for (const Block& c : cells) {
    int x = best_x + (best_turned ? c.z : c.x), z = best_z + (best_turned ? c.x : c.z);
    if (inside_zone(x, c.y, z) && zone.at(x, c.y, z) == 0) e.add.push_back({x, c.y, z, p.colour});
  }
  return e;
}

ProgramEffect run_remove(const ZoneProgram& p, const std::vector<Block>& world) {
  const int colour = p.action == ProgramAction::Recolour ? p.from : p.colour;
  std::vector<Block> mine;
  for (const Block& b : world)
    if (b.colour == colour && inside_zone(b.x, b.y, b.z)) mine.push_back(b);
  // Highest first; within a layer the data set's order (x, then z).
  std::stable_sort(mine.begin(), mine.end(), [](const Block& a, const Block& b) { return a.y > b.y; });
  if (int(mine.size()) > p.length) mine.resize(size_t(std::max(0, p.length)));
  if (p.action == ProgramAction::Remove) return {{}, mine};
  ProgramEffect e{{}, mine};
  if (p.from == p.colour) return {};  // no change
  for (Block b : mine) e.add.push_back({b.x, b.y, b.z, p.colour});
  return e;
}

}  // namespace

ProgramEffect run_program(const ZoneProgram& p, const std::vector<Block>& world) {
  return p.action == ProgramAction::Add ? run_add(p, world) : run_remove(p, world);
}

std::string describe(const ZoneProgram& p) {
  std::string colour(colour_name(p.colour));
  if (p.action == ProgramAction::Remove) return "remove the " + std::to_string(p.length) + " highest " + colour;
  if (p.action == ProgramAction::Recolour)
    return "make the " + std::to_string(p.length) + " highest " + std::string(colour_name(p.from)) + " " + colour;
  std::string s = "add a " + colour + " " + std::string(shape_name(p.shape));
  if (p.shape == ProgramShape::Row || p.shape == ProgramShape::Column) s += " of " + std::to_string(p.length);
  if (p.shape == ProgramShape::Floor || p.shape == ProgramShape::Wall)
    s += " of " + std::to_string(p.length) + "x" + std::to_string(p.width);
  s += " at height " + std::to_string(p.base);
  if (p.anchor) s += " from the " + std::string(colour_name(p.anchor)) + " block";
  return s;
}

}  // namespace plank::iglu
