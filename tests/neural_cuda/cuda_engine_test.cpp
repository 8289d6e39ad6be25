// The CUDA engine against the CPU engine and against libtorch. This binary
// does not link libtorch, so it also runs on a GPU machine without Debian's
// libtorch; libtorch's outputs come from a reference file written by
// plank_torch_reference (PLANK_TORCH_REFERENCE names it; ctest makes one).
// Every CUDA test skips cleanly when no device is usable.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>

#include "neural/batch_checks.h"
#include "neural/parser/dataset.h"
#include "neural/parser/engine.h"
#include "neural/parser/form_builder.h"
#include "neural/parser/parser.h"
#include "neural/random_model.h"
#include "reference_file.h"

using namespace plank::neural;

namespace {

std::string shared_file(const char* name) {
  const char* dir = std::getenv("PLANK_SHARED");
  return std::string(dir && *dir ? dir : PLANK_SHARED_DIR) + "/data/caip/" + name;
}

float max_diff(const std::vector<float>& a, const std::vector<float>& b) {
  float m = 0;
  for (size_t i = 0; i < a.size(); ++i) m = std::max(m, std::fabs(a[i] - b[i]));
  return m;
}

// Random weights of the shipped model's dimensions (the small test models
// leave most of a warp idle; these exercise full rows and many blocks).
std::shared_ptr<ParserWeights> default_size_weights(uint64_t seed, int words) {
  auto w = std::make_shared<ParserWeights>();
  for (int i = 0; i < words; ++i) w->input_vocab.add("w" + std::to_string(i));
  w->config.input_vocab = w->input_vocab.size();
  w->config.output_vocab = OutVocab::grammar().size();
  w->output_vocab = OutVocab::grammar().tokens();
  w->allocate();
  std::mt19937 rng(static_cast<unsigned>(seed));
  std::uniform_real_distribution<float> u(-0.1f, 0.1f);
  for (auto& [name, t] : w->tensors)
    for (float& x : t.data) x = u(rng);
  return w;
}

}  // namespace

TEST(CudaEngine, AgreesWithTheCpuEngine) {
  auto w = std::make_shared<ParserWeights>(test::small_random_weights(6));
  std::string why;
  auto gpu = make_cuda_engine(w, &why);
  if (!gpu) GTEST_SKIP() << "no CUDA engine: " << why;
  auto cpu_engine = make_cpu_engine(w);
  std::vector<int> ids{2, 3, 4, 5, 1}, prev{0, 7, 9, 11}, parent{0, 0, 3, 3};
  auto a = forced_forward(*cpu_engine, ids, prev, parent, w->config.decoder, w->config.output_vocab);
  auto b = forced_forward(*gpu, ids, prev, parent, w->config.decoder, w->config.output_vocab);
  ASSERT_EQ(a.logits.size(), b.logits.size());
  EXPECT_LT(max_diff(a.logits, b.logits), 1e-4f);
  EXPECT_LT(max_diff(a.start, b.start), 1e-4f);
  EXPECT_LT(max_diff(a.end, b.end), 1e-4f);
}

// A model reading contextual word features (ModelConfig::context): the CUDA
// engine projects them on the device (a GEMM and an add), the CPU with BLAS.
// Two utterances of different lengths at once, so the packing is exercised.
TEST(CudaEngine, ContextFeaturesAgreeWithTheCpuEngine) {
  ParserWeights base = test::small_random_weights(8);
  base.config.context = 12;
  base.allocate();  // adds enc.context_proj; refill every tensor
  std::mt19937 rng(4);
  std::uniform_real_distribution<float> u(-0.5f, 0.5f);
  for (auto& [name, t] : base.tensors)
    for (float& x : t.data) x = u(rng);
  auto w = std::make_shared<ParserWeights>(std::move(base));
  std::string why;
  auto gpu = make_cuda_engine(w, &why);
  if (!gpu) GTEST_SKIP() << "no CUDA engine: " << why;
  auto cpu_engine = make_cpu_engine(w);
  const std::vector<std::vector<int>> ids{{2, 3, 4}, {5, 1, 6, 7, 2}};
  std::vector<std::vector<float>> features;
  for (const auto& u_ids : ids) {
    std::vector<float> f(u_ids.size() * 12);
    for (float& x : f) x = u(rng);
    features.push_back(f);
  }
  std::vector<float> h_cpu, h_gpu;
  cpu_engine->encode_batch(ids, features, h_cpu);
  gpu->encode_batch(ids, features, h_gpu);
  EXPECT_LT(max_diff(h_cpu, h_gpu), 1e-4f);
  // And the steps that read the encodings (attention, spans) of the second utterance.
  std::vector<int> prev{0, 7}, parent{0, 0};
  auto a = forced_forward(*cpu_engine, ids[1], prev, parent, w->config.decoder, w->config.output_vocab, features[1]);
  auto b = forced_forward(*gpu, ids[1], prev, parent, w->config.decoder, w->config.output_vocab, features[1]);
  EXPECT_LT(max_diff(a.logits, b.logits), 1e-4f);
  EXPECT_LT(max_diff(a.start, b.start), 1e-4f);
}

