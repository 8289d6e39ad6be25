// Plank's own tools through the C API: logical-form checking, the intrinsics table, the
// neural parser and a DEPS episode, each agreeing with what the command line reports.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "capi_util.h"

using namespace plank_test;

TEST(Tools, CheckLfAcceptsAValidFormAndExplainsAnInvalidOne) {
  State P = open_state();
  auto ok = json_of(plank_check_lf(P.get(), R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "DANCE"}]})",
                                   nullptr));
  EXPECT_EQ(ok["valid"], true) << ok.dump();
  EXPECT_TRUE(ok["diagnostics"].empty());
  EXPECT_EQ(ok["normalized"]["dialogue_type"], "HUMAN_GIVE_COMMAND");
  // Python-dict notation, an unknown action type: the key path and the accepted values.
  auto bad = json_of(plank_check_lf(
      P.get(), "{'dialogue_type': 'HUMAN_GIVE_COMMAND', 'action_sequence': [{'action_type': 'JUMP'}]}", "jump"));
  EXPECT_EQ(bad["valid"], false);
  ASSERT_FALSE(bad["diagnostics"].empty());
  EXPECT_EQ(bad["diagnostics"][0]["key_path"], "action_sequence[0].action_type");
  EXPECT_FALSE(bad["diagnostics"][0]["expected"].empty());
  EXPECT_TRUE(bad["normalized"].is_null());
  auto garbled = json_of(plank_check_lf(P.get(), "{'dialogue_type': ", nullptr));
  EXPECT_EQ(garbled["valid"], false);
  EXPECT_EQ(garbled["diagnostics"][0]["code"], "syntax");
  EXPECT_EQ(plank_check_lf(P.get(), nullptr, nullptr), nullptr);
}

TEST(Tools, IntrinsicsTableNamesWhatAHostMayReplace) {
  State P = open_state();
  auto table = json_of(plank_intrinsics_json(P.get()));
  ASSERT_TRUE(table.is_array());
  bool mine = false, len = false;
  for (const auto& in : table) {
    if (in["name"] == "mine") {
      mine = true;
      EXPECT_EQ(in["capabilities"], nlohmann::json::array({"world"}));
      EXPECT_EQ(in["params"][0]["name"], "obj");
    }
    if (in["name"] == "len") len = true;
    EXPECT_NE(in["name"].get<std::string>().rfind("__", 0), 0u);
  }
  EXPECT_TRUE(mine);
  EXPECT_TRUE(len);
}

TEST(Tools, ParseGivesValidFormsBestFirst) {
  State P = open_state();
  const char* out = plank_parse(P.get(), "build a tower", 3);
  if (!out && std::string(plank_error_kind(P.get())) == "ModelError") GTEST_SKIP() << plank_error(P.get());
  ASSERT_NE(out, nullptr) << plank_error(P.get());
  auto parses = json_of(out);
  ASSERT_FALSE(parses.empty());
  EXPECT_LE(parses.size(), 3u);
  for (size_t i = 0; i + 1 < parses.size(); ++i) EXPECT_GE(parses[i]["log_prob"], parses[i + 1]["log_prob"]);
  for (const auto& p : parses) {
    auto check = json_of(plank_check_lf(P.get(), p["logical_form"].dump().c_str(), nullptr));
    EXPECT_EQ(check["valid"], true) << p["logical_form"].dump();
  }
  EXPECT_EQ(plank_parse(P.get(), "   ", 1), nullptr);
  EXPECT_EQ(plank_parse(P.get(), "x", 0), nullptr);
}

TEST(Tools, DepsEpisodeIsPlankDepsJson) {
  State P = open_state();
  const char* out = plank_deps_episode(P.get(), R"({"task": "obtain 1 crafting_table", "seed": 0})");
  if (!out && std::string(plank_error_kind(P.get())) == "DataError") GTEST_SKIP() << plank_error(P.get());
  ASSERT_NE(out, nullptr) << plank_error(P.get());
  auto r = json_of(out);
  EXPECT_EQ(r["task"], "obtain 1 crafting_table");
  EXPECT_EQ(r["success"], true);
  ASSERT_FALSE(r["plans"].empty());
  EXPECT_NE(r["plans"][0].get<std::string>().find("crafting_table"), std::string::npos);
  EXPECT_EQ(plank_deps_episode(P.get(), R"({"seed": 0})"), nullptr);
  EXPECT_NE(std::string(plank_error(P.get())).find("'task'"), std::string::npos);
  EXPECT_EQ(plank_deps_episode(P.get(), R"({"task": "obtain 1 unobtainium"})"), nullptr);
  EXPECT_EQ(plank_deps_episode(P.get(), R"({"task": "obtain 1 crafting_table", "initial_plan": "magic"})"), nullptr);
  EXPECT_EQ(plank_deps_episode(P.get(), "not json"), nullptr);
}
