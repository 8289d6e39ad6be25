#include "world/voxels/raycast.h"

#include <cmath>
#include <limits>

namespace plank::world {

std::optional<RayHit> raycast(const World& world, Vec3 o, Vec3 d, double max_distance) {
  double len = std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
  if (len == 0) return std::nullopt;
  d = d * (1 / len);
  Coord cell = cell_of(o);
  if (world.solid(cell)) return RayHit{cell, {0, 0, 0}, 0};

  // Per axis: step direction, distance along the ray between grid planes, and
  // distance to the first plane.
  const double inf = std::numeric_limits<double>::infinity();
  double dir[3] = {d.x, d.y, d.z}, pos[3] = {o.x, o.y, o.z};
  int32_t* c[3] = {&cell.x, &cell.y, &cell.z};
  int step[3];
  double t_delta[3], t_max[3];
  for (int a = 0; a < 3; ++a) {
    step[a] = dir[a] > 0 ? 1 : -1;
    t_delta[a] = dir[a] != 0 ? std::abs(1 / dir[a]) : inf;
    double boundary = dir[a] > 0 ? std::floor(pos[a]) + 1 : std::floor(pos[a]);
    t_max[a] = dir[a] != 0 ? (boundary - pos[a]) / dir[a] : inf;
  }
  while (true) {
    int a = t_max[0] < t_max[1] ? (t_max[0] < t_max[2] ? 0 : 2) : (t_max[1] < t_max[2] ? 1 : 2);
    double t = t_max[a];
    if (t > max_distance) return std::nullopt;
    *c[a] += step[a];
    t_max[a] += t_delta[a];
    if (world.solid(cell)) {
      Coord normal{0, 0, 0};
      (&normal.x)[a] = -step[a];
      return RayHit{cell, normal, t};
    }
  }
}

std::optional<RayHit> look_target(const World& world, const Entity& who, double max_distance) {
  return raycast(world, eye_position(who.pose), look_direction(who.pose), max_distance);
}

}  // namespace plank::world
