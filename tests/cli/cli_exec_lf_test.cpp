// `plank exec-lf`: the real binary, one form and a whole data set.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
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

// The conversation policy is a Plank file: --policy runs with another one.
TEST(ExecLf, PolicyFileChangesTheOutcome) {
  if (!have_mcdata()) GTEST_SKIP() << "minecraft-data is not installed";
  auto dir = std::filesystem::temp_directory_path() / ("plank_exec_lf_policy_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "boat.json") << R"({"text": "build a boat", "logical_form": {"dialogue_type": "HUMAN_GIVE_COMMAND",)"
                                   << R"( "action_sequence": [{"action_type": "BUILD", "schematic": {"has_name": [0, [2, 2]]}}]}})";
  std::string policy = read_all(std::string(PLANK_SOURCE_DIR) + "/stdlib/caip/conversation.plank");
  const std::string asks = "if doubt['has_default'] and caip_assuming():";
  ASSERT_NE(policy.find(asks), std::string::npos);
  std::ofstream(dir / "never_asks.plank") << policy.replace(policy.find(asks), asks.size(), "if doubt['has_default']:");
  test::Run asked = run_plank("exec-lf '" + (dir / "boat.json").string() + "' --json");
  ASSERT_EQ(asked.exit_code, 0) << asked.err;
  EXPECT_EQ(nlohmann::json::parse(asked.out)["outcome"], "asked");
  test::Run done = run_plank("exec-lf '" + (dir / "boat.json").string() + "' --json --policy '" + (dir / "never_asks.plank").string() + "'");
  ASSERT_EQ(done.exit_code, 0) << done.err;
  auto j = nlohmann::json::parse(done.out);
  EXPECT_EQ(j["outcome"], "done");
  EXPECT_GT(j["blocks_changed"].get<int>(), 0);
  // PLANK_STDLIB names the folder the default policy is read from.
  std::filesystem::create_directories(dir / "stdlib" / "caip");
  std::filesystem::copy_file(dir / "never_asks.plank", dir / "stdlib" / "caip" / "conversation.plank",
                             std::filesystem::copy_options::overwrite_existing);
  test::Run env = run_plank("exec-lf '" + (dir / "boat.json").string() + "' --json", "", "PLANK_STDLIB='" + (dir / "stdlib").string() + "'");
  ASSERT_EQ(env.exit_code, 0) << env.err;
  EXPECT_EQ(nlohmann::json::parse(env.out)["outcome"], "done");
  // A policy that does not parse: an input error at its position.
  std::ofstream(dir / "broken.plank") << "def settle(result:\n";
  test::Run broken = run_plank("exec-lf '" + (dir / "boat.json").string() + "' --policy '" + (dir / "broken.plank").string() + "'");
  EXPECT_EQ(broken.exit_code, 1);
  EXPECT_NE(broken.err.find((dir / "broken.plank").string() + ":1:"), std::string::npos) << broken.err;
  std::filesystem::remove_all(dir);
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

TEST(ExecLf, SaveSceneWritesTheWorldAfterAsAScene) {
  if (!have_mcdata()) GTEST_SKIP() << "minecraft-data is not installed";
  auto out = std::filesystem::temp_directory_path() / ("plank_exec_lf_scene_" + std::to_string(getpid()) + ".json");
  test::Run r = run_plank("exec-lf " + kHouse + " --save-scene '" + out.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(read_all(out));
  EXPECT_EQ(j["format"], "plank-scene");
  ASSERT_EQ(j["caip_command"]["built"].size(), 1u) << j["caip_command"];
  EXPECT_EQ(j["caip_command"]["built"][0]["name"], "house");
  EXPECT_EQ(j["caip_command"]["outcome"], "done");
  int houses = 0;
  for (const auto& o : j["annotations"]) houses += o["name"] == "house";
  EXPECT_EQ(houses, 2);  // the village's and the one built
  // It loads back as a scene.
  test::Run info = run_plank("world info '" + out.string() + "'");
  EXPECT_EQ(info.exit_code, 0) << info.err;
  std::filesystem::remove(out);
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

// With --assume nothing is asked that a default can answer, and nothing breaks either.
TEST(ExecLf, ValidSetWithAssumeRunsWithNoErrors) {
  if (!have_mcdata()) GTEST_SKIP() << "minecraft-data is not installed";
  std::string valid = std::string(PLANK_SHARED_DIR) + "/data/caip/valid.jsonl";
  if (!std::filesystem::exists(valid)) GTEST_SKIP() << "no " << valid;
  test::Run asking = run_plank("exec-lf --jsonl '" + valid + "' --json");
  test::Run assuming = run_plank("exec-lf --jsonl '" + valid + "' --json --assume");
  ASSERT_EQ(assuming.exit_code, 0) << assuming.err.substr(0, 2000);
  auto a = nlohmann::json::parse(asking.out), b = nlohmann::json::parse(assuming.out);
  EXPECT_EQ(b["errors"], 0);
  EXPECT_LT(b["asked"].get<int>(), a["asked"].get<int>());
  EXPECT_GT(b["done"].get<int>(), a["done"].get<int>());
}

}  // namespace
}  // namespace plank::test
