// The world: block storage, the block registry, entities, annotations (names
// and tags that builds and memory attach to blocks) and the seeded random
// source. Every mutation goes through set_block(), add_entity()/set_pose()/
// remove_entity()/restore_entity() or annotate()/insert_annotation()/
// erase_annotation(), each of which tells the observer: that is where the
// undo log (world/agent/action_log.h) and memory hook in.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "world/voxels/block_registry.h"
#include "world/voxels/chunk_store.h"
#include "world/voxels/entities.h"
#include "world/voxels/rng.h"

namespace plank::world {

struct BlockChange {
  Coord at;
  BlockId before, after;
};

// A name and tags given to a set of cells: by the build that placed them
// ("house", {"wooden"}) or later from memory ("that is Bob's tower").
struct Annotation {
  std::string name;
  std::vector<std::string> tags;
  std::vector<Coord> cells;  // sorted
  friend bool operator==(const Annotation&, const Annotation&) = default;
};

class WorldObserver {
 public:
  virtual ~WorldObserver() = default;
  virtual void on_block(const BlockChange&) {}
  virtual void on_entity(const Entity* before, const Entity* after) {}  // null: added / removed
  // An annotation inserted at (after set) or erased from (before set) index `index`.
  virtual void on_annotation(size_t index, const Annotation* before, const Annotation* after) {}
};

struct WorldOptions {
  uint64_t seed = 0;
  bool ground = true;  // grass_block over three dirt over stone, top at y = -1
  int32_t ground_top = -1;
};

class World {
 public:
  explicit World(std::shared_ptr<const BlockRegistry> registry, WorldOptions options = {});
  World(std::shared_ptr<const BlockRegistry> registry, uint64_t seed, GroundProfile ground);

  const BlockRegistry& registry() const { return *registry_; }
  std::shared_ptr<const BlockRegistry> registry_ptr() const { return registry_; }
  uint64_t seed() const { return seed_; }
  Rng& rng() { return rng_; }

  // Blocks.
  BlockId block(Coord c) const { return store_.get(c); }
  const BlockType& type_at(Coord c) const { return (*registry_)[store_.get(c)]; }
  bool solid(Coord c) const { return (*registry_)[store_.get(c)].solid; }
  BlockId natural(Coord c) const { return store_.natural(c); }
  // The one way blocks change. Returns the previous block.
  BlockId set_block(Coord c, BlockId id) {
    BlockId before = store_.set(c, id);
    if (observer_ && before != id) observer_->on_block({c, before, id});
    return before;
  }
  void fill(const Box& box, BlockId id);
  const ChunkStore& store() const { return store_; }

  // Entities: the agent always exists (id 0 ... whatever add order gave it).
  EntityId add_entity(EntityKind kind, std::string name, std::string type, Pose pose);
  bool remove_entity(EntityId id);
  bool set_pose(EntityId id, const Pose& pose);
  const Entity* entity(EntityId id) const;
  const Entity& agent() const;
  std::vector<const Entity*> speakers() const;
  const Entity* speaker(const std::string& name) const;  // "" -> the first speaker
  const std::vector<Entity>& entities() const { return entities_; }
  // Puts back an entity that was removed, with its id, at its place in id
  // order (the order add_entity keeps): what UNDO needs to restore a world
  // exactly. False when the id is taken.
  bool restore_entity(const Entity& e);

  // Annotations.
  void annotate(Annotation a);
  // Exact inverses for UNDO: insert at / erase from a position.
  void insert_annotation(size_t index, Annotation a);
  bool erase_annotation(size_t index);
  const std::vector<Annotation>& annotations() const { return annotations_; }

  void set_observer(WorldObserver* observer) { observer_ = observer; }
  // An identical world (blocks, entities, annotations, the Rng's state) with no observer.
  std::unique_ptr<World> clone() const { return std::unique_ptr<World>(new World(*this)); }

 private:
  World(const World& other)
      : registry_(other.registry_), seed_(other.seed_), rng_(other.rng_), store_(other.store_),
        entities_(other.entities_), next_entity_(other.next_entity_), annotations_(other.annotations_) {}
  std::shared_ptr<const BlockRegistry> registry_;
  uint64_t seed_;
  Rng rng_;
  ChunkStore store_;
  std::vector<Entity> entities_;
  EntityId next_entity_ = 0;
  std::vector<Annotation> annotations_;
  WorldObserver* observer_ = nullptr;
};

// The default ground for a registry: grass_block, dirt x3, stone.
GroundProfile default_ground(const BlockRegistry& registry, int32_t top_y = -1);

}  // namespace plank::world
