// The selector's tasks (issue 30): K interchangeable candidate goals derived from the rules, the
// select episode and its selectors in the explore world, and the CLI's --select-tasks and
// --world-mode.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "agents/deps/eval/select_episode.h"
#include "agents/deps/eval/select_tasks.h"
#include "agents/deps/loop/episode.h"
#include "cli/run_plank.h"
#include "deps/deps_test_util.h"
#include "world/survival/survival_data.h"

namespace plank::deps {
namespace {

TEST(DepsSelect, TasksComeFromTheRulesWithEveryCandidateFirstAsOften) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  // Four kinds of generated log, four cooked-able drops of generated mobs, and the fuels the world
  // gives by breaking a block (the four logs and coal; dead bushes burn less than one smelt).
  std::map<std::string, std::set<std::string>> members;
  for (const SelectFamily& f : select_families())
    for (const Goal& g : family_candidates(*rules, f)) members[f.name].insert(g.item);
  EXPECT_EQ(members["wood"], (std::set<std::string>{"oak_log", "birch_log", "spruce_log", "acacia_log"}));
  EXPECT_EQ(members["meat"], (std::set<std::string>{"beef", "porkchop", "mutton", "chicken"}));
  EXPECT_EQ(members["fuel"], (std::set<std::string>{"oak_log", "birch_log", "spruce_log", "acacia_log", "coal"}));
  // C(n, k) subsets in k orders each, per family (n = 4, 4, 5).
  const std::map<int, size_t> expected = {{2, 6 * 2 + 6 * 2 + 10 * 2}, {3, 4 * 3 + 4 * 3 + 10 * 3},
                                          {4, 1 * 4 + 1 * 4 + 5 * 4}, {5, 1 * 5}};
  for (auto [k, n] : expected) {
    std::vector<SelectTask> tasks = select_tasks(*rules, k);
    EXPECT_EQ(tasks.size(), n) << "k = " << k;
    std::map<std::string, int> first;  // by family and item
    std::set<std::string> names;
    for (const SelectTask& t : tasks) {
      ASSERT_EQ(t.candidates.size(), size_t(k));
      std::set<std::string> distinct;
      for (const Goal& g : t.candidates) {
        distinct.insert(g.item);
        EXPECT_TRUE(rules->analysis->obtainable(g.item)) << g.item;
        if (t.family != "fuel") {
          EXPECT_EQ(g.count, t.count);
          continue;
        }
        // Fuel: the fewest of the item that burn `count` smelts.
        const int burn = rules->book->fuel_ticks(g.item);
        EXPECT_GE(g.count * burn, t.count * survival::kSmeltTicks) << g.item;
        EXPECT_LT((g.count - 1) * burn, t.count * survival::kSmeltTicks) << g.item;
      }
      EXPECT_EQ(distinct.size(), size_t(k)) << t.name;
      EXPECT_TRUE(names.insert(t.name).second) << "twice: " << t.name;
      first[t.family + " " + t.candidates[0].item]++;
    }
    std::map<std::string, int> per_family;  // every member of a family first equally often
    for (const auto& [key, times] : first) {
      const std::string family = key.substr(0, key.find(' '));
      if (!per_family.count(family)) per_family[family] = times;
      EXPECT_EQ(times, per_family[family]) << key << ", k = " << k;
    }
  }
  EXPECT_TRUE(select_tasks(*rules, 6).empty());
  EXPECT_TRUE(select_tasks(*rules, 1).empty());
}

// Coal needs a pickaxe the agent does not start with: pursuing it makes one first, by the rules' plan,
// so its cost is the chain and not the distance to the ore. Logs need nothing.
TEST(DepsSelect, AFuelThatNeedsAToolIsPursuedThroughItsChain) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  const SelectFamily* fuel = nullptr;
  for (const SelectFamily& f : select_families())
    if (std::string(f.name) == "fuel") fuel = &f;
  ASSERT_NE(fuel, nullptr);
  Goal coal, log;
  for (const Goal& g : family_candidates(*rules, *fuel)) (g.item == "coal" ? coal : log) = g;
  EXPECT_EQ(coal.tool, "wooden_pickaxe");  // the cheapest pickaxe: mining tier 0 harvests coal ore
  EXPECT_EQ(log.tool, "");
  SelectEpisodeOptions o;
  o.world_mode = "known";  // the chain, not the search, is under test: quick under the sanitizers
  o.world_size = 96;
  o.seed = 5001;
  auto world = make_episode_world(*rules, o.seed, o.world_size, o.world_mode);
  SelectSetup s(*rules, *world, o, 0);
  ASSERT_EQ(s.controller->inventory().count("wooden_pickaxe"), 0);
  ASSERT_TRUE(pursue_candidate(*rules, *s.controller, coal, coal.count));
  EXPECT_GE(s.controller->inventory().count("coal"), coal.count);
  EXPECT_EQ(s.controller->inventory().count("wooden_pickaxe"), 1) << "the pickaxe was made on the way";
}

TEST(DepsSelect, SelectorsAreChecked) {
  for (const std::string& k : candidate_selector_kinds()) EXPECT_EQ(check_candidate_selector(k), "");
  EXPECT_EQ(check_candidate_selector("horizon"), "");
  EXPECT_NE(check_candidate_selector("closest").find("unknown selector"), std::string::npos);
  EXPECT_NE(check_world_mode("fog").find("known or explore"), std::string::npos);
}

