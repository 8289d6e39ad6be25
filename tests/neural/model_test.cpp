// The weights file and Plank's CPU kernels, checked against direct
// computations; with libtorch built, against libtorch's forward pass.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>

#include "batch_checks.h"
#include "neural/kernels/kernel_math.h"
#include "neural/kernels/kernels_cpu.h"
#include "neural/parser/context_encoder.h"
#include "neural/parser/engine.h"
#include "neural/parser/form_builder.h"
#include "neural/parser/model.h"
#include "random_model.h"

using namespace plank::neural;

namespace {

using test::small_random_weights;

std::string temp_path(const char* name) { return testing::TempDir() + name; }

}  // namespace

TEST(Weights, SaveLoadRoundTrip) {
  ParserWeights w = small_random_weights(3);
  w.training_json = R"({"seed": 3})";
  std::string path = temp_path("plank_weights_roundtrip.bin"), error;
  ASSERT_TRUE(save_weights(w, path, &error)) << error;
  ParserWeights r;
  ASSERT_TRUE(load_weights(path, r, &error)) << error;
  EXPECT_EQ(r.input_vocab.words(), w.input_vocab.words());
  EXPECT_EQ(r.config.hidden, 6);
  for (const auto& s : parameter_specs(w.config)) EXPECT_EQ(r.at(s.name).data, w.at(s.name).data) << s.name;
  EXPECT_NE(r.training_json.find("\"seed\""), std::string::npos);
  std::remove(path.c_str());
}

// binary16 storage of the embedding: exact for values already rounded, round
// to nearest even otherwise, and the special values survive.
TEST(Weights, HalfPrecisionConversions) {
  for (float f : {0.f, -0.f, 1.f, -2.5f, 65504.f, 6.103515625e-05f /* smallest normal */,
                  5.9604645e-08f /* smallest subnormal */, 0.333251953125f})
    EXPECT_EQ(half_to_float(float_to_half(f)), f) << f;
  EXPECT_EQ(float_to_half(1.f), 0x3C00);
  EXPECT_EQ(float_to_half(1.f + 1.f / 2048), 0x3C00);       // a tie rounds to even
  EXPECT_EQ(float_to_half(1.f + 3.f / 2048), 0x3C02);       // a tie rounds to even (up)
  EXPECT_EQ(float_to_half(1e6f), 0x7C00);                    // overflow: infinity
  EXPECT_EQ(float_to_half(1e-9f), 0x0000);                   // underflow: zero
  EXPECT_TRUE(std::isnan(half_to_float(float_to_half(std::nanf("")))));
  for (uint32_t h = 0; h < 0x7C00; ++h)  // every finite positive half round-trips
    ASSERT_EQ(float_to_half(half_to_float(static_cast<uint16_t>(h))), h) << h;
}

TEST(Weights, HalfEmbeddingIsSavedAsRounded) {
  ParserWeights w = small_random_weights(4);
  w.half_embedding = true;
  round_embedding_to_storage(w);
  std::string path = temp_path("plank_weights_half.bin"), error;
  ASSERT_TRUE(save_weights(w, path, &error)) << error;
  ParserWeights r;
  ASSERT_TRUE(load_weights(path, r, &error)) << error;
  EXPECT_TRUE(r.half_embedding);
  for (const auto& s : parameter_specs(w.config)) EXPECT_EQ(r.at(s.name).data, w.at(s.name).data) << s.name;
  std::ifstream f(path, std::ios::binary | std::ios::ate);
  ParserWeights full = small_random_weights(4);
  std::string full_path = temp_path("plank_weights_full.bin");
  ASSERT_TRUE(save_weights(full, full_path, &error)) << error;
  std::ifstream g(full_path, std::ios::binary | std::ios::ate);
  const auto embed_bytes = static_cast<std::streamoff>(w.at("enc.embed").data.size() * 2);
  EXPECT_EQ(static_cast<std::streamoff>(g.tellg()) - static_cast<std::streamoff>(f.tellg()), embed_bytes);
  std::remove(path.c_str());
  std::remove(full_path.c_str());
}

TEST(Weights, RejectsCorruptFiles) {
  ParserWeights w = small_random_weights(4);
  std::string path = temp_path("plank_weights_corrupt.bin"), error;
  ASSERT_TRUE(save_weights(w, path, &error));
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  in.close();
  // Every truncation is refused with a reason, never a crash.
  for (size_t cut : {size_t{0}, size_t{5}, size_t{12}, bytes.size() / 2, bytes.size() - 1}) {
    std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(cut));
    ParserWeights r;
    EXPECT_FALSE(load_weights(path, r, &error)) << cut;
    EXPECT_FALSE(error.empty());
  }
  // A tensor of the wrong shape is named.
  w.tensors["dec.out.b"].shape = {1};
  w.tensors["dec.out.b"].data = {0.f};
  ASSERT_TRUE(save_weights(w, path, &error));
  ParserWeights r;
  EXPECT_FALSE(load_weights(path, r, &error));
  EXPECT_NE(error.find("dec.out.b"), std::string::npos) << error;
  std::remove(path.c_str());
}

