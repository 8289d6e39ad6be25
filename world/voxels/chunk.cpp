#include "world/voxels/chunk.h"

#include <algorithm>

namespace plank::world {

BlockId Chunk::set(int i, BlockId id) {
  if (bits_ == 16) {
    BlockId old = BlockId(read(i));
    write(i, id);
    return old;
  }
  BlockId old = get(i);
  if (old == id) return old;
  auto it = std::find(palette_.begin(), palette_.end(), id);
  uint32_t slot = uint32_t(it - palette_.begin());
  if (it == palette_.end()) {
    palette_.push_back(id);
    if (palette_.size() > (1u << bits_) || bits_ == 0) grow();
    if (bits_ == 16) {  // grow() went direct: palette indices are no longer used
      write(i, id);
      return old;
    }
  }
  write(i, slot);
  return old;
}

void Chunk::grow() {
  // New width: the smallest of 1,2,4,8 that indexes the palette; beyond 256 entries, raw ids.
  uint8_t next = 1;
  while (next < 16 && (1u << next) < palette_.size()) next *= 2;
  std::vector<uint64_t> old_words = std::move(words_);
  uint8_t old_bits = bits_;
  auto old_read = [&](int c) -> uint32_t {
    if (old_bits == 0) return 0;
    uint32_t bit = uint32_t(c) * old_bits;
    return uint32_t(old_words[bit >> 6] >> (bit & 63)) & ((1u << old_bits) - 1);
  };
  bits_ = next;
  words_.assign(size_t(kCells) * bits_ / 64, 0);
  for (int c = 0; c < kCells; ++c) {
    uint32_t v = old_read(c);
    write(c, bits_ == 16 ? palette_[v] : v);
  }
  if (bits_ == 16) palette_ = {palette_[0]};  // keep [0] for nothing but symmetry; get() ignores it
  words_.shrink_to_fit();
}

}  // namespace plank::world
