// The clarification models: the question bank's CSV, the tie-aware rank
// figures against hand-computed cases, the model file's round trip and its
// refusals, training that learns a rule it is shown, and the shipped model on
// valid against the baselines it has to beat (never ask; a random order and
// word overlap for the ranking).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "agents/iglu/eval/clarify_eval.h"
#include "agents/iglu/eval/question_bank.h"
#include "agents/iglu/roles/clarifier.h"
#include "agents/iglu/roles/clarify_features.h"

namespace plank::iglu {
namespace {

using ::testing::HasSubstr;

// What every IGLU model reads (the clarifier's and the learned builder's features): sorted by
// index, each index once, the values of names hashed onto one index added up.
TEST(IgluClarifier, HashedFeaturesAreSortedWithEachIndexOnce) {
  SparseFeatures merged = merge_indices({{7, 1.0f}, {3, 0.5f}, {7, 2.0f}, {0, 1.0f}, {3, 0.25f}});
  EXPECT_EQ(merged, (SparseFeatures{{0, 1.0f}, {3, 0.75f}, {7, 3.0f}}));
  EXPECT_TRUE(merge_indices({}).empty());
  SparseFeatures f = clarity_features("put the red red block there, the red one", {}, 64);
  for (size_t i = 1; i < f.size(); ++i) EXPECT_LT(f[i - 1].first, f[i].first) << "index " << f[i].first;
  for (const auto& [index, value] : f) EXPECT_LT(index, 64u);
}

TEST(IgluClarifier, TheQuestionBankReadsQuotedFields) {
  std::string error;
  auto bank = read_question_bank_text(
      "qrel,ClarifyingQuestion\nq_1,Which color blocks?\nq_2,\"Left, or right? Say \"\"left\"\".\"\r\n\n", "qb.csv",
      &error);
  ASSERT_TRUE(bank) << error;
  EXPECT_EQ(bank->size(), 2u);
  EXPECT_EQ(bank->at("q_2"), "Left, or right? Say \"left\".");
  EXPECT_FALSE(read_question_bank_text("qrel,ClarifyingQuestion\nq_1,a,b\n", "qb.csv", &error));
  EXPECT_THAT(error, HasSubstr("qb.csv:2: a row of 3 fields"));
  EXPECT_FALSE(read_question_bank_text("q_1,\"open\n", "qb.csv", &error));
  EXPECT_THAT(error, HasSubstr("not closed"));
}

TEST(IgluClarifier, RankFiguresCountTiesAsTheirExpectation) {
  RankingFigures first = rank_of({3, 1, 2}, 0);
  EXPECT_DOUBLE_EQ(first.mrr, 1.0);
  EXPECT_DOUBLE_EQ(rank_of({3, 1, 2}, 1).mrr, 1.0 / 3);
  // Tied with one other for first: rank 1 or 2, each half the time.
  EXPECT_DOUBLE_EQ(rank_of({5, 5, 1}, 1).mrr, (1.0 + 0.5) / 2);
  // Twelve candidates, all tied: the uniform expectation; recall@10 = 10/12.
  RankingFigures all = rank_of(std::vector<double>(12, 0.0), 4);
  double h = 0;
  for (int r = 1; r <= 12; ++r) h += 1.0 / r;
  EXPECT_NEAR(all.mrr, h / 12, 1e-12);
  EXPECT_NEAR(all.recall_at_10, 10.0 / 12, 1e-12);
  EXPECT_DOUBLE_EQ(rank_of({0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, 0).recall_at_10, 0.0);  // rank 11
}

// A toy set where an instruction is unclear exactly when it names no colour,
// and the right question for those asks for the colour.
std::vector<Example> toy_examples(int n) {
  const char* colours[] = {"red", "blue", "green", "yellow"};
  const char* shapes[] = {"row of three", "tower of two", "single", "column of four", "line of five"};
  std::vector<Example> out;
  for (int i = 0; i < n; ++i) {
    Example e;
    e.world = "s" + std::to_string(i % 10) + "/step-1";
    bool clear = i % 3 != 0;
    e.instruction = std::string("build a ") + (clear ? colours[i % 4] + std::string(" ") : "") + shapes[i % 5] +
                    " blocks near the middle";
    e.clear = clear;
    if (!clear) {
      e.qrel = "q_colour";
      e.qbank = {"q_where", "q_count", "q_colour", "q_remove"};
    }
    out.push_back(e);
  }
  return out;
}

QuestionBank toy_bank() {
  return {{"q_colour", "What color should the blocks be?"},
          {"q_where", "Where exactly near the middle?"},
          {"q_count", "How many blocks?"},
          {"q_remove", "Should I remove the others?"}};
}

TEST(IgluClarifier, TrainingLearnsARuleItIsShownAndTheFileKeepsIt) {
  ClarifierTraining o;
  o.epochs = 40;
  o.ranking_epochs = 20;
  ClarifierReport report;
  Clarifier c = train_clarifier(toy_examples(90), toy_bank(), o, &report);
  EXPECT_EQ(report.examples, 90);
  EXPECT_EQ(report.unclear, 30);
  EXPECT_GT(report.cv_f1_unclear, 0.9);
  ClarifyEvaluation e = evaluate_clarifier(c, toy_examples(30), toy_bank());
  EXPECT_DOUBLE_EQ(e.f1_unclear, 1.0);
  EXPECT_DOUBLE_EQ(e.accuracy, 1.0);
  EXPECT_DOUBLE_EQ(e.ranking.mrr, 1.0);  // "What color ..." first for every colourless instruction
  EXPECT_LT(e.random.mrr, 0.6);

  auto path = (std::filesystem::temp_directory_path() / "plank_iglu_clarifier_test.bin").string();
  std::string error;
  ASSERT_TRUE(save_clarifier(c, path, &error)) << error;
  auto back = load_clarifier(path, &error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->threshold, c.threshold);
  EXPECT_EQ(back->p_unclear("build a tower", {}), c.p_unclear("build a tower", {}));
  std::ofstream(path, std::ios::binary) << "PLNKPRS2 not this kind";
  EXPECT_FALSE(load_clarifier(path, &error));
  EXPECT_THAT(error, HasSubstr("not a model file of this kind"));
  std::ofstream(path, std::ios::binary) << "PLNKCLR1\x05";
  EXPECT_FALSE(load_clarifier(path, &error));
  EXPECT_THAT(error, HasSubstr("truncated"));
  std::filesystem::remove(path);
}

TEST(IgluClarifier, TheShippedModelBeatsTheBaselinesOnValid) {
  const std::string data = std::string(PLANK_SHARED_DIR) + "/data/iglu/";
  const std::string model = std::string(PLANK_SOURCE_DIR) + "/models/iglu_clarifier.bin";
  if (!std::filesystem::exists(data + "valid.jsonl")) GTEST_SKIP() << "no IGLU data at " << data;
  std::string error;
  auto c = load_clarifier(model, &error);
  ASSERT_TRUE(c) << error;
  auto bank = read_question_bank(data + "question_bank.csv", &error);
  ASSERT_TRUE(bank) << error;
  DiagnosticSink sink;
  auto valid = read_examples(data + "valid.jsonl", sink);
  ASSERT_TRUE(valid);
  ClarifyEvaluation e = evaluate_clarifier(*c, *valid, *bank);
  EXPECT_EQ(e.ranking.examples, 66);
  EXPECT_GT(e.f1_unclear, 0.2);  // never asking scores 0
  EXPECT_GT(e.ranking.mrr, e.overlap.mrr);
  EXPECT_GT(e.overlap.mrr, e.random.mrr);
  EXPECT_GT(e.ranking.recall_at_10, e.overlap.recall_at_10);
}

}  // namespace
}  // namespace plank::iglu
