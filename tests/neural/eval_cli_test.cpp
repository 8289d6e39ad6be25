// The evaluation commands through the real binary, on a model with random
// weights: the Figure 6 error analysis in `plank eval parser`, the plain
// baseline's --unconstrained decoding, and `plank calibrate parser` whose side
// file `plank parse` then uses.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli/run_plank.h"
#include "neural/parser/calibration.h"
#include "random_model.h"

using namespace plank;
using plank::test::run_plank;

namespace {

// A directory per test (ctest runs them in parallel): calibrate writes its
// side file next to the weights.
std::string model_path() {
  std::string dir = testing::TempDir() + "plank_eval_cli_" +
                    testing::UnitTest::GetInstance()->current_test_info()->name() + "/",
              error;
  std::string p = dir + "parser.bin";
  if (!std::filesystem::exists(p)) {
    std::filesystem::create_directories(dir);
    EXPECT_TRUE(neural::save_weights(neural::test::small_random_weights(11), p, &error)) << error;
    std::filesystem::remove(dir + "parser.calib.json");
  }
  return p;
}

std::string valid_subset(int lines) {
  std::ifstream in(std::string(PLANK_SHARED_DIR) + "/data/caip/valid.jsonl");
  std::string path = testing::TempDir() + "plank_eval_cli_subset_" + std::to_string(lines) + ".jsonl", line;
  std::ofstream out(path);
  for (int i = 0; i < lines && std::getline(in, line); ++i) out << line << "\n";
  return path;
}

}  // namespace

TEST(EvalErrors, JsonKeepsTheContractAndAddsTheErrorAnalysis) {
  std::string data = valid_subset(30);
  for (const char* mode : {"--beam 2", "--unconstrained"}) {
    auto r = run_plank("eval parser --data " + data + " --json --engine cpu --model " + model_path() + " " + mode);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    for (const char* key : {"exact_match", "by_source", "by_type", "recall_at", "examples"}) EXPECT_TRUE(j.contains(key)) << key;
    // by_vocabulary splits the examples by whether they hold a word training never had;
    // the two parts' hits add up to the exact match.
    const auto& counts = j["examples_by_vocabulary"];
    int seen = counts["seen_words"].get<int>(), fresh = counts["new_words"].get<int>();
    EXPECT_EQ(seen + fresh, 30);
    EXPECT_GT(fresh, 0);  // the random model's vocabulary lacks most words
    EXPECT_NEAR(j["by_vocabulary"]["seen_words"].get<double>() * seen + j["by_vocabulary"]["new_words"].get<double>() * fresh,
                j["exact_match"].get<double>() * 30, 1e-6);
    const auto& e = j["errors"];
    int errors = e["count"].get<int>();
    EXPECT_EQ(e["examples"], 30);
    EXPECT_NEAR(j["exact_match"].get<double>(), (30.0 - errors) / 30.0, 1e-9) << mode;
    EXPECT_LE(e["span_only"].get<int>(), e["structure_right"].get<int>());
    EXPECT_LE(e["structure_right"].get<int>() + e["no_parse"].get<int>(), errors);
    if (std::string(mode) == "--beam 2") {
      EXPECT_EQ(e["no_parse"], 0);  // constrained: always a form
    }
    ASSERT_TRUE(e["nodes"].is_array());
    if (errors > 0) {
      EXPECT_FALSE(e["nodes"].empty());
    }
    int last = 1 << 30;
    for (const auto& n : e["nodes"]) {
      int total = n["false_positive"].get<int>() + n["false_negative"].get<int>();
      EXPECT_GT(total, 0);
      EXPECT_LE(total, last);  // most errors first
      last = total;
    }
  }
  auto r = run_plank("eval parser --data " + data + " --errors --engine cpu --model " + model_path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("only span values wrong"), std::string::npos) << r.out;
  // The baseline's decoding is greedy: a beam with it is a usage error.
  r = run_plank("eval parser --data " + data + " --unconstrained --beam 5 --model " + model_path());
  EXPECT_EQ(r.exit_code, 2) << r.err;
}

