// Ensembles of parser models (neural/parser/ensemble.h, Parser's members): what a
// model argument may name, how members are combined, and that each member
// reads the utterance through its own vocabulary.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "compiler/lf/validator.h"
#include "neural/kernels/kernels_cpu.h"
#include "neural/parser/calibration.h"
#include "neural/parser/engine.h"
#include "neural/parser/ensemble.h"
#include "neural/parser/form_builder.h"
#include "neural/parser/parser.h"
#include "random_model.h"

using namespace plank;
using namespace plank::neural;

namespace {

const std::vector<std::vector<std::string>> kUtterances = {
    {"build", "a", "red", "cube", "next", "to", "the", "tree"}, {"go", "left"}, {"x"}, {"the", "tree", "cube"}};

std::string save(const ParserWeights& w, const std::string& name) {
  std::string path = testing::TempDir() + name, error;
  EXPECT_TRUE(save_weights(w, path, &error)) << error;
  return path;
}

std::string describe(const std::string& name, const nlohmann::json& j) {
  std::string path = testing::TempDir() + name;
  std::ofstream(path) << j.dump();
  return path;
}

std::unique_ptr<Parser> load(const std::string& model) {
  std::string error;
  auto p = Parser::load(model, "cpu", &error);
  EXPECT_TRUE(p) << error;
  return p;
}

ParseOptions beam(int width) {
  ParseOptions o;
  o.beam = width;
  o.n_best = width;
  return o;
}

bool validates(const lf::Value& form, size_t tokens) {
  DiagnosticSink sink;
  lf::ValidateOptions opt;
  opt.token_count = static_cast<long>(tokens);
  return lf::validate(form, opt, nullptr, sink) == 0;
}

// The same model under another numbering of its input words: the word list
// reversed and the embedding rows moved with it.
ParserWeights renumbered(const ParserWeights& w) {
  std::vector<std::string> words(w.input_vocab.words().begin() + 2, w.input_vocab.words().end());
  std::reverse(words.begin(), words.end());
  ParserWeights r = w;
  r.input_vocab = InputVocab(w.input_vocab.normalisation());
  for (const auto& word : words) r.input_vocab.add(word);
  const int E = w.config.embed;
  const auto& from = w.at("enc.embed").data;
  auto& to = r.tensors.at("enc.embed").data;
  for (const auto& word : words) {
    int a = w.input_vocab.id(word), b = r.input_vocab.id(word);
    std::copy_n(from.begin() + static_cast<long>(a) * E, E, to.begin() + static_cast<long>(b) * E);
  }
  return r;
}

}  // namespace

TEST(Ensemble, OneMemberGivesExactlyTheMembersParsesAndScores) {
  std::string a = save(test::small_random_weights(21), "plank_ens_one.bin");
  std::string j = describe("plank_ens_one.json", {{"members", {"plank_ens_one.bin"}}});  // relative to the JSON
  auto single = load(a), ensemble = load(j);
  ASSERT_TRUE(single && ensemble);
  EXPECT_EQ(ensemble->members(), 1u);
  ParseOptions plain;
  plain.constrained = false;
  for (const auto& tokens : kUtterances)
    for (const ParseOptions& o : {beam(1), beam(5), plain}) {
      auto x = single->parse_tokens(tokens, o), y = ensemble->parse_tokens(tokens, o);
      ASSERT_EQ(x.size(), y.size());
      for (size_t i = 0; i < x.size(); ++i) {
        EXPECT_EQ(lf::to_json_text(x[i].form), lf::to_json_text(y[i].form));
        EXPECT_EQ(x[i].log_prob, y[i].log_prob);  // bit for bit: a single member is not combined
      }
    }
}

