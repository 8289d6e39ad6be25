// `plank deps` and `plank eval deps` through the real binary.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli/run_plank.h"
#include "deps/deps_test_util.h"

namespace plank::deps {
namespace {

using plank::test::run_plank;

TEST(DepsCli, OneEpisodeAsJson) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  auto r = run_plank("deps 'obtain 1 wooden_button' --seed 1 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["task"], "obtain 1 wooden_button");
  EXPECT_EQ(j["success"], true);
  EXPECT_EQ(j["rounds"], 0);
  EXPECT_GT(j["ticks"].get<int>(), 0);
  ASSERT_EQ(j["plans"].size(), 1u);
  EXPECT_NE(j["plans"][0].get<std::string>().find("def obtain_1_wooden_button"), std::string::npos);
  EXPECT_TRUE(j["explanations"].empty());
  EXPECT_EQ(j.size(), 6u);
}

TEST(DepsCli, PlanFileReplansAndPrintsEachRound) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  auto r = run_plank("deps 'obtain 1 stone_sword' --initial-plan examples/deps/03_deps_stone_sword.plank");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("I succeed on step 1, 2, 3, but I fail on step 4 \"mine({'cobblestone':2}, null)\"."),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Explainer: Because mining cobblestone needs to use the tool wooden_pickaxe"), std::string::npos);
  EXPECT_NE(r.out.find("== round 1:"), std::string::npos);
  EXPECT_NE(r.out.find("== result: obtained 1 stone_sword"), std::string::npos);
}

TEST(DepsCli, FailureAndUsageExitCodes) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  // Without the explainer the paper's first stone-sword plan is never repaired: exit 3, success false.
  auto r = run_plank("deps 'obtain 1 stone_sword' --seed 1 --no-explainer "
                     "--initial-plan examples/deps/03_deps_stone_sword.plank --json");
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["success"], false);
  EXPECT_EQ(run_plank("deps 'obtain 1 stone_sword' --initial-plan /nonexistent.plank").exit_code, 1);
  EXPECT_EQ(run_plank("deps 'obtain 1 no_such_item'").exit_code, 1);
  auto sel = run_plank("deps 'obtain 1 stick' --selector horizon");
  EXPECT_EQ(sel.exit_code, 2);
  EXPECT_NE(sel.err.find("predictor"), std::string::npos);
  EXPECT_EQ(run_plank("deps 'obtain 1 stick' --planner llm").exit_code, 2);
  EXPECT_EQ(run_plank("deps").exit_code, 2);
}

// `--loop FILE`: the stdlib loop with no re-plans never repairs the paper's first stone-sword plan; a loop
// file with an error is exit 1 with the position and a caret, for both commands.
TEST(DepsCli, LoopFlagRunsAnotherLoopAndPositionsItsErrors) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("plank_cli_loop_" + std::to_string(getpid()));
  fs::create_directories(dir);
  std::string loop = plank::test::read_all(fs::path(PLANK_SOURCE_DIR) / "stdlib/deps/loop.plank");
  size_t at = loop.find("MAX_REPLANS = 12");
  ASSERT_NE(at, std::string::npos);
  std::ofstream(dir / "no_replans.plank") << loop.replace(at, 16, "MAX_REPLANS = 0");
  std::ofstream(dir / "broken.plank") << "def episode():\n    deps_end('x' 0)\n";
  const std::string sword = "deps 'obtain 1 stone_sword' --initial-plan examples/deps/03_deps_stone_sword.plank";

  auto r = run_plank(sword + " --loop '" + (dir / "no_replans.plank").string() + "'");
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  EXPECT_NE(r.out.find("== round 0:"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("== round 1:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("after 0 re-plan round(s)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(max_rounds)"), std::string::npos) << r.out;

  auto broken = run_plank(sword + " --loop '" + (dir / "broken.plank").string() + "'");
  EXPECT_EQ(broken.exit_code, 1) << broken.out << broken.err;
  EXPECT_NE(broken.err.find((dir / "broken.plank").string() + ":2:"), std::string::npos) << broken.err;
  EXPECT_NE(broken.err.find("^"), std::string::npos) << broken.err;

  std::string tasks = test::shared_dir() + "/data/deps/tasks.json";
  auto eval = run_plank("eval deps --tasks '" + tasks + "' --seeds 1 --only planks --loop '" +
                        (dir / "broken.plank").string() + "'");
  EXPECT_EQ(eval.exit_code, 1) << eval.err;
  EXPECT_NE(eval.err.find((dir / "broken.plank").string() + ":2:"), std::string::npos) << eval.err;
  EXPECT_EQ(run_plank(sword + " --loop /nonexistent.plank").exit_code, 1);
  fs::remove_all(dir);
}

// The reduced evaluation CI runs: two tasks of MT1 and one of MT2, one seed each.
TEST(DepsCli, ReducedEvaluation) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  std::string tasks = test::shared_dir() + "/data/deps/tasks.json";
  auto r = run_plank("eval deps --tasks '" + tasks + "' --seeds 1 --initial-plan flawed --selector nearest "
                     "--only planks,stick,wooden_pickaxe --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["groups"]["MT1"]["episodes"], 2);
  EXPECT_EQ(j["groups"]["MT2"]["episodes"], 1);
  EXPECT_GE(j["groups"]["MT1"]["success"].get<double>(), 0.5);
  EXPECT_TRUE(j["groups"]["MT1"].contains("mean_ticks"));
  EXPECT_EQ(j["tasks"]["stick"]["episodes"], 1);
  EXPECT_NE(r.err.find("episodes/s"), std::string::npos);
  auto table = run_plank("eval deps --tasks '" + tasks + "' --seeds 1 --initial-plan oracle --selector fixed --only planks");
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("MT1   Basic"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("100.0"), std::string::npos) << table.out;
}

}  // namespace
}  // namespace plank::deps
