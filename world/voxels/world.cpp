#include "world/voxels/world.h"

#include <algorithm>
#include <stdexcept>

namespace plank::world {

GroundProfile default_ground(const BlockRegistry& r, int32_t top_y) {
  auto id = [&](const char* name) { return r.find(name).value_or(kAir); };
  return {top_y, {id("grass_block"), id("dirt"), id("dirt"), id("dirt"), id("stone")}};
}

World::World(std::shared_ptr<const BlockRegistry> registry, WorldOptions options)
    : World(registry, options.seed, options.ground ? default_ground(*registry, options.ground_top) : GroundProfile{}) {}

World::World(std::shared_ptr<const BlockRegistry> registry, uint64_t seed, GroundProfile ground)
    : registry_(std::move(registry)), seed_(seed), rng_(seed), store_(std::move(ground)) {
  add_entity(EntityKind::Agent, "agent", "player", Pose{{0.5, double(store_.ground().top_y + 1), 0.5}, 0, 0});
}

void World::fill(const Box& box, BlockId id) {
  if (box.empty()) return;
  for (int32_t y = box.min.y; y <= box.max.y; ++y)
    for (int32_t z = box.min.z; z <= box.max.z; ++z)
      for (int32_t x = box.min.x; x <= box.max.x; ++x) set_block({x, y, z}, id);
}

EntityId World::add_entity(EntityKind kind, std::string name, std::string type, Pose pose) {
  entities_.push_back(Entity{next_entity_++, kind, std::move(name), std::move(type), pose});
  if (observer_) observer_->on_entity(nullptr, &entities_.back());
  return entities_.back().id;
}

bool World::remove_entity(EntityId id) {
  auto it = std::find_if(entities_.begin(), entities_.end(), [&](const Entity& e) { return e.id == id; });
  if (it == entities_.end() || it->kind == EntityKind::Agent) return false;  // the agent stays
  Entity before = *it;
  entities_.erase(it);
  if (observer_) observer_->on_entity(&before, nullptr);
  return true;
}

bool World::set_pose(EntityId id, const Pose& pose) {
  for (auto& e : entities_)
    if (e.id == id) {
      Entity before = e;
      e.pose = pose;
      if (observer_) observer_->on_entity(&before, &e);
      return true;
    }
  return false;
}

const Entity* World::entity(EntityId id) const {
  for (const auto& e : entities_)
    if (e.id == id) return &e;
  return nullptr;
}

const Entity& World::agent() const {
  for (const auto& e : entities_)
    if (e.kind == EntityKind::Agent) return e;
  throw std::logic_error("world has no agent");  // constructor adds it; remove_entity refuses it
}

std::vector<const Entity*> World::speakers() const {
  std::vector<const Entity*> out;
  for (const auto& e : entities_)
    if (e.kind == EntityKind::Speaker) out.push_back(&e);
  return out;
}

const Entity* World::speaker(const std::string& name) const {
  for (const auto& e : entities_)
    if (e.kind == EntityKind::Speaker && (name.empty() || e.name == name)) return &e;
  return nullptr;
}

void World::annotate(Annotation a) {
  std::sort(a.cells.begin(), a.cells.end());
  a.cells.erase(std::unique(a.cells.begin(), a.cells.end()), a.cells.end());
  insert_annotation(annotations_.size(), std::move(a));
}

void World::insert_annotation(size_t index, Annotation a) {
  index = std::min(index, annotations_.size());
  annotations_.insert(annotations_.begin() + std::ptrdiff_t(index), std::move(a));
  if (observer_) observer_->on_annotation(index, nullptr, &annotations_[index]);
}

bool World::erase_annotation(size_t index) {
  if (index >= annotations_.size()) return false;
  Annotation before = std::move(annotations_[index]);
  annotations_.erase(annotations_.begin() + std::ptrdiff_t(index));
  if (observer_) observer_->on_annotation(index, &before, nullptr);
  return true;
}

bool World::restore_entity(const Entity& e) {
  auto at = std::lower_bound(entities_.begin(), entities_.end(), e.id,
                             [](const Entity& x, EntityId id) { return x.id < id; });
  if (at != entities_.end() && at->id == e.id) return false;
  at = entities_.insert(at, e);
  next_entity_ = std::max(next_entity_, e.id + 1);
  if (observer_) observer_->on_entity(nullptr, &*at);
  return true;
}

}  // namespace plank::world
