// Survival rules: hand-written data, inventory, crafting, smelting, tool tiers, mob drops,
// the DEPS name map and the dependency check over all 71 DEPS task objects.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "survival_test_util.h"
#include "world/survival/crafting.h"
#include "world/survival/mining.h"
#include "world/survival/mob_drops.h"
#include "world/survival/obtainability.h"

namespace plank::survival {
namespace {

using world::test::id;

TEST(SurvivalData, LoadsAndChecksEveryName) {
  PLANK_REQUIRE_RULES(r);
  EXPECT_GE(r.data->smelting.size(), 30u);
  EXPECT_EQ(r.data->fuel_ticks.at("coal"), 1600);
  EXPECT_EQ(r.data->fuel_ticks.at("oak_planks"), 300);
  EXPECT_EQ(r.data->mob_drops.at("sheep")[0].item, "white_wool");
  std::string error;
  auto bad = load_survival_data("/nonexistent", *r.registry->mcdata(), &error);
  EXPECT_EQ(bad, nullptr);
  EXPECT_NE(error.find("smelting.json"), std::string::npos) << error;
}

TEST(SurvivalInventory, AddRemoveWithReasons) {
  Inventory inv;
  EXPECT_TRUE(inv.empty());
  inv.add("oak_planks", 3);
  inv.add("birch_planks", 2);
  EXPECT_EQ(inv.count("oak_planks"), 3);
  EXPECT_EQ(inv.count_any({"oak_planks", "birch_planks"}), 5);
  std::string err;
  EXPECT_FALSE(inv.remove("oak_planks", 4, &err));
  EXPECT_EQ(err, "need 4 oak_planks, have 3");
  EXPECT_EQ(inv.count("oak_planks"), 3);  // all or nothing
  EXPECT_TRUE(inv.remove_any({"oak_planks", "birch_planks"}, 4));
  EXPECT_EQ(inv.count("oak_planks"), 0);
  EXPECT_EQ(inv.count("birch_planks"), 1);
  EXPECT_EQ(inv.str(), "1 birch_planks");
  EXPECT_THROW(inv.add("stick", -1), std::invalid_argument);
}

TEST(SurvivalNames, DepsNamesMapTo1165) {
  PLANK_REQUIRE_RULES(r);
  const NameMap& n = r.book->names();
  auto planks = n.resolve("planks");
  EXPECT_EQ(planks.size(), 6u);
  EXPECT_EQ(planks[0], "oak_planks");
  EXPECT_EQ(n.resolve("log").size(), 6u);
  EXPECT_EQ(n.resolve("stone_stairs"), std::vector<std::string>{"cobblestone_stairs"});
  EXPECT_EQ(n.resolve("boat"), std::vector<std::string>{"oak_boat"});
  EXPECT_EQ(n.resolve("minecraft:stick"), std::vector<std::string>{"stick"});
  EXPECT_EQ(n.to_deps("birch_planks"), "planks");
  EXPECT_EQ(n.to_deps("acacia_log"), "log");
  EXPECT_EQ(n.to_deps("cobblestone_stairs"), "stone_stairs");
  EXPECT_EQ(n.to_deps("iron_ingot"), "iron_ingot");
  // Every DEPS task object names at least one 1.16.5 item.
  std::ifstream in(std::string(PLANK_SHARED_DIR) + "/data/deps/tasks.json");
  if (!in) GTEST_SKIP() << "shared DEPS tasks.json absent";
  const nlohmann::json tasks = nlohmann::json::parse(in);  // kept alive: the loop views into it
  for (const auto& t : tasks.at("tasks")) {
    std::string obj = t.at("object").get<std::string>();
    bool any = false;
    for (const auto& i : n.resolve(obj)) any = any || r.book->is_item(i);
    EXPECT_TRUE(any) << obj;
  }
}

TEST(SurvivalCrafting, TwoByTwoNeedsNoTableThreeByThreeDoes) {
  PLANK_REQUIRE_RULES(r);
  const RecipeBook& b = *r.book;
  Inventory inv;
  inv.add("oak_log", 2);
  CraftResult planks = craft(b, "planks", 8, inv, false);
  ASSERT_TRUE(planks.ok) << planks.message;
  EXPECT_EQ(planks.produced, 8);
  EXPECT_EQ(inv.count("oak_planks"), 8);
  EXPECT_EQ(inv.count("oak_log"), 0);
  CraftResult table = craft(b, "crafting_table", 1, inv, false);
  ASSERT_TRUE(table.ok) << table.message;
  EXPECT_FALSE(table.recipe->needs_table);
  CraftResult sticks = craft(b, "stick", 4, inv, false);
  ASSERT_TRUE(sticks.ok) << sticks.message;
  EXPECT_EQ(inv.count("stick"), 4);
  EXPECT_EQ(inv.count("oak_planks"), 2);
  inv.add("oak_planks", 1);
  CraftResult pick = craft(b, "wooden_pickaxe", 1, inv, false);
  EXPECT_FALSE(pick.ok);
  EXPECT_EQ(pick.error, CraftError::NeedsCraftingTable);
  EXPECT_NE(pick.message.find("crafting table"), std::string::npos) << pick.message;
  EXPECT_EQ(inv.count("oak_planks"), 3);  // nothing consumed on failure
  pick = craft(b, "wooden_pickaxe", 1, inv, true);
  ASSERT_TRUE(pick.ok) << pick.message;
  EXPECT_EQ(inv.count("wooden_pickaxe"), 1);
  EXPECT_EQ(inv.count("stick"), 2);
}

TEST(SurvivalCrafting, PlanksOfAnyWoodAndMixedPlanks) {
  PLANK_REQUIRE_RULES(r);
  Inventory inv;
  inv.add("birch_planks", 2);
  inv.add("spruce_planks", 2);
  CraftResult t = craft(*r.book, "crafting_table", 1, inv, false);  // #planks: mixing is allowed
  ASSERT_TRUE(t.ok) << t.message;
  EXPECT_EQ(inv.str(), "1 crafting_table");
  inv.add("birch_planks", 5);
  CraftResult boat = craft(*r.book, "boat", 1, inv, false);  // the oak boat takes oak planks only
  EXPECT_FALSE(boat.ok);
  EXPECT_EQ(boat.error, CraftError::MissingMaterials);
}

TEST(SurvivalCrafting, MissingMaterialsSaysWhatAndHowMany) {
  PLANK_REQUIRE_RULES(r);
  Inventory inv;
  inv.add("cobblestone", 1);
  inv.add("stick", 2);
  CraftResult c = craft(*r.book, "stone_pickaxe", 1, inv, true);
  EXPECT_FALSE(c.ok);
  EXPECT_EQ(c.error, CraftError::MissingMaterials);
  ASSERT_EQ(c.missing.size(), 1u);
  EXPECT_EQ(c.missing[0].item, "cobblestone");
  EXPECT_EQ(c.missing[0].need, 3);
  EXPECT_EQ(c.missing[0].have, 1);
  EXPECT_NE(c.message.find("missing 2 cobblestone (have 1)"), std::string::npos) << c.message;
  EXPECT_EQ(craft(*r.book, "unobtanium", 1, inv, true).error, CraftError::UnknownItem);
  CraftResult ingot = craft(*r.book, "iron_ingot", 1, inv, true);  // only from nuggets or a block
  EXPECT_FALSE(ingot.ok);
  CraftResult diamond = craft(*r.book, "diamond_ore", 1, inv, true);
  EXPECT_EQ(diamond.error, CraftError::NoRecipe);
}

TEST(SurvivalSmelting, IronOreNeedsFurnaceAndFuel) {
  PLANK_REQUIRE_RULES(r);
  Inventory inv;
  inv.add("iron_ore", 3);
  CraftResult no_furnace = smelt(*r.book, "iron_ingot", 3, inv, false);
  EXPECT_EQ(no_furnace.error, CraftError::NeedsFurnace);
  CraftResult no_fuel = smelt(*r.book, "iron_ingot", 3, inv, true);
  EXPECT_EQ(no_fuel.error, CraftError::NoFuel);
  EXPECT_NE(no_fuel.message.find("fuel"), std::string::npos);
  inv.add("coal", 1);
  CraftResult ok = smelt(*r.book, "iron_ingot", 3, inv, true);
  ASSERT_TRUE(ok.ok) << ok.message;
  EXPECT_EQ(inv.count("iron_ingot"), 3);
  EXPECT_EQ(inv.count("coal"), 0);  // one coal smelts 8
  EXPECT_EQ(inv.count("iron_ore"), 0);
  // Planks burn 300 ticks: 3 smelts (600 ticks) need 2 planks.
  inv.add("cobblestone", 3);
  inv.add("oak_planks", 5);
  CraftResult stone = smelt(*r.book, "stone", 3, inv, true);
  ASSERT_TRUE(stone.ok) << stone.message;
  EXPECT_EQ(inv.count("stone"), 3);
  EXPECT_EQ(inv.count("oak_planks"), 3);
  inv.add("beef", 1);
  EXPECT_FALSE(smelt(*r.book, "cooked_beef", 1, inv, true, "dirt").ok);  // dirt does not burn
  EXPECT_TRUE(smelt(*r.book, "cooked_beef", 1, inv, true, "oak_planks").ok);
}

TEST(SurvivalMining, ToolTiers) {
  PLANK_REQUIRE_RULES(r);
  const auto& reg = *r.registry;
  EXPECT_EQ(tool_tier("wooden_pickaxe"), 1);
  EXPECT_EQ(tool_tier("stone_pickaxe"), 2);
  EXPECT_EQ(tool_tier("iron_pickaxe"), 3);
  EXPECT_EQ(tool_tier("diamond_pickaxe"), 4);
  EXPECT_EQ(tool_tier("stick"), 0);
  EXPECT_EQ(tool_kind("iron_axe"), "axe");
  // Stone by hand: breaks, drops nothing.
  HarvestCheck hand = can_harvest(reg, id(reg, "stone"), "");
  EXPECT_FALSE(hand.ok);
  EXPECT_EQ(hand.min_tool, "wooden_pickaxe");
  EXPECT_TRUE(block_drops(*r.book, reg, id(reg, "stone"), "").empty());
  auto cobble = block_drops(*r.book, reg, id(reg, "stone"), "wooden_pickaxe");
  ASSERT_EQ(cobble.size(), 1u);
  EXPECT_EQ(cobble[0].item, "cobblestone");
  EXPECT_DOUBLE_EQ(cobble[0].chance, 1.0);
  // Iron ore: stone pickaxe or better.
  HarvestCheck iron = can_harvest(reg, id(reg, "iron_ore"), "wooden_pickaxe");
  EXPECT_FALSE(iron.ok);
  EXPECT_NE(iron.reason.find("needs a stone_pickaxe or better"), std::string::npos) << iron.reason;
  EXPECT_TRUE(can_harvest(reg, id(reg, "iron_ore"), "stone_pickaxe").ok);
  // Diamond ore: iron pickaxe or better.
  EXPECT_FALSE(can_harvest(reg, id(reg, "diamond_ore"), "stone_pickaxe").ok);
  EXPECT_EQ(can_harvest(reg, id(reg, "diamond_ore"), "").min_tool, "iron_pickaxe");
  EXPECT_TRUE(can_harvest(reg, id(reg, "diamond_ore"), "iron_pickaxe").ok);
  EXPECT_TRUE(can_harvest(reg, id(reg, "diamond_ore"), "diamond_pickaxe").ok);
  auto diamonds = block_drops(*r.book, reg, id(reg, "diamond_ore"), "iron_pickaxe");
  ASSERT_EQ(diamonds.size(), 1u);
  EXPECT_EQ(diamonds[0].item, "diamond");
  EXPECT_FALSE(can_harvest(reg, id(reg, "bedrock"), "diamond_pickaxe").ok);
  // Logs by hand.
  EXPECT_TRUE(can_harvest(reg, id(reg, "oak_log"), "").ok);
  EXPECT_EQ(block_drops(*r.book, reg, id(reg, "oak_log"), "")[0].item, "oak_log");
  // The best tool held.
  Inventory inv;
  inv.add("wooden_pickaxe");
  inv.add("stone_pickaxe");
  EXPECT_EQ(best_tool(reg, id(reg, "iron_ore"), inv), "stone_pickaxe");
  EXPECT_EQ(best_tool(reg, id(reg, "oak_log"), inv), "");
}

TEST(SurvivalMining, LootCorrectionsForLeavesAndGravel) {
  PLANK_REQUIRE_RULES(r);
  const auto& reg = *r.registry;
  auto leaves = block_drops(*r.book, reg, id(reg, "oak_leaves"), "");
  double stick = 0;
  for (const auto& d : leaves)
    if (d.item == "stick") stick = d.chance;
  EXPECT_DOUBLE_EQ(stick, 0.02);
  world::Rng rng(7);
  int flint = 0;
  for (int i = 0; i < 2000; ++i) flint += roll_block_drops(*r.book, reg, id(reg, "gravel"), "", rng).count("flint");
  EXPECT_GT(flint, 120);
  EXPECT_LT(flint, 290);
}

TEST(SurvivalMobDrops, HandWrittenAndRolled) {
  PLANK_REQUIRE_RULES(r);
  auto sheep = mob_drops(*r.book, "sheep");
  ASSERT_EQ(sheep.size(), 2u);
  EXPECT_EQ(sheep[0].item, "white_wool");
  EXPECT_TRUE(sheep[0].hand_written);
  auto md_only = mob_drops(*r.book, "sheep", false);  // minecraft-data's entityLoot misses the wool
  for (const auto& d : md_only) EXPECT_NE(d.item, "white_wool");
  world::Rng rng(3);
  int leather = 0, kills = 1000;
  for (int i = 0; i < kills; ++i) leather += roll_mob_drops(*r.book, "cow", rng)["leather"];
  EXPECT_NEAR(leather / double(kills), 1.0, 0.1);  // 0..2, uniform
  EXPECT_EQ(roll_mob_drops(*r.book, "spider", rng).count("mutton"), 0u);
  EXPECT_FALSE(mob_drops(*r.book, "zombie").empty());  // falls back to entityLoot
}

TEST(SurvivalObtainability, PlansLookLikeDeps) {
  PLANK_REQUIRE_RULES(r);
  Obtainability o(*r.book, *r.registry, worldgen_sources());
  ObtainPlan p = o.plan("wooden_pickaxe");
  ASSERT_TRUE(p.ok) << p.reason;
  std::string s = p.str(r.book->names());
  EXPECT_NE(s.find("mine({'log':"), std::string::npos) << s;
  EXPECT_NE(s.find("craft({'crafting_table':1}, {'planks':4}, null)"), std::string::npos) << s;
  EXPECT_NE(s.find("craft({'wooden_pickaxe':1}, {'planks':3, 'stick':2}, 'crafting_table')"), std::string::npos) << s;
  EXPECT_TRUE(p.hand_written_rules.empty());
  ObtainPlan iron = o.plan("iron_ingot");
  ASSERT_TRUE(iron.ok) << iron.reason;
  s = iron.str(r.book->names());
  EXPECT_NE(s.find("mine({'iron_ore':1}, 'stone_pickaxe')"), std::string::npos) << s;
  EXPECT_NE(s.find("smelt({'iron_ingot':1}"), std::string::npos) << s;
  EXPECT_TRUE(iron.hand_written_rules.count("smelting.json: iron_ore -> iron_ingot")) << s;
  ObtainPlan diamond = o.plan("diamond");
  ASSERT_TRUE(diamond.ok) << diamond.reason;
  EXPECT_NE(diamond.str(r.book->names()).find("mine({'diamond':1}, 'iron_pickaxe')"), std::string::npos);
  // Starting with a stone pickaxe skips the wooden age.
  Inventory start;
  start.add("stone_pickaxe");
  ObtainPlan cobble = o.plan("cobblestone", 3, start);
  ASSERT_TRUE(cobble.ok);
  ASSERT_EQ(cobble.steps.size(), 1u);
  EXPECT_EQ(cobble.steps[0].deps(r.book->names()), "mine({'cobblestone':3}, 'stone_pickaxe')");
  // Without hand-written rules there is no smelting: no iron ingot; the reason says why.
  Obtainability md(*r.book, *r.registry, worldgen_sources(), {.hand_written_rules = false});
  EXPECT_FALSE(md.obtainable("iron_ingot"));
  EXPECT_FALSE(md.why_not("iron_ingot").empty());
  EXPECT_FALSE(o.plan("nether_star").ok);
  EXPECT_NE(o.why_not("nether_star"), "");
}

TEST(SurvivalObtainability, All71DepsTaskObjects) {
  PLANK_REQUIRE_RULES(r);
  std::ifstream in(std::string(PLANK_SHARED_DIR) + "/data/deps/tasks.json");
  if (!in) GTEST_SKIP() << "shared DEPS tasks.json absent (PLANK_SHARED_DIR=" << PLANK_SHARED_DIR << ")";
  auto tasks = nlohmann::json::parse(in).at("tasks");
  ASSERT_EQ(tasks.size(), 71u);
  Obtainability full(*r.book, *r.registry, worldgen_sources());
  Obtainability md_only(*r.book, *r.registry, worldgen_sources(), {.hand_written_rules = false});
  int ok = 0, plain = 0;
  std::string needs_rules;
  for (const auto& t : tasks) {
    std::string obj = t.at("object").get<std::string>();
    ObtainPlan p = full.plan(obj);
    EXPECT_TRUE(p.ok) << obj << ": " << p.reason;
    if (!p.ok) continue;
    ++ok;
    // The plan replays: every craft and smelt succeeds against the simulated inventory.
    Inventory inv;
    for (const auto& s : p.steps) {
      if (s.kind == StepKind::Mine || s.kind == StepKind::Kill) inv.add(s.item, s.count);
      else {
        CraftResult c = s.kind == StepKind::Craft ? craft(*r.book, s.item, s.count, inv, true)
                                                   : smelt(*r.book, s.item, s.count, inv, true, s.fuel);
        ASSERT_TRUE(c.ok) << obj << ": " << s.deps(r.book->names()) << ": " << c.message;
      }
    }
    EXPECT_GE(inv.count_any(r.book->names().resolve(obj)), 1) << obj;
    if (md_only.obtainable(obj)) ++plain;
    else needs_rules += " " + obj;
  }
  EXPECT_EQ(ok, 71);
  std::cout << "[ obtainable ] " << ok << " of 71 DEPS task objects; " << plain
            << " with minecraft-data alone; needing hand-written rules:" << needs_rules << "\n";
  std::cout << "[ plan: bed ]\n" << full.plan("bed").str(r.book->names());
}

}  // namespace
}  // namespace plank::survival
