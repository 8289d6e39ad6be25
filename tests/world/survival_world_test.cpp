// Survival worlds: seeded generation (determinism, biomes, ore depths, speed) and a scripted
// run that follows obtainability plans in a generated world, from an empty inventory.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "survival_test_util.h"
#include "world/render/isometric.h"
#include "world/render/png_writer.h"
#include "world/survival/controller.h"
#include "world/survival/task_run.h"
#include "world/survival/worldgen.h"

namespace plank::survival {
namespace {

WorldgenOptions small(uint64_t seed) {
  WorldgenOptions o;
  o.seed = seed;
  o.x0 = -32, o.z0 = -32, o.size_x = 64, o.size_z = 64;
  return o;
}

TEST(SurvivalWorldgen, SameSeedSameWorldOtherSeedOtherWorld) {
  PLANK_REQUIRE_MCDATA(reg);
  WorldgenReport ra, rb, rc;
  auto a = make_survival_world(reg, small(42), &ra);
  auto b = make_survival_world(reg, small(42), &rb);
  auto c = make_survival_world(reg, small(43), &rc);
  world::Box box = ra.box;
  box.add(rc.box.min), box.add(rc.box.max);
  EXPECT_EQ(world_hash(*a, box), world_hash(*b, box));
  EXPECT_NE(world_hash(*a, box), world_hash(*c, box));
  EXPECT_EQ(ra.blocks, rb.blocks);
  EXPECT_EQ(ra.mobs, rb.mobs);
  EXPECT_EQ(a->entities(), b->entities());
  // A chunk's terrain does not depend on the area around it: the overlap of two areas agrees.
  // (Caves off: a cave from a chunk outside one area may wander into the overlap; veins and
  // trees reach a few blocks, so the overlap's edges are left out.)
  WorldgenOptions one = small(42), shifted = small(42);
  one.caves = shifted.caves = false;
  shifted.x0 = 0, shifted.z0 = 0;
  auto e = make_survival_world(reg, one);
  auto d = make_survival_world(reg, shifted);
  world::Box overlap = world::Box::of({8, 0, 8}, {23, 160, 23});
  EXPECT_EQ(world_hash(*e, overlap), world_hash(*d, overlap));
}

TEST(SurvivalWorldgen, BiomesTreesMobsAndSpeed) {
  PLANK_REQUIRE_MCDATA(reg);
  // Biomes over a wide sample of columns: all five occur.
  std::map<std::string, int> biomes;
  for (int32_t z = -1024; z < 1024; z += 8)
    for (int32_t x = -1024; x < 1024; x += 8) biomes[biome_name(biome_at(5, x, z))]++;
  for (const char* b : {"plains", "forest", "savanna", "desert", "mountains"}) EXPECT_GT(biomes[b], 500) << b;
  WorldgenReport rep;
  WorldgenOptions o;  // 128 x 128
  o.seed = 5;
  auto w = make_survival_world(reg, o, &rep);
  std::cout << "[ worldgen ] 128x128 in " << rep.seconds * 1000 << " ms, " << rep.cells_written << " cells, "
            << w->store().chunk_count() << " chunks; surface y " << rep.min_surface << ".." << rep.max_surface << "\n";
  std::cout << "[ worldgen ] biomes:";
  for (const auto& [b, n] : rep.biome_columns) std::cout << " " << b << " " << n;
  std::cout << "\n[ worldgen ] trees:";
  for (const auto& [t, n] : rep.trees) std::cout << " " << t << " " << n;
  std::cout << "\n[ worldgen ] mobs:";
  for (const auto& [m, n] : rep.mobs) std::cout << " " << m << " " << n;
  std::cout << "\n[ worldgen ] ores:";
  for (const auto& r : ore_rules()) std::cout << " " << r.block << " " << rep.blocks[r.block];
  std::cout << "\n";
  // Speed is reported above, not asserted: timings belong in benchmarks (docs/PERFORMANCE.md), not unit tests.
  EXPECT_GT(rep.blocks["stone"], 100000u);
  EXPECT_GT(rep.blocks["water"], 0u);
  for (const auto& r : ore_rules()) EXPECT_GT(rep.blocks[r.block], 0u) << r.block;
  EXPECT_GT(rep.blocks["oak_log"] + rep.blocks["birch_log"] + rep.blocks["acacia_log"] + rep.blocks["spruce_log"], 50u);
  for (const char* m : {"cow", "pig", "sheep", "chicken", "spider"}) EXPECT_GT(rep.mobs[m], 0) << m;
  // Bedrock floor, nothing below it.
  EXPECT_EQ(w->registry()[w->block({0, 0, 0})].name, "bedrock");
  // The agent stands on the surface.
  world::Coord feet = world::cell_of(w->agent().pose.pos);
  EXPECT_EQ(w->block(feet), world::kAir);
  EXPECT_TRUE(w->solid({feet.x, feet.y - 1, feet.z}) || w->registry()[w->block({feet.x, feet.y - 1, feet.z})].name == "water");

  // docs/images/worldgen.png: PLANK_WORLDGEN_PNG=path writes a picture of a 64 x 64 corner.
  if (const char* out = std::getenv("PLANK_WORLDGEN_PNG")) {
    WorldgenOptions p;
    p.seed = 5;
    p.x0 = -40, p.z0 = -24, p.size_x = 72, p.size_z = 72;
    auto pw = make_survival_world(reg, p);
    render::IsoOptions iso;
    iso.tile = 8;
    auto pic = render::render_isometric(*pw, iso);
    std::ofstream f(out, std::ios::binary);
    auto png = render::encode_png(pic.image);
    f.write(reinterpret_cast<const char*>(png.data()), std::streamsize(png.size()));
  }
}

TEST(SurvivalWorldgen, OresAtRealisticDepths) {
  PLANK_REQUIRE_MCDATA(reg);
  WorldgenOptions o;
  o.seed = 11;
  o.caves = false;
  auto w = make_survival_world(reg, o);
  std::map<std::string, std::pair<int, int>> range;  // min y, max y
  std::map<std::string, int> count;
  for (int32_t x = o.x0; x < o.x0 + o.size_x; ++x)
    for (int32_t z = o.z0; z < o.z0 + o.size_z; ++z)
      for (int32_t y = 0; y < 140; ++y) {
        const std::string& n = w->registry()[w->block({x, y, z})].name;
        if (n.size() < 4 || n.compare(n.size() - 4, 4, "_ore") != 0) continue;
        auto [it, fresh] = range.try_emplace(n, y, y);
        it->second.first = std::min(it->second.first, y), it->second.second = std::max(it->second.second, y);
        ++count[n];
      }
  // Veins grow a few blocks from a start inside the rule's range.
  for (const auto& r : ore_rules()) {
    ASSERT_TRUE(range.count(r.block)) << r.block;
    EXPECT_GE(range[r.block].first, r.min_y - 8) << r.block;
    EXPECT_LE(range[r.block].second, r.max_y + 8) << r.block;
  }
  EXPECT_LE(range["diamond_ore"].second, 24);
  EXPECT_LE(range["iron_ore"].second, 72);
  EXPECT_GT(range["coal_ore"].second, 64);
  EXPECT_GT(count["coal_ore"], count["iron_ore"]);
  EXPECT_GT(count["iron_ore"], 4 * count["diamond_ore"]);
  std::cout << "[ ores ] 128x128:";
  for (const auto& [n, c] : count) std::cout << " " << n << " " << c << " (y " << range[n].first << ".." << range[n].second << ")";
  std::cout << "\n";
}

TEST(SurvivalScriptedRun, FromEmptyInventoryToIronAndTaskObjects) {
  PLANK_REQUIRE_RULES(r);
  WorldgenOptions o;
  o.seed = 5;
  auto w = make_survival_world(r.registry, o);
  Obtainability analysis(*r.book, *r.registry, worldgen_sources());
  Controller ctl(*w, *r.book);
  EXPECT_TRUE(ctl.inventory().empty());
  for (const char* goal : {"wooden_pickaxe", "stone_pickaxe", "iron_ingot", "furnace", "torch", "stone_stairs", "bucket",
                           "iron_pickaxe", "diamond", "cooked_beef", "bed", "shield", "chest_minecart", "leather_boots"}) {
    SkillResult res = ctl.obtain(analysis, goal, 1);
    ASSERT_TRUE(res.ok) << goal << ": " << failure_name(res.failure) << ": " << res.reason
                        << "\ninventory: " << ctl.inventory().str();
    EXPECT_GE(ctl.inventory().count_any(r.book->names().resolve(goal)), 1) << goal;
  }
  const ControllerStats& s = ctl.stats();
  std::cout << "[ scripted run ] " << ctl.ticks() << " ticks; broke " << s.blocks_broken << " blocks (" << s.targets
            << " targets), killed " << s.mobs_killed << " mobs, " << s.crafts << " crafts, " << s.smelts
            << " smelts, walked " << s.walked << " blocks (" << s.walks_astar << "/" << s.walks << " walks by A*)\n"
            << "[ inventory ] " << ctl.inventory().str() << "\n";
  EXPECT_GT(s.walked, 10);
  EXPECT_GT(s.walks_astar, 0);
  EXPECT_GT(s.mobs_killed, 0);
}

// Every one of the 71 DEPS task objects, each from an empty inventory in a copy of one generated
// world: planned by Obtainability, carried out by the Controller. PLANK_TASK_SEEDS=N runs N seeds
// (default 1) and prints the per-group table docs/survival.md quotes.
TEST(SurvivalScriptedRun, All71DepsObjectsInAGeneratedWorld) {
  PLANK_REQUIRE_RULES(r);
  std::string err;
  auto tasks = load_deps_tasks(default_tasks_path(), &err);
  ASSERT_EQ(tasks.size(), 71u) << err;
  Obtainability analysis(*r.book, *r.registry, worldgen_sources());
  int seeds = 1;
  if (const char* n = std::getenv("PLANK_TASK_SEEDS")) seeds = std::max(1, std::atoi(n));
  for (int seed = 1; seed <= seeds; ++seed) {
    WorldgenOptions o = deps_task_world(uint64_t(seed));
    auto w = make_survival_world(r.registry, o);
    ControllerOptions co = deps_task_controller();
    auto outcomes = run_deps_tasks(*w, *r.book, analysis, tasks, co);
    int ok = 0;
    for (const auto& t : outcomes) {
      ok += t.ok;
      if (!t.ok) std::cout << "[ seed " << seed << " ] " << t.task.object << ": " << failure_name(t.failure) << ": " << t.reason << "\n";
    }
    std::cout << "[ seed " << seed << " ] " << ok << "/71 obtained;";
    for (const auto& [g, s] : summarise(outcomes))
      std::cout << " " << g << " " << s.ok << "/" << s.tasks << " mean " << int(s.mean_ticks) << " (budget " << s.max_steps
                << ", " << s.within_budget << " within)";
    std::cout << "\n";
    if (seed == 1) {
      EXPECT_EQ(ok, 71);
    }
    // The copies leave the generated world as it was.
    EXPECT_TRUE(w->entities() == make_survival_world(r.registry, o)->entities());
  }
}

}  // namespace
}  // namespace plank::survival
