// What an exploring agent knows of the world (issue 30's `--world-mode explore`):
// the cells it has seen and the mobs it has seen. The controller, given a
// KnownMap, chooses only among sources this map holds and explores for the rest.
//
// Seeing is line of sight: from the eyes, rays in a fixed set of directions
// (a Fibonacci sphere) walk the voxel grid (Amanatides & Woo, as
// world/voxels/raycast.cpp) up to the view radius; every cell a ray enters is
// seen, and a ray stops at the first opaque cell (solid and not transparent:
// stone, dirt, logs; not air, water, glass or leaves), which is seen too. So
// on the surface the agent sees the ground and trees around it, underground
// only the walls of its own shaft or tunnel and the caves open to it. The rays
// are a sample: cells far out may fall between two of them (kRays rays at the
// default radius of 16 leave about one cell between neighbours at the edge).
// A mob is seen when it is within the radius and the line from the eyes to its
// body passes no opaque cell.
//
// The map is a bit per cell over a fixed box (the generated area); nothing
// outside it is ever known.
#pragma once
#include <cstdint>
#include <unordered_set>
#include <vector>

#include "world/voxels/world.h"

namespace plank::survival {

class KnownMap {
 public:
  KnownMap(const world::World& world, world::Box box, double view_radius = 16);

  // Looks around from `eye` (feet + world::kEyeHeight): marks what the rays reach, and the mobs seen.
  void observe(const world::World& world, world::Vec3 eye);

  bool known(world::Coord c) const {
    if (!box_.contains(c)) return false;
    size_t i = index(c);
    return (bits_[i >> 6] >> (i & 63)) & 1u;
  }
  bool seen_mob(world::EntityId id) const { return mobs_.count(id) != 0; }
  size_t cells_known() const { return known_count_; }
  size_t observations() const { return observations_; }
  double view_radius() const { return radius_; }
  const world::Box& box() const { return box_; }
  // Where each observation was made from (the eyes), in order; for tests and pictures.
  const std::vector<world::Vec3>& eyes() const { return eyes_; }
  bool opaque(world::BlockId b) const { return b < opaque_.size() && opaque_[b]; }

  static constexpr int kRays = 2400;

 private:
  size_t index(world::Coord c) const {
    return (size_t(c.y - box_.min.y) * size_t(size_.z) + size_t(c.z - box_.min.z)) * size_t(size_.x) +
           size_t(c.x - box_.min.x);
  }
  void mark(world::Coord c);

  world::Box box_;
  world::Coord size_;
  double radius_;
  std::vector<uint64_t> bits_;
  size_t known_count_ = 0, observations_ = 0;
  std::vector<bool> opaque_;            // by block id
  std::vector<world::Vec3> directions_;  // unit vectors, kRays of them
  std::unordered_set<world::EntityId> mobs_;
  std::vector<world::Vec3> eyes_;
};

}  // namespace plank::survival
