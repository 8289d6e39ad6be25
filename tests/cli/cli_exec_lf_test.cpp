// `plank exec-lf`: the real binary, one form and a whole data set.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "cli/run_plank.h"

namespace plank::test {
namespace {

const std::string kHouse = "examples/lf/build_house.json --utterance 'build a red house next to the tree'";

bool have_mcdata() {
  test::Run r = run_plank("world info examples/scenes/village.json");
  return r.exit_code == 0;
}

TEST(ExecLf, OneFormBuildsAndReplies) {
  if (!have_mcdata()) GTEST_SKIP() << "minecraft-data is not installed";
  test::Run r = run_plank("exec-lf " + kHouse + " --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["action"], "BUILD");
  EXPECT_EQ(j["outcome"], "done");
  EXPECT_GT(j["blocks_changed"].get<int>(), 50);
  EXPECT_NE(j["reply"].get<std::string>().find("red_wool"), std::string::npos) << j["reply"];
  EXPECT_NE(j["reply"].get<std::string>().find("next to the tree"), std::string::npos) << j["reply"];
}

TEST(ExecLf, TextOutputSaysWhatChanged) {
  if (!have_mcdata()) GTEST_SKIP() << "minecraft-data is not installed";
  test::Run r = run_plank("exec-lf " + kHouse);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("I built a house"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[BUILD: done;"), std::string::npos) << r.out;
}

TEST(ExecLf, DumpPrintsTheGeneratedPlankProgram) {
  if (!have_mcdata()) GTEST_SKIP() << "minecraft-data is not installed";
  test::Run r = run_plank("exec-lf " + kHouse + " --dump=plank");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("# build a red house next to the tree\ndef command():"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("caip_schematic(name='house', colour='red')"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("caip_location('REFERENCE_OBJECT', ref=ref1, direction='NEAR')"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("caip_build(shape0, at2)"), std::string::npos) << r.out;
  // The dump is a program `plank run` accepts (it stops at the world: no scene there).
  test::Run check = run_plank("check -", r.out);
  EXPECT_EQ(check.exit_code, 0) << check.err;
}

TEST(ExecLf, RenderWritesAPicture) {
  if (!have_mcdata()) GTEST_SKIP() << "minecraft-data is not installed";
  auto png = std::filesystem::temp_directory_path() / "plank_exec_lf_render.png";
  std::filesystem::remove(png);
  test::Run r = run_plank("exec-lf " + kHouse + " --render '" + png.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_TRUE(std::filesystem::exists(png));
  EXPECT_EQ(read_all(png).substr(1, 3), "PNG");
  std::filesystem::remove(png);
}

TEST(ExecLf, InvalidFormIsAnInputErrorWithTheKeyPath) {
  test::Run r = run_plank("exec-lf examples/lf/bad_direction.json --utterance 'move two steps leftt'");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("action_sequence[0].location.relative_direction"), std::string::npos) << r.err;
}

TEST(ExecLf, UsageErrors) {
  EXPECT_EQ(run_plank("exec-lf").exit_code, 2);
  EXPECT_EQ(run_plank("exec-lf x.json --jsonl y.jsonl").exit_code, 2);
  EXPECT_EQ(run_plank("exec-lf " + kHouse + " --dump=ir").exit_code, 2);
  test::Run missing = run_plank("exec-lf " + kHouse + " --scene no_such_scene");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("no_such_scene"), std::string::npos) << missing.err;
}

// The data set contract: every line runs in a fresh village, none is an internal error.
TEST(ExecLf, ValidSetRunsWithNoErrors) {
  if (!have_mcdata()) GTEST_SKIP() << "minecraft-data is not installed";
  std::string valid = std::string(PLANK_SHARED_DIR) + "/data/caip/valid.jsonl";
  if (!std::filesystem::exists(valid)) GTEST_SKIP() << "no " << valid;
  test::Run r = run_plank("exec-lf --jsonl '" + valid + "' --scene village --json");
  ASSERT_EQ(r.exit_code, 0) << r.err.substr(0, 2000);
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["total"], 449);
  EXPECT_EQ(j["errors"], 0);
  EXPECT_EQ(j["invalid"], 0);
  EXPECT_EQ(j["done"].get<int>() + j["asked"].get<int>() + j["refused"].get<int>(), 449);
  int per_action = 0;
  for (auto& [action, c] : j["by_action"].items()) per_action += c["total"].get<int>();
  EXPECT_EQ(per_action, 449);
  EXPECT_GT(j["by_action"]["BUILD"]["done"].get<int>(), 0);
}

}  // namespace
}  // namespace plank::test
