// The evaluation side of the parser: the plain baseline's unconstrained
// decoding, the CAIP paper's Figure 6 error analysis, and the calibrated
// confidence (fitting, reliability, the side file and its weights check).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <random>

#include "compiler/lf/json_reader.h"
#include "compiler/lf/validator.h"
#include "neural/parser/calibration.h"
#include "neural/parser/engine.h"
#include "neural/parser/error_analysis.h"
#include "neural/parser/form_builder.h"
#include "neural/parser/parser.h"
#include "random_model.h"
#include "support/source.h"

using namespace plank;
using namespace plank::neural;

namespace {

bool validates(const lf::Value& form, int tokens) {
  DiagnosticSink sink;
  lf::ValidateOptions opt;
  opt.token_count = tokens;
  return lf::validate(form, opt, nullptr, sink) == 0;
}

lf::Value form(const std::string& json) {
  auto file = SourceFile::from_string("<test>", json);
  DiagnosticSink sink;
  auto v = lf::read_json(file, sink);
  EXPECT_TRUE(v.has_value()) << json;
  return v ? *v : lf::Value::null();
}

Parser cpu_parser(const ParserWeights& w) {
  auto shared = std::make_shared<ParserWeights>(w);
  return Parser(shared, make_cpu_engine(shared));
}

}  // namespace

TEST(Unconstrained, OutputIsAValidFormOrNothing) {
  const std::vector<std::string> tokens{"build", "a", "red", "cube", "go", "left"};
  ParseOptions plain;
  plain.constrained = false;
  int formed = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    Parser parser = cpu_parser(test::small_random_weights(seed));
    auto parses = parser.parse_tokens(tokens, plain);
    ASSERT_LE(parses.size(), 1u);
    if (parses.empty()) continue;
    ++formed;
    EXPECT_TRUE(validates(parses[0].form, 6)) << lf::to_json_text(parses[0].form);
    EXPECT_FLOAT_EQ(parses[0].confidence, std::exp(parses[0].log_prob));
  }
  // Random weights rarely emit a whole valid decision sequence: that is the point of the baseline.
  EXPECT_LT(formed, 40);
}

TEST(Unconstrained, ATokenTheGrammarHasNoPlaceForIsAMiss) {
  // Make "</n>" the arg-max everywhere: at the root the grammar needs the
  // discriminator first, so the plain decode fails while the constrained one
  // still produces a valid form.
  ParserWeights w = test::small_random_weights(3);
  auto& bias = w.tensors.at("dec.out.b").data;
  bias[static_cast<size_t>(OutVocab::grammar().end())] = 1e4f;
  Parser parser = cpu_parser(w);
  ParseOptions plain;
  plain.constrained = false;
  EXPECT_TRUE(parser.parse_tokens({"go", "left"}, plain).empty());
  auto constrained = parser.parse_tokens({"go", "left"});
  ASSERT_EQ(constrained.size(), 1u);
  EXPECT_TRUE(validates(constrained[0].form, 2));
}

