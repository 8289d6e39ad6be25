// The horizon predictor's training data (issue 30): labels are the oracle's runs from each state,
// features hold only what the agent knows, the file reads back as written, and evaluation seeds
// are refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "agents/deps/eval/horizon_data.h"
#include "agents/deps/eval/select_episode.h"
#include "agents/deps/loop/episode.h"
#include "cli/run_plank.h"
#include "deps/deps_test_util.h"

namespace plank::deps {
namespace {

HorizonDataOptions small() {
  HorizonDataOptions o;
  o.world_size = 96;  // small, to stay quick under the sanitizers
  o.states_per_seed = 2;
  o.seed_base = 7;
  return o;
}

// The first state's label of a goal is what the goal pursued alone from the episode's start takes:
// the same run the select oracle's look-ahead makes. Later states are later on the clock. Each
// label is a whole pursuit (up to 1,800 ticks of the controller), so the data labels, and the test
// runs again, only two goals: the wood family's first log and the fuel family's coal -- a goal
// gathered in one step and one that needs a pickaxe's chain first; the others' labels stay empty.
TEST(DepsHorizonData, LabelsAreTheGoalsPursuedAloneFromTheState) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  HorizonDataOptions o = small();
  const std::vector<HorizonGoal> goals = horizon_goals(*rules);
  ASSERT_EQ(goals.size(), 13u);  // four logs, four meats, four logs and coal: the select families' candidates
  std::vector<int> chosen;
  for (const HorizonGoal& g : goals)
    if ((g.family == "wood" && chosen.empty()) || g.goal.item == "coal") chosen.push_back(g.id);
  ASSERT_EQ(chosen.size(), 2u);
  o.label_goals = chosen;
  std::vector<HorizonRecord> records = horizon_records(*rules, o.seed_base, o);
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].moves, 0);
  EXPECT_EQ(records[1].moves, 1);
  EXPECT_GT(records[1].tick, records[0].tick);

  SelectEpisodeOptions eo;
  eo.world_mode = "explore";
  eo.world_size = o.world_size;
  auto world = make_episode_world(*rules, o.seed_base, o.world_size, eo.world_mode);
  int reached = 0;
  for (const HorizonGoal& g : goals) {
    ASSERT_EQ(records[0].labels.size(), goals.size());
    const HorizonLabel& l = records[0].labels[size_t(g.id)];
    if (std::find(chosen.begin(), chosen.end(), g.id) == chosen.end()) {
      EXPECT_EQ(l.ticks, 0.f) << g.goal.item << ": not labelled";
      EXPECT_FALSE(l.reached) << g.goal.item;
      continue;
    }
    SelectSetup alone(*rules, *world, eo, g.max_ticks);
    const bool ok = pursue_candidate(*rules, *alone.controller, g.goal, g.goal.count);
    EXPECT_EQ(l.ticks, float(alone.controller->ticks())) << g.goal.item;
    EXPECT_GT(l.ticks, 0.f) << g.goal.item;
    EXPECT_EQ(l.reached, ok && alone.controller->ticks() <= g.max_ticks) << g.goal.item;
    reached += l.reached;
  }
  EXPECT_GE(reached, 1) << "no goal was reachable from the start: the labels say nothing";
  EXPECT_LT(reached, int(chosen.size())) << "every goal reachable: the world does not make the choice matter here";
}

// Only what the map holds: at the start the agent has looked once (16 blocks), so the crop's corner
// cells (about 40 blocks away) are unknown, its own cell known; the inventory is empty.
TEST(DepsHorizonData, FeaturesHoldOnlyWhatIsKnown) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  HorizonDataOptions o = small();
  o.states_per_seed = 1;
  std::vector<HorizonRecord> records = horizon_records(*rules, o.seed_base, o);
  ASSERT_FALSE(records.empty());
  const size_t channels = horizon_channels(*rules).size();
  const std::vector<uint8_t>& crop = records[0].features.crop;
  ASSERT_EQ(crop.size(), size_t(kHorizonGrid * kHorizonGrid) * channels);
  auto at = [&](int row, int col, size_t ch) { return crop[size_t(row * kHorizonGrid + col) * channels + ch]; };
  const int c = kHorizonGrid / 2, last = kHorizonGrid - 1;
  EXPECT_GT(at(c, c, 0), 0) << "the agent's own cell is known";
  for (auto [r, k] : {std::pair{0, 0}, {0, last}, {last, 0}, {last, last}})
    for (size_t ch = 0; ch < channels; ++ch) {
      if (horizon_channels(*rules)[ch] != "height") {
        EXPECT_EQ(at(r, k, ch), 0) << "corner " << r << "," << k << " channel " << ch;
      }
    }
  for (uint8_t n : records[0].features.inventory) EXPECT_EQ(n, 0);
}

