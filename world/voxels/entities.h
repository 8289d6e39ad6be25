// Things that are not blocks: the agent, the speakers who give it commands,
// and mobs of the kinds minecraft-data lists. Positions are continuous (feet
// position, y up); yaw and pitch follow Minecraft: yaw 0 looks toward +z, 90
// toward -x; pitch 0 is level, +90 straight down.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "world/voxels/coord.h"

namespace plank::world {

struct Vec3 {
  double x = 0, y = 0, z = 0;
  friend bool operator==(const Vec3&, const Vec3&) = default;
  Vec3 operator+(const Vec3& o) const { return {x + o.x, y + o.y, z + o.z}; }
  Vec3 operator*(double k) const { return {x * k, y * k, z * k}; }
};

struct Pose {
  Vec3 pos;
  double yaw = 0, pitch = 0;  // degrees
  friend bool operator==(const Pose&, const Pose&) = default;
};

inline constexpr double kEyeHeight = 1.62;  // Minecraft's player eye height

Vec3 look_direction(const Pose& p);            // unit vector
inline Vec3 eye_position(const Pose& p) { return p.pos + Vec3{0, kEyeHeight, 0}; }
Coord cell_of(const Vec3& v);                  // the block a point is in (floor)

using EntityId = uint32_t;

enum class EntityKind : uint8_t { Agent, Speaker, Mob };
const char* entity_kind_name(EntityKind k);

struct Entity {
  EntityId id = 0;           // unique in a world; assigned in creation order (deterministic)
  EntityKind kind = EntityKind::Mob;
  std::string name;          // "agent", the speaker's name, or a mob's own name (may be empty)
  std::string type;          // minecraft-data entity name for mobs ("pig"); "player" otherwise
  Pose pose;
  friend bool operator==(const Entity&, const Entity&) = default;
};

}  // namespace plank::world
