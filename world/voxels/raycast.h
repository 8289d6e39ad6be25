// Ray casting through the voxel grid (Amanatides & Woo): "where the speaker
// looks" is the first solid block along the line of sight from the eyes.
#pragma once
#include <optional>

#include "world/voxels/world.h"

namespace plank::world {

struct RayHit {
  Coord block;        // the solid block hit
  Coord normal;       // face entered through (unit axis vector); {0,0,0} if the ray starts inside
  double distance = 0;
  Coord adjacent() const { return block + normal; }  // where a block placed "there" would go
};

std::optional<RayHit> raycast(const World& world, Vec3 origin, Vec3 direction, double max_distance = 64);
// From an entity's eyes along its yaw and pitch.
std::optional<RayHit> look_target(const World& world, const Entity& who, double max_distance = 64);

}  // namespace plank::world