// The shipped dimensions, a 70-word utterance (more positions than a warp has
// lanes) and a step of 64 hypotheses, against the CPU engine.
TEST(CudaEngine, AgreesAtFullSizeLongInputAndWideBatch) {
  auto w = default_size_weights(3, 300);
  std::string why;
  auto gpu = make_cuda_engine(w, &why);
  if (!gpu) GTEST_SKIP() << "no CUDA engine: " << why;
  auto cpu_engine = make_cpu_engine(w);
  std::vector<int> ids;
  for (int i = 0; i < 70; ++i) ids.push_back(2 + (i * 37) % 300);
  std::vector<float> h_cpu, h_gpu;
  cpu_engine->encode(ids, h_cpu);
  gpu->encode(ids, h_gpu);
  ASSERT_EQ(h_cpu.size(), h_gpu.size());
  EXPECT_LT(max_diff(h_cpu, h_gpu), 1e-5f);
  const int B = 64, D = w->config.decoder, V = w->config.output_vocab, T = 70;
  std::vector<int> prev(B), parent(B);
  for (int b = 0; b < B; ++b) {
    prev[b] = (b * 13) % V;
    parent[b] = (b * 7) % V;
  }
  std::vector<float> hc, hg;
  for (int b = 0; b < B; ++b)
    for (int d = 0; d < D; ++d) hc.push_back(h_cpu[d] * (1.0f - 0.01f * b));
  hg = hc;
  std::vector<float> lc(B * V), lg(B * V), sc(B * T), sg(B * T), ec(B * T), eg(B * T);
  for (int round = 0; round < 3; ++round) {  // the state carried over three steps
    cpu_engine->step(B, prev.data(), parent.data(), hc.data(), lc.data(), sc.data(), ec.data());
    gpu->step(B, prev.data(), parent.data(), hg.data(), lg.data(), sg.data(), eg.data());
    EXPECT_LT(max_diff(hc, hg), 1e-5f) << "round " << round;
    EXPECT_LT(max_diff(lc, lg), 1e-4f) << "round " << round;
    EXPECT_LT(max_diff(sc, sg), 1e-4f) << "round " << round;
    EXPECT_LT(max_diff(ec, eg), 1e-4f) << "round " << round;
  }
}

TEST(CudaEngine, SeveralUtterancesAtOnceMatchTheCpuAlone) {
  for (int size : {0, 1}) {  // the small test model, then the shipped dimensions
    auto w = size == 0 ? std::make_shared<ParserWeights>(test::small_random_weights(12)) : default_size_weights(5, 300);
    std::string why;
    auto gpu = make_cuda_engine(w, &why);
    if (!gpu) GTEST_SKIP() << "no CUDA engine: " << why;
    auto cpu_engine = make_cpu_engine(w);
    test::expect_batch_matches_single(*gpu, *cpu_engine, w->config.decoder, w->config.output_vocab,
                                      w->input_vocab.size() - 2, 1e-4f);
  }
}

TEST(CudaEngine, BatchedStepMatchesSingleSteps) {
  auto w = std::make_shared<ParserWeights>(test::small_random_weights(8));
  std::string why;
  auto gpu = make_cuda_engine(w, &why);
  if (!gpu) GTEST_SKIP() << "no CUDA engine: " << why;
  test::expect_batched_step_matches_single_steps(*gpu, w->config.decoder, w->config.output_vocab);
}

// Both engines on the shipped weights against libtorch's forward on the same
// weights (the reference file), within 1e-4.
// std::string, not const char*: gtest prints a char pointer's address in the test's name.
class LibtorchReference : public testing::TestWithParam<std::string> {};

