// plank parse / plank eval parser / the parse() intrinsic through the real
// binary, on a model with random weights written by the test: whatever the
// weights, every form that comes out must pass the validator.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli/run_plank.h"
#include "compiler/lf/check.h"
#include "compiler/lf/json_reader.h"
#include "compiler/lf/validator.h"
#include "random_model.h"
#include "support/source.h"

using namespace plank;
using plank::test::run_plank;

namespace {

// ctest runs each test as its own process, several at once: each process writes its own file
// (a shared name let one process read another's half-written weights), removed at exit.
struct TempModel {
  std::string path = testing::TempDir() + "plank_cli_random_parser." + std::to_string(getpid()) + ".bin";
  TempModel() {
    std::string error;
    EXPECT_TRUE(neural::save_weights(neural::test::small_random_weights(9), path, &error)) << error;
  }
  ~TempModel() { std::remove(path.c_str()); }
};

std::string model_path() {
  static TempModel model;
  return model.path;
}

// `plank ARGS` with $PLANK_PARSER_MODEL set to `model` (where parse() finds its model).
plank::test::Run run_with_model(const std::string& model, const std::string& args) {
  setenv("PLANK_PARSER_MODEL", model.c_str(), 1);
  auto r = run_plank(args);
  unsetenv("PLANK_PARSER_MODEL");
  return r;
}

bool form_validates(const nlohmann::json& form, long tokens) {
  auto file = SourceFile::from_string("<parse>", form.dump());
  DiagnosticSink sink;
  auto v = lf::read_json(file, sink);
  if (!v) return false;
  lf::ValidateOptions o;
  o.token_count = tokens;
  return lf::validate(*v, o, file, sink) == 0;
}

}  // namespace

TEST(ParseCli, NBestFormsAllPassTheGrammar) {
  for (const char* text : {"build a red cube next to the tree", "go left", "what is that", "x"}) {
    auto r = run_plank(std::string("parse \"") + text + "\" --beam 4 --n 4 --json --engine cpu --model " + model_path());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    ASSERT_FALSE(j["parses"].empty()) << text;
    long tokens = static_cast<long>(lf::Utterance::from_text(text).tokens.size());
    double last = 0;
    for (size_t i = 0; i < j["parses"].size(); ++i) {
      const auto& p = j["parses"][i];
      EXPECT_TRUE(form_validates(p["logical_form"], tokens)) << p.dump();
      if (i) EXPECT_LE(p["log_prob"].get<double>(), last);
      last = p["log_prob"].get<double>();
      EXPECT_GE(p["confidence"].get<double>(), 0.0);
      EXPECT_LE(p["confidence"].get<double>(), 1.0);
    }
  }
}

TEST(ParseCli, TextOutputHighlightsSpans) {
  auto r = run_plank("parse \"build a red cube next to the tree\" --color never --engine cpu --model " + model_path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("#1  p="), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("dialogue_type: "), std::string::npos) << r.out;
}

TEST(ParseCli, MissingOrCorruptModelIsAClearError) {
  auto r = run_plank("parse \"go left\" --model /nonexistent/parser.bin");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("cannot open the weights file"), std::string::npos) << r.err;
  std::string bad = testing::TempDir() + "plank_bad_parser.bin";
  std::ofstream(bad) << "not weights";
  r = run_plank("parse \"go left\" --model " + bad);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("not a Plank parser weights file"), std::string::npos) << r.err;
  r = run_plank("parse \"   \" --model " + model_path());
  EXPECT_EQ(r.exit_code, 2) << r.err;
}

