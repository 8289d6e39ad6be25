// Acting and memory.
// Pathfinding: A* (octile heuristic) against Dijkstra (the same code with the
// heuristic off: the named peer, same grid, same pairs) on a 256 × 256 scene
// with walls, pillars and one-block steps. items_per_second = path queries a
// second; `expanded` = nodes expanded per query, the work the heuristic saves.
// Memory: SQLite (in memory, and a WAL file) inserts and the GET_MEMORY queries.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <unistd.h>

#include "world/agent/pathfinding.h"
#include "world/memory/agent_memory.h"
#include "world/voxels/perception.h"

namespace {

using namespace plank;
using world::BlockId;
using world::Box;
using world::Coord;

constexpr int kSide = 256;

struct Scene {
  std::shared_ptr<const world::BlockRegistry> reg = world::BlockRegistry::builtin();
  world::World w{reg, world::WorldOptions{2024}};
  std::vector<std::pair<Coord, Coord>> pairs;
  Scene() {
    BlockId stone = *reg->find("stone");
    auto& rng = w.rng();
    // 300 walls (2 high, 4-24 long), 1500 pillars (2 high), 1500 steps (1 high).
    for (int i = 0; i < 300; ++i) {
      int x = int(rng.below(kSide)), z = int(rng.below(kSide)), len = 4 + int(rng.below(21));
      bool along_x = rng.below(2);
      Coord a{x, 0, z}, b = along_x ? Coord{std::min(kSide - 1, x + len), 1, z} : Coord{x, 1, std::min(kSide - 1, z + len)};
      w.fill(Box::of(a, b), stone);
    }
    for (int i = 0; i < 3000; ++i) {
      Coord c{int32_t(rng.below(kSide)), 0, int32_t(rng.below(kSide))};
      w.fill(Box::of(c, {c.x, i % 2 ? 1 : 0, c.z}), stone);
    }
    agent::Pathfinder pf(w);
    auto walkable_cell = [&] {
      for (;;) {
        Coord c{int32_t(rng.below(kSide)), 0, int32_t(rng.below(kSide))};
        for (c.y = 0; c.y < 3; ++c.y)
          if (pf.walkable(c)) return c;
      }
    };
    // Pairs 40-120 blocks apart (a typical "go to the house" distance) with a path.
    while (pairs.size() < 64) {
      Coord a = walkable_cell(), b = walkable_cell();
      int d = std::abs(a.x - b.x) + std::abs(a.z - b.z);
      if (d < 40 || d > 120) continue;
      if (pf.find(a, b).found()) pairs.push_back({a, b});
    }
  }
};

Scene& scene() {
  static Scene s;
  return s;
}

void run_paths(benchmark::State& state, bool heuristic) {
  Scene& s = scene();
  agent::Pathfinder pf(s.w);
  agent::PathOptions o;
  o.heuristic = heuristic;
  o.diagonals = state.range(0) != 0;
  size_t i = 0, expanded = 0, queries = 0;
  for (auto _ : state) {
    auto [a, b] = s.pairs[i++ % s.pairs.size()];
    auto r = pf.find(a, b, o);
    benchmark::DoNotOptimize(r.cost);
    expanded += r.expanded;
    ++queries;
  }
  state.SetItemsProcessed(int64_t(queries));
  state.counters["expanded"] = double(expanded) / double(queries);
}

void BM_AStar(benchmark::State& state) { run_paths(state, true); }
void BM_Dijkstra(benchmark::State& state) { run_paths(state, false); }
BENCHMARK(BM_AStar)->Arg(0)->Arg(1)->ArgName("diagonals");
BENCHMARK(BM_Dijkstra)->Arg(0)->Arg(1)->ArgName("diagonals");

// A perceived object: a small build of 8 cells at a scattered place.
world::BlockObject make_object(int i) {
  world::BlockObject o;
  Coord base{(i * 37) % 2000 - 1000, 0, (i * 91) % 2000 - 1000};
  for (int k = 0; k < 8; ++k) {
    Coord c{base.x + (k & 1), base.y + ((k >> 1) & 1), base.z + ((k >> 2) & 1)};
    o.cells.push_back(c);
    o.bounds.add(c);
  }
  static const char* colours[] = {"red", "blue", "green", "yellow", "white", "black"};
  o.colours[colours[i % 6]] = 8;
  o.blocks["stone"] = 8;
  o.tags = {"t" + std::to_string(i % 50)};
  return o;
}

void BM_MemoryInsertObject(benchmark::State& state) {
  std::string path = ":memory:";
  if (state.range(0)) {
    path = (std::filesystem::temp_directory_path() / ("plank-bench-" + std::to_string(::getpid()) + ".db")).string();
    for (const char* s : {"", "-wal", "-shm"}) std::filesystem::remove(path + s);
  }
  auto m = memory::AgentMemory::open(path);
  int i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(m->add_object(make_object(i), uint64_t(i)));
    ++i;
  }
  state.SetItemsProcessed(i);
  m.reset();
  if (state.range(0))
    for (const char* s : {"", "-wal", "-shm"}) std::filesystem::remove(path + s);
}
BENCHMARK(BM_MemoryInsertObject)->Arg(0)->Arg(1)->ArgName("wal_file");

void BM_MemoryInsertTriple(benchmark::State& state) {
  auto m = memory::AgentMemory::open();
  int i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(m->add_triple("obj" + std::to_string(i), "is", "thing" + std::to_string(i % 97), uint64_t(i)));
    ++i;
  }
  state.SetItemsProcessed(i);
}
BENCHMARK(BM_MemoryInsertTriple);

// Queries over 10,000 remembered objects.
memory::AgentMemory& filled() {
  static auto m = [] {
    auto m = memory::AgentMemory::open();
    std::vector<world::BlockObject> objects;
    for (int i = 0; i < 10'000; ++i) objects.push_back(make_object(i));
    m->sync_objects(objects, 1);
    return m;
  }();
  return *m;
}

void BM_MemoryQuery(benchmark::State& state) {
  auto& m = filled();
  int i = 0;
  size_t rows = 0;
  for (auto _ : state) {
    memory::ObjectQuery q;
    switch (state.range(0)) {
      case 0: q.tag = "t" + std::to_string(i % 50); break;                            // ~200 rows
      case 1: q.colour = "red", q.near = Coord{i % 100, 0, -i % 100}, q.limit = 1; break;  // nearest red thing
      case 2: q.within = Box::of({-100, -5, -100}, {100, 5, 100}); break;              // a box
      case 3: q.min_size = 8, q.max_size = 8, q.since = 1, q.limit = 10; break;          // size + recency
    }
    rows += m.objects(q).size();
    ++i;
  }
  state.SetItemsProcessed(i);
  state.counters["rows"] = double(rows) / double(i);
}
BENCHMARK(BM_MemoryQuery)->DenseRange(0, 3)->ArgName("tag_nearest_box_size");

}  // namespace

BENCHMARK_MAIN();