TEST(Ensemble, TwoCopiesOfOneModelParseLikeTheModel) {
  std::string a = save(test::small_random_weights(22), "plank_ens_copy.bin");
  auto single = load(a);
  for (const char* combine : {"mean_prob", "mean_log_prob"}) {
    std::string j = describe("plank_ens_copy.json", {{"members", {a, a}}, {"combine", combine}});
    for (const std::string& model : {j, a + "," + a}) {
      auto pair = load(model);
      ASSERT_TRUE(pair);
      EXPECT_EQ(pair->members(), 2u);
      for (const auto& tokens : kUtterances) {
        auto x = single->parse_tokens(tokens, beam(4)), y = pair->parse_tokens(tokens, beam(4));
        ASSERT_EQ(x.size(), y.size()) << combine;
        for (size_t i = 0; i < x.size(); ++i) {
          EXPECT_EQ(lf::to_json_text(x[i].form), lf::to_json_text(y[i].form)) << combine;
          EXPECT_NEAR(x[i].log_prob, y[i].log_prob, 1e-4) << combine;
        }
      }
    }
  }
}

TEST(Ensemble, EachMemberReadsTheWordsThroughItsOwnVocabulary) {
  // b knows other words than a, and has a larger decoder state.
  ParserWeights wa = test::small_random_weights(23);
  ParserWeights wb = test::small_random_weights(24, {"tree", "next", "to", "cube", "blue", "dig", "hole"}, 14);
  std::string a = save(wa, "plank_ens_va.bin"), b = save(wb, "plank_ens_vb.bin");
  std::string b2 = save(renumbered(wb), "plank_ens_vb2.bin");
  for (const char* combine : {"mean_prob", "mean_log_prob"}) {
    auto ab = load(describe("plank_ens_ab.json", {{"members", {a, b}}, {"combine", combine}}));
    auto ab2 = load(describe("plank_ens_ab2.json", {{"members", {a, b2}}, {"combine", combine}}));
    ASSERT_TRUE(ab && ab2);
    EXPECT_EQ(ab->input_ids({"tree", "dig"}, 0), (std::vector<int>{9, InputVocab::kUnk}));
    EXPECT_EQ(ab->input_ids({"tree", "dig"}, 1), (std::vector<int>{2, 7}));
    EXPECT_EQ(ab2->input_ids({"tree", "dig"}, 1), (std::vector<int>{8, 3}));
    auto one_a = load(a);
    bool differs_from_a = false;
    for (const auto& tokens : kUtterances) {
      // The same ensemble whatever numbering b's words have: the tokens are mapped per member.
      auto x = ab->parse_tokens(tokens, beam(5)), y = ab2->parse_tokens(tokens, beam(5));
      ASSERT_EQ(x.size(), y.size());
      for (size_t i = 0; i < x.size(); ++i) {
        EXPECT_EQ(lf::to_json_text(x[i].form), lf::to_json_text(y[i].form));
        EXPECT_NEAR(x[i].log_prob, y[i].log_prob, 1e-5);
        EXPECT_TRUE(validates(x[i].form, tokens.size())) << lf::to_json_text(x[i].form);
        EXPECT_LE(x[i].log_prob, 0.f);
      }
      auto alone = one_a->parse_tokens(tokens, beam(5));
      differs_from_a |= alone.empty() || x.empty() || alone[0].log_prob != x[0].log_prob;
    }
    EXPECT_TRUE(differs_from_a) << "the second member changed nothing";
  }
}

TEST(Ensemble, CombinationsDifferOnlyWhereTheMembersDisagree) {
  // Mixture against product of experts: on one decision both are proper
  // distributions, so the best parse's probability stays at most 1, and the
  // two rules rank the same when the members agree (above), not in general.
  std::string a = save(test::small_random_weights(25), "plank_ens_ca.bin");
  std::string b = save(test::small_random_weights(26), "plank_ens_cb.bin");
  auto mix = load(describe("plank_ens_mix.json", {{"members", {a, b}}, {"combine", "mean_prob"}}));
  auto poe = load(describe("plank_ens_poe.json", {{"members", {a, b}}, {"combine", "mean_log_prob"}}));
  ASSERT_TRUE(mix && poe);
  EXPECT_EQ(mix->combine(), Combine::MeanProb);
  EXPECT_EQ(poe->combine(), Combine::MeanLogProb);
  bool any_difference = false;
  for (const auto& tokens : kUtterances) {
    auto x = mix->parse_tokens(tokens, beam(3)), y = poe->parse_tokens(tokens, beam(3));
    ASSERT_FALSE(x.empty());
    ASSERT_FALSE(y.empty());
    for (const auto* list : {&x, &y})
      for (const auto& p : *list) {
        EXPECT_TRUE(validates(p.form, tokens.size()));
        EXPECT_LE(p.log_prob, 1e-5f);
      }
    any_difference |= x[0].log_prob != y[0].log_prob;
  }
  EXPECT_TRUE(any_difference);
}

