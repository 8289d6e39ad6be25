// The survival controller's contract (SKILL_CONTRACT.md): each failure kind with what would fix
// it, tick costs from the game's rules (break times, fights, smelting), digging down to buried
// ore, stations placed and picked up again, wandering mobs and determinism. Flat worlds (the
// default ground: grass at y = -1, dirt, stone) with a few blocks placed, so costs are exact.
#include <gtest/gtest.h>

#include "survival_test_util.h"
#include "world/agent/ticks.h"
#include "world/survival/controller.h"
#include "world/survival/worldgen.h"

namespace plank::survival {
namespace {

using world::Coord;

std::unique_ptr<world::World> flat(const test::Rules& r, uint64_t seed = 1) {
  world::WorldOptions o;
  o.seed = seed;
  return std::make_unique<world::World>(r.registry, o);
}

void put(world::World& w, Coord c, const char* name) { w.set_block(c, *w.registry().find(name)); }

TEST(SurvivalController, FailureNames) {
  EXPECT_STREQ(failure_name(Failure::MissingTool), "missing_tool");
  EXPECT_STREQ(failure_name(Failure::ToolTierTooLow), "tool_tier_too_low");
  EXPECT_STREQ(failure_name(Failure::OutOfTicks), "out_of_ticks");
}

TEST(SurvivalController, BreakTicksFollowHardnessAndTool) {
  PLANK_REQUIRE_RULES(r);
  auto w = flat(r);
  put(*w, {2, 0, 0}, "oak_log");
  put(*w, {-2, 0, 0}, "oak_log");
  Controller ctl(*w, *r.book);
  // In reach from the start: no walking. Oak log, hardness 2, by hand: 2 x 1.5 / 1 s = 60 ticks.
  SkillResult a = ctl.mine("log", 1, "");
  ASSERT_TRUE(a.ok) << a.reason;
  EXPECT_EQ(a.ticks, 60u);
  EXPECT_EQ(a.gained.at("oak_log"), 1);
  // A wooden axe (speed 2) halves it.
  ctl.inventory().add("wooden_axe");
  SkillResult b = ctl.mine("log", 1, "wooden_axe");
  ASSERT_TRUE(b.ok) << b.reason;
  EXPECT_EQ(b.ticks, 30u);
  EXPECT_EQ(ctl.equipped(), "wooden_axe");
  EXPECT_EQ(ctl.ticks(), 90u);
}

TEST(SurvivalController, ToolFailuresSayWhatIsNeeded) {
  PLANK_REQUIRE_RULES(r);
  auto w = flat(r);
  put(*w, {3, -5, 0}, "iron_ore");
  Controller ctl(*w, *r.book);
  SkillResult named = ctl.mine("cobblestone", 1, "wooden_pickaxe");
  EXPECT_EQ(named.failure, Failure::MissingTool);
  EXPECT_EQ(named.needed, "wooden_pickaxe");
  SkillResult hand = ctl.mine("cobblestone", 1, "");
  EXPECT_EQ(hand.failure, Failure::MissingTool) << hand.reason;
  EXPECT_EQ(hand.needed, "wooden_pickaxe");
  ctl.inventory().add("wooden_pickaxe");
  SkillResult low = ctl.mine("iron_ore", 1, "wooden_pickaxe");
  EXPECT_EQ(low.failure, Failure::ToolTierTooLow) << low.reason;
  EXPECT_EQ(low.needed, "stone_pickaxe");
  EXPECT_EQ(ctl.mine("stoen", 1, "").failure, Failure::UnknownItem);
  SkillResult stone = ctl.mine("stone", 1, "wooden_pickaxe");
  EXPECT_EQ(stone.failure, Failure::ResourceNotFound);
  EXPECT_NE(stone.reason.find("smelted"), std::string::npos) << stone.reason;
  EXPECT_EQ(ctl.equip("diamond_pickaxe").failure, Failure::MissingTool);
  EXPECT_EQ(ctl.ticks(), 0u);  // failures before acting cost nothing
}

TEST(SurvivalController, DigsDownToBuriedOre) {
  PLANK_REQUIRE_RULES(r);
  auto w = flat(r);
  put(*w, {6, -9, 2}, "iron_ore");
  Controller ctl(*w, *r.book);
  ctl.inventory().add("stone_pickaxe");
  SkillResult res = ctl.mine("iron_ore", 1, "stone_pickaxe");
  ASSERT_TRUE(res.ok) << res.reason;
  EXPECT_EQ(ctl.inventory().count("iron_ore"), 1);
  EXPECT_EQ(w->block({6, -9, 2}), world::kAir);
  // Dug through grass, dirt and stone: the stone came out as cobblestone.
  EXPECT_GE(ctl.stats().blocks_broken, 8);
  EXPECT_GT(ctl.inventory().count("cobblestone"), 0);
  EXPECT_GT(ctl.stats().dig_ticks, 0u);
  // And back up: logs on the surface are reached again (climbing out by digging or pillaring).
  put(*w, {-4, 0, -4}, "oak_log");
  SkillResult log = ctl.mine("log", 1, "");
  ASSERT_TRUE(log.ok) << log.reason;
}

// Underground beside a second buried ore, the controller digs across to it rather than climbing
// out and sinking a new shaft: the second ore costs less than the first.
TEST(SurvivalController, TunnelsToTheNextOreFromUnderground) {
  PLANK_REQUIRE_RULES(r);
  auto w = flat(r);
  put(*w, {6, -20, 2}, "iron_ore");
  put(*w, {13, -20, 2}, "iron_ore");
  Controller ctl(*w, *r.book);
  ctl.inventory().add("stone_pickaxe");
  SkillResult first = ctl.mine("iron_ore", 1, "stone_pickaxe");
  ASSERT_TRUE(first.ok) << first.reason;
  EXPECT_LT(ctl.position().y, -10);  // still down by the first ore
  SkillResult second = ctl.mine("iron_ore", 1, "stone_pickaxe");
  ASSERT_TRUE(second.ok) << second.reason;
  EXPECT_EQ(ctl.inventory().count("iron_ore"), 2);
  EXPECT_LT(second.ticks, first.ticks);
  bool tunnelled = false;
  for (const auto& line : ctl.log()) tunnelled = tunnelled || line.find("iron_ore at (13, -20, 2): tunnel") == 0;
  EXPECT_TRUE(tunnelled);
}

TEST(SurvivalController, WalksAroundWallsWithAStar) {
  PLANK_REQUIRE_RULES(r);
  auto w = flat(r);
  put(*w, {12, 0, 0}, "oak_log");
  for (int z = -6; z <= 6; ++z)  // a wall two high between the agent and the log
    for (int y = 0; y <= 1; ++y) put(*w, {6, y, z}, "bedrock");
  Controller ctl(*w, *r.book);
  SkillResult res = ctl.mine("log", 1, "");
  ASSERT_TRUE(res.ok) << res.reason;
  EXPECT_EQ(ctl.stats().walks_astar, 1);
  // Straight there would be ~8 blocks (37 ticks); round the wall's end it is well over 12 blocks.
  EXPECT_GT(ctl.stats().walk_ticks, 12u * 4u);
  EXPECT_EQ(w->registry()[w->block({6, 0, 0})].name, "bedrock");
}

TEST(SurvivalController, CraftingNeedsATableForThreeByThree) {
  PLANK_REQUIRE_RULES(r);
  auto w = flat(r);
  Controller ctl(*w, *r.book);
  SkillResult none = ctl.craft("stick", 4, {{"planks", 2}}, "");
  EXPECT_EQ(none.failure, Failure::MissingMaterials);
  EXPECT_EQ(none.needed, "2 planks");
  ctl.inventory().add("birch_planks", 7);
  ASSERT_TRUE(ctl.craft("stick", 4, {{"planks", 2}}, "").ok);
  EXPECT_EQ(ctl.inventory().count("stick"), 4);
  SkillResult no_table = ctl.craft("wooden_pickaxe", 1, {{"planks", 3}, {"stick", 2}}, "crafting_table");
  EXPECT_EQ(no_table.failure, Failure::NoCraftingTable);
  EXPECT_EQ(no_table.needed, "crafting_table");
  EXPECT_EQ(ctl.inventory().count("birch_planks"), 5);  // nothing consumed
  ctl.inventory().add("crafting_table");
  SkillResult ok = ctl.craft("wooden_pickaxe", 1, {{"planks", 3}, {"stick", 2}}, "crafting_table");
  ASSERT_TRUE(ok.ok) << ok.reason;
  EXPECT_EQ(ok.gained.at("wooden_pickaxe"), 1);
  EXPECT_EQ(ctl.inventory().count("crafting_table"), 1);  // picked up again
  EXPECT_EQ(ctl.stats().stations_placed, 1);
  // Placed (4) + crafted (1) + picked up by hand (hardness 2.5 x 1.5 = 3.75 s = 75 ticks).
  EXPECT_EQ(ok.ticks, 4u + 1u + 75u);
  EXPECT_EQ(ctl.craft("cobblestone", 1, {}, "").failure, Failure::NoRecipe);
  EXPECT_EQ(ctl.craft("bogus_item", 1, {}, "").failure, Failure::UnknownItem);
}

TEST(SurvivalController, SmeltingNeedsFurnaceAndFuelAndTakesTenSecondsAnItem) {
  PLANK_REQUIRE_RULES(r);
  auto w = flat(r);
  Controller ctl(*w, *r.book);
  ctl.inventory().add("iron_ore", 2);
  SkillResult no_furnace = ctl.smelt("iron_ingot", 1, {{"iron_ore", 1}}, "furnace");
  EXPECT_EQ(no_furnace.failure, Failure::NoFurnace);
  EXPECT_EQ(no_furnace.needed, "furnace");
  ctl.inventory().add("furnace");
  SkillResult no_fuel = ctl.smelt("iron_ingot", 1, {{"iron_ore", 1}}, "furnace");
  EXPECT_EQ(no_fuel.failure, Failure::NoFuel);
  EXPECT_EQ(ctl.inventory().count("furnace"), 1);
  ctl.inventory().add("coal");
  SkillResult ok = ctl.smelt("iron_ingot", 2, {{"iron_ore", 2}, {"coal", 1}}, "furnace");
  ASSERT_TRUE(ok.ok) << ok.reason;
  EXPECT_EQ(ctl.inventory().count("iron_ingot"), 2);
  EXPECT_GE(ok.ticks, 400u);
  EXPECT_EQ(ctl.smelt("stick", 1, {}, "furnace").failure, Failure::NoRecipe);
}

TEST(SurvivalController, FightsTakeHitsByWeaponDamageAndCooldown) {
  PLANK_REQUIRE_RULES(r);
  auto w = flat(r);
  w->add_entity(world::EntityKind::Mob, "", "cow", {{8.5, 0, 0.5}, 0, 0});
  w->add_entity(world::EntityKind::Mob, "", "cow", {{-8.5, 0, 0.5}, 0, 0});
  ControllerOptions o;
  o.wander_period = 0;
  Controller ctl(*w, *r.book, o);
  // A cow has 10 health: by hand (1 damage, 5-tick cooldown) 10 hits of 5 + 10 chase ticks.
  SkillResult hand = ctl.kill("cow", 1, "");
  ASSERT_TRUE(hand.ok) << hand.reason;
  EXPECT_EQ(ctl.stats().fight_ticks, 150u);
  // A wooden sword (4 damage, 1.6 a second: 13 ticks): 3 hits.
  ctl.inventory().add("wooden_sword");
  ASSERT_TRUE(ctl.kill("cow", 1, "wooden_sword").ok);
  EXPECT_EQ(ctl.stats().fight_ticks, 150u + 3u * (13u + 10u));
  EXPECT_EQ(ctl.stats().mobs_killed, 2);
  SkillResult gone = ctl.kill("cow", 1, "");
  EXPECT_EQ(gone.failure, Failure::ResourceNotFound);
  EXPECT_EQ(ctl.kill("string", 1, "", "cow").failure, Failure::ResourceNotFound);  // cows drop no string
  EXPECT_EQ(ctl.kill("wombat_hide", 1, "").failure, Failure::UnknownItem);
}

TEST(SurvivalController, TickBudgetStopsASkill) {
  PLANK_REQUIRE_RULES(r);
  auto w = flat(r);
  for (int x = 2; x <= 12; x += 2) put(*w, {x, 0, 3}, "oak_log");
  Controller ctl(*w, *r.book);
  ctl.set_tick_budget(100);
  SkillResult res = ctl.mine("log", 4, "");
  EXPECT_EQ(res.failure, Failure::OutOfTicks) << res.reason;
  EXPECT_GT(ctl.inventory().count("oak_log"), 0);  // what was mined stays
  EXPECT_LT(ctl.inventory().count("oak_log"), 4);
  ctl.inventory().add("oak_planks", 4);
  EXPECT_EQ(ctl.craft("crafting_table", 1, {{"planks", 4}}, "").failure, Failure::OutOfTicks);
  ctl.set_tick_budget(0);  // no budget
  EXPECT_TRUE(ctl.craft("crafting_table", 1, {{"planks", 4}}, "").ok);
}

TEST(SurvivalController, PassiveMobsWanderAsTheClockAdvancesDeterministically) {
  PLANK_REQUIRE_RULES(r);
  auto run = [&] {
    auto w = flat(r, 9);
    for (int i = 0; i < 5; ++i) w->add_entity(world::EntityKind::Mob, "", "sheep", {{10.5 + i, 0, 10.5}, 0, 0});
    Controller ctl(*w, *r.book);
    ctl.inventory().add("furnace");
    ctl.inventory().add("iron_ore", 8);
    ctl.inventory().add("coal", 1);
    EXPECT_TRUE(ctl.smelt("iron_ingot", 8, {}, "furnace").ok);  // 1,600 ticks
    std::vector<world::Vec3> at;
    for (const auto& e : w->entities())
      if (e.kind == world::EntityKind::Mob) at.push_back(e.pose.pos);
    return at;
  };
  auto a = run(), b = run();
  ASSERT_EQ(a.size(), 5u);
  EXPECT_EQ(a, b);
  int moved = 0;
  for (size_t i = 0; i < a.size(); ++i) moved += !(a[i] == world::Vec3{10.5 + double(i), 0, 10.5});
  EXPECT_GT(moved, 0);
  for (const auto& p : a) EXPECT_EQ(p.y, 0);  // still on the ground
}

TEST(SurvivalController, SameSeedSameEpisode) {
  PLANK_REQUIRE_RULES(r);
  WorldgenOptions o;
  o.seed = 3;
  o.x0 = o.z0 = -48, o.size_x = o.size_z = 96;
  auto w = make_survival_world(r.registry, o);
  Obtainability analysis(*r.book, *r.registry, worldgen_sources());
  auto episode = [&] {
    auto copy = w->clone();
    Controller ctl(*copy, *r.book);
    SkillResult res = ctl.obtain(analysis, "stone_pickaxe", 1);
    EXPECT_TRUE(res.ok) << res.reason;
    return std::make_pair(ctl.ticks(), ctl.inventory().str());
  };
  EXPECT_EQ(episode(), episode());
}

}  // namespace
}  // namespace plank::survival
