// `plank eval iglu`'s evaluation: per-example F1 means by clear/unclear, the
// clarification figures from the builder's decisions, a data set's bad lines
// reported with their line and key path; and the README's word-level
// baseline reproduced on valid.jsonl.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

#include "agents/iglu/roles/builder.h"
#include "agents/iglu/roles/colour_word.h"
#include "agents/iglu/eval/evaluation.h"

namespace plank::iglu {
namespace {

using ::testing::HasSubstr;

// Two clear examples (one the builder gets right, one it cannot) and an unclear one.
const char* kData =
    R"({"id": "a", "instruction": "place a red block", "clear": true, "initial": [], "target": [[2, 0, 2, 3]]}
{"id": "b", "instruction": "remove the green block", "clear": true, "initial": [[1, 0, 1, 2], [1, 1, 1, 2]], "target": [[1, 0, 1, 2]]}
{"id": "c", "instruction": "build a tower", "clear": false, "question": "What colour?", "initial": [], "target": [[0, 0, 0, 1], [0, 1, 0, 1]]}
)";

TEST(IgluEvaluation, MeansByClearAndTheClarificationFigures) {
  DiagnosticSink sink;
  auto examples = read_examples_text(SourceFile::from_string("d.jsonl", kData), sink);
  ASSERT_FALSE(sink.has_errors()) << render_text(sink.all());
  ASSERT_EQ(examples.size(), 3u);
  ColourWordBuilder builder;
  IgluEvaluation e = evaluate_builder(builder, examples, TurnOptions{});
  // a: one red block, exact (1); b: the higher green removed (1); c: one blue
  // block against a blue tower of two: m = 1, F1 = 2/3.
  EXPECT_EQ(e.all.examples, 3);
  EXPECT_NEAR(e.clear.f1, 1.0, 1e-12);
  EXPECT_NEAR(e.unclear.f1, 2.0 / 3, 1e-12);
  EXPECT_NEAR(e.all.f1, (1 + 1 + 2.0 / 3) / 3, 1e-12);
  // It never asks: right on the two clear ones, and no unclear one found.
  EXPECT_NEAR(e.clarify.accuracy, 2.0 / 3, 1e-12);
  EXPECT_EQ(e.clarify.f1_unclear, 0.0);
  auto j = nlohmann::json::parse(evaluation_json(e));
  for (const char* key : {"f1", "f1_evaluator", "examples", "by_clear", "clarify"}) EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_TRUE(j["clarify"]["mrr"].is_null());  // no question ranker yet
}

TEST(IgluEvaluation, BadLinesAreReportedAndLeftOut) {
  const char* data = R"({"instruction": "x", "initial": [], "target": [[0, 0, 0, 9]]}
{"instruction": "y", "initial": [], "target": [[0, 0, 0, 1]]}
not json
{"initial": [], "target": []}
)";
  DiagnosticSink sink;
  auto examples = read_examples_text(SourceFile::from_string("bad.jsonl", data), sink);
  EXPECT_EQ(examples.size(), 1u);
  std::string text = render_text(sink.all());
  EXPECT_THAT(text, HasSubstr("bad.jsonl:1:"));
  EXPECT_THAT(text, HasSubstr("target[0][3]: unknown colour"));
  EXPECT_THAT(text, HasSubstr("bad.jsonl:3:"));
  EXPECT_THAT(text, HasSubstr("missing \"instruction\""));
}

struct OneBlueBlock : Builder {
  std::optional<std::string> reply(const BuildRequest& request, std::string*) override {
    return reply_json(ColourWordBuilder::decide({"blue", request.world}));
  }
};

TEST(IgluEvaluation, OnValidTheWordBaselineBeatsOneBlueBlock) {
  const char* env = std::getenv("PLANK_SHARED");
  std::string path = std::string(env && *env ? env : PLANK_SHARED_DIR) + "/data/iglu/valid.jsonl";
  if (!std::ifstream(path)) GTEST_SKIP() << "no " << path;
  DiagnosticSink sink;
  auto examples = read_examples(path, sink);
  ASSERT_TRUE(examples);
  // The README's first baseline: one blue block on the ground nearest the zone centre, whatever is asked.
  OneBlueBlock blue;
  IgluEvaluation b = evaluate_builder(blue, *examples, TurnOptions{});
  EXPECT_EQ(b.all.examples, 648);
  EXPECT_NEAR(b.all.f1, 0.053, 0.0005);  // README: 0.053
  ColourWordBuilder words;
  IgluEvaluation w = evaluate_builder(words, *examples, TurnOptions{});
  // Reading the colour and the verb is worth about three times as much (README: 0.181).
  EXPECT_GT(w.all.f1, 2.5 * b.all.f1);
  EXPECT_EQ(w.built, 648);
}

}  // namespace
}  // namespace plank::iglu
