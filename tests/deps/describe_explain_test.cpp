// Describe and Explain on crafted failures: the paper's sentences and the causes.
#include <gtest/gtest.h>

#include "agents/deps/roles/describe.h"
#include "deps/deps_test_util.h"

namespace plank::deps {
namespace {

using survival::Failure;

StepRecord step(int n, Goal g, bool ok, Failure f = Failure::None, std::string needed = "") {
  StepRecord s;
  s.step = n;
  s.goal = g;
  s.call = g.code();
  s.result.ok = ok;
  s.result.failure = f;
  s.result.needed = needed;
  s.result.reason = "a reason";
  return s;
}

Goal mine(std::string item, int n, std::string tool = "") {
  Goal g;
  g.verb = Verb::Mine, g.item = item, g.count = n, g.tool = tool;
  return g;
}
Goal craft(std::string item, int n, survival::ItemCounts m, std::string tool = "") {
  Goal g;
  g.verb = Verb::Craft, g.item = item, g.count = n, g.materials = m, g.tool = tool;
  return g;
}

PlanRun failed_run(std::vector<StepRecord> steps) {
  PlanRun r;
  r.compiled = true;
  r.skill_failed = !steps.back().result.ok;
  r.finished = !r.skill_failed;
  r.error_kind = r.skill_failed ? "SkillFailed" : "";
  r.steps = steps;
  return r;
}

TEST(DepsGoal, CallsInThePapersShapes) {
  EXPECT_EQ(mine("cobblestone", 2).code(), "mine({'cobblestone':2}, null)");
  EXPECT_EQ(craft("stone_sword", 1, {{"cobblestone", 2}, {"stick", 1}}, "crafting_table").code(),
            "craft({'stone_sword':1}, {'cobblestone':2, 'stick':1}, 'crafting_table')");
  EXPECT_EQ(craft("planks", 12, {{"log", 3}}).comment(2), "step 2: craft 12 planks from 3 log");
  EXPECT_EQ(mine("log", 3).comment(1), "step 1: mine 3 log without tool");
  std::string code = plan_code("stone_sword", 1, {{"planks", 10}, {"stick", 4}}, {mine("cobblestone", 2, "wooden_pickaxe")});
  EXPECT_EQ(code,
            "def obtain_1_stone_sword(inventory = {'planks':10, 'stick':4}):\n"
            "    mine({'cobblestone':2}, 'wooden_pickaxe'); # step 1: mine 2 cobblestone with wooden_pickaxe\n"
            "    return \"stone_sword\"\n");
}

TEST(DepsDescribe, ThePapersDescriptorSentence) {
  PlanRun r = failed_run({step(1, mine("log", 3), true), step(2, craft("planks", 12, {{"log", 3}}), true),
                          step(3, craft("stick", 4, {{"planks", 2}}), true),
                          step(4, mine("cobblestone", 2), false, Failure::MissingTool, "wooden_pickaxe")});
  Description d = describe(r, {{"planks", 10}, {"stick", 4}});
  EXPECT_EQ(d.text,
            "I succeed on step 1, 2, 3, but I fail on step 4 \"mine({'cobblestone':2}, null)\". "
            "My inventory now has 10 planks, 4 stick.");
  ASSERT_TRUE(d.failed);
  EXPECT_EQ(d.failed->step, 4);
  EXPECT_EQ(d.succeeded, (std::vector<int>{1, 2, 3}));

  PlanRun first = failed_run({step(1, craft("wooden_pickaxe", 1, {{"planks", 3}, {"stick", 2}}, "crafting_table"), false,
                                   Failure::NoCraftingTable)});
  EXPECT_EQ(describe(first, {{"planks", 10}, {"stick", 4}}).text,
            "I fail on step 1 \"craft({'wooden_pickaxe':1}, {'planks':3, 'stick':2}, 'crafting_table')\". "
            "My inventory now has 10 planks, 4 stick.");
  PlanRun ok = failed_run({step(1, mine("log", 1), true)});
  EXPECT_EQ(describe(ok, {}).text, "I succeed on step 1. My inventory is empty.");
  PlanRun broken;
  broken.compiled = false;
  broken.error = "<plan>:2:5: error: unexpected ')'\n  x\n";
  Description b = describe(broken, {});
  EXPECT_TRUE(b.plan_error);
  EXPECT_NE(b.text.find("unexpected ')'"), std::string::npos) << b.text;
}

TEST(DepsExplain, CausesFromPreconditionsAndState) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  survival::Inventory inv;
  inv.add("oak_planks", 10);
  inv.add("stick", 4);
  auto explain_one = [&](StepRecord s) {
    return explain(*rules, describe(failed_run({s}), {}), "stone_sword", 1, inv);
  };
  // Missing tool: the controller did not say which, so the analysis finds the cheapest that harvests.
  Explanation e = explain_one(step(1, mine("cobblestone", 2), false, Failure::MissingTool));
  EXPECT_EQ(e.cause, "missing_tool");
  EXPECT_EQ(e.needed, "wooden_pickaxe");
  EXPECT_TRUE(e.rewrite_tool);
  EXPECT_EQ(e.text, "Because mining cobblestone needs to use the tool wooden_pickaxe, but I do not have it.");
  // Tool tier.
  inv.add("wooden_pickaxe");
  e = explain_one(step(1, mine("iron_ore", 1, "wooden_pickaxe"), false, Failure::ToolTierTooLow, "stone_pickaxe"));
  EXPECT_EQ(e.needed, "stone_pickaxe");
  EXPECT_EQ(e.text, "Because mining iron_ore needs to use the tool stone_pickaxe, but I only have wooden_pickaxe.");
  // Crafting table, furnace.
  e = explain_one(step(1, craft("wooden_pickaxe", 1, {{"planks", 3}, {"stick", 2}}, "crafting_table"), false,
                       Failure::NoCraftingTable));
  EXPECT_EQ(e.needed, "crafting_table");
  EXPECT_EQ(e.text, "Because the action needs to use the tool crafting_table, but I do not have it.");
  // Too few materials: "3 cobblestone" from the controller, or the shortfall from the recipe.
  e = explain_one(step(1, craft("stone_pickaxe", 1, {{"cobblestone", 3}, {"stick", 2}}, "crafting_table"), false,
                       Failure::MissingMaterials, "3 cobblestone"));
  EXPECT_EQ(e.cause, "missing_materials");
  EXPECT_EQ(e.needed, "cobblestone");
  EXPECT_EQ(e.needed_count, 3);
  EXPECT_FALSE(e.rewrite_tool);
  e = explain_one(step(1, craft("stone_pickaxe", 1, {}, "crafting_table"), false, Failure::MissingMaterials));
  EXPECT_EQ(e.needed, "cobblestone");
  EXPECT_EQ(e.needed_count, 3);
  // Fuel; nothing to be done about a missing resource.
  Goal s;
  s.verb = Verb::Smelt, s.item = "iron_ingot", s.count = 1, s.tool = "furnace";
  e = explain_one(step(1, s, false, Failure::NoFuel));
  EXPECT_EQ(e.needed, "coal");
  // The plan names planks as fuel: the furnace burns one kind, so the step stops naming it; the 10
  // planks held are enough in all, so nothing more is obtained.
  s.materials = {{"iron_ore", 1}, {"planks", 5}};
  e = explain_one(step(1, s, false, Failure::NoFuel, "coal"));
  EXPECT_EQ(e.drop_material, "planks");
  EXPECT_EQ(e.needed_count, 0);
  e = explain_one(step(1, mine("diamond", 1, "iron_pickaxe"), false, Failure::ResourceNotFound));
  EXPECT_TRUE(e.recoverable);
  EXPECT_TRUE(e.needed.empty());
  e = explain_one(step(1, mine("diamond", 1, "iron_pickaxe"), false, Failure::OutOfTicks));
  EXPECT_FALSE(e.recoverable);
  // A plan that ends without the target.
  Explanation inc = explain(*rules, describe(failed_run({step(1, mine("log", 1), true)}), {}), "stone_sword", 1, inv);
  EXPECT_EQ(inc.cause, "incomplete");
}

}  // namespace
}  // namespace plank::deps
