#include "world/voxels/raycast.h"

#include <cmath>

#include "world/voxels/ray_walk.h"

namespace plank::world {

std::optional<RayHit> raycast(const World& world, Vec3 o, Vec3 d, double max_distance) {
  double len = std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
  if (len == 0) return std::nullopt;
  d = d * (1 / len);
  std::optional<RayHit> hit;
  walk_ray(o, d, max_distance, [&](Coord cell, double t, int axis, const int* step) {
    if (!world.solid(cell)) return true;
    Coord normal{0, 0, 0};  // the face entered through; none when the ray starts inside
    if (axis >= 0) (&normal.x)[axis] = -step[axis];
    hit = RayHit{cell, normal, t};
    return false;
  });
  return hit;
}

std::optional<RayHit> look_target(const World& world, const Entity& who, double max_distance) {
  return raycast(world, eye_position(who.pose), look_direction(who.pose), max_distance);
}

}  // namespace plank::world
