// The Universal Sentence Encoder lite (neural/text/use_encoder.h) on the CPU: the
// median time of word_states for a typical 10-word command, and of load().
// Needs the model (`make use-model`); says so and stops without it.
// Peer, in the same run: TensorFlow.js (tests/tools/use_timing.js) on the same
// graph and words, when node finds it (NODE_PATH, as use_reference.js says).
//   NODE_PATH=/tmp/usejs/node_modules build/bin/plank_bench_use [REPEATS]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <filesystem>

#include "neural/kernels/kernels_cpu.h"
#include "neural/text/use_encoder.h"
#include "neural_bench.h"

using namespace plank::neural;

int main(int argc, char** argv) {
  const int repeats = argc > 1 ? std::atoi(argv[1]) : 500;
  const std::string dir = default_use_dir();
  if (!std::filesystem::exists(dir + "/model.json")) {
    std::printf("no Universal Sentence Encoder model in %s: run `make use-model`\n", dir.c_str());
    return 0;
  }
  std::string error;
  std::unique_ptr<UseEncoder> encoder;
  double load = plank::bench::median_ms([&] { encoder = UseEncoder::load(dir, &error); }, 5);
  if (!encoder) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  const std::vector<std::string> words = {"build", "a", "red", "cube", "next", "to", "the", "big", "oak", "tree"};
  size_t pieces = 0;
  for (const auto& w : words) pieces += encoder->tokenize(w).size();
  double states = plank::bench::median_ms([&] { encoder->word_states(words); }, repeats);
  double embed = plank::bench::median_ms([&] { encoder->embed(words); }, repeats);
  std::printf("USE lite, %zu words (%zu pieces); BLAS: %s\n", words.size(), pieces, cpu::blas_name());
  std::printf("word_states %.3f ms   embed %.3f ms   (medians of %d)   load %.0f ms\n", states, embed, repeats, load);
  // The peer: TF.js's median for the same words, when node can load it.
  std::string command = "node " + std::string(PLANK_SOURCE_DIR) + "/tests/tools/use_timing.js '" + dir + "' 200";
  for (const auto& w : words) command += " " + w;
  command += " 2>/dev/null";
  double peer = 0;
  char version[64] = {0};
  size_t peer_pieces = 0;
  if (FILE* p = popen(command.c_str(), "r")) {
    if (std::fscanf(p, "%lf %zu %63s", &peer, &peer_pieces, version) != 3) peer = 0;
    if (pclose(p) != 0) peer = 0;
  }
  if (peer > 0 && peer_pieces == pieces)
    std::printf("peer: TF.js %s (cpu backend) %.3f ms (median of 200): Plank %.1fx faster\n", version, peer,
                peer / states);
  else
    std::printf("peer: TF.js not found (set NODE_PATH to a folder with @tensorflow/tfjs and the USE tokenizer)\n");
  return 0;
}
