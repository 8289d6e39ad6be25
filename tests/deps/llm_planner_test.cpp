// The llm planner against a replay server on 127.0.0.1 that serves recorded replies in order,
// malformed ones included: invalid replies are described back, never crashed on.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "agents/deps/loop/episode.h"
#include "support/llm/http.h"
#include "agents/deps/roles/llm_planner.h"
#include "deps/deps_test_util.h"
#include "support/chat_replay_server.h"

namespace plank::deps {
namespace {

using chat_test::chunked_ok;
using chat_test::completion;
using chat_test::http_ok;
using chat_test::ReplayServer;

TEST(DepsLlm, ExtractsPlanCodeFromReplies) {
  std::string why;
  auto code = extract_plan_code(
      "The code for obtaining 1 stick is as follows:\n```python\ndef obtain_1_stick(inventory = {}):\n"
      "    mine({\xE2\x80\x99log\xE2\x80\x99:1}, null)\n    return \"stick\"\n```\nHope this helps.",
      &why);
  ASSERT_TRUE(code) << why;
  EXPECT_EQ(*code, "def obtain_1_stick(inventory = {}):\n    mine({'log':1}, null)\n    return \"stick\"\n");
  auto calls = extract_plan_code("step 1:\n  mine({'log':1}, null);\n  craft({'planks':4}, {'log':1}, null);\n", &why);
  ASSERT_TRUE(calls);
  EXPECT_EQ(*calls, "mine({'log':1}, null);\ncraft({'planks':4}, {'log':1}, null);\n");
  EXPECT_FALSE(extract_plan_code("I would start by punching a tree.", &why));
  EXPECT_NE(why.find("no plan code"), std::string::npos);
}

TEST(DepsLlm, HttpErrorsAreSentences) {
  llm::HttpReply r;
  std::string error;
  EXPECT_FALSE(llm::http_post("https://api.example.com/v1", "{}", {}, 1, &r, &error));
  EXPECT_NE(error.find("https"), std::string::npos);
  ReplayServer garbage({"this is not http"});
  EXPECT_FALSE(llm::http_post(garbage.url(), "{}", {}, 5, &r, &error));
  EXPECT_NE(error.find("did not answer with HTTP"), std::string::npos) << error;
  LlmOptions none;
  ::unsetenv("PLANK_LLM_ENDPOINT");
  EXPECT_FALSE(none.resolve(&error));
  EXPECT_NE(error.find("--llm-endpoint"), std::string::npos);
}

TEST(DepsLlm, ReplayedEpisodeDescribesInvalidRepliesBack) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  const std::string good =
      "The code for obtaining 1 wooden_button is as follows:\n"
      "def obtain_1_wooden_button(inventory={}):\n"
      "    mine({\xE2\x80\x98log\xE2\x80\x99:1}, null); # step 1: mine 1 log without tool\n"
      "    craft({'planks':4}, {'log':1}, null); # step 2\n"
      "    craft({'wooden_button':1}, {'planks':1}, null); # step 3\n"
      "    return \"wooden_button\"\n";
  ReplayServer server({http_ok("<html>502 bad gateway</html>"), http_ok(completion("Let me think about logs.")),
                       http_ok(completion("def obtain_1_wooden_button(inventory={}):\n    mine({'log':1}, null\n")),
                       chunked_ok(completion(good))});
  Task t = *parse_task("obtain 1 wooden_button", nullptr);
  EpisodeOptions o;
  o.seed = 1;
  o.engine = "interp";
  o.planner = "llm";
  o.initial = "llm";
  o.llm.endpoint = server.url();
  std::string error;
  auto r = run_episode(*rules, t, o, {}, &error);
  ASSERT_TRUE(r) << error;
  EXPECT_TRUE(r->success) << r->end;
  EXPECT_EQ(r->rounds, 3);
  ASSERT_EQ(server.requests.size(), 4u);
  auto first = nlohmann::json::parse(server.requests[0]);
  EXPECT_EQ(first["messages"].back()["content"], "How to obtain 1 wooden_button in Minecraft step-by-step?");
  EXPECT_EQ(first["messages"][0]["role"], "system");
  EXPECT_EQ(first["messages"].size(), deps_prompt().size() + 1);
  auto second = nlohmann::json::parse(server.requests[1]);
  std::string told = second["messages"].back()["content"];
  EXPECT_NE(told.find("Descriptor: "), std::string::npos);
  EXPECT_NE(told.find("not a chat-completions JSON"), std::string::npos) << told;
  EXPECT_NE(told.find("Please fix the above errors and replan the task \"obtain 1 wooden_button\"."), std::string::npos);
  std::string third = nlohmann::json::parse(server.requests[2])["messages"].back()["content"];
  EXPECT_NE(third.find("no plan code"), std::string::npos) << third;
  std::string fourth = nlohmann::json::parse(server.requests[3])["messages"].back()["content"];
  EXPECT_NE(fourth.find("error"), std::string::npos) << fourth;  // the syntax error, with its position
  ASSERT_EQ(r->history.size(), 4u);
  EXPECT_FALSE(r->history[2].run.compiled);
}

TEST(DepsLlm, EndpointDownEndsTheEpisodeWithAReason) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  Task t = *parse_task("obtain 1 stick", nullptr);
  EpisodeOptions o;
  o.planner = "llm";
  o.initial = "llm";
  o.llm.endpoint = "http://127.0.0.1:9/v1";  // discard port: nothing listens
  o.llm.timeout_seconds = 5;
  std::string error;
  auto r = run_episode(*rules, t, o, {}, &error);
  ASSERT_TRUE(r) << error;
  EXPECT_FALSE(r->success);
  EXPECT_EQ(r->end.rfind("llm_error: cannot connect", 0), 0u) << r->end;
}

}  // namespace
}  // namespace plank::deps