TEST_P(LibtorchReference, EngineMatchesLibtorchOnTheShippedWeights) {
  const char* ref_path = std::getenv("PLANK_TORCH_REFERENCE");
  if (!ref_path || !*ref_path) GTEST_SKIP() << "PLANK_TORCH_REFERENCE is not set (ctest sets it when libtorch is built)";
  std::string error;
  auto reference = test::read_reference(ref_path, &error);
  ASSERT_FALSE(reference.empty()) << error;
  auto w = std::make_shared<ParserWeights>();
  ASSERT_TRUE(load_weights(default_model_path(), *w, &error)) << error;
  std::string which = GetParam(), why;
  auto engine = which == "cpu" ? make_cpu_engine(w) : make_cuda_engine(w, &why);
  if (!engine) GTEST_SKIP() << "no CUDA engine: " << why;
  float worst = 0;
  for (const auto& r : reference) {
    ASSERT_EQ(r.vocab, w->config.output_vocab) << "the reference was made from other weights";
    auto ours = forced_forward(*engine, r.ids, r.prev, r.parent, w->config.decoder, w->config.output_vocab);
    ASSERT_EQ(ours.logits.size(), r.out.logits.size());
    ASSERT_EQ(ours.start.size(), r.out.start.size());
    worst = std::max({worst, max_diff(ours.logits, r.out.logits), max_diff(ours.start, r.out.start),
                      max_diff(ours.end, r.out.end)});
  }
  EXPECT_LT(worst, 1e-4f);
  RecordProperty("max_abs_diff", std::to_string(worst));
  std::printf("%s vs libtorch, %zu examples of the shipped model: max |diff| = %.3g\n", engine->name().c_str(),
              reference.size(), worst);
}

INSTANTIATE_TEST_SUITE_P(Engines, LibtorchReference, testing::Values(std::string("cpu"), std::string("cuda")),
                         [](const testing::TestParamInfo<std::string>& info) { return info.param; });

// Beam-5 parses of every validation command with the shipped model: the CUDA
// engine, decoding commands in batches, must give the CPU engine's parses. Sums in another order may split a
// near-tie differently, so a handful of differing commands is allowed, not more.
TEST(CudaEngine, ParsesTheValidationSetLikeTheCpu) {
  std::string error;
  auto cuda_parser = Parser::load(default_model_path(), "cuda", &error);
  if (!cuda_parser) GTEST_SKIP() << "no CUDA engine: " << error;
  auto cpu_parser = Parser::load(default_model_path(), "cpu", &error);
  ASSERT_TRUE(cpu_parser) << error;
  Dataset d;
  ASSERT_TRUE(read_dataset(shared_file("valid.jsonl"), d, &error)) << error;
  ParseOptions options;
  options.beam = 5;
  int differ = 0, right_cpu = 0, right_cuda = 0;
  float worst_score = 0;
  // The CUDA side decodes 32 commands at a time (parse_batch), the CPU one by one.
  std::vector<std::vector<Parse>> batched;
  for (size_t i = 0; i < d.examples.size(); i += 32) {
    std::vector<std::vector<std::string>> chunk;
    for (size_t j = i; j < std::min(d.examples.size(), i + 32); ++j) chunk.push_back(d.examples[j].tokens);
    for (auto& r : cuda_parser->parse_batch(chunk, options)) batched.push_back(std::move(r));
  }
  ASSERT_EQ(batched.size(), d.examples.size());
  for (size_t i = 0; i < d.examples.size(); ++i) {
    const auto& ex = d.examples[i];
    auto a = cpu_parser->parse_tokens(ex.tokens, options);
    const auto& b = batched[i];
    ASSERT_EQ(a.empty(), b.empty()) << ex.id;
    if (a.empty()) continue;
    std::string gold = canonical_json(ex.form), fa = canonical_json(a[0].form), fb = canonical_json(b[0].form);
    right_cpu += fa == gold;
    right_cuda += fb == gold;
    if (fa != fb) ++differ;
    else worst_score = std::max(worst_score, std::fabs(a[0].log_prob - b[0].log_prob));
  }
  std::printf("%zu commands, beam 5: cpu %d right, cuda %d right, %d differ; max |log p diff| %.3g\n",
              d.examples.size(), right_cpu, right_cuda, differ, worst_score);
  EXPECT_LE(differ, static_cast<int>(d.examples.size()) / 100);
  EXPECT_LT(worst_score, 1e-3f);
}