TEST(CpuKernels, LinearMatchesDirectSum) {
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> u(-1, 1);
  for (int batch : {1, 3}) {
    const int in = 7, out = 5;
    std::vector<float> x(batch * in), W(out * in), b(out), y(batch * out);
    for (auto* v : {&x, &W, &b})
      for (float& f : *v) f = u(rng);
    cpu::linear(x.data(), batch, in, W.data(), b.data(), out, y.data());
    for (int i = 0; i < batch; ++i)
      for (int o = 0; o < out; ++o) {
        double s = b[o];
        for (int k = 0; k < in; ++k) s += double(x[i * in + k]) * W[o * in + k];
        EXPECT_NEAR(y[i * out + o], s, 1e-5);
      }
  }
}

TEST(CpuKernels, MaskedLogSoftmaxAndSpans) {
  std::vector<float> x{1.f, 2.f, 3.f, 4.f};
  std::vector<uint8_t> mask{1, 0, 1, 0};
  cpu::masked_log_softmax(x.data(), mask.data(), 4);
  EXPECT_NEAR(std::exp(x[0]) + std::exp(x[2]), 1.0, 1e-6);
  EXPECT_EQ(x[1], math::kMasked);
  std::vector<float> s{std::log(0.7f), std::log(0.2f), std::log(0.1f)}, e{std::log(0.6f), std::log(0.3f), std::log(0.1f)};
  auto best = cpu::best_spans(s.data(), e.data(), 3, 2);
  ASSERT_EQ(best.size(), 2u);
  EXPECT_EQ(best[0].first, 0);
  EXPECT_EQ(best[0].last, 0);
  EXPECT_EQ(best[1].first, 0);
  EXPECT_EQ(best[1].last, 1);
  // (1, 0) scores higher than (0, 1) but is not a span: it never comes out.
  for (const auto& sp : cpu::best_spans(s.data(), e.data(), 3, 6)) EXPECT_LE(sp.first, sp.last);
}

// The CPU engine moves the query projection onto the keys (enc W_q, once per
// utterance): the same attention as projecting the query at every step.
TEST(CpuKernels, ProjectedKeysGiveTheSameAttention) {
  const int T = 7, K = 12, D = 9, B = 3;
  std::vector<float> enc(T * K), Wq(K * D), h(B * D);
  uint32_t state = 12345;
  auto next = [&] { return (state = state * 1664525u + 1013904223u) / 4294967296.0f - 0.5f; };
  for (auto* v : {&enc, &Wq, &h})
    for (float& x : *v) x = next();
  std::vector<float> q(B * K), ctx(B * K), att(B * T);
  cpu::linear(h.data(), B, D, Wq.data(), nullptr, K, q.data());
  cpu::attention(enc.data(), T, K, q.data(), B, ctx.data(), att.data());
  std::vector<float> keys(T * D), ctx2(B * K), att2(B * T);
  cpu::matmul(enc.data(), T, K, Wq.data(), D, keys.data());
  cpu::attention_projected(keys.data(), D, enc.data(), T, K, h.data(), B, ctx2.data(), att2.data());
  for (int i = 0; i < B * T; ++i) EXPECT_NEAR(att[i], att2[i], 1e-6f) << i;
  for (int i = 0; i < B * K; ++i) EXPECT_NEAR(ctx[i], ctx2[i], 1e-6f) << i;
}

TEST(CpuKernels, GruStepMatchesTheFormula) {
  const int H = 2;
  std::vector<float> gi{0.1f, -0.2f, 0.3f, 0.4f, 0.5f, -0.6f}, gh{0.2f, 0.1f, -0.1f, 0.3f, 0.2f, 0.4f}, h{0.5f, -0.5f};
  std::vector<float> expect(H);
  for (int j = 0; j < H; ++j) {
    double r = 1 / (1 + std::exp(-(gi[j] + gh[j]))), z = 1 / (1 + std::exp(-(gi[H + j] + gh[H + j])));
    double n = std::tanh(gi[2 * H + j] + r * gh[2 * H + j]);
    expect[j] = static_cast<float>((1 - z) * n + z * h[j]);
  }
  cpu::gru_update(gi.data(), gh.data(), 1, H, h.data());
  for (int j = 0; j < H; ++j) EXPECT_NEAR(h[j], expect[j], 1e-6);
}