// The goal extras are the controller's own estimate of each goal's nearest known source: set
// (seen, its ticks on a log scale) exactly for the goals the controller can estimate, zero for the rest.
TEST(DepsHorizonData, GoalExtrasAreTheControllersEstimates) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  HorizonDataOptions o = small();
  o.states_per_seed = 1;
  std::vector<HorizonRecord> records = horizon_records(*rules, o.seed_base, o);
  ASSERT_FALSE(records.empty());
  const std::vector<HorizonGoal> goals = horizon_goals(*rules);
  ASSERT_EQ(records[0].features.extras.size(), goals.size() * kHorizonGoalExtras);
  SelectEpisodeOptions eo;
  eo.world_mode = "explore";
  eo.world_size = o.world_size;
  auto world = make_episode_world(*rules, o.seed_base, o.world_size, eo.world_mode);
  SelectSetup start(*rules, *world, eo, 0);
  const world::Coord feet = world::cell_of(start.controller->position());
  int seen = 0;
  for (const HorizonGoal& g : goals) {
    const uint8_t* x = &records[0].features.extras[size_t(g.id) * kHorizonGoalExtras];
    // What the goal needs beyond its source, known or not: coal a pickaxe and its chain of crafts.
    EXPECT_EQ(x[4], g.goal.tool.empty() ? 0 : 255) << g.goal.item;
    if (g.goal.item == "coal")
      EXPECT_GE(x[5], 32 * 5) << "logs, planks, sticks, a table and the pickaxe before the coal";
    else
      EXPECT_EQ(x[5], 32) << g.goal.item << ": gathered in one step";
    auto e = g.goal.verb == Verb::Kill ? start.controller->estimate_kill(g.goal.item, "", feet)
                                       : start.controller->estimate_mine(g.goal.item, g.goal.tool, feet);
    if (!e) {
      for (int k = 0; k < 4; ++k) EXPECT_EQ(x[k], 0) << g.goal.item << " extra " << k;
      continue;
    }
    ++seen;
    EXPECT_EQ(x[0], 255) << g.goal.item;
    EXPECT_NEAR(x[1], 32 * std::log1p(e->ticks), 0.5) << g.goal.item;
  }
  EXPECT_GE(seen, 1) << "the agent sees nothing at the start: the extras say nothing here";
}

// A state after a pursuit is the world after that goal was pursued alone from the start with half
// its family's budget; its labels run from there.
TEST(DepsHorizonData, StatesAfterAPursuitReplayIt) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  HorizonDataOptions o = small();
  o.states_per_seed = 0;
  o.pursuits_per_seed = 1;
  std::vector<HorizonRecord> records = horizon_records(*rules, o.seed_base, o);
  ASSERT_EQ(records.size(), 1u);
  const HorizonRecord& r = records[0];
  const std::vector<HorizonGoal> goals = horizon_goals(*rules);
  ASSERT_GE(r.pursued, 0);
  ASSERT_LT(size_t(r.pursued), goals.size());
  const HorizonGoal& g = goals[size_t(r.pursued)];
  SelectEpisodeOptions eo;
  eo.world_mode = "explore";
  eo.world_size = o.world_size;
  auto world = make_episode_world(*rules, o.seed_base, o.world_size, eo.world_mode);
  SelectSetup again(*rules, *world, eo, 0);
  again.controller->set_tick_budget(again.controller->ticks() + g.max_ticks / 2);
  pursue_candidate(*rules, *again.controller, g.goal, g.goal.count);
  EXPECT_EQ(r.tick, uint32_t(again.controller->ticks()));
  EXPECT_GT(r.tick, 0u) << "the pursuit spent no tick";
  EXPECT_EQ(r.features.inventory[size_t(g.id)], std::min(255, again.controller->inventory().count(g.goal.item)));
  // Holding what it gathered, the pursued goal's label is what remains of it.
  if (again.controller->inventory().count(g.goal.item) >= g.goal.count) {
    EXPECT_EQ(r.labels[size_t(g.id)].ticks, 0.f);
  }
}

