// Explore mode (issue 30): what the agent knows is what a line of sight from its eyes reached
// (survival::KnownMap), the controller chooses only among what it knows, and a resource out of
// view is found only by exploring. Flat worlds (grass at y = -1 over dirt and stone) with a few
// blocks placed, and one small generated explore world.
#include <gtest/gtest.h>

#include <cmath>
#include <regex>

#include "survival_test_util.h"
#include "world/survival/controller.h"
#include "world/survival/known_map.h"
#include "world/survival/task_run.h"
#include "world/survival/worldgen.h"

namespace plank::survival {
namespace {

using world::Coord;
using world::Vec3;

std::unique_ptr<world::World> flat(const test::Rules& r) { return std::make_unique<world::World>(r.registry, world::WorldOptions{}); }
void put(world::World& w, Coord c, const char* name) { w.set_block(c, *w.registry().find(name)); }
const world::Box kFlatBox{{-64, -16, -64}, {64, 32, 64}};
Vec3 eye_at(Coord feet) { return {feet.x + 0.5, feet.y + world::kEyeHeight, feet.z + 0.5}; }
double dist(Vec3 a, Coord c) { return std::hypot(c.x + 0.5 - a.x, c.y + 0.5 - a.y, c.z + 0.5 - a.z); }

// Every cell the map holds is within the view radius of an eye it looked from, and is either see-through or
// was entered from a see-through cell the map also holds (a ray reaches an opaque cell only through one):
// nothing is known from inside the rock. Returns how many cells it checked.
size_t expect_only_seen_cells(const world::World& w, const KnownMap& map) {
  size_t checked = 0;
  const world::Box& b = map.box();
  for (int32_t y = b.min.y; y <= b.max.y; ++y)
    for (int32_t z = b.min.z; z <= b.max.z; ++z)
      for (int32_t x = b.min.x; x <= b.max.x; ++x) {
        Coord c{x, y, z};
        if (!map.known(c)) continue;
        ++checked;
        bool near = false;
        for (const Vec3& e : map.eyes()) near = near || dist(e, c) <= map.view_radius() + 1;
        EXPECT_TRUE(near) << "known cell (" << x << ", " << y << ", " << z << ") is beyond every view";
        if (!map.opaque(w.block(c))) continue;
        bool entered = false;
        for (Coord d : {Coord{1, 0, 0}, Coord{-1, 0, 0}, Coord{0, 1, 0}, Coord{0, -1, 0}, Coord{0, 0, 1}, Coord{0, 0, -1}})
          entered = entered || (map.known(c + d) && !map.opaque(w.block(c + d)));
        for (const Vec3& e : map.eyes()) entered = entered || world::cell_of(e) == c;
        EXPECT_TRUE(entered) << "opaque cell (" << x << ", " << y << ", " << z << ") known with no seen opening beside it";
        if (::testing::Test::HasFailure()) return checked;
      }
  return checked;
}

TEST(SurvivalExplore, TheMapHoldsOnlyWhatALineOfSightReached) {
  PLANK_REQUIRE_RULES(r);
  auto w = flat(*&r);
  // A gold block sealed in a stone box 6 blocks away, a cow behind a wall, a cow in the open.
  for (int32_t x = 5; x <= 7; ++x)
    for (int32_t y = 0; y <= 2; ++y)
      for (int32_t z = -1; z <= 1; ++z) put(*w, {x, y, z}, "stone");
  put(*w, {6, 1, 0}, "gold_block");
  for (int32_t y = 0; y <= 3; ++y)
    for (int32_t x = -3; x <= 3; ++x) put(*w, {x, y, -6}, "stone");
  world::EntityId hidden = w->add_entity(world::EntityKind::Mob, "", "cow", {{0.5, 0, -9.5}, 0, 0});
  world::EntityId open = w->add_entity(world::EntityKind::Mob, "", "cow", {{0.5, 0, 8.5}, 0, 0});
  world::EntityId far = w->add_entity(world::EntityKind::Mob, "", "cow", {{0.5, 0, 40.5}, 0, 0});
  KnownMap map(*w, kFlatBox, 16);
  map.observe(*w, eye_at({0, 0, 0}));
  EXPECT_FALSE(map.known({6, 1, 0})) << "the sealed block is seen through stone";
  EXPECT_TRUE(map.known({5, 1, 0})) << "the box's face toward the agent is not seen";
  EXPECT_TRUE(map.known({3, -1, 0})) << "the ground near the agent is not seen";
  EXPECT_FALSE(map.known({3, -3, 0})) << "the dirt under the grass is seen";
  EXPECT_FALSE(map.known({30, -1, 0})) << "ground beyond the view radius is seen";
  EXPECT_TRUE(map.seen_mob(open));
  EXPECT_FALSE(map.seen_mob(hidden)) << "a cow behind a wall is seen";
  EXPECT_FALSE(map.seen_mob(far));
  EXPECT_GT(expect_only_seen_cells(*w, map), 1000u);
  // A window in the box's face: now the block inside is seen.
  w->set_block({5, 1, 0}, world::kAir);
  map.observe(*w, eye_at({0, 0, 0}));
  EXPECT_TRUE(map.known({6, 1, 0}));
  EXPECT_EQ(map.observations(), 2u);
}

TEST(SurvivalExplore, AResourceOutOfViewIsFoundOnlyByExploring) {
  PLANK_REQUIRE_RULES(r);
  const Coord log{-40, 0, 0};  // west, well beyond the view radius of 16
  auto make = [&] {
    auto w = flat(r);
    for (int32_t y = 0; y <= 2; ++y) put(*w, {log.x, y, log.z}, "oak_log");
    return w;
  };
  // Told everything (known mode): straight there.
  auto w0 = make();
  Controller all(*w0, *r.book);
  SkillResult direct = all.mine("log", 1, "");
  ASSERT_TRUE(direct.ok) << direct.reason;

  // Exploring not allowed: nothing seen drops a log, so nothing is found, and no ticks are spent.
  auto w1 = make();
  KnownMap blind_map(*w1, kFlatBox, 16);
  ControllerOptions blind;
  blind.known = &blind_map;
  blind.explore_steps = 0;
  Controller stay(*w1, *r.book, blind);
  SkillResult none = stay.mine("log", 1, "");
  EXPECT_EQ(none.failure, Failure::ResourceNotFound) << none.reason;
  EXPECT_EQ(none.ticks, 0u);
  EXPECT_FALSE(blind_map.known(log));

  // Exploring: the agent walks until it sees the log, then mines it; the log became known only from an
  // eye within view of it, and finding it cost more than walking straight there.
  auto w2 = make();
  KnownMap map(*w2, kFlatBox, 16);
  ControllerOptions explore;
  explore.known = &map;
  Controller ctl(*w2, *r.book, explore);
  SkillResult found = ctl.mine("log", 1, "");
  ASSERT_TRUE(found.ok) << found.reason;
  EXPECT_GE(ctl.explorations(), 1);
  EXPECT_TRUE(map.known(log));
  bool seen_from_near = false;
  for (const Vec3& e : map.eyes()) seen_from_near = seen_from_near || dist(e, log) <= 16 + 1;
  EXPECT_TRUE(seen_from_near);
  EXPECT_GT(found.ticks, direct.ticks);
  expect_only_seen_cells(*w2, map);
}

TEST(SurvivalExplore, TheControllerTargetsOnlyKnownBlocksInAGeneratedWorld) {
  PLANK_REQUIRE_RULES(r);
  WorldgenOptions o = deps_explore_world(5001);
  o.x0 = o.z0 = -48;
  o.size_x = o.size_z = 96;
  auto w = make_survival_world(r.registry, o);
  KnownMap map(*w, {{-48, 0, -48}, {47, 255, 47}}, 16);
  ControllerOptions co = deps_task_controller();
  co.known = &map;
  Controller ctl(*w, *r.book, co);
  ctl.set_tick_budget(4000);
  SkillResult logs = ctl.mine("log", 3, "");
  ASSERT_TRUE(logs.ok) << logs.reason;
  // Every block the controller chose as a target ("oak_log at (x, y, z): walk (...)") is in the map.
  const std::regex target(R"(^\w+ at \((-?\d+), (-?\d+), (-?\d+)\):)");
  int targets = 0;
  for (const std::string& line : ctl.log()) {
    std::smatch m;
    if (!std::regex_search(line, m, target)) continue;
    ++targets;
    Coord c{std::stoi(m[1]), std::stoi(m[2]), std::stoi(m[3])};
    EXPECT_TRUE(map.known(c)) << line;
  }
  EXPECT_GE(targets, 3);
  expect_only_seen_cells(*w, map);
}

TEST(SurvivalExplore, TheExploreWorldKeepsEachSpeciesToItsBiomes) {
  PLANK_REQUIRE_RULES(r);
  // Herds of the uneven world keep to their biomes: a pig stands within 3 blocks (a herd's spread) of
  // a forest column, a sheep of plains or mountains; the default world puts any species anywhere.
  int pigs = 0, sheep = 0;
  for (uint64_t seed : {5002u, 5003u}) {
    WorldgenOptions o = deps_explore_world(seed);
    o.x0 = o.z0 = -64;
    o.size_x = o.size_z = 128;
    auto w = make_survival_world(r.registry, o);
    for (const world::Entity& e : w->entities()) {
      if (e.type != "pig" && e.type != "sheep") continue;
      (e.type == "pig" ? pigs : sheep)++;
      bool home = false;
      const int32_t x = int32_t(std::floor(e.pose.pos.x)), z = int32_t(std::floor(e.pose.pos.z));
      for (int32_t dz = -3; dz <= 3; ++dz)
        for (int32_t dx = -3; dx <= 3; ++dx) {
          Biome b = biome_at(seed, x + dx, z + dz);
          home = home || (e.type == "pig" ? b == Biome::Forest : (b == Biome::Plains || b == Biome::Mountains));
        }
      EXPECT_TRUE(home) << e.type << " at (" << x << ", " << z << "), seed " << seed;
    }
  }
  EXPECT_GT(pigs + sheep, 0);
}

// The explore world's rivers: where the river noise puts a channel the explore world holds water at
// sea level, except at its fords (dry ground the agent walks over); the known world (deps_task_world)
// does not carve them.
TEST(SurvivalExplore, RiversRunThroughTheExploreWorldAndFordsCrossThem) {
  PLANK_REQUIRE_RULES(r);
  // The first seed with a stretch of channel and a ford in a 96 x 96 area (the pure functions: cheap).
  const int32_t lo = -48, hi = 47;
  uint64_t seed = 0;
  for (uint64_t s = 5000; s < 5040 && !seed; ++s) {
    int channel = 0, fords = 0;
    for (int32_t z = lo; z <= hi; ++z)
      for (int32_t x = lo; x <= hi; ++x)
        if (river_offset(s, x, z) < 1) (river_ford(s, x, z) ? fords : channel)++;
    if (channel >= 40 && fords >= 4) seed = s;
  }
  ASSERT_NE(seed, 0u) << "no river with a ford near the centre in 40 seeds";
  WorldgenOptions o = deps_explore_world(seed);
  o.x0 = o.z0 = lo;
  o.size_x = o.size_z = hi - lo + 1;
  auto w = make_survival_world(r.registry, o);
  WorldgenOptions k = deps_task_world(seed);
  k.x0 = k.z0 = lo;
  k.size_x = k.size_z = hi - lo + 1;
  auto known_world = make_survival_world(r.registry, k);
  const world::BlockId water = *w->registry().find("water");
  int wet = 0, dry_fords = 0, uncarved = 0;
  for (int32_t z = lo; z <= hi; ++z)
    for (int32_t x = lo; x <= hi; ++x) {
      if (river_offset(seed, x, z) >= 1) continue;
      const Coord sea{x, o.sea_level, z};
      if (river_ford(seed, x, z)) {
        EXPECT_NE(w->block(sea), water) << "a ford at " << x << "," << z << " is under water";
        dry_fords += w->block(sea) != water;
      } else if (river_offset(seed, x, z) < 0.8) {  // the banks' last columns stand at sea level
        EXPECT_EQ(w->block(sea), water) << "the channel at " << x << "," << z << " is dry";
        wet += w->block(sea) == water;
      }
      uncarved += known_world->block(sea) != water;
    }
  EXPECT_GE(wet, 40);
  EXPECT_GE(dry_fords, 4);
  EXPECT_GT(uncarved, 0) << "the known world has the explore world's rivers";
}

}  // namespace
}  // namespace plank::survival
