#include <gtest/gtest.h>

#include "test_util.h"
#include "world/agent/actions.h"

namespace plank::agent {
namespace {

using world::BlockId;
using world::BlockRegistry;
using world::Box;
using world::World;
using world::test::id;

int item(const world::BlockRegistry& r, const char* name) {
  const world::McItem* it = r.mcdata()->item(name);
  EXPECT_TRUE(it) << name;
  return it ? it->id : -1;
}

// Break times against minecraft.wiki's Breaking table (Java 1.16).
TEST(Ticks, BreakTimesFollowMinecraft) {
  PLANK_REQUIRE_MCDATA(r);
  BlockId stone = id(*r, "stone"), dirt = id(*r, "dirt"), obsidian = id(*r, "obsidian");
  EXPECT_EQ(break_cost(*r, stone, -1).ticks, 150u);                       // 7.5 s by hand, no drop
  EXPECT_FALSE(break_cost(*r, stone, -1).harvests);
  EXPECT_EQ(break_cost(*r, stone, item(*r, "wooden_pickaxe")).ticks, 23u);  // 1.15 s
  EXPECT_TRUE(break_cost(*r, stone, item(*r, "wooden_pickaxe")).harvests);
  EXPECT_EQ(break_cost(*r, stone, item(*r, "diamond_pickaxe")).ticks, 6u);  // 0.3 s
  EXPECT_EQ(break_cost(*r, stone, item(*r, "golden_pickaxe")).ticks, 4u);   // 0.2 s
  EXPECT_EQ(break_cost(*r, dirt, -1).ticks, 15u);                          // 0.75 s
  EXPECT_EQ(break_cost(*r, dirt, item(*r, "wooden_shovel")).ticks, 8u);    // 0.4 s
  EXPECT_EQ(break_cost(*r, obsidian, item(*r, "diamond_pickaxe")).ticks, 188u);  // 9.4 s
  EXPECT_FALSE(break_cost(*r, obsidian, item(*r, "iron_pickaxe")).harvests);
  EXPECT_EQ(break_cost(*r, obsidian, item(*r, "iron_pickaxe")).ticks, 834u);  // 41.7 s
  EXPECT_FALSE(break_cost(*r, id(*r, "bedrock"), item(*r, "diamond_pickaxe")).breakable);
  EXPECT_EQ(break_cost(*r, id(*r, "grass"), -1).ticks, 1u);  // instant, still a tick
  // A wooden axe does not help with stone.
  EXPECT_EQ(tool_speed(*r, stone, item(*r, "wooden_axe")), 1);
}

TEST(Ticks, BuiltinRegistryUsesTheHand) {
  auto r = BlockRegistry::builtin();
  EXPECT_EQ(break_cost(*r, id(*r, "dirt"), -1).ticks, 15u);
  EXPECT_FALSE(break_cost(*r, world::kAir, -1).breakable);
}

struct AgentActions : ::testing::Test {
  std::shared_ptr<const BlockRegistry> reg = BlockRegistry::builtin();
  World world{reg};
  GameClock clock;
  Agent agent{world, clock};
  BlockId stone = id(*reg, "stone");
};

TEST_F(AgentActions, MoveToWalksAndTakesTime) {
  auto r = agent.move_to({6, 0, 0});
  ASSERT_TRUE(r.ok) << r.reason;
  EXPECT_EQ(agent.feet(), (Coord{6, 0, 0}));
  EXPECT_EQ(r.ticks, 28u);  // 6 × 4.633 = 27.8
  EXPECT_EQ(clock.now(), 28u);
  EXPECT_DOUBLE_EQ(world.agent().pose.yaw, 270);  // facing +x
  auto fail = agent.move_to({6, 7, 0});
  EXPECT_FALSE(fail.ok);
  EXPECT_NE(fail.reason.find("not a cell one can stand in"), std::string::npos) << fail.reason;
  EXPECT_EQ(clock.now(), 28u);  // failing costs nothing
}

TEST_F(AgentActions, PlaceChecksReachFaceAndBody) {
  EXPECT_TRUE(agent.place({1, 0, 0}, stone).ok);
  EXPECT_EQ(world.block({1, 0, 0}), stone);
  EXPECT_EQ(clock.now(), kCosts.place_ticks);
  EXPECT_NE(agent.place({1, 0, 0}, stone).reason.find("is taken by stone"), std::string::npos);
  EXPECT_NE(agent.place({9, 0, 0}, stone).reason.find("out of reach"), std::string::npos);
  EXPECT_NE(agent.place({-2, 3, 0}, stone).reason.find("nothing to place"), std::string::npos);
  EXPECT_NE(agent.place({0, 1, 0}, stone).reason.find("standing in"), std::string::npos);
  EXPECT_EQ(clock.now(), kCosts.place_ticks);
}

TEST_F(AgentActions, DigBreaksAndChargesTheFormula) {
  auto r = agent.dig({1, -1, 0});
  ASSERT_TRUE(r.ok) << r.reason;
  EXPECT_EQ(r.block, id(*reg, "grass_block"));
  EXPECT_EQ(r.ticks, 18u);  // 0.6 × 1.5 s = 0.9 s
  EXPECT_EQ(world.block({1, -1, 0}), world::kAir);
  EXPECT_FALSE(agent.dig({1, -1, 0}).ok);  // nothing left
  world.set_block({0, -1, 1}, id(*reg, "bedrock"));
  EXPECT_NE(agent.dig({0, -1, 1}).reason.find("cannot be broken"), std::string::npos);
}

TEST_F(AgentActions, ActionsAreLoggedUnderTheCurrentTask) {
  ActionLog log(world);
  TaskStack tasks;
  agent.attach(&log, &tasks);
  TaskId build = tasks.push("build", clock.now());
  ASSERT_TRUE(agent.place({1, 0, 0}, stone).ok);
  ASSERT_TRUE(agent.place({1, 1, 0}, stone).ok);
  TaskId walk = tasks.push("walk", clock.now());
  ASSERT_TRUE(agent.move_to({-3, 0, 0}).ok);
  ASSERT_EQ(log.actions().size(), 3u);
  EXPECT_EQ(log.actions()[0].task, build);
  EXPECT_EQ(log.actions()[0].name, "place");
  EXPECT_EQ(log.actions()[2].task, walk);
  EXPECT_EQ(log.actions()[2].name, "move");
  // UNDO the build: the blocks go, the walk stays.
  auto u = log.undo(build);
  ASSERT_TRUE(u.ok) << u.reason;
  EXPECT_EQ(u.actions, 2u);
  EXPECT_EQ(world.block({1, 0, 0}), world::kAir);
  EXPECT_EQ(agent.feet(), (Coord{-3, 0, 0}));
  ASSERT_TRUE(log.undo_last().ok);
  EXPECT_EQ(agent.feet(), (Coord{0, 0, 0}));
}

TEST(Agent, SameSeedSamePlan) {
  // Two worlds from one seed, the same random obstacles and goals: identical paths and clocks.
  auto run = [](uint64_t seed) {
    auto reg = BlockRegistry::builtin();
    World w(reg, world::WorldOptions{seed});
    for (int i = 0; i < 300; ++i)
      w.set_block({int32_t(w.rng().below(30)) - 15, 0, int32_t(w.rng().below(30)) - 15}, id(*reg, "stone"));
    w.set_block({0, 0, 0}, world::kAir);
    GameClock clock;
    Agent a(w, clock);
    std::vector<Coord> trail;
    for (int i = 0; i < 10; ++i) {
      Coord goal{int32_t(w.rng().below(30)) - 15, 0, int32_t(w.rng().below(30)) - 15};
      auto r = a.move_to(goal, 1);
      trail.insert(trail.end(), r.path.begin(), r.path.end());
    }
    return std::make_pair(trail, clock.now());
  };
  EXPECT_EQ(run(5), run(5));
  EXPECT_NE(run(5), run(6));
}

}  // namespace
}  // namespace plank::agent