TEST(CalibrateCli, FitsASideFileThatParseThenUses) {
  std::string data = valid_subset(40), model = model_path();
  std::filesystem::remove(neural::calibration_path(model));  // from an earlier run
  auto before = nlohmann::json::parse(
      run_plank("parse \"build a red cube\" --json --engine cpu --model " + model).out);
  EXPECT_FALSE(before["parses"][0]["calibrated"].get<bool>());
  auto r = run_plank("calibrate parser --data " + data + " --beam 3 --folds 4 --json --engine cpu --model " + model);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["reports"].size(), 3u);  // greedy best, beam best, beam all entries
  for (const auto& rep : j["reports"]) {
    EXPECT_GE(rep["ece_after"].get<double>(), 0.0);
    EXPECT_LE(rep["ece_after"].get<double>(), 1.0);
  }
  std::string side = j["out"].get<std::string>();
  EXPECT_TRUE(std::filesystem::exists(side)) << side;
  EXPECT_TRUE(std::filesystem::exists(j["diagram"].get<std::string>()));
  auto after = nlohmann::json::parse(
      run_plank("parse \"build a red cube\" --beam 3 --n 3 --json --engine cpu --model " + model).out);
  for (const auto& p : after["parses"]) {
    EXPECT_TRUE(p["calibrated"].get<bool>());
    double c = p["confidence"].get<double>();
    EXPECT_GE(c, 0.0);
    EXPECT_LE(c, 1.0);
    EXPECT_NEAR(p["model_probability"].get<double>(), std::exp(p["log_prob"].get<double>()), 1e-5);
    EXPECT_EQ(p["ask"].get<bool>(), c < 0.5);
  }
  // Too few examples for the folds: a usage error that says so.
  r = run_plank("calibrate parser --data " + valid_subset(5) + " --model " + model);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("too few"), std::string::npos) << r.err;
}

// --predictions: one line per example, agreeing with the summary. The shipped
// model gets some of the first 40 right, so both kinds of line are checked.
TEST(EvalPredictions, OneLinePerExampleAgreeingWithTheSummary) {
  std::string data = valid_subset(40), out = testing::TempDir() + "plank_eval_predictions.jsonl";
  std::filesystem::remove(out);
  auto r = run_plank("eval parser --data " + data + " --json --beam 3 --engine cpu --model " +
                     std::string(PLANK_SOURCE_DIR) + "/models/parser.bin --predictions " + out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto summary = nlohmann::json::parse(r.out);
  std::ifstream in(out), gold_in(data);
  std::string line, gold_line;
  int lines = 0, correct = 0, in_beam = 0;
  while (std::getline(in, line) && std::getline(gold_in, gold_line)) {
    auto j = nlohmann::json::parse(line), g = nlohmann::json::parse(gold_line);
    ++lines;
    EXPECT_EQ(j["id"], g["id"]);
    EXPECT_EQ(j["text"], g["text"]);
    EXPECT_EQ(j["gold"], g["logical_form"]);  // sorted keys either way
    bool hit = j["correct"].get<bool>();
    int rank = j["gold_rank"].get<int>();
    EXPECT_EQ(hit, rank == 0) << line;
    EXPECT_EQ(hit, j["predicted"] == j["gold"]) << line;
    EXPECT_LT(rank, 3);
    EXPECT_LE(j["log_prob"].get<double>(), 0.0);
    correct += hit;
    in_beam += rank >= 0;
  }
  EXPECT_EQ(lines, 40);
  EXPECT_GT(correct, 0);
  EXPECT_LT(correct, 40);
  EXPECT_NEAR(summary["exact_match"].get<double>(), correct / 40.0, 1e-9);
  EXPECT_NEAR(summary["recall_at"]["5"].get<double>(), in_beam / 40.0, 1e-9);

  auto bad = run_plank("eval parser --data " + data + " --engine cpu --model " + model_path() +
                       " --predictions /nonexistent-dir/p.jsonl");
  EXPECT_NE(bad.exit_code, 0);
  EXPECT_NE(bad.err.find("cannot write /nonexistent-dir/p.jsonl"), std::string::npos) << bad.err;
}