TEST(Ensemble, ABadMemberIsAClearErrorNamingTheFile) {
  std::string a = save(test::small_random_weights(27), "plank_ens_good.bin"), error;
  std::string missing = testing::TempDir() + "plank_ens_missing.bin";
  std::string j = describe("plank_ens_bad.json", {{"members", {"plank_ens_good.bin", "plank_ens_missing.bin"}}});
  EXPECT_FALSE(Parser::load(j, "cpu", &error));
  EXPECT_NE(error.find(missing), std::string::npos) << error;
  EXPECT_NE(error.find("cannot open the weights file"), std::string::npos) << error;
  EXPECT_NE(error.find(j), std::string::npos) << error;  // and which ensemble it belongs to

  error.clear();
  EXPECT_FALSE(Parser::load(a + "," + missing, "cpu", &error));
  EXPECT_NE(error.find(missing), std::string::npos) << error;
  EXPECT_FALSE(Parser::load(a + ",", "cpu", &error));
  EXPECT_NE(error.find("empty member"), std::string::npos) << error;

  std::string garbage = testing::TempDir() + "plank_ens_garbage.json";
  std::ofstream(garbage) << "{\"members\": [";
  EXPECT_FALSE(Parser::load(garbage, "cpu", &error));
  EXPECT_NE(error.find(garbage), std::string::npos) << error;
  EXPECT_FALSE(Parser::load(describe("plank_ens_empty.json", {{"members", nlohmann::json::array()}}), "cpu", &error));
  EXPECT_NE(error.find("non-empty list"), std::string::npos) << error;
  EXPECT_FALSE(Parser::load(describe("plank_ens_comb.json", {{"members", {a}}, {"combine", "vote"}}), "cpu", &error));
  EXPECT_NE(error.find("combine"), std::string::npos) << error;
  EXPECT_FALSE(Parser::load(describe("plank_ens_future.json", {{"members", {a}}, {"version", 9}}), "cpu", &error));
  EXPECT_NE(error.find("newer"), std::string::npos) << error;
  EXPECT_FALSE(Parser::load(testing::TempDir() + "plank_ens_nothing.json", "cpu", &error));
  EXPECT_NE(error.find("cannot open the ensemble description"), std::string::npos) << error;
}

TEST(Ensemble, CalibrationSitsNextToTheDescriptionAndFollowsItsMembers) {
  std::string a = save(test::small_random_weights(28), "plank_ens_cal_a.bin");
  std::string b = save(test::small_random_weights(29), "plank_ens_cal_b.bin");
  std::string j = describe("plank_ens_cal.json", {{"members", {a, b}}});
  ModelSpec spec;
  std::string error;
  ASSERT_TRUE(resolve_model(j, spec, &error)) << error;
  EXPECT_EQ(spec.calibration, testing::TempDir() + "plank_ens_cal.calib.json");
  EXPECT_EQ(spec.members, (std::vector<std::string>{a, b}));
  std::string hash = model_fnv1a64(spec);
  EXPECT_NE(hash, file_fnv1a64(a));

  Calibration c;
  c.single.w_ = {0.5, 0.0};
  c.single.b_ = 1.0;
  c.beam.w_ = {1.0, 0.0, 0.5, 0.0};
  c.weights_hash = hash;
  ASSERT_TRUE(c.save(spec.calibration, &error)) << error;
  auto p = load(j);
  ASSERT_TRUE(p);
  EXPECT_NE(p->calibration(), nullptr) << p->calibration_note();

  // The same description over other members (or combined otherwise) is another model.
  save(test::small_random_weights(30), "plank_ens_cal_b.bin");
  p = load(j);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->calibration(), nullptr);
  EXPECT_NE(p->calibration_note().find("fitted for other weights"), std::string::npos);
  ModelSpec poe = spec;
  poe.combine = Combine::MeanLogProb;
  EXPECT_NE(model_fnv1a64(poe), model_fnv1a64(spec));

  // A comma list has no side file; a single file keeps its plain hash.
  ASSERT_TRUE(resolve_model(a + "," + b, spec, &error));
  EXPECT_TRUE(spec.ensemble);
  EXPECT_TRUE(spec.calibration.empty());
  ASSERT_TRUE(resolve_model(a, spec, &error));
  EXPECT_FALSE(spec.ensemble);
  EXPECT_EQ(model_fnv1a64(spec), file_fnv1a64(a));
}

