// The architect: its plan, followed exactly, reaches every target of valid
// (removals, re-colourings and floating blocks included) in words without
// coordinates; the example rule builder, instructed by it turn by turn,
// rebuilds a simple structure exactly; a builder's question is answered by
// the next turn.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <filesystem>

#include "agents/host/register_intrinsics.h"
#include "agents/iglu/eval/f1.h"
#include "agents/iglu/loop/self_play.h"
#include "agents/iglu/roles/architect.h"
#include "agents/iglu/roles/builder.h"

namespace plank::iglu {
namespace {

using ::testing::HasSubstr;

TEST(IgluArchitect, APlanFollowedExactlyReachesEveryTargetOfValidWithoutCoordinates) {
  const std::string path = std::string(PLANK_SHARED_DIR) + "/data/iglu/valid.jsonl";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "no IGLU data at " << path;
  DiagnosticSink sink;
  auto examples = read_examples(path, sink);
  ASSERT_TRUE(examples);
  size_t steps = 0;
  for (const Example& ex : *examples) {
    std::vector<Block> now = ex.initial;
    for (const ArchitectStep& s : plan_steps(ex.initial, ex.target)) {
      EXPECT_EQ(s.instruction.find_first_of("0123456789"), std::string::npos) << s.instruction;
      now = follow_exactly(now, s);
      ++steps;
    }
    ASSERT_EQ(ZoneGrid::of(now), ZoneGrid::of(ex.target)) << ex.id;
  }
  EXPECT_GT(steps, examples->size());
}

TEST(IgluArchitect, StepsGoFromTheGroundUpRelativeToWhatExists) {
  std::vector<Block> target = {{2, 0, 7, 3}, {2, 1, 7, 3}, {2, 2, 7, 3}, {2, 3, 7, 1}, {3, 0, 7, 2}, {4, 0, 7, 2}};
  auto steps = plan_steps({{2, 0, 7, 3}, {8, 0, 8, 5}}, target);
  ASSERT_EQ(steps.size(), 4u);
  EXPECT_EQ(steps[0].instruction, "Remove the purple block.");
  EXPECT_EQ(steps[1].instruction, "Place a row of two green blocks going east, starting just east of the red block.");
  EXPECT_EQ(steps[2].instruction, "Stack two red blocks on top of the red block.");
  EXPECT_EQ(steps[3].instruction, "Place one blue block on top of the red block.");
  EXPECT_THAT(answer_question(steps[2], "What colour should they be?"), HasSubstr("They are red."));
  EXPECT_THAT(answer_question(steps[2], "How many?"), HasSubstr("Two blocks."));
  EXPECT_FALSE(next_step(target, target));
}

TEST(IgluArchitect, TheRuleBuilderRebuildsASimpleStructureInSelfPlay) {
  host::register_host_intrinsics();  // place, remove, zone
  std::string error;
  auto builder = make_builder(std::string(PLANK_SOURCE_DIR) + "/examples/iglu/rules.plank", {}, &error);
  ASSERT_TRUE(builder) << error;
  // A red column of three in the middle with a blue block on top.
  std::vector<Block> target = {{5, 0, 5, 3}, {5, 1, 5, 3}, {5, 2, 5, 3}, {5, 3, 5, 1}};
  SelfPlayResult r = self_play(*builder, {}, target, {});
  ASSERT_EQ(r.turns.size(), 2u);
  EXPECT_EQ(r.turns[0].instruction, "Stack three red blocks on the ground in the middle of the zone.");
  std::string got;
  for (const Block& b : r.final_world) got += fmt::format("[{},{},{},{}]", b.x, b.y, b.z, b.colour);
  for (const auto& t : r.turns) got += " | " + t.instruction + " -> " + outcome_name(t.outcome);
  EXPECT_TRUE(r.reached) << got;
  EXPECT_DOUBLE_EQ(r.f1, 1.0);
}

TEST(IgluArchitect, ABuildersQuestionIsAnsweredByTheNextTurn) {
  FixedReplyBuilder asks(R"({"add": [], "remove": [], "confidence": 0.1, "question": "Which colour?"})");
  std::vector<Block> target = {{5, 0, 5, 2}};
  SelfPlayResult r = self_play(asks, {}, target, {}, 3);
  ASSERT_EQ(r.turns.size(), 3u);
  EXPECT_EQ(r.turns[0].outcome, TurnResult::Outcome::Asked);
  EXPECT_EQ(r.turns[0].question, "Which colour?");
  EXPECT_EQ(r.turns[1].instruction, "They are green. Just one green block, on the ground in the middle of the zone.");
  EXPECT_FALSE(r.reached);
  EXPECT_EQ(r.f1, 0.0);
}

}  // namespace
}  // namespace plank::iglu
