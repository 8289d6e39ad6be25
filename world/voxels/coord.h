// Integer block coordinates. y is up; x east, z south (Minecraft's frame), so a
// scene from CraftAssist or IGLU drops in without axis swaps.
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>

namespace plank::world {

struct Coord {
  int32_t x = 0, y = 0, z = 0;
  friend bool operator==(const Coord&, const Coord&) = default;
  friend auto operator<=>(const Coord&, const Coord&) = default;
  Coord operator+(const Coord& o) const { return {x + o.x, y + o.y, z + o.z}; }
};

// Inclusive axis-aligned box of cells; empty() when min > max on any axis.
struct Box {
  Coord min{1, 1, 1}, max{0, 0, 0};
  static Box of(Coord a, Coord b) {
    return {{std::min(a.x, b.x), std::min(a.y, b.y), std::min(a.z, b.z)},
            {std::max(a.x, b.x), std::max(a.y, b.y), std::max(a.z, b.z)}};
  }
  bool empty() const { return min.x > max.x || min.y > max.y || min.z > max.z; }
  bool contains(Coord c) const {
    return c.x >= min.x && c.x <= max.x && c.y >= min.y && c.y <= max.y && c.z >= min.z && c.z <= max.z;
  }
  void add(Coord c) {
    if (empty()) { min = max = c; return; }
    min = {std::min(min.x, c.x), std::min(min.y, c.y), std::min(min.z, c.z)};
    max = {std::max(max.x, c.x), std::max(max.y, c.y), std::max(max.z, c.z)};
  }
  Coord size() const { return empty() ? Coord{0, 0, 0} : Coord{max.x - min.x + 1, max.y - min.y + 1, max.z - min.z + 1}; }
  friend bool operator==(const Box&, const Box&) = default;
};

struct CoordHash {
  size_t operator()(const Coord& c) const noexcept {
    uint64_t h = (uint64_t(uint32_t(c.x)) * 0x9E3779B97F4A7C15ull) ^ (uint64_t(uint32_t(c.y)) * 0xC2B2AE3D27D4EB4Full) ^
                 (uint64_t(uint32_t(c.z)) * 0x165667B19E3779F9ull);
    return size_t(h ^ (h >> 29));
  }
};

}  // namespace plank::world
