// Plank's parser kernels against libtorch's CPU forward on the same weights,
// in the same run: batch-1 latency of one decode (encode 10 words, 10 decoder
// steps, the default model size) and batch-64 throughput (64 utterances
// decoded together by both; Plank one after another is printed too). Prints medians and
// the ratio. For the figures in docs/neural-parser.md run it with
//   env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE build/bin/plank_bench_neural
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>

#include "neural/kernels/kernels_cpu.h"
#include "neural/parser/engine.h"
#include "neural/parser/form_builder.h"
#include "neural/train/trainer.h"
#include "neural_bench.h"

using namespace plank::neural;

using plank::bench::greedy_decode;
using plank::bench::median_ms;

int main() {
  const int tokens = 10, steps = 10;
  InputVocab vocab;
  for (int i = 0; i < 500; ++i) vocab.add("w" + std::to_string(i));
  auto w = std::make_shared<ParserWeights>(random_weights(ModelConfig{}, vocab, 1));
  auto engine = make_cpu_engine(w);
  const int V = w->config.output_vocab;
  auto torch1 = torch_decode_runner(*w, tokens, steps, 1);
  auto torch64 = torch_decode_runner(*w, tokens, steps, 64);
  double p1 = median_ms([&] { greedy_decode(*engine, V, 1, tokens, steps); }, 200), t1 = median_ms(torch1, 200);
  double p64 = median_ms([&] { greedy_decode(*engine, V, 64, tokens, steps); }, 20), t64 = median_ms(torch64, 20);
  double one_by_one = median_ms([&] { for (int i = 0; i < 64; ++i) greedy_decode(*engine, V, 1, tokens, steps); }, 20);
  std::printf("parser decode, %d tokens, %d steps, H=%d D=%d V=%d; BLAS: %s\n", tokens, steps, w->config.hidden,
              w->config.decoder, V, cpu::blas_name());
  std::printf("batch 1 latency:   plank cpu %.3f ms   libtorch %.3f ms   libtorch/plank %.2fx\n", p1, t1, t1 / p1);
  std::printf("batch 64 (64 utterances together): plank cpu %.2f ms (%.0f utt/s)   libtorch %.2f ms (%.0f utt/s)   "
              "libtorch/plank %.2fx\n",
              p64, 64000.0 / p64, t64, 64000.0 / t64, t64 / p64);
  std::printf("  (plank cpu one utterance after another: %.2f ms, %.0f utt/s)\n", one_by_one, 64000.0 / one_by_one);
  // Where Plank's batch-1 time goes.
  std::vector<float> h0;
  double enc = median_ms([&] { engine->encode(std::vector<int>(static_cast<size_t>(tokens), 2), h0); }, 200);
  int prev = OutVocab::grammar().start();
  std::vector<float> h, logits(static_cast<size_t>(V)), span(static_cast<size_t>(tokens));
  double step = median_ms([&] {
    h = h0;
    engine->step(1, &prev, &prev, h.data(), logits.data(), span.data(), span.data());
  }, 500);
  std::printf("  (plank cpu batch 1: encode %.3f ms, one decoder step %.4f ms)\n", enc, step);
  return 0;
}