// The oracle runs every candidate from the start in a copy and pursues the fastest: whenever the task's
// first candidate alone succeeds (fixed succeeds on its first pursuit), the oracle succeeds too, in no
// more ticks. Also: the same seed gives the same episode.
TEST(DepsSelect, TheOracleIsNeverWorseThanTheFirstCandidateAlone) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  SelectEpisodeOptions o;
  o.world_mode = "explore";
  o.world_size = 96;  // small, to stay quick under the sanitizers
  o.seed = 5001;
  auto world = make_episode_world(*rules, o.seed, o.world_size, o.world_mode);
  std::vector<SelectTask> tasks = select_tasks(*rules, 2);
  int compared = 0;
  bool wood = false, meat = false;
  // Wood and meat tasks in turn (the first half of the list is wood), until both families were
  // checked and one task let fixed succeed on its first candidate (the comparison below).
  std::vector<SelectTask> wood_or_meat;
  for (const SelectTask& t : tasks)
    if (t.family == "wood" || t.family == "meat") wood_or_meat.push_back(t);
  const size_t n = wood_or_meat.size(), step = n / 6;
  for (size_t i : {size_t(0), n / 2, step, n / 2 + step, 2 * step, n / 2 + 2 * step}) {
    if (compared >= 1 && wood && meat) break;
    const SelectTask& t = wood_or_meat[i];
    (t.family == "wood" ? wood : meat) = true;
    o.selector = "fixed";
    SelectOutcome fixed = run_select_episode(*rules, t, *world, o);
    SelectOutcome again = run_select_episode(*rules, t, *world, o);
    EXPECT_EQ(fixed.ticks, again.ticks) << t.name;
    EXPECT_EQ(fixed.pursued, again.pursued) << t.name;
    ASSERT_FALSE(fixed.pursued.empty());
    EXPECT_EQ(fixed.pursued[0], t.candidates[0].item);
    o.selector = "oracle";
    SelectOutcome oracle = run_select_episode(*rules, t, *world, o);
    // An evaluation shares the look-aheads of one world between tasks: the same episode.
    LookAheadCache cache;
    o.look_aheads = &cache;
    SelectOutcome cached = run_select_episode(*rules, t, *world, o);
    SelectOutcome reused = run_select_episode(*rules, t, *world, o);
    o.look_aheads = nullptr;
    EXPECT_EQ(cache.size(), t.candidates.size());
    EXPECT_EQ(cached.ticks, oracle.ticks);
    EXPECT_EQ(reused.ticks, oracle.ticks);
    EXPECT_EQ(reused.pursued, oracle.pursued);
    if (fixed.success && fixed.pursued.size() == 1) {
      ++compared;
      EXPECT_TRUE(oracle.success) << t.name;
      EXPECT_LE(oracle.ticks, fixed.ticks) << t.name;
    }
    if (oracle.success) {
      EXPECT_EQ(oracle.pursued.size(), 1u) << t.name;  // its look-ahead replays exactly
    }
  }
  EXPECT_GE(compared, 1) << "no task let fixed succeed on its first candidate: the comparison was not made";
  EXPECT_TRUE(wood && meat);
}

TEST(DepsSelect, ReducedSelectEvaluationThroughTheCli) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  auto r = plank::test::run_plank("eval deps --select-tasks 4 --selector nearest --world-mode explore --seeds 1 "
                                  "--seed-base 5000 --world-size 96 --only wood,meat --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["overall"]["episodes"], 8);  // --only: those families' tasks (the fuel family's 20 left out)
  EXPECT_FALSE(j["groups"].contains("fuel"));
  EXPECT_EQ(j["groups"]["wood"]["episodes"], 4);
  EXPECT_EQ(j["groups"]["meat"]["episodes"], 4);
  EXPECT_TRUE(j["overall"].contains("success"));
  EXPECT_TRUE(j["overall"].contains("mean_ticks"));
  EXPECT_NE(r.err.find("episodes/s"), std::string::npos);
  // The learned selector reads what the agent has seen: not in the known world; unreadable weights are exit 1.
  auto horizon = plank::test::run_plank("eval deps --select-tasks 2 --selector horizon --seeds 1");
  EXPECT_EQ(horizon.exit_code, 2);
  EXPECT_NE(horizon.err.find("--world-mode explore"), std::string::npos) << horizon.err;
  auto no_model = plank::test::run_plank("eval deps --select-tasks 2 --selector horizon --world-mode explore --seeds 1 "
                                         "--horizon-model /nonexistent/horizon.bin");
  EXPECT_EQ(no_model.exit_code, 1);
  EXPECT_NE(no_model.err.find("/nonexistent/horizon.bin"), std::string::npos) << no_model.err;
  EXPECT_EQ(plank::test::run_plank("eval deps --select-tasks 6 --seeds 1").exit_code, 2);
  auto bad_family = plank::test::run_plank("eval deps --select-tasks 2 --world-mode explore --seeds 1 --only stone");
  EXPECT_EQ(bad_family.exit_code, 2);
  EXPECT_NE(bad_family.err.find("wood, meat, fuel"), std::string::npos) << bad_family.err;
  EXPECT_EQ(plank::test::run_plank("eval deps --seeds 1").exit_code, 2);
  EXPECT_EQ(plank::test::run_plank("deps stick --world-mode fog").exit_code, 2);
}

}  // namespace
}  // namespace plank::deps
