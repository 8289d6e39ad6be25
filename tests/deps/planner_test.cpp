// The symbolic planner: oracle plans, repairs from explanations, selection, flawed plans.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>

#include "agents/deps/intrinsics/skills.h"
#include "agents/deps/roles/planner.h"
#include "deps/deps_test_util.h"

namespace plank::deps {
namespace {

std::vector<std::string> codes(const std::vector<Goal>& goals) {
  std::vector<std::string> out;
  for (const auto& g : goals) out.push_back(g.code());
  return out;
}

std::vector<Goal> paper_first_stone_sword_plan() {
  auto g = [](Verb v, std::string item, int n, survival::ItemCounts m, std::string tool) {
    Goal x;
    x.verb = v, x.item = item, x.count = n, x.materials = m, x.tool = tool;
    return x;
  };
  return {g(Verb::Mine, "log", 3, {}, ""), g(Verb::Craft, "planks", 12, {{"log", 3}}, ""),
          g(Verb::Craft, "stick", 4, {{"planks", 2}}, ""), g(Verb::Mine, "cobblestone", 2, {}, ""),
          g(Verb::Craft, "stone_sword", 1, {{"cobblestone", 2}, {"stick", 1}}, "crafting_table")};
}

TEST(DepsPlanner, OraclePlanFromEmptyInventory) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  auto goals = obtain_goals(*rules, "stone_sword", 1, {});
  ASSERT_TRUE(goals);
  auto c = codes(*goals);
  ASSERT_FALSE(c.empty());
  // The logs are gathered in one trip, as the paper's plan does.
  EXPECT_EQ(c.front(), "mine({'log':3}, null)");
  EXPECT_EQ(std::count_if(c.begin(), c.end(), [](const std::string& s) { return s.rfind("mine({'log'", 0) == 0; }), 1);
  EXPECT_EQ(c.back(), "craft({'stone_sword':1}, {'cobblestone':2, 'stick':1}, 'crafting_table')");
  EXPECT_NE(std::find(c.begin(), c.end(), "mine({'cobblestone':2}, 'wooden_pickaxe')"), c.end());
  std::string why;
  EXPECT_FALSE(obtain_goals(*rules, "no_such_thing", 1, {}, &why));
  EXPECT_NE(why.find("no_such_thing"), std::string::npos);
}

// The paper's example (Prompt 3): step 4 mines cobblestone without a tool; the re-plan makes the
// crafting table and the wooden pickaxe from the 10 planks and 4 sticks held, then carries on.
TEST(DepsPlanner, RepairObtainsWhatTheExplanationNames) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  survival::Inventory inv;
  inv.add("oak_planks", 10);
  inv.add("stick", 4);
  Explanation e;
  e.cause = "missing_tool", e.needed = "wooden_pickaxe", e.needed_count = 1, e.rewrite_tool = true;
  auto r = repair_plan(*rules, "stone_sword", 1, paper_first_stone_sword_plan(), 3, e, true, inv);
  ASSERT_TRUE(r);
  EXPECT_EQ(codes(r->goals), (std::vector<std::string>{
                                 "craft({'crafting_table':1}, {'planks':4}, null)",
                                 "craft({'wooden_pickaxe':1}, {'planks':3, 'stick':2}, 'crafting_table')",
                                 "mine({'cobblestone':2}, 'wooden_pickaxe')",
                                 "craft({'stone_sword':1}, {'cobblestone':2, 'stick':1}, 'crafting_table')"}));
  // Without the explanation the planner only knows step 4 failed: it retries from there.
  auto blind = repair_plan(*rules, "stone_sword", 1, paper_first_stone_sword_plan(), 3, e, false, inv);
  ASSERT_TRUE(blind);
  EXPECT_EQ(codes(blind->goals).front(), "mine({'cobblestone':2}, null)");
  EXPECT_EQ(blind->goals.size(), 2u);
  // Materials: obtain the shortfall, keep the step as it was. Without a crafting table the repaired
  // plan would fail at its last step, and the planner sees it: it plans again from the inventory.
  Explanation m;
  m.cause = "missing_materials", m.needed = "cobblestone", m.needed_count = 1;
  inv.add("wooden_pickaxe");
  auto short_of_table = repair_plan(*rules, "stone_sword", 1, paper_first_stone_sword_plan(), 4, m, true, inv);
  ASSERT_TRUE(short_of_table);
  EXPECT_NE(short_of_table->note.find("planned again from the inventory"), std::string::npos) << short_of_table->note;
  EXPECT_EQ(codes(short_of_table->goals).front(), "craft({'crafting_table':1}, {'planks':4}, null)");
  inv.add("crafting_table");
  inv.add("cobblestone");  // one of the two: the explanation's shortfall is 1
  auto more = repair_plan(*rules, "stone_sword", 1, paper_first_stone_sword_plan(), 4, m, true, inv);
  ASSERT_TRUE(more);
  EXPECT_EQ(codes(more->goals).front(), "mine({'cobblestone':1}, 'wooden_pickaxe')");
  EXPECT_EQ(codes(more->goals).back(), paper_first_stone_sword_plan()[4].code());
  EXPECT_EQ(more->note.find("planned again"), std::string::npos) << more->note;
  // A fuel the furnace should pick itself is dropped from the failed step.
  Goal smelt;
  smelt.verb = Verb::Smelt, smelt.item = "iron_ingot", smelt.count = 1, smelt.tool = "furnace";
  smelt.materials = {{"iron_ore", 1}, {"planks", 5}};
  Explanation fuel;
  fuel.cause = "no_fuel", fuel.needed = "planks", fuel.needed_count = 0, fuel.drop_material = "planks";
  auto burnt = repair_plan(*rules, "iron_ingot", 1, std::vector<Goal>{smelt}, 0, fuel, true, inv);
  ASSERT_TRUE(burnt);
  ASSERT_EQ(burnt->goals.size(), 1u);
  EXPECT_EQ(burnt->goals[0].code(), "smelt({'iron_ingot':1}, {'iron_ore':1}, 'furnace')");
  // Unrecoverable causes give no plan.
  Explanation lost;
  lost.cause = "out_of_ticks", lost.recoverable = false;
  EXPECT_FALSE(repair_plan(*rules, "stone_sword", 1, paper_first_stone_sword_plan(), 3, lost, true, inv));
}

