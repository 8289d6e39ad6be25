// Sparse world storage: 16^3 chunks in a hash map, keyed by chunk coordinate.
// Cells never written read as the "natural" world: a ground plane of layers
// below ground_top (grass, dirt, stone...) and air above. A chunk is created on
// its first write, filled with that natural content, so digging a hole is just
// writing air.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>

#include "world/voxels/chunk.h"
#include "world/voxels/coord.h"

namespace plank::world {

// The ground: layers[0] at y = top_y, layers[1] below it, ...; the last layer
// repeats down forever. No layers: a void world (air everywhere).
struct GroundProfile {
  int32_t top_y = -1;  // so blocks placed at y = 0 stand on the ground
  std::vector<BlockId> layers;
  BlockId at(int32_t y) const {
    if (layers.empty() || y > top_y) return kAir;
    size_t depth = size_t(int64_t(top_y) - y);
    return layers[std::min(depth, layers.size() - 1)];
  }
  friend bool operator==(const GroundProfile&, const GroundProfile&) = default;
};

class ChunkStore {
 public:
  explicit ChunkStore(GroundProfile ground = {}) : ground_(std::move(ground)) {}
  // A deep copy (an episode replayed from one generated world copies it, ~1 ms for 128 x 128).
  ChunkStore(const ChunkStore& other);
  ChunkStore& operator=(const ChunkStore&) = delete;
  ChunkStore(ChunkStore&&) = default;

  BlockId get(Coord c) const {
    const Chunk* chunk = find(key_of(c));
    return chunk ? chunk->get(local(c)) : ground_.at(c.y);
  }
  // Returns the previous block.
  BlockId set(Coord c, BlockId id);

  BlockId natural(Coord c) const { return ground_.at(c.y); }
  const GroundProfile& ground() const { return ground_; }

  // Every cell of every stored chunk whose block differs from the natural one,
  // in chunk order (callers sort when they need an order).
  void for_each_changed(const std::function<void(Coord, BlockId)>& fn) const;

  size_t chunk_count() const { return chunks_.size(); }
  // The stored chunk holding cell c, or null (the cell reads as natural ground).
  const Chunk* chunk_of(Coord c) const { return find(key_of(c)); }
  static int local_index(Coord c) { return local(c); }
  size_t memory_bytes() const;  // chunks, palettes and the hash map's nodes and buckets

 private:
  static uint64_t key_of(Coord c) {
    // 21 bits per axis (±1M chunks, ±16M blocks): plenty for agents' worlds.
    auto part = [](int32_t v) { return uint64_t(uint32_t(v >> 4) & 0x1FFFFF); };
    return part(c.x) | (part(c.y) << 21) | (part(c.z) << 42);
  }
  static int local(Coord c) { return Chunk::index(c.x & 15, c.y & 15, c.z & 15); }
  static Coord origin_of(uint64_t key);
  const Chunk* find(uint64_t key) const;
  Chunk& find_or_create(uint64_t key, Coord c);

  GroundProfile ground_;
  std::unordered_map<uint64_t, std::unique_ptr<Chunk>> chunks_;
  // Builds write runs of nearby cells: remembering the last chunk skips the hash lookup.
  mutable uint64_t last_key_ = ~0ull;
  mutable Chunk* last_chunk_ = nullptr;
};

}  // namespace plank::world
