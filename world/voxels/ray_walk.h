// The voxel traversal of a ray (Amanatides & Woo), shared by raycast() (the first solid block) and
// the explore world's line of sight (survival::KnownMap: every cell a ray enters up to the first
// opaque one). A template so each caller's test inlines into the loop (the sight rays are half of
// an explore episode's profile).
#pragma once
#include <cmath>
#include <limits>

#include "world/voxels/world.h"

namespace plank::world {

// Walks the cells a ray from `o` along the unit vector `d` enters, in order, up to `max_t`, calling
// visit(cell, t, axis, step): t the distance along the ray where the cell was entered, axis (0 x,
// 1 y, 2 z) the one whose grid plane it crossed and step[axis] (+1 / -1) which way. The cell holding
// `o` comes first, with t 0 and axis -1. visit returns false to stop.
template <class Visit>
void walk_ray(Vec3 o, Vec3 d, double max_t, Visit&& visit) {
  Coord cell = cell_of(o);
  const int no_step[3] = {0, 0, 0};
  if (!visit(cell, 0.0, -1, no_step)) return;
  const double inf = std::numeric_limits<double>::infinity();
  const double dir[3] = {d.x, d.y, d.z}, pos[3] = {o.x, o.y, o.z};
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
    const double t = t_max[a];
    if (t > max_t) return;
    *c[a] += step[a];
    t_max[a] += t_delta[a];
    if (!visit(cell, t, a, step)) return;
  }
}

}  // namespace plank::world