TEST(EvalCli, ReportsTheIssueShape) {
  // The first 25 lines of valid.jsonl.
  std::ifstream in(std::string(PLANK_SHARED_DIR) + "/data/caip/valid.jsonl");
  std::string subset = testing::TempDir() + "plank_eval_subset.jsonl", line;
  std::ofstream out(subset);
  for (int i = 0; i < 25 && std::getline(in, line); ++i) out << line << "\n";
  out.close();
  auto r = run_plank("eval parser --data " + subset + " --beam 2 --json --engine cpu --model " + model_path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["examples"], 25);
  for (const char* key : {"exact_match", "by_source", "by_type", "recall_at"}) EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_TRUE(j["by_source"].contains("prompts"));
  EXPECT_TRUE(j["by_source"].contains("interactive"));
  for (const char* k : {"1", "5", "15"}) EXPECT_TRUE(j["recall_at"].contains(k)) << k;
  EXPECT_GE(j["recall_at"]["5"].get<double>(), j["exact_match"].get<double>());
  EXPECT_EQ(j["recall_at"]["1"], j["exact_match"]);
}

TEST(ParseIntrinsic, ReturnsAFormOrTheNBest) {
  std::string script = testing::TempDir() + "plank_parse_intrinsic.plank";
  std::ofstream(script) << "f = parse(\"build a red cube\")\n"
                           "print(f[\"dialogue_type\"] != \"\")\n"
                           "best = parse(\"go left\", n=3)\n"
                           "print(len(best) >= 1, best[0][\"log_prob\"] >= best[-1][\"log_prob\"])\n";
  auto r = run_with_model(model_path(), "run " + script);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "True\nTrue True\n");
  r = run_with_model("/nonexistent/parser.bin", "run " + script);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("RuntimeError: parse(): no parser model"), std::string::npos) << r.err;
}

// A list of commands is decoded together: one result per command, the same
// as a call each (scores equal up to the summation order of batched
// products); a non-string in the list is a TypeError naming it.
TEST(ParseIntrinsic, AListGivesOneResultPerCommand) {
  std::string script = testing::TempDir() + "plank_parse_intrinsic_list.plank";
  std::ofstream(script) << "texts = [\"build a red cube\", \"go left\", \"destroy the tower\"]\n"
                           "forms = parse(texts)\n"
                           "one_by_one = []\n"
                           "for x in texts:\n"
                           "    one_by_one.append(parse(x))\n"
                           "print(len(forms), forms == one_by_one)\n"
                           "best = parse(texts, n=2)\n"
                           "alone = parse(\"go left\", n=2)\n"
                           "print(len(best), best[1][0][\"logical_form\"] == alone[0][\"logical_form\"],\n"
                           "      abs(best[1][0][\"log_prob\"] - alone[0][\"log_prob\"]) < 1e-4)\n"
                           "print(parse([]))\n"
                           "parse([\"go left\", 3])\n";
  auto r = run_with_model(model_path(), "run " + script);
  EXPECT_EQ(r.out, "3 True\n3 True True\n[]\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("TypeError: parse() texts[1] must be str, not int"), std::string::npos) << r.err;
}

TEST(ParseCli, AnEnsembleIsAcceptedWhereverAModelIs) {
  std::string dir = testing::TempDir(), error;
  std::string second = dir + "plank_cli_ensemble_b.bin", desc = dir + "plank_cli_ensemble.json";
  ASSERT_TRUE(neural::save_weights(neural::test::small_random_weights(10), second, &error)) << error;
  std::ofstream(desc) << nlohmann::json{{"members", {model_path(), "plank_cli_ensemble_b.bin"}}}.dump();
  std::remove((dir + "plank_cli_ensemble.calib.json").c_str());

  auto r = run_plank("parse \"build a red cube\" --beam 3 --n 3 --json --engine cpu --model " + desc);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["members"], 2);
  ASSERT_FALSE(j["parses"].empty());
  for (const auto& p : j["parses"]) EXPECT_TRUE(form_validates(p["logical_form"], 4)) << p.dump();
  EXPECT_FALSE(j["parses"][0]["calibrated"].get<bool>());
  r = run_plank("parse \"go left\" --json --engine cpu --model " + model_path() + "," + second);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["members"], 2);

  std::ifstream in(std::string(PLANK_SHARED_DIR) + "/data/caip/valid.jsonl");
  std::string subset = dir + "plank_cli_ensemble_subset.jsonl", line;
  std::ofstream out(subset);
  for (int i = 0; i < 12 && std::getline(in, line); ++i) out << line << "\n";
  out.close();
  r = run_plank("eval parser --data " + subset + " --beam 2 --json --engine cpu --model " + desc);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["examples"], 12);

  // The calibration goes next to the description, and parse then uses it.
  r = run_plank("calibrate parser --data " + subset + " --folds 2 --beam 2 --json --engine cpu --model " + desc);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["out"], dir + "plank_cli_ensemble.calib.json");
  r = run_plank("parse \"build a red cube\" --json --engine cpu --model " + desc);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(nlohmann::json::parse(r.out)["parses"][0]["calibrated"].get<bool>()) << r.err;
  r = run_plank("calibrate parser --data " + subset + " --folds 2 --model " + model_path() + "," + second);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("comma-separated list"), std::string::npos) << r.err;

  std::string script = dir + "plank_parse_ensemble.plank";
  std::ofstream(script) << "print(parse(\"go left\", n=2)[0][\"calibrated\"])\n";
  r = run_with_model(desc, "run " + script);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "True\n");

  r = run_plank("parse \"go left\" --model " + model_path() + "," + dir + "plank_cli_no_such_member.bin");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("plank_cli_no_such_member.bin: cannot open the weights file"), std::string::npos) << r.err;
}

