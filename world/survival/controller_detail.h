// What controller.cpp (the skills) and controller_world.cpp (reading the world, walking,
// digging, wandering mobs) share. Internal to world/survival.
#pragma once
#include <cstdint>
#include <cstdlib>
#include <string>

#include "world/survival/controller.h"

namespace plank::survival {

// How the agent gets to a chosen block: the cheapest of the three by the estimate in nearest().
enum class Route {
  Walk,    // open to the sky (or beside where the agent stands): A* to a cell within reach
  Tunnel,  // dig straight to it from where the agent is (it is underground already, or the block is near)
  Above,   // walk to the ground above it, then dig down
};

// A chosen block to break: where, which source, how to get there and what that should cost.
struct Controller::Target {
  world::Coord at;
  size_t source;
  Route route;
  double cost;  // estimated ticks per wanted item
};

namespace controller_detail {

inline constexpr world::Coord kUp{0, 1, 0};
inline int manhattan(world::Coord a, world::Coord b) {
  return std::abs(a.x - b.x) + std::abs(a.y - b.y) + std::abs(a.z - b.z);
}
inline world::Coord up(world::Coord c, int n = 1) { return {c.x, c.y + n, c.z}; }

// The cells searched: worldgen stays within y 0..160; scenes put the ground at y = -1.
inline constexpr int32_t kTopY = 255, kBottomY = -64;

}  // namespace controller_detail
}  // namespace plank::survival