// The bed needs wool (sheep, no tool) and planks (logs, no tool): the two trips may come in either
// order, and the selectors choose between them; crafts keep their order, nothing runs before what it needs.
TEST(DepsSelector, ParallelGoalsAndOrders) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  auto bed = obtain_goals(*rules, "bed", 1, {});
  ASSERT_TRUE(bed);
  auto sets = parallel_sets(*rules, *bed);
  ASSERT_EQ(sets.size(), 1u) << fmt::format("{}", fmt::join(codes(*bed), "; "));
  std::set<std::string> items;
  for (size_t k : sets[0]) items.insert((*bed)[k].item);
  EXPECT_EQ(items, (std::set<std::string>{"log", "wool"}));
  // The stone sword's plan is a chain: each gathering goal needs the tool made just before it.
  EXPECT_TRUE(parallel_sets(*rules, paper_first_stone_sword_plan()).size() <= 1u);

  const auto deps = goal_dependencies(*rules, *bed);
  auto valid = [&](const std::vector<Goal>& order) {
    for (size_t j = 0; j < bed->size(); ++j)
      for (size_t i : deps[j]) {
        auto pos = [&](size_t k) { return std::find(order.begin(), order.end(), (*bed)[k]) - order.begin(); };
        if (pos(i) >= pos(j)) return false;
      }
    return order.size() == bed->size();
  };
  world::World w(rules->registry, world::WorldOptions{});
  auto first_trip = [&](const std::string& kind, double wool, double log) {
    std::vector<Goal> g = *bed;
    SourceEstimator est = [&](const Goal& goal, world::Coord) -> std::optional<SourceEstimate> {
      return SourceEstimate{{0, 0, 0}, goal.item == "wool" ? wool : log};
    };
    SelectorOptions so;
    so.kind = kind;
    select_order(*rules, w, {0, 0, 0}, so, est, g);
    EXPECT_TRUE(valid(g)) << kind << ": " << fmt::format("{}", fmt::join(codes(g), "; "));
    return g.front().item;
  };
  EXPECT_EQ(first_trip("nearest", 10, 100), "wool");
  EXPECT_EQ(first_trip("nearest", 100, 10), "log");
  EXPECT_EQ(first_trip("fixed", 10, 100), bed->front().item);  // plan order
  std::set<std::string> random_firsts;
  for (uint64_t seed = 0; seed < 16; ++seed) {
    std::vector<Goal> g = *bed;
    SelectorOptions so{"random", seed};
    select_order(*rules, w, {0, 0, 0}, so, {}, g);
    EXPECT_TRUE(valid(g));
    random_firsts.insert(g.front().item);
  }
  EXPECT_EQ(random_firsts.size(), 2u);

  EXPECT_TRUE(check_selector({"fixed"}).empty());
  EXPECT_NE(check_selector({"horizon"}).find("predictor"), std::string::npos);
  EXPECT_NE(check_selector({"best"}).find("unknown selector"), std::string::npos);
}

