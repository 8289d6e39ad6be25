#include <gtest/gtest.h>

#include <map>

#include "world/voxels/chunk_store.h"
#include "world/voxels/rng.h"

namespace plank::world {
namespace {

TEST(ChunkStore, UnwrittenCellsReadAsGroundOrAir) {
  ChunkStore store(GroundProfile{-1, {3, 2, 2, 1}});
  EXPECT_EQ(store.get({0, 0, 0}), kAir);
  EXPECT_EQ(store.get({5, -1, -7}), 3);
  EXPECT_EQ(store.get({5, -2, 7}), 2);
  EXPECT_EQ(store.get({5, -4, 7}), 1);
  EXPECT_EQ(store.get({5, -400, 7}), 1);  // the last layer repeats
  EXPECT_EQ(store.chunk_count(), 0u);
}

TEST(ChunkStore, SetGetAcrossChunkBordersAndNegativeCoordinates) {
  ChunkStore store;
  std::vector<Coord> cells = {{0, 0, 0}, {15, 15, 15}, {16, 16, 16}, {-1, -1, -1}, {-16, -16, -16}, {-17, 3, 40},
                              {1'000'000, -5, -1'000'000}, {15, 0, 16}, {16, 0, 15}};
  for (size_t i = 0; i < cells.size(); ++i) EXPECT_EQ(store.set(cells[i], BlockId(i + 1)), kAir);
  for (size_t i = 0; i < cells.size(); ++i) EXPECT_EQ(store.get(cells[i]), BlockId(i + 1)) << i;
  // Neighbours across each border stay untouched.
  EXPECT_EQ(store.get({-1, 0, 0}), kAir);
  EXPECT_EQ(store.get({0, -1, 0}), kAir);
  EXPECT_EQ(store.get({16, 15, 15}), kAir);
  EXPECT_EQ(store.set({-1, -1, -1}, 42), 4);  // returns the previous block
}

TEST(ChunkStore, MatchesAMapUnderRandomWritesWithManyTypes) {
  // Exercises every palette width, including the switch to raw 16-bit ids.
  ChunkStore store(GroundProfile{-1, {7, 8}});
  std::map<Coord, BlockId> truth;
  Rng rng(7);
  for (int i = 0; i < 200'000; ++i) {
    Coord c{int32_t(rng.below(40)) - 20, int32_t(rng.below(40)) - 20, int32_t(rng.below(40)) - 20};
    BlockId id = BlockId(rng.below(i < 100'000 ? 5 : 600));
    store.set(c, id);
    truth[c] = id;
  }
  for (const auto& [c, id] : truth) ASSERT_EQ(store.get(c), id) << c.x << "," << c.y << "," << c.z;
  // And the changed-cell walk sees exactly the cells that differ from the ground.
  size_t changed = 0;
  store.for_each_changed([&](Coord c, BlockId id) {
    ++changed;
    ASSERT_NE(id, store.natural(c));
  });
  size_t expected = 0;
  for (const auto& [c, id] : truth) expected += id != store.natural(c);
  EXPECT_EQ(changed, expected);
}

TEST(ChunkStore, AFullBuildCostsAtMostAByteABlock) {
  ChunkStore store;
  size_t placed = 0;
  for (int32_t y = 0; y < 32; ++y)
    for (int32_t z = 0; z < 64; ++z)
      for (int32_t x = 0; x < 64; ++x, ++placed) store.set({x, y, z}, BlockId(1 + (x + y + z) % 6));
  double bytes_per_block = double(store.memory_bytes()) / double(placed);
  EXPECT_LT(bytes_per_block, 1.0) << store.memory_bytes() << " bytes for " << placed << " blocks";
}

TEST(ChunkStore, OneTypeChunksCostAlmostNothing) {
  ChunkStore store;
  for (int32_t y = 0; y < 16; ++y)
    for (int32_t z = 0; z < 16; ++z)
      for (int32_t x = 0; x < 16; ++x) store.set({x, y, z}, 1);
  EXPECT_LT(store.memory_bytes(), 4096u * 1 / 8 + 256);  // one bit a cell plus bookkeeping
}

}  // namespace
}  // namespace plank::world
