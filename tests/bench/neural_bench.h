// What the neural benches share: the timing rule and the decode they time.
#pragma once
#include <algorithm>
#include <chrono>
#include <functional>
#include <vector>

#include "neural/kernels/kernels_cpu.h"
#include "neural/parser/engine.h"
#include "neural/parser/form_builder.h"

namespace plank::bench {

// The median wall time of repeated runs, after one warm-up run.
inline double median_ms(const std::function<void()>& f, int repeats) {
  f();  // warm-up
  std::vector<double> ms;
  for (int i = 0; i < repeats; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    f();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

// Greedy decoding of `utterances` utterances of `tokens` words together (one
// encode, then `steps` steps of one hypothesis each): the work libtorch's
// runner (torch_decode_runner) does for a batch. No grammar masks.
inline void greedy_decode(neural::Engine& e, int V, int utterances, int tokens, int steps) {
  std::vector<std::vector<int>> ids(static_cast<size_t>(utterances), std::vector<int>(static_cast<size_t>(tokens), 2));
  std::vector<float> h;
  e.encode_batch(ids, h);
  const size_t U = static_cast<size_t>(utterances);
  std::vector<int> owner(U), prev(U, neural::OutVocab::grammar().start());
  for (size_t u = 0; u < U; ++u) owner[u] = static_cast<int>(u);
  std::vector<float> logits(U * V), start(U * tokens), end(start.size());
  for (int s = 0; s < steps; ++s) {
    e.step_batch(utterances, owner.data(), prev.data(), prev.data(), h.data(), logits.data(), start.data(), end.data());
    for (size_t u = 0; u < U; ++u) {
      float* row = logits.data() + u * V;
      neural::cpu::masked_log_softmax(row, nullptr, V);
      prev[u] = static_cast<int>(std::max_element(row, row + V) - row);
    }
  }
}

}  // namespace plank::bench
