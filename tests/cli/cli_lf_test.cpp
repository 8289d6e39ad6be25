// `plank check --lf` and `--jsonl` through the real binary.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli/run_plank.h"

using plank::test::run_plank;
using plank::test::shared_dir;
using ::testing::HasSubstr;

TEST(CliLf, MisspeltDirectionNamesKeyPathAndChoices) {
  auto r = run_plank("check --color=never --lf examples/errors/bad_direction.json");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("examples/errors/bad_direction.json:9:31: error: "
                               "action_sequence[0].location.relative_direction: 'LEFTT' is not one of LEFT, RIGHT"));
}

TEST(CliLf, JsonOutputHasKeyPath) {
  auto r = run_plank("check --json --lf examples/errors/bad_direction.json");
  EXPECT_EQ(r.exit_code, 1);
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["valid"], false);
  ASSERT_FALSE(j["errors"].empty());
  EXPECT_EQ(j["errors"][0]["key_path"], "action_sequence[0].location.relative_direction");
  EXPECT_THAT(j["errors"][0]["expected"].dump(), HasSubstr("LEFT"));
}

TEST(CliLf, PythonDictNotationIsAccepted) {
  auto r = run_plank("check --lf - --normalized",
                     "{'dialogue_type': 'HUMAN_GIVE_COMMAND',\n"
                     " 'action_sequence': [{'action_type': 'BUILD', 'schematic': {'has_name_': [0, [1, 1]]},},],}\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  // Normalised: the legacy has_name_ spelling becomes has_name.
  EXPECT_THAT(r.out, HasSubstr("\"has_name\""));
  EXPECT_THAT(r.out, ::testing::Not(HasSubstr("has_name_")));
}

TEST(CliLf, UtteranceBoundsSpans) {
  std::string form = R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [
      {"action_type": "BUILD", "schematic": {"has_name": [0, [2, 7]]}}]})";
  auto ok = run_plank("check --lf -", form);
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  auto bad = run_plank("check --json --lf - --utterance 'build a cube'", form);
  EXPECT_EQ(bad.exit_code, 1);
  auto j = nlohmann::json::parse(bad.out);
  ASSERT_FALSE(j["errors"].empty());
  EXPECT_EQ(j["errors"][0]["key_path"], "action_sequence[0].schematic.has_name");
}

TEST(CliLf, JsonlSummaryCountsGoodAndBadLines) {
  namespace fs = std::filesystem;
  fs::path p = fs::temp_directory_path() / ("plank_cli_lf_" + std::to_string(::getpid()) + ".jsonl");
  {
    std::ofstream out(p);
    out << R"({"text": "build a cube", "logical_form": {"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD", "schematic": {"has_name": [0, [2, 2]]}}]}})" "\n";
    out << R"({"text": "hello", "logical_form": {"dialogue_type": "NOOP"}})" "\n";
    out << R"({"text": "go left", "logical_form": {"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "MOVE", "location": {"relative_direction": "LEFTT"}}]}})" "\n";
  }
  auto r = run_plank("check --color=never --jsonl '" + p.string() + "'");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.out, HasSubstr("2 valid, 1 invalid"));
  EXPECT_THAT(r.err, HasSubstr(":3:"));  // the bad record is on line 3
  auto j = nlohmann::json::parse(run_plank("check --json --jsonl '" + p.string() + "'").out);
  EXPECT_EQ(j["valid"], 2);
  EXPECT_EQ(j["invalid"], 1);
  EXPECT_EQ(j["errors"].size(), 1u);
  fs::remove(p);
}

TEST(CliLf, WholeCaipDataSetValidates) {
  std::string train = shared_dir() + "/data/caip/train.jsonl";
  if (!std::filesystem::exists(train)) GTEST_SKIP() << "no shared data at " << train;
  auto r = run_plank("check --jsonl '" + train + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err.substr(0, 2000);
  EXPECT_THAT(r.out, HasSubstr("3127 valid, 0 invalid"));
  auto v = run_plank("check --json --jsonl '" + shared_dir() + "/data/caip/valid.jsonl'");
  auto j = nlohmann::json::parse(v.out);
  EXPECT_EQ(j["valid"], 449);
  EXPECT_EQ(j["invalid"], 0);
}