TEST(ErrorAnalysis, CountsSpanOnlyStructureAndNodeFalsePositivesAndNegatives) {
  const std::string gold_text =
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD",
          "schematic": {"has_name": [0, [3, 3]], "has_colour": [0, [2, 2]]}}]})";
  lf::Value gold = form(gold_text);
  ErrorAnalysis e;
  e.add(&gold, gold);  // right: not an error
  // A wrong span: only spans wrong, structure right; one + and one - on has_name.
  lf::Value span_wrong = form(R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD",
          "schematic": {"has_name": [0, [2, 3]], "has_colour": [0, [2, 2]]}}]})");
  e.add(&span_wrong, gold);
  // A wrong action type and a missing colour, a location added: structure wrong.
  lf::Value other = form(R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "SPAWN",
          "reference_object": {"has_name": [0, [3, 3]]}, "location": {"location_type": "SPEAKER_LOOK"}}]})");
  e.add(&other, gold);
  // A wrong categorical value with the same keys: structure right, not span only.
  lf::Value cat_wrong = form(R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "DIG",
          "schematic": {"has_name": [0, [3, 3]], "has_colour": [0, [2, 2]]}}]})");
  e.add(&cat_wrong, gold);
  e.add(nullptr, gold);  // no parse: every gold fact missed
  EXPECT_EQ(e.examples(), 5);
  EXPECT_EQ(e.errors(), 4);
  EXPECT_EQ(e.no_parse(), 1);
  EXPECT_EQ(e.span_only(), 1);
  EXPECT_EQ(e.structure_right(), 2);
  std::map<std::string, std::pair<int, int>> got;
  for (const auto& n : e.nodes()) got[n.node] = {n.false_positive, n.false_negative};
  using P = std::pair<int, int>;
  EXPECT_EQ(got["action_sequence.schematic.has_name"], P(1, 3));   // span wrong (+1 -1), other, no parse
  EXPECT_EQ(got["action_sequence.schematic.has_colour"], P(0, 2));  // other, no parse
  EXPECT_EQ(got["action_sequence.schematic"], P(0, 2));
  EXPECT_EQ(got["action_sequence.action_type=BUILD"], P(0, 3));     // other, cat_wrong, no parse
  EXPECT_EQ(got["action_sequence.action_type=SPAWN"], P(1, 0));
  EXPECT_EQ(got["action_sequence.action_type=DIG"], P(1, 0));
  EXPECT_EQ(got["action_sequence.location"], P(1, 0));
  EXPECT_EQ(got["action_sequence.location.location_type=SPEAKER_LOOK"], P(1, 0));
  EXPECT_EQ(got["action_sequence.reference_object"], P(1, 0));
  EXPECT_EQ(got["action_sequence.reference_object.has_name"], P(1, 0));
  EXPECT_EQ(got["dialogue_type=HUMAN_GIVE_COMMAND"], P(0, 1));      // only the missing parse
  EXPECT_EQ(got.count("action_sequence"), 1u);
  EXPECT_EQ(got["action_sequence"], P(0, 1));
  // Most errors first.
  auto nodes = e.nodes();
  ASSERT_FALSE(nodes.empty());
  EXPECT_EQ(nodes[0].false_positive + nodes[0].false_negative, 4);
}

namespace {
// Scores whose real probability of being right is sigmoid(1.5 s + 4), not exp(s).
void synthetic(int n, uint64_t seed, std::vector<std::vector<double>>& x, std::vector<int>& y, std::vector<double>& s) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-6.0, 0.0), coin(0.0, 1.0);
  std::uniform_int_distribution<int> len(2, 20);
  for (int i = 0; i < n; ++i) {
    ConfidenceInput in;
    in.log_prob = u(rng);
    in.tokens = len(rng);
    double p = 1.0 / (1.0 + std::exp(-(1.5 * in.log_prob + 4.0)));
    x.push_back(calibration_features(in));
    y.push_back(coin(rng) < p);
    s.push_back(in.log_prob);
  }
}
}  // namespace

TEST(Calibration, FitIsMonotoneAndLowersTheCalibrationError) {
  std::vector<std::vector<double>> x, x_test;
  std::vector<int> y, y_test;
  std::vector<double> s, s_test;
  synthetic(3000, 1, x, y, s);
  synthetic(3000, 2, x_test, y_test, s_test);
  Calibrator c = Calibrator::fit(x, y);
  ConfidenceInput in;
  in.tokens = 8;
  double last = -1;
  for (double lp = -6; lp <= 0; lp += 0.25) {
    in.log_prob = lp;
    double p = c.predict(calibration_features(in));
    EXPECT_GT(p, last) << lp;
    last = p;
  }
  std::vector<double> before, after;
  for (size_t i = 0; i < x_test.size(); ++i) {
    before.push_back(std::exp(s_test[i]));
    after.push_back(c.predict(x_test[i]));
  }
  double ece_before = expected_calibration_error(before, y_test), ece_after = expected_calibration_error(after, y_test);
  EXPECT_GT(ece_before, 0.15);  // exp(s) is far from sigmoid(1.5 s + 4)
  EXPECT_LT(ece_after, 0.05);
  EXPECT_LT(ece_after, ece_before / 3);
}

TEST(Calibration, ReliabilityBinsAndEce) {
  std::vector<double> p{0.05, 0.15, 0.95, 0.95};
  std::vector<int> y{0, 0, 1, 0};
  auto bins = reliability(p, y, 10);
  ASSERT_EQ(bins.size(), 10u);
  EXPECT_EQ(bins[0].count, 1);
  EXPECT_EQ(bins[1].count, 1);
  EXPECT_EQ(bins[9].count, 2);
  EXPECT_DOUBLE_EQ(bins[9].accuracy, 0.5);
  // 1/4*0.05 + 1/4*0.15 + 2/4*|0.5-0.95|
  EXPECT_NEAR(expected_calibration_error(p, y, 10), 0.05 / 4 + 0.15 / 4 + 0.45 / 2, 1e-12);
}

