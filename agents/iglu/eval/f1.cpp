#include "agents/iglu/eval/f1.h"

#include <algorithm>
#include <array>

namespace plank::iglu {
namespace {

struct Change {
  int x, y, z, delta;
};

std::vector<Change> changes(const ZoneGrid& from, const ZoneGrid& to) {
  std::vector<Change> out;
  for (int y = 0; y < kZoneY; ++y)
    for (int x = 0; x < kZoneX; ++x)
      for (int z = 0; z < kZoneZ; ++z)
        if (int d = to.at(x, y, z) - from.at(x, y, z)) out.push_back({x, y, z, d});
  return out;
}

// A dense grid of signed values (a change, or a whole zone), read at any cell.
struct Dense {
  std::array<int8_t, kZoneX * kZoneY * kZoneZ> v{};
  int at(int x, int y, int z) const { return inside_zone(x, y, z) ? v[(y * kZoneX + x) * kZoneZ + z] : 0; }
  void set(int x, int y, int z, int d) { v[(y * kZoneX + x) * kZoneZ + z] = int8_t(d); }
};

// The official code's rotation: (x, z) -> (z, 10 - x), applied `times` times.
Change rotate(Change c, int times) {
  for (int i = 0; i < times; ++i) c = {c.z, c.y, kZoneX - 1 - c.x, c.delta};
  return c;
}

// How many rotated target changes, moved by (-dx, -dz) as the official slices
// do, find their value in `grid`.
int matches(const std::vector<Change>& rotated, int dx, int dz, const Dense& grid) {
  int m = 0;
  for (const Change& c : rotated)
    if (grid.at(c.x - dx, c.y, c.z - dz) == c.delta) ++m;
  return m;
}

}  // namespace

F1Score iglu_f1(const ZoneGrid& initial, const ZoneGrid& target, const ZoneGrid& predicted, F1Mode mode) {
  std::vector<Change> dt = changes(initial, target), dp = changes(initial, predicted);
  F1Score s;
  s.target_changes = int(dt.size());
  s.predicted_changes = int(dp.size());
  if (dt.empty() || dp.empty()) return s;

  Dense delta_p, whole_p;
  for (const Change& c : dp) delta_p.set(c.x, c.y, c.z, c.delta);
  for (const Block& b : predicted.blocks()) whole_p.set(b.x, b.y, b.z, b.colour);

  int best = -1, best_m = 0;
  for (int r = 0; r < 4; ++r) {
    std::vector<Change> rotated;
    rotated.reserve(dt.size());
    for (const Change& c : dt) rotated.push_back(rotate(c, r));
    int min_x = kZoneX, max_x = -1, min_z = kZoneZ, max_z = -1;
    for (const Change& c : rotated) {
      min_x = std::min(min_x, c.x), max_x = std::max(max_x, c.x);
      min_z = std::min(min_z, c.z), max_z = std::max(max_z, c.z);
    }
    // The shifts that keep every changed cell inside the zone, in the official order.
    for (int dx = -(kZoneX - 1); dx <= kZoneX - 1; ++dx) {
      if (min_x - dx < 0 || max_x - dx >= kZoneX) continue;
      for (int dz = -(kZoneZ - 1); dz <= kZoneZ - 1; ++dz) {
        if (min_z - dz < 0 || max_z - dz >= kZoneZ) continue;
        if (mode == F1Mode::Max) {
          best_m = std::max(best_m, matches(rotated, dx, dz, delta_p));
        } else {
          int against_world = matches(rotated, dx, dz, whole_p);
          if (against_world > best) {  // strict: the first maximum stays
            best = against_world;
            best_m = matches(rotated, dx, dz, delta_p);
          }
        }
      }
    }
  }
  s.matched = best_m;
  if (best_m == 0) return s;
  s.precision = double(best_m) / s.predicted_changes;
  s.recall = double(best_m) / s.target_changes;
  s.f1 = 2.0 * best_m / (s.predicted_changes + s.target_changes);
  return s;
}

}  // namespace plank::iglu