// Issue 24: `parse("cube " * 20000)` took 2.5 GB and 16 s under --max-memory 64
// (the span search is quadratic in the words), and 30,000 words aborted the
// host on bad_alloc. A command past kMaxCommandWords is now a ValueError in
// the plan, raised before any work; the host lives on.
TEST(ParseIntrinsic, ACommandPastTheWordLimitIsAValueError) {
  std::string script = testing::TempDir() + "plank_parse_too_long.plank";
  std::ofstream(script) << "print(len(parse(\"go left \" * 128)) > 0)\n"  // 256 words: read
                           "x = parse(\"cube \" * 20000)\n";
  auto r = run_with_model(model_path(), "run --max-memory 64 " + script);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "True\n");
  EXPECT_NE(r.err.find("ValueError: parse() text has 20000 words; the parser reads at most 256"), std::string::npos)
      << r.err;
  std::ofstream(script) << "parse([\"go left\", \"go \" * 300])\n";
  r = run_with_model(model_path(), "run " + script);
  EXPECT_NE(r.err.find("ValueError: parse() texts[1] has 300 words"), std::string::npos) << r.err;
}

// A long list is decoded a batch at a time, its results made heap values as
// it goes: --max-memory bounds it, and the program ends with MemoryError.
TEST(ParseIntrinsic, ALongListCountsAgainstTheHeapBudget) {
  std::string script = testing::TempDir() + "plank_parse_many.plank";
  std::ofstream(script) << "forms = parse([\"build a red cube next to the tree\"] * 40, n=8)\n"
                           "print(len(forms), len(forms[39]) >= 1)\n";
  auto r = run_with_model(model_path(), "run " + script);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "40 True\n");
  std::ofstream(script) << "forms = parse([\"build a red cube next to the tree\"] * 20000, n=8)\n";
  r = run_with_model(model_path(), "run --max-memory 2 --timeout 60 " + script);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("MemoryError"), std::string::npos) << r.err;
}

TEST(ParseCli, ACommandPastTheWordLimitIsRefused) {
  std::string text;
  for (int i = 0; i < 300; ++i) text += "cube ";
  auto r = run_plank("parse \"" + text + "\" --engine cpu --model " + model_path());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("the text has 300 words; the parser reads at most 256"), std::string::npos) << r.err;
}
