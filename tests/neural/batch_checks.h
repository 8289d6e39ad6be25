// Batched engine calls against single ones: shared by the CPU tests
// (plank_neural_tests) and the CUDA tests (plank_neural_cuda_tests).
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "neural/parser/engine.h"

namespace plank::neural::test {

// `batched` encodes utterances of lengths 5, 9, 2 and 7 together (not sorted)
// and steps hypotheses of mixed owners, two steps; `single` takes each
// utterance alone. Logits, span logits over each owner's words, and states
// must agree within tol; span positions past an owner's length must be masked.
inline void expect_batch_matches_single(Engine& batched, Engine& single, int D, int V, int vocab_words, float tol) {
  std::vector<std::vector<int>> utterances;
  for (int len : {5, 9, 2, 7}) {
    std::vector<int> ids;
    for (int i = 0; i < len; ++i) ids.push_back(2 + (len * 7 + i * 3) % vocab_words);
    utterances.push_back(ids);
  }
  std::vector<float> h0;
  batched.encode_batch(utterances, h0);
  ASSERT_EQ(h0.size(), utterances.size() * static_cast<size_t>(D));
  ASSERT_EQ(batched.tokens(), 9);
  const std::vector<int> owner{1, 0, 3, 1, 2, 2, 3};
  const int B = static_cast<int>(owner.size()), W = 9;
  std::vector<int> prev, parent;
  std::vector<float> h;
  for (int b = 0; b < B; ++b) {
    prev.push_back((b * 11 + 3) % V);
    parent.push_back((b * 5 + 1) % V);
    h.insert(h.end(), h0.begin() + static_cast<long>(owner[b]) * D, h0.begin() + static_cast<long>(owner[b] + 1) * D);
  }
  std::vector<float> logits(static_cast<size_t>(B) * V), start(static_cast<size_t>(B) * W), end(start.size());
  std::vector<std::vector<float>> hs(static_cast<size_t>(B));
  for (int b = 0; b < B; ++b) hs[b].assign(h.begin() + static_cast<long>(b) * D, h.begin() + static_cast<long>(b + 1) * D);
  for (int round = 0; round < 2; ++round) {
    batched.step_batch(B, owner.data(), prev.data(), parent.data(), h.data(), logits.data(), start.data(), end.data());
    for (int b = 0; b < B; ++b) {
      const auto& ids = utterances[static_cast<size_t>(owner[b])];
      const int T = static_cast<int>(ids.size());
      std::vector<float> h_one;
      single.encode(ids, h_one);
      for (int d = 0; d < D; ++d)
        if (round == 0) ASSERT_NEAR(h_one[d], h0[static_cast<size_t>(owner[b]) * D + d], tol) << "h0 of " << owner[b];
      std::vector<float> l(static_cast<size_t>(V)), s(static_cast<size_t>(T)), e(s.size());
      single.step(1, &prev[b], &parent[b], hs[b].data(), l.data(), s.data(), e.data());
      for (int v = 0; v < V; ++v) ASSERT_NEAR(l[v], logits[static_cast<size_t>(b) * V + v], tol) << "b " << b;
      for (int t = 0; t < W; ++t) {
        float bs = start[static_cast<size_t>(b) * W + t], be = end[static_cast<size_t>(b) * W + t];
        if (t < T) {
          ASSERT_NEAR(s[t], bs, tol) << "b " << b << " t " << t;
          ASSERT_NEAR(e[t], be, tol) << "b " << b << " t " << t;
        } else {
          ASSERT_LT(bs, -1e29f);
          ASSERT_LT(be, -1e29f);
        }
      }
      for (int d = 0; d < D; ++d) ASSERT_NEAR(hs[b][d], h[static_cast<size_t>(b) * D + d], tol);
    }
  }
}

// One step of three hypotheses of one utterance against three steps of one.
inline void expect_batched_step_matches_single_steps(Engine& e, int D, int V) {
  std::vector<float> h0;
  e.encode({2, 3, 4, 5}, h0);
  const int T = 4;
  std::vector<int> prev{0, 7, 9}, parent{0, 3, 3};
  std::vector<float> hb;
  for (int b = 0; b < 3; ++b) hb.insert(hb.end(), h0.begin(), h0.end());
  std::vector<float> lb(3 * V), sb(3 * T), eb(3 * T);
  e.step(3, prev.data(), parent.data(), hb.data(), lb.data(), sb.data(), eb.data());
  for (int b = 0; b < 3; ++b) {
    std::vector<float> h = h0, l(V), s(T), en(T);
    e.step(1, &prev[b], &parent[b], h.data(), l.data(), s.data(), en.data());
    for (int v = 0; v < V; ++v) ASSERT_NEAR(l[v], lb[b * V + v], 1e-5);
    for (int t = 0; t < T; ++t) ASSERT_NEAR(s[t], sb[b * T + t], 1e-5);
    for (int t = 0; t < T; ++t) ASSERT_NEAR(en[t], eb[b * T + t], 1e-5);
    for (int d = 0; d < D; ++d) ASSERT_NEAR(h[d], hb[b * D + d], 1e-6);
  }
}

}  // namespace plank::neural::test