// How often the 71 oracle plans leave the selector a choice (docs/deps.md quotes the count).
TEST(DepsSelector, OraclePlansWithChoices) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  std::ifstream in(test::shared_dir() + "/data/deps/tasks.json");
  if (!in) GTEST_SKIP() << "shared/data/deps/tasks.json is absent";
  auto spec = nlohmann::json::parse(in);
  std::vector<std::string> with;
  for (const auto& t : spec["tasks"]) {
    std::string item = t["object"];
    auto oracle = obtain_goals(*rules, item, 1, {});
    ASSERT_TRUE(oracle) << item;
    if (!parallel_sets(*rules, *oracle).empty()) with.push_back(item);
  }
  std::cout << "[ selector ] " << with.size() << " of " << spec["tasks"].size()
            << " oracle plans have parallel gathering goals: " << fmt::format("{}", fmt::join(with, ", ")) << "\n";
  EXPECT_NE(std::find(with.begin(), with.end(), "bed"), with.end());
  EXPECT_EQ(std::find(with.begin(), with.end(), "wooden_pickaxe"), with.end());  // one trip: logs
}

TEST(DepsFlawed, DeterministicAndCoversThePapersErrorKinds) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  std::ifstream in(test::shared_dir() + "/data/deps/tasks.json");
  if (!in) GTEST_SKIP() << "shared/data/deps/tasks.json is absent";
  auto spec = nlohmann::json::parse(in);
  std::set<std::string> kinds;
  int changed = 0, total = 0;
  for (const auto& t : spec["tasks"]) {
    std::string item = t["object"];
    auto oracle = obtain_goals(*rules, item, 1, {});
    ASSERT_TRUE(oracle) << item;
    for (uint64_t seed = 0; seed < 3; ++seed) {
      Flawed a = make_flawed(*oracle, item, seed), b = make_flawed(*oracle, item, seed);
      EXPECT_EQ(codes(a.goals), codes(b.goals)) << item;
      ++total;
      changed += codes(a.goals) != codes(*oracle);
      for (const auto& f : a.flaws) kinds.insert(f.substr(0, f.find(':')));
    }
  }
  EXPECT_EQ(kinds, (std::set<std::string>{"missing_crafting_table", "wrong_tool_tier", "too_few_materials",
                                          "wrong_order", "missing_smelting"}));
  EXPECT_GT(changed, total * 9 / 10);
}

// Every goal of every oracle plan has its ProgPrompt name (craft_planks, mine_log, ...).
TEST(DepsSkills, ProgPromptNamesCoverOraclePlans) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  std::ifstream in(test::shared_dir() + "/data/deps/tasks.json");
  if (!in) GTEST_SKIP() << "shared/data/deps/tasks.json is absent";
  auto spec = nlohmann::json::parse(in);
  std::set<std::string> have(progprompt_names().begin(), progprompt_names().end()), missing;
  for (const auto& t : spec["tasks"]) {
    auto oracle = obtain_goals(*rules, t["object"].get<std::string>(), 1, {});
    ASSERT_TRUE(oracle);
    for (const auto& g : *oracle) {
      std::string name = std::string(verb_name(g.verb)) + "_" + g.item;
      if (!have.count(name)) missing.insert(name);
    }
  }
  std::string list;
  for (const auto& m : missing) list += "\"" + m + "\", ";
  EXPECT_TRUE(missing.empty()) << "add to agents/deps/intrinsics/progprompt_names.cpp: " << list;
  EXPECT_LE(progprompt_names().size(), 256u);
}

}  // namespace
}  // namespace plank::deps