TEST(Ensemble, ScoresAreTheMembersCombinedDecisionByDecision) {
  // Re-score the ensemble's greedy parse by hand: each member teacher-forced
  // through the parse's decisions, its log-softmax over the decisions the
  // decoder's FormBuilder allows (or over the tokens, for span pointers),
  // combined by the rule. (The decoder's builder, not linearize()'s masks:
  // those allow longer lists than decoding does.)
  ParserWeights wa = test::small_random_weights(31);
  ParserWeights wb = test::small_random_weights(32, {"cube", "red", "tree", "go"}, 12);
  std::string a = save(wa, "plank_ens_sa.bin"), b = save(wb, "plank_ens_sb.bin");
  const std::vector<std::string> tokens{"build", "a", "red", "cube", "next", "to", "the", "tree"};
  const int T = static_cast<int>(tokens.size()), V = OutVocab::grammar().size();
  for (Combine rule : {Combine::MeanProb, Combine::MeanLogProb}) {
    auto ens = load(describe("plank_ens_s.json", {{"members", {a, b}}, {"combine", combine_name(rule)}}));
    ASSERT_TRUE(ens);
    auto parses = ens->parse_tokens(tokens, beam(1));
    ASSERT_EQ(parses.size(), 1u);
    auto steps = linearize(parses[0].form, T);
    ASSERT_TRUE(steps.has_value());
    std::vector<int> prev, parent;
    for (const auto& s : *steps) prev.push_back(s.prev), parent.push_back(s.parent);
    std::vector<ForcedOutput> out;
    for (size_t m = 0; m < 2; ++m) {
      auto engine = make_cpu_engine(std::make_shared<ParserWeights>(m == 0 ? wa : wb));
      out.push_back(forced_forward(*engine, ens->input_ids(tokens, m), prev, parent, ens->weights(m).config.decoder, V));
    }
    // log p of entry i of one step's row (n entries, mask may be null) under the rule.
    auto combined = [&](const std::vector<float> ForcedOutput::*field, size_t step, int n, const uint8_t* mask, int i) {
      std::vector<std::vector<float>> lp;
      for (auto& o : out) {
        lp.emplace_back((o.*field).begin() + static_cast<long>(step) * n, (o.*field).begin() + static_cast<long>(step + 1) * n);
        cpu::masked_log_softmax(lp.back().data(), mask, n);
      }
      if (rule == Combine::MeanProb) return std::log((std::exp(double(lp[0][i])) + std::exp(double(lp[1][i]))) / 2);
      std::vector<float> mean(static_cast<size_t>(n));
      for (int j = 0; j < n; ++j) mean[static_cast<size_t>(j)] = (lp[0][j] + lp[1][j]) / 2;
      cpu::masked_log_softmax(mean.data(), mask, n);
      return double(mean[static_cast<size_t>(i)]);
    };
    FormBuilder builder(OutVocab::grammar(), T);
    std::vector<uint8_t> mask;
    double score = 0;
    for (size_t k = 0; k < steps->size(); ++k) {
      const GoldStep& s = (*steps)[k];
      if (s.span_first >= 0) {
        score += combined(&ForcedOutput::start, k, T, nullptr, s.span_first);
        score += combined(&ForcedOutput::end, k, T, nullptr, s.span_last);
        ASSERT_TRUE(builder.push_span(s.span_first, s.span_last));
      } else {
        builder.allowed(mask);
        score += combined(&ForcedOutput::logits, k, V, mask.data(), s.target);
        ASSERT_TRUE(builder.push_token(s.target));
      }
    }
    EXPECT_TRUE(builder.done());
    EXPECT_NEAR(parses[0].log_prob, score, 1e-4) << combine_name(rule);
  }
}
