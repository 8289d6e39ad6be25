#include "world/survival/known_map.h"

#include <cmath>
#include <numbers>

#include "world/voxels/ray_walk.h"

namespace plank::survival {
using world::Coord;
using world::Vec3;

KnownMap::KnownMap(const world::World& world, world::Box box, double view_radius)
    : box_(box), size_(box.size()), radius_(view_radius) {
  const size_t cells = box.empty() ? 0 : size_t(size_.x) * size_t(size_.y) * size_t(size_.z);
  bits_.assign((cells + 63) / 64, 0);
  const auto& reg = world.registry();
  opaque_.resize(reg.size());
  for (size_t b = 0; b < reg.size(); ++b) opaque_[b] = reg[world::BlockId(b)].solid && !reg[world::BlockId(b)].transparent;
  // Directions spread evenly over the sphere (the golden-angle spiral).
  directions_.reserve(kRays);
  const double golden = std::numbers::pi * (3 - std::sqrt(5.0));
  for (int i = 0; i < kRays; ++i) {
    double y = 1 - 2 * (i + 0.5) / kRays, r = std::sqrt(1 - y * y), phi = golden * i;
    directions_.push_back({r * std::cos(phi), y, r * std::sin(phi)});
  }
}

void KnownMap::mark(Coord c) {
  if (!box_.contains(c)) return;
  size_t i = index(c);
  uint64_t bit = uint64_t(1) << (i & 63);
  if (!(bits_[i >> 6] & bit)) bits_[i >> 6] |= bit, ++known_count_;
}

void KnownMap::observe(const world::World& world, Vec3 eye) {
  ++observations_;
  eyes_.push_back(eye);
  for (const Vec3& d : directions_)
    world::walk_ray(eye, d, radius_, [&](Coord c, double, int, const int*) {
      // Above the box (the sky) nothing more is to be seen along this ray.
      if (c.y > box_.max.y) return false;
      mark(c);
      return !opaque(world.block(c));
    });
  for (const world::Entity& e : world.entities()) {
    if (e.kind != world::EntityKind::Mob || mobs_.count(e.id)) continue;
    Vec3 body = e.pose.pos + Vec3{0, 0.5, 0};
    Vec3 v{body.x - eye.x, body.y - eye.y, body.z - eye.z};
    double dist = std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
    if (dist > radius_) continue;
    const Coord target = world::cell_of(body);
    bool clear = true;
    if (dist > 0)
      world::walk_ray(eye, v * (1 / dist), dist, [&](Coord c, double, int, const int*) {
        if (c == target) return false;
        if (opaque(world.block(c))) return clear = false;
        return true;
      });
    if (clear) mobs_.insert(e.id);
  }
}

}  // namespace plank::survival
