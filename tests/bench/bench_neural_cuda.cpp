// Plank's CUDA engine against Plank's CPU engine (OpenBLAS), on the shipped
// weights, in the same run:
//   - batch-1 latency of one greedy decode (encode 10 words, 10 decoder steps),
//     the measure plank_bench_neural compares with libtorch;
//   - one decoder step for 64 hypotheses (a width-64 beam);
//   - 64 utterances decoded together (one encode, steps of 64 hypotheses),
//     and one after another;
//   - beam-5 parses of the validation commands through the Parser (grammar
//     masks and beam bookkeeping on the host included), per command, one
//     command at a time and 64 at a time (parse_many).
// Prints medians and the ratio cpu/cuda (above 1: the GPU is faster). Without
// a usable device it says why and exits 0. Run on a GPU machine with
//   PLANK_PARSER_MODEL=models/parser.bin build/bin/plank_bench_neural_cuda
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "neural/kernels/kernels_cpu.h"
#include "neural/parser/dataset.h"
#include "neural/parser/engine.h"
#include "neural/parser/form_builder.h"
#include "neural/parser/parser.h"
#include "neural_bench.h"

using namespace plank::neural;
using plank::bench::greedy_decode;
using plank::bench::median_ms;

namespace {

void row(const char* what, double cpu, double cuda, const char* unit = "ms") {
  std::printf("%-44s cpu %9.3f %s   cuda %9.3f %s   cpu/cuda %5.2fx\n", what, cpu, unit, cuda, unit, cpu / cuda);
}

}  // namespace

int main() {
  std::string error;
  auto w = std::make_shared<ParserWeights>();
  if (!load_weights(default_model_path(), *w, &error)) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  auto gpu = make_cuda_engine(w, &error);
  if (!gpu) {
    std::printf("no CUDA engine (%s): nothing to compare\n", error.c_str());
    return 0;
  }
  auto cpu_engine = make_cpu_engine(w);
  const int V = w->config.output_vocab, D = w->config.decoder;
  std::printf("weights %s: E=%d H=%d D=%d V=%d\nengines: %s | %s\n", default_model_path().c_str(), w->config.embed,
              w->config.hidden, D, V, cpu_engine->name().c_str(), gpu->name().c_str());

  row("greedy decode, 10 words, 10 steps (batch 1)", median_ms([&] { greedy_decode(*cpu_engine, V, 1, 10, 10); }, 200),
      median_ms([&] { greedy_decode(*gpu, V, 1, 10, 10); }, 200));

  // Where a decode's time goes: the encoder, and one step of one hypothesis.
  auto encode_only = [&](Engine& e) {
    return [&e] {
      std::vector<float> h;
      e.encode(std::vector<int>(10, 2), h);
    };
  };
  row("  of which: encode 10 words", median_ms(encode_only(*cpu_engine), 200), median_ms(encode_only(*gpu), 200));
  auto one_step = [&](Engine& e) {
    std::vector<float> h0;
    e.encode(std::vector<int>(10, 2), h0);
    int prev = OutVocab::grammar().start();
    std::vector<float> logits(static_cast<size_t>(V)), s(10), en(10);
    return [&e, prev, h0, logits, s, en]() mutable {
      std::vector<float> h = h0;
      e.step(1, &prev, &prev, h.data(), logits.data(), s.data(), en.data());
    };
  };
  auto cpu_one = one_step(*cpu_engine);
  double c1 = median_ms(cpu_one, 500);
  auto gpu_one = one_step(*gpu);
  row("  of which: one step, 1 hypothesis", c1, median_ms(gpu_one, 500));

  const int B = 64, T = 10;
  auto wide_step = [&](Engine& e) {
    std::vector<float> h0;
    e.encode(std::vector<int>(T, 2), h0);
    std::vector<int> prev(B), parent(B);
    for (int b = 0; b < B; ++b) prev[b] = parent[b] = (b * 13) % V;
    std::vector<float> h(static_cast<size_t>(B) * D), logits(static_cast<size_t>(B) * V), s(B * T), en(B * T);
    return [&e, B, D, T, V, prev, parent, h0, h, logits, s, en]() mutable {
      for (int b = 0; b < B; ++b) std::copy(h0.begin(), h0.end(), h.begin() + static_cast<long>(b) * D);
      e.step(B, prev.data(), parent.data(), h.data(), logits.data(), s.data(), en.data());
    };
  };
  auto cpu_wide = wide_step(*cpu_engine);
  double c64 = median_ms(cpu_wide, 200);
  auto gpu_wide = wide_step(*gpu);  // after the CPU runs: each engine holds one encoded utterance
  row("one step, 64 hypotheses (beam 64)", c64, median_ms(gpu_wide, 200));

  double cu = median_ms([&] { greedy_decode(*cpu_engine, V, 64, 10, 10); }, 20);
  double gu = median_ms([&] { greedy_decode(*gpu, V, 64, 10, 10); }, 20);
  row("64 utterances decoded together", cu, gu);
  std::printf("%-44s cpu %9.0f utt/s  cuda %9.0f utt/s\n", "  as throughput", 64000.0 / cu, 64000.0 / gu);
  cu = median_ms([&] { for (int i = 0; i < 64; ++i) greedy_decode(*cpu_engine, V, 1, 10, 10); }, 20);
  gu = median_ms([&] { for (int i = 0; i < 64; ++i) greedy_decode(*gpu, V, 1, 10, 10); }, 20);
  row("64 utterances, one after another", cu, gu);

  Dataset d;
  const char* shared = std::getenv("PLANK_SHARED");
  std::string valid = std::string(shared && *shared ? shared : PLANK_SHARED_DIR) + "/data/caip/valid.jsonl";
  if (!read_dataset(valid, d, &error)) {
    std::printf("(no validation data: %s)\n", error.c_str());
    return 0;
  }
  auto cpu_parser = Parser::load(default_model_path(), "cpu", &error);
  auto gpu_parser = Parser::load(default_model_path(), "cuda", &error);
  if (!cpu_parser || !gpu_parser) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  ParseOptions beam5;
  beam5.beam = 5;
  std::vector<std::vector<std::string>> commands;
  for (const auto& ex : d.examples) commands.push_back(ex.tokens);
  auto parse_all = [&](Parser& p, int batch) {
    return [&p, &commands, beam5, batch] { parse_many(p, commands, beam5, batch); };
  };
  const double n = static_cast<double>(commands.size());
  row("beam-5 parse, per validation command", median_ms(parse_all(*cpu_parser, 1), 3) / n,
      median_ms(parse_all(*gpu_parser, 1), 3) / n);
  row("  the same, 64 commands decoded together", median_ms(parse_all(*cpu_parser, 64), 3) / n,
      median_ms(parse_all(*gpu_parser, 64), 3) / n);
  return 0;
}