TEST(DepsHorizonData, TheFileReadsBackAsWritten) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  HorizonDataOptions o = small();
  o.states_per_seed = 1;
  std::stringstream file;
  std::string error;
  int calls = 0;
  ASSERT_TRUE(write_horizon_data(*rules, o, file, [&](int, int) { ++calls; }, &error)) << error;
  EXPECT_EQ(calls, 1);
  const std::string bytes = file.str();
  std::istringstream in(bytes);
  std::vector<HorizonRecord> back;
  ASSERT_TRUE(read_horizon_data(in, &back, &error)) << error;
  std::vector<HorizonRecord> direct = horizon_records(*rules, o.seed_base, o);
  ASSERT_EQ(back.size(), direct.size());
  EXPECT_EQ(back[0].seed, uint32_t(o.seed_base));
  EXPECT_EQ(back[0].features.crop, direct[0].features.crop);
  EXPECT_EQ(back[0].features.inventory, direct[0].features.inventory);
  EXPECT_EQ(back[0].features.extras, direct[0].features.extras);
  EXPECT_EQ(back[0].pursued, direct[0].pursued);
  for (size_t g = 0; g < direct[0].labels.size(); ++g) {
    EXPECT_EQ(back[0].labels[g].ticks, direct[0].labels[g].ticks);
    EXPECT_EQ(back[0].labels[g].reached, direct[0].labels[g].reached);
  }
  // The header names the layout.
  const size_t eol = bytes.find('\n'), eol2 = bytes.find('\n', eol + 1);
  auto h = nlohmann::json::parse(bytes.substr(eol + 1, eol2 - eol - 1));
  EXPECT_EQ(h["goals"].size(), 13u);
  EXPECT_EQ(h["record_bytes"].get<size_t>(), bytes.size() - eol2 - 1);
  // Bad files are errors, not crashes.
  std::istringstream cut(bytes.substr(0, bytes.size() - 3));
  back.clear();
  EXPECT_FALSE(read_horizon_data(cut, &back, &error));
  EXPECT_NE(error.find("truncated"), std::string::npos) << error;
  std::istringstream wrong("PLANK-SOMETHING 1\n{}\n");
  EXPECT_FALSE(read_horizon_data(wrong, &back, &error));
  std::istringstream bad_header("PLANK-HORIZON 2\n{\"grid\": 3}\n");
  EXPECT_FALSE(read_horizon_data(bad_header, &back, &error));
  // A file of the first format (no goal extras) is not misread as this one.
  std::istringstream first_format("PLANK-HORIZON 1\n" + bytes.substr(eol + 1));
  EXPECT_FALSE(read_horizon_data(first_format, &back, &error));
}

TEST(DepsHorizonData, EvaluationSeedsAreRefused) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  HorizonDataOptions o = small();
  o.seed_base = 4999;
  o.seeds = 2;
  std::stringstream file;
  std::string error;
  EXPECT_FALSE(write_horizon_data(*rules, o, file, nullptr, &error));
  EXPECT_NE(error.find("evaluation seeds"), std::string::npos) << error;
  EXPECT_TRUE(file.str().empty());
  const std::string out = (std::filesystem::temp_directory_path() / "plank_horizon_refused.bin").string();
  auto r = plank::test::run_plank("gen-horizon-data --seeds 3 --seed-base 5000 --out " + out);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_FALSE(std::filesystem::exists(out));
  EXPECT_FALSE(std::filesystem::exists(out + ".partial"));
}

TEST(DepsHorizonData, GeneratesThroughTheCli) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  const std::string out = (std::filesystem::temp_directory_path() / "plank_horizon_cli.bin").string();
  auto r = plank::test::run_plank("gen-horizon-data --seeds 1 --seed-base 11 --states-per-seed 1 --world-size 96 --out " +
                                  out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("1/1"), std::string::npos) << r.err;  // the progress bar
  std::ifstream in(out, std::ios::binary);
  std::vector<HorizonRecord> back;
  std::string error;
  ASSERT_TRUE(read_horizon_data(in, &back, &error)) << error;
  EXPECT_EQ(back.size(), 1u);
  std::filesystem::remove(out);
}

}  // namespace
}  // namespace plank::deps
