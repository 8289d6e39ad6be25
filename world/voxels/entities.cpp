#include "world/voxels/entities.h"

#include <cmath>
#include <numbers>

namespace plank::world {

Vec3 look_direction(const Pose& p) {
  double yaw = p.yaw * std::numbers::pi / 180, pitch = p.pitch * std::numbers::pi / 180;
  return {-std::sin(yaw) * std::cos(pitch), -std::sin(pitch), std::cos(yaw) * std::cos(pitch)};
}

Coord cell_of(const Vec3& v) {
  return {int32_t(std::floor(v.x)), int32_t(std::floor(v.y)), int32_t(std::floor(v.z))};
}

const char* entity_kind_name(EntityKind k) {
  static const char* const kNames[] = {"agent", "speaker", "mob"};
  return kNames[int(k)];
}

}  // namespace plank::world
