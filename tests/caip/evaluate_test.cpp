// CAIP's evaluation (agents/caip/eval): every line of a data set in a fresh
// scene, tallied; malformed lines counted as invalid, not fatal.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "agents/caip/eval/evaluate.h"
#include "caip_test_util.h"

namespace plank::caip::test {
namespace {

TEST(Evaluate, TalliesEveryLineInAFreshScene) {
  auto ex = open_scene(scene_file("eval_flat", kFlatScene));
  ASSERT_TRUE(ex);
  // The same destroy twice: each line sees the rock again (a fresh scene).
  const std::string destroy = R"({"text": "destroy the rock", "logical_form": {"dialogue_type": "HUMAN_GIVE_COMMAND",)"
                              R"( "action_sequence": [{"action_type": "DESTROY", "reference_object": {"has_name": [0, [2, 2]]}}]}})";
  const std::string boat = R"({"text": "build a boat", "logical_form": {"dialogue_type": "HUMAN_GIVE_COMMAND",)"
                           R"( "action_sequence": [{"action_type": "BUILD", "schematic": {"has_name": [0, [2, 2]]}}]}})";
  const std::string noop = R"({"text": "hello", "logical_form": {"dialogue_type": "NOOP"}})";
  auto data = SourceFile::from_string("set.jsonl", destroy + "\n" + destroy + "\n\n" + boat + "\n" + "not json\n" + noop + "\n");
  std::vector<std::string> log, problems;
  EvalOptions options;
  options.log = [&](const std::string& line) { log.push_back(line); };
  options.problem = [&](const std::string& message) { problems.push_back(message); };
  Evaluation ev;
  std::string error;
  ASSERT_TRUE(evaluate(*ex, data, options, &ev, &error)) << error;
  EXPECT_EQ(ev.all.total, 5u);
  EXPECT_EQ(ev.all.done, 3u);
  EXPECT_EQ(ev.all.asked, 1u);
  EXPECT_EQ(ev.all.invalid, 1u);
  EXPECT_EQ(ev.all.errors, 0u);
  EXPECT_EQ(ev.by_action.at("DESTROY").done, 2u);
  EXPECT_EQ(ev.by_action.at("BUILD").asked, 1u);
  EXPECT_EQ(ev.by_action.at("NOOP").done, 1u);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("set.jsonl:5: not a"), std::string::npos) << problems[0];
  ASSERT_EQ(log.size(), 4u);
  auto first = nlohmann::json::parse(log[0]), second = nlohmann::json::parse(log[1]);
  EXPECT_EQ(first["line"], 1);
  EXPECT_EQ(second["line"], 2);
  EXPECT_EQ(first["blocks_changed"], 1);
  EXPECT_EQ(second["blocks_changed"], first["blocks_changed"]);
  EXPECT_EQ(second["reply"], first["reply"]);
  // The JSON summary agrees with the tallies.
  auto j = nlohmann::json::parse(ev.json());
  EXPECT_EQ(j["total"], 5);
  EXPECT_EQ(j["by_action"]["DESTROY"]["total"], 2);
  // --limit: only the first N lines.
  Evaluation two;
  EvalOptions limited;
  limited.limit = 2;
  ASSERT_TRUE(evaluate(*ex, data, limited, &two, &error));
  EXPECT_EQ(two.all.total, 2u);
}

}  // namespace
}  // namespace plank::caip::test