TEST(Calibration, SideFileIsUsedOnlyForTheWeightsItWasFittedFor) {
  std::string dir = testing::TempDir(), error;
  std::string a = dir + "plank_calib_a.bin", b = dir + "plank_calib_b.bin";
  ASSERT_TRUE(save_weights(test::small_random_weights(4), a, &error)) << error;
  ASSERT_TRUE(save_weights(test::small_random_weights(5), b, &error)) << error;
  EXPECT_EQ(calibration_path(a), dir + "plank_calib_a.calib.json");
  Calibration c;
  c.single.w_ = {0.5, 0.0};
  c.single.b_ = 1.0;
  c.beam.w_ = {1.0, 0.0, 0.5, 0.0};
  c.weights_hash = file_fnv1a64(a);
  ASSERT_TRUE(c.save(calibration_path(a), &error)) << error;
  ASSERT_TRUE(c.save(calibration_path(b), &error)) << error;  // names a's hash: wrong for b

  auto pa = Parser::load(a, "cpu", &error);
  ASSERT_TRUE(pa) << error;
  ASSERT_NE(pa->calibration(), nullptr) << pa->calibration_note();
  auto parses = pa->parse_tokens({"go", "left"});
  ASSERT_EQ(parses.size(), 1u);
  EXPECT_TRUE(parses[0].calibrated);
  double lp = parses[0].log_prob, logit = lp - std::log(-std::expm1(lp));
  EXPECT_NEAR(parses[0].confidence, 1.0 / (1.0 + std::exp(-(0.5 * logit + 1.0))), 1e-5);
  EXPECT_NEAR(parses[0].model_probability, std::exp(parses[0].log_prob), 1e-6);

  auto pb = Parser::load(b, "cpu", &error);
  ASSERT_TRUE(pb) << error;
  EXPECT_EQ(pb->calibration(), nullptr);
  EXPECT_NE(pb->calibration_note().find("fitted for other weights"), std::string::npos);
  auto pbp = pb->parse_tokens({"go", "left"});
  ASSERT_EQ(pbp.size(), 1u);
  EXPECT_FALSE(pbp[0].calibrated);
  EXPECT_FLOAT_EQ(pbp[0].confidence, pbp[0].model_probability);

  // A file from a future version is refused with a reason, not misread.
  std::ofstream(calibration_path(b)) << R"({"format": "plank-parser-calibration", "version": 99})";
  Calibration future;
  EXPECT_FALSE(future.load(calibration_path(b), &error));
  EXPECT_NE(error.find("newer"), std::string::npos) << error;
}

#ifdef PLANK_WITH_TORCH
#include "neural/train/trainer.h"

TEST(PlainBaseline, TrainsWithoutTheGrammarMask) {
  // Same seed, same data: with every decision token in the softmax the first
  // epoch's loss is higher than with the grammar's mask (the masked softmax
  // normalises over a subset), and the plain model still loads and decodes.
  auto run = [](bool plain) {
    TrainOptions o;
    o.data = {std::string(PLANK_SHARED_DIR) + "/data/caip/train.jsonl"};
    o.limit = 64;
    o.epochs = 1;
    o.batch = 16;
    o.dims.embed = 8;
    o.dims.hidden = 8;
    o.dims.decoder = 16;
    o.dims.out_embed = 8;
    o.threads = 1;
    o.plain = plain;
    return train_parser(o);
  };
  TrainResult masked = run(false), plain = run(true);
  ASSERT_TRUE(masked.ok) << masked.error;
  ASSERT_TRUE(plain.ok) << plain.error;
  ASSERT_EQ(plain.epochs.size(), 1u);
  EXPECT_GT(plain.epochs[0].loss, masked.epochs[0].loss);
  Parser parser = cpu_parser(plain.weights);
  ParseOptions po;
  po.constrained = false;
  auto parses = parser.parse_tokens({"build", "a", "cube"}, po);
  if (!parses.empty()) {
    EXPECT_TRUE(validates(parses[0].form, 3));
  }
}
#endif
