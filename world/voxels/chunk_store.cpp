#include "world/voxels/chunk_store.h"

namespace plank::world {

ChunkStore::ChunkStore(const ChunkStore& other) : ground_(other.ground_) {
  chunks_.reserve(other.chunks_.size());
  for (const auto& [key, chunk] : other.chunks_) chunks_.emplace(key, std::make_unique<Chunk>(*chunk));
}

const Chunk* ChunkStore::find(uint64_t key) const {
  if (key == last_key_) return last_chunk_;
  auto it = chunks_.find(key);
  if (it == chunks_.end()) return nullptr;
  last_key_ = key;
  last_chunk_ = it->second.get();
  return last_chunk_;
}

Chunk& ChunkStore::find_or_create(uint64_t key, Coord c) {
  if (key == last_key_) return *last_chunk_;
  auto& slot = chunks_[key];
  if (!slot) {
    // Fill with the natural content: one id when the chunk lies wholly above or
    // inside one ground layer, else cell by cell through the layers it crosses.
    int32_t y0 = c.y & ~15;
    slot = std::make_unique<Chunk>(ground_.at(y0));
    for (int ly = 1; ly < Chunk::kSize; ++ly) {
      BlockId id = ground_.at(y0 + ly);
      if (id == ground_.at(y0)) continue;
      for (int lz = 0; lz < Chunk::kSize; ++lz)
        for (int lx = 0; lx < Chunk::kSize; ++lx) slot->set(Chunk::index(lx, ly, lz), id);
    }
  }
  last_key_ = key;
  last_chunk_ = slot.get();
  return *slot;
}

BlockId ChunkStore::set(Coord c, BlockId id) { return find_or_create(key_of(c), c).set(local(c), id); }

Coord ChunkStore::origin_of(uint64_t key) {
  auto part = [](uint64_t bits) { return int32_t(uint32_t(bits << 11) ) >> 11; };  // sign-extend 21 bits
  return {part(key & 0x1FFFFF) * 16, part((key >> 21) & 0x1FFFFF) * 16, part((key >> 42) & 0x1FFFFF) * 16};
}

void ChunkStore::for_each_changed(const std::function<void(Coord, BlockId)>& fn) const {
  for (const auto& [key, chunk] : chunks_) {
    Coord o = origin_of(key);
    for (int ly = 0; ly < Chunk::kSize; ++ly) {
      BlockId natural = ground_.at(o.y + ly);
      for (int lz = 0; lz < Chunk::kSize; ++lz)
        for (int lx = 0; lx < Chunk::kSize; ++lx) {
          BlockId id = chunk->get(Chunk::index(lx, ly, lz));
          if (id != natural) fn({o.x + lx, o.y + ly, o.z + lz}, id);
        }
    }
  }
}

size_t ChunkStore::memory_bytes() const {
  // Node: key + pointer + next pointer + cached hash, as libstdc++ lays it out.
  size_t bytes = chunks_.bucket_count() * sizeof(void*) + chunks_.size() * (sizeof(uint64_t) + 3 * sizeof(void*));
  for (const auto& [key, chunk] : chunks_) bytes += chunk->memory_bytes();
  return bytes;
}

}  // namespace plank::world
