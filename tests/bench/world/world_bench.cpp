// Block placement speed and memory: Plank's chunk store (palette-packed 16^3
// chunks in a hash map) against a naive std::unordered_map<Coord, BlockId>.
// Counters: items_per_second = placements a second; bytes_per_block = memory of
// the store divided by blocks stored (for the naive map, measured through a
// counting allocator, so it is what the map really holds).
#include <benchmark/benchmark.h>

#include <unordered_map>

#include "world/voxels/chunk_store.h"
#include "world/voxels/world.h"

namespace {

using namespace plank::world;

size_t g_allocated = 0;
template <typename T>
struct Counting : std::allocator<T> {
  using value_type = T;
  Counting() = default;
  template <typename U> Counting(const Counting<U>&) {}
  T* allocate(size_t n) { g_allocated += n * sizeof(T); return std::allocator<T>::allocate(n); }
  void deallocate(T* p, size_t n) { g_allocated -= n * sizeof(T); std::allocator<T>::deallocate(p, n); }
  template <typename U> struct rebind { using other = Counting<U>; };
};
using NaiveMap = std::unordered_map<Coord, BlockId, CoordHash, std::equal_to<Coord>, Counting<std::pair<const Coord, BlockId>>>;

// A build: a solid 64 x 64 x 32 block of six colours (131,072 placements), the
// size of a large CraftAssist structure, written in x-fastest order.
constexpr int kX = 64, kY = 32, kZ = 64;
BlockId colour_at(int x, int y, int z) { return BlockId(1 + (x + 3 * y + 7 * z) % 6); }

void BM_ChunkStore_Build(benchmark::State& state) {
  size_t bytes = 0;
  for (auto _ : state) {
    ChunkStore store;
    for (int y = 0; y < kY; ++y)
      for (int z = 0; z < kZ; ++z)
        for (int x = 0; x < kX; ++x) store.set({x, y, z}, colour_at(x, y, z));
    benchmark::DoNotOptimize(store.get({1, 1, 1}));
    bytes = store.memory_bytes();
  }
  state.SetItemsProcessed(state.iterations() * kX * kY * kZ);
  state.counters["bytes_per_block"] = double(bytes) / (kX * kY * kZ);
}
BENCHMARK(BM_ChunkStore_Build)->Unit(benchmark::kMillisecond);

void BM_NaiveMap_Build(benchmark::State& state) {
  size_t bytes = 0;
  for (auto _ : state) {
    g_allocated = 0;
    NaiveMap map;
    for (int y = 0; y < kY; ++y)
      for (int z = 0; z < kZ; ++z)
        for (int x = 0; x < kX; ++x) map[{x, y, z}] = colour_at(x, y, z);
    benchmark::DoNotOptimize(map.find({1, 1, 1}));
    bytes = g_allocated;
  }
  state.SetItemsProcessed(state.iterations() * kX * kY * kZ);
  state.counters["bytes_per_block"] = double(bytes) / (kX * kY * kZ);
}
BENCHMARK(BM_NaiveMap_Build)->Unit(benchmark::kMillisecond);

// Scattered placements: random cells in a 512^2 x 64 region (no locality, so
// the last-chunk cache rarely helps) through World::set_block, the path the
// intrinsics will use.
void BM_World_ScatteredPlacements(benchmark::State& state) {
  auto registry = BlockRegistry::builtin();
  constexpr int kN = 200'000;
  for (auto _ : state) {
    World world(registry, WorldOptions{1});
    Rng rng(1);
    for (int i = 0; i < kN; ++i)
      world.set_block({int32_t(rng.below(512)) - 256, int32_t(rng.below(64)), int32_t(rng.below(512)) - 256},
                      registry->iglu(1 + int(rng.below(6))));
  }
  state.SetItemsProcessed(state.iterations() * kN);
}
BENCHMARK(BM_World_ScatteredPlacements)->Unit(benchmark::kMillisecond);

void BM_NaiveMap_ScatteredPlacements(benchmark::State& state) {
  constexpr int kN = 200'000;
  for (auto _ : state) {
    NaiveMap map;
    Rng rng(1);
    for (int i = 0; i < kN; ++i)
      map[{int32_t(rng.below(512)) - 256, int32_t(rng.below(64)), int32_t(rng.below(512)) - 256}] = BlockId(1 + rng.below(6));
    benchmark::DoNotOptimize(map.size());
  }
  state.SetItemsProcessed(state.iterations() * kN);
}
BENCHMARK(BM_NaiveMap_ScatteredPlacements)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