TEST(CpuEngine, SeveralUtterancesAtOnceMatchEachAlone) {
  auto w = std::make_shared<ParserWeights>(small_random_weights(12));
  auto batched = make_cpu_engine(w), single = make_cpu_engine(w);
  test::expect_batch_matches_single(*batched, *single, w->config.decoder, w->config.output_vocab,
                                    w->input_vocab.size() - 2, 1e-5f);
}

TEST(CpuEngine, EncodingAnEmptyUtteranceIsRefused) {
  auto w = std::make_shared<ParserWeights>(small_random_weights(12));
  auto e = make_cpu_engine(w);
  std::vector<float> h0;
  EXPECT_THROW(e->encode_batch({{2, 3}, {}}, h0), std::invalid_argument);
}

TEST(CpuEngine, BatchedStepEqualsSingleSteps) {
  auto w = std::make_shared<ParserWeights>(small_random_weights(5));
  auto e = make_cpu_engine(w);
  test::expect_batched_step_matches_single_steps(*e, w->config.decoder, w->config.output_vocab);
}

// Input normalisation 2: numbers and sizes share a class word; unknown words
// fall back to their form without trailing punctuation, then without a plural
// "s"; version 1 (files from before) only lower-cases.
TEST(InputVocab, NormalisationVersions) {
  InputVocab v;
  EXPECT_EQ(v.normalisation(), InputVocab::kLatestNormalisation);
  EXPECT_EQ(v.key("350"), "<num>");
  EXPECT_EQ(v.key("1,000"), "<num>");
  EXPECT_EQ(v.key("4x4x4"), "<dims>");
  EXPECT_EQ(v.key("3d"), "3d");
  EXPECT_EQ(v.key("x"), "x");
  EXPECT_EQ(v.key("."), ".");
  EXPECT_EQ(v.key("Tree"), "tree");
  int num = v.add(v.key("5")), build = v.add("build"), statue = v.add("statue");
  EXPECT_EQ(v.id("27"), num);
  EXPECT_EQ(v.id("Build?"), build);
  EXPECT_EQ(v.id("statues"), statue);
  EXPECT_EQ(v.id("giraffe"), InputVocab::kUnk);
  EXPECT_EQ(v.id("is"), InputVocab::kUnk);  // too short to be a plural

  InputVocab old(1);
  EXPECT_EQ(old.key("350"), "350");
  old.add("build");
  EXPECT_EQ(old.id("Build"), 2);
  EXPECT_EQ(old.id("build?"), InputVocab::kUnk);
}

TEST(Weights, NormalisationVersionIsStoredAndChecked) {
  ParserWeights w = small_random_weights(5);
  std::string path = temp_path("plank_weights_norm.bin"), error;
  ASSERT_TRUE(save_weights(w, path, &error)) << error;
  ParserWeights r;
  ASSERT_TRUE(load_weights(path, r, &error)) << error;
  EXPECT_EQ(r.input_vocab.normalisation(), w.input_vocab.normalisation());
  // A version this build does not know is refused with a reason.
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  in.close();
  const std::string from = "\"input_normalisation\":" + std::to_string(InputVocab::kLatestNormalisation);
  auto at = bytes.find(from);
  ASSERT_NE(at, std::string::npos);
  bytes.replace(at, from.size(), "\"input_normalisation\":9");
  std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  EXPECT_FALSE(load_weights(path, r, &error));
  EXPECT_NE(error.find("normalisation"), std::string::npos) << error;
  std::remove(path.c_str());
}

namespace {
// Counts its calls; features are the token count, repeated.
class CountingEncoder final : public plank::neural::ContextEncoder {
 public:
  mutable int calls = 0;
  const std::string& name() const override { return name_; }
  const std::string& fingerprint() const override { return name_; }
  int dim() const override { return 2; }
  std::vector<float> word_features(const std::vector<std::string>& tokens) const override {
    ++calls;
    return std::vector<float>(tokens.size() * 2, static_cast<float>(tokens.size()));
  }

 private:
  std::string name_ = "counting";
};
}  // namespace

// remembering(): the same features, computed once per distinct command.
TEST(ContextEncoder, RememberingComputesEachCommandOnce) {
  auto inner = std::make_shared<CountingEncoder>();
  auto memo = plank::neural::remembering(inner);
  EXPECT_EQ(memo->name(), "counting");
  EXPECT_EQ(memo->dim(), 2);
  auto a = memo->word_features({"build", "a", "cube"});
  EXPECT_EQ(a, inner->word_features({"build", "a", "cube"}));
  EXPECT_EQ(inner->calls, 2);
  EXPECT_EQ(memo->word_features({"build", "a", "cube"}), a);
  EXPECT_EQ(inner->calls, 2);
  memo->word_features({"build", "acube"});  // other words (not the same when joined)
  EXPECT_EQ(inner->calls, 3);
}
