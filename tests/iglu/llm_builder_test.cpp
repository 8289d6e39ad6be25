// The llm builder against a replay server on 127.0.0.1 with recorded replies:
// a valid reply is applied, a malformed one is disregarded with its reason, a
// low-confidence one asks its question instead of acting, and an endpoint that
// says nothing ends the turn on time as "no reply". The request carries the
// paper's builder prompt and the world in the paper's frame.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>

#include "agents/iglu/eval/evaluation.h"
#include "agents/iglu/loop/turn.h"
#include "agents/iglu/roles/builder.h"
#include "agents/iglu/roles/llm_builder.h"
#include "support/chat_replay_server.h"

namespace plank::iglu {
namespace {

using ::testing::HasSubstr;
using chat_test::completion;
using chat_test::http_ok;
using chat_test::kSilent;
using chat_test::ReplayServer;

std::unique_ptr<Builder> llm_builder(const ReplayServer& server, double timeout = 5) {
  llm::ChatOptions o;
  o.endpoint = server.url();
  o.model = "replay";
  o.timeout_seconds = timeout;
  std::string error;
  auto b = make_builder("llm", {}, &error, o);
  EXPECT_TRUE(b) << error;
  return b;
}

TEST(IgluLlmBuilder, AValidReplyIsAppliedAndTheRequestHoldsThePromptAndTheWorld) {
  ReplayServer server({http_ok(completion(
      "```json\n{\"add\": [[0, 1, 0, \"red\"], [0, 2, 0, \"red\"]], \"remove\": [], \"confidence\": 0.9}\n```"))});
  auto builder = llm_builder(server);
  auto registry = world::BlockRegistry::builtin();
  BuildZone zone(registry, {{5, 0, 5, 3}}, {});
  TurnResult t = run_turn(*builder, "stack two red blocks on the red one", zone, {});
  ASSERT_EQ(t.outcome, TurnResult::Outcome::Built) << t.reason;
  EXPECT_EQ(t.after, (std::vector<Block>{{5, 0, 5, 3}, {5, 1, 5, 3}, {5, 2, 5, 3}}));
  auto request = nlohmann::json::parse(server.bodies().at(0));
  EXPECT_EQ(request["model"], "replay");
  EXPECT_EQ(request["messages"][0]["role"], "system");
  EXPECT_EQ(request["messages"][0]["content"], builder_prompt());
  EXPECT_THAT(builder_prompt(), HasSubstr("Give the JSON only, no additional dialog."));
  std::string user = request["messages"][1]["content"];
  EXPECT_THAT(user, HasSubstr("[0,0,0,\"red\"]"));  // zone (5, 0, 5) in the paper's frame
  EXPECT_THAT(user, HasSubstr("Instruction: stack two red blocks on the red one"));
}

TEST(IgluLlmBuilder, MalformedRepliesAreDisregardedWithTheirReason) {
  ReplayServer server({http_ok(completion("I would place a red block in the middle.")),
                       http_ok(completion("{\"add\": [[0, 0, 0, \"pink\"], [9, 0, 0, \"red\"], [1, 0, 1, \"red\"]]}")),
                       http_ok("<html>502 bad gateway</html>"),
                       "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 4\r\n\r\noops"});
  auto builder = llm_builder(server);
  auto registry = world::BlockRegistry::builtin();
  BuildZone zone(registry, {}, {});
  TurnResult prose = run_turn(*builder, "place a red block", zone, {});
  EXPECT_EQ(prose.outcome, TurnResult::Outcome::Disregarded);
  EXPECT_FALSE(prose.reason.empty());
  EXPECT_TRUE(zone.blocks().empty());
  // Two bad blocks skipped with their key paths; the good one stands.
  TurnResult partial = run_turn(*builder, "place a red block", zone, {});
  ASSERT_EQ(partial.outcome, TurnResult::Outcome::Built);
  EXPECT_EQ(partial.after, (std::vector<Block>{{6, 0, 6, 3}}));
  std::string warnings;
  for (const auto& d : partial.diagnostics.all()) warnings += d.key_path + ": " + d.message + "\n";
  EXPECT_THAT(warnings, HasSubstr("add[0][3]"));
  EXPECT_THAT(warnings, HasSubstr("add[1]"));
  TurnResult html = run_turn(*builder, "place a red block", zone, {});
  EXPECT_EQ(html.outcome, TurnResult::Outcome::NoReply);
  EXPECT_THAT(html.reason, HasSubstr("not a chat-completions"));
  TurnResult error = run_turn(*builder, "place a red block", zone, {});
  EXPECT_EQ(error.outcome, TurnResult::Outcome::NoReply);
  EXPECT_THAT(error.reason, HasSubstr("HTTP 500"));
}

TEST(IgluLlmBuilder, ALowConfidenceReplyAsksItsQuestionInstead) {
  ReplayServer server({http_ok(completion(
      "{\"add\": [[0, 0, 0, \"blue\"]], \"remove\": [], \"confidence\": 0.2, \"question\": \"Which colour?\"}"))});
  auto builder = llm_builder(server);
  auto registry = world::BlockRegistry::builtin();
  BuildZone zone(registry, {}, {});
  TurnResult t = run_turn(*builder, "build a tower", zone, {});
  ASSERT_EQ(t.outcome, TurnResult::Outcome::Asked);
  EXPECT_EQ(t.reply->question, "Which colour?");
  EXPECT_TRUE(t.after.empty());
}

TEST(IgluLlmBuilder, AnEndpointThatSaysNothingEndsTheTurnOnTime) {
  ReplayServer server({kSilent});
  auto builder = llm_builder(server, 0.3);
  auto registry = world::BlockRegistry::builtin();
  BuildZone zone(registry, {}, {});
  auto t0 = std::chrono::steady_clock::now();
  TurnResult t = run_turn(*builder, "place a red block", zone, {});
  double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(t.outcome, TurnResult::Outcome::NoReply);
  EXPECT_THAT(t.reason, HasSubstr("no complete reply"));
  EXPECT_LT(took, 3.0);
}

TEST(IgluLlmBuilder, WithoutAnEndpointItSaysHowToGiveOne) {
  ::unsetenv("PLANK_LLM_ENDPOINT");
  std::string error;
  EXPECT_FALSE(make_builder("llm", {}, &error));
  EXPECT_THAT(error, HasSubstr("--llm-endpoint"));
}

}  // namespace
}  // namespace plank::iglu
