// The AVX2 kernels against the portable formulas they replace (the portable
// loops are what a processor without AVX2 runs). Skipped without AVX2.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "neural/kernels/blas.h"
#include "neural/kernels/kernel_math.h"
#include "neural/kernels/kernels_avx2.h"

using namespace plank::neural;

namespace {
std::vector<float> randoms(size_t n, float lo, float hi, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(lo, hi);
  std::vector<float> v(n);
  for (float& x : v) x = u(rng);
  return v;
}
}  // namespace

TEST(Avx2Kernels, GemvMatchesTheReferenceLoop) {
  if (!cpu::avx2::available()) GTEST_SKIP() << "no AVX2/FMA on this processor";
  for (auto [out, in] : {std::pair{7, 13}, std::pair{384, 128}, std::pair{137, 256}, std::pair{1, 3}}) {
    auto W = randoms(static_cast<size_t>(out) * in, -1, 1, 1), x = randoms(static_cast<size_t>(in), -1, 1, 2);
    auto bias = randoms(static_cast<size_t>(out), -1, 1, 3);
    for (bool accumulate : {false, true}) {
      std::vector<float> want = bias, got = bias;
      blas::reference_gemv(out, in, 1.0f, W.data(), x.data(), accumulate ? 1.0f : 0.0f, want.data());
      cpu::avx2::gemv(W.data(), x.data(), out, in, accumulate, got.data());
      for (int i = 0; i < out; ++i) ASSERT_NEAR(got[i], want[i], 1e-5f * (1 + std::fabs(want[i]))) << out << "x" << in;
    }
  }
}

TEST(Avx2Kernels, GruUpdateMatchesTheFormula) {
  if (!cpu::avx2::available()) GTEST_SKIP() << "no AVX2/FMA on this processor";
  const int B = 3, H = 21;  // 21: two full lanes of 8 and a tail of 5
  auto gi = randoms(static_cast<size_t>(B) * 3 * H, -8, 8, 4), gh = randoms(gi.size(), -8, 8, 5);
  auto h = randoms(static_cast<size_t>(B) * H, -1, 1, 6), want = h;
  for (int b = 0; b < B; ++b)
    for (int j = 0; j < H; ++j) {
      const float* i3 = gi.data() + b * 3 * H;
      const float* h3 = gh.data() + b * 3 * H;
      want[b * H + j] = math::gru_unit(i3[j], i3[H + j], i3[2 * H + j], h3[j], h3[H + j], h3[2 * H + j], h[b * H + j]);
    }
  cpu::avx2::gru_update(gi.data(), gh.data(), B, H, h.data());
  for (size_t i = 0; i < h.size(); ++i) ASSERT_NEAR(h[i], want[i], 1e-6f) << i;
}

TEST(Avx2Kernels, TanhMatchesLibmFromTinyToSaturated) {
  if (!cpu::avx2::available()) GTEST_SKIP() << "no AVX2/FMA on this processor";
  auto x = randoms(1000, -12, 12, 7);
  for (float v : {0.f, 1e-7f, -1e-7f, 1e-3f, 0.5f, -0.5f, 9.f, 20.f, -20.f, 100.f, -100.f, 1e30f, -1e30f}) x.push_back(v);
  auto y = x;
  cpu::avx2::tanh_inplace(y.data(), static_cast<int>(y.size()));
  for (size_t i = 0; i < x.size(); ++i) ASSERT_NEAR(y[i], std::tanh(x[i]), 3e-7f) << "tanh(" << x[i] << ")";
}
