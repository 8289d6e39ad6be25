// One 16x16x16 chunk, palette-compressed: each cell stores a small index into
// a per-chunk palette of block ids, packed 0/1/2/4/8 bits a cell (0 bits: the
// whole chunk is one block). Builds use few block types per chunk, so a full
// chunk costs ~0.25-1 byte a cell instead of 2. Over 256 types it switches to
// 16-bit raw ids ("direct" mode).
#pragma once
#include <cstdint>
#include <vector>

#include "world/voxels/block_registry.h"

namespace plank::world {

class Chunk {
 public:
  static constexpr int kSize = 16;
  static constexpr int kCells = kSize * kSize * kSize;
  static int index(int lx, int ly, int lz) { return (ly * kSize + lz) * kSize + lx; }

  explicit Chunk(BlockId fill = kAir) : palette_{fill} {}

  BlockId get(int i) const {
    if (bits_ == 0) return palette_[0];
    uint32_t v = read(i);
    return bits_ == 16 ? BlockId(v) : palette_[v];
  }
  // Returns the previous block.
  BlockId set(int i, BlockId id);

  size_t memory_bytes() const { return sizeof(*this) + palette_.capacity() * sizeof(BlockId) + words_.capacity() * 8; }
  int bits() const { return bits_; }
  // Whether `id` may be in the chunk: its palette holds it (a palette keeps ids
  // no longer present until it is repacked; direct mode answers true). Lets a
  // search skip whole chunks.
  bool may_contain(BlockId id) const {
    if (bits_ == 16) return true;
    for (BlockId p : palette_)
      if (p == id) return true;
    return false;
  }
  bool uniform(BlockId id) const { return bits_ == 0 && palette_[0] == id; }

 private:
  uint32_t read(int i) const {
    uint32_t bit = uint32_t(i) * bits_;  // bits_ divides 64: a cell never straddles two words
    return uint32_t(words_[bit >> 6] >> (bit & 63)) & ((1u << bits_) - 1);
  }
  void write(int i, uint32_t v) {
    uint32_t bit = uint32_t(i) * bits_;
    uint64_t mask = uint64_t((1u << bits_) - 1) << (bit & 63);
    words_[bit >> 6] = (words_[bit >> 6] & ~mask) | (uint64_t(v) << (bit & 63));
  }
  void grow();  // next width up, repacking every cell

  std::vector<BlockId> palette_;
  std::vector<uint64_t> words_;
  uint8_t bits_ = 0;
};

}  // namespace plank::world
