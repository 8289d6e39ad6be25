#include "neural/kernels/kernels_avx2.h"

#include <immintrin.h>

#include <cstddef>

#include "neural/kernels/kernel_math.h"

#define PLANK_AVX2 __attribute__((target("avx2,fma")))

namespace plank::neural::cpu::avx2 {
namespace {

PLANK_AVX2 inline float lane_sum(__m256 acc) {
  __m128 s = _mm_add_ps(_mm256_castps256_ps128(acc), _mm256_extractf128_ps(acc, 1));
  s = _mm_hadd_ps(s, s);
  s = _mm_hadd_ps(s, s);
  return _mm_cvtss_f32(s);
}

// e^x: x = n ln2 + r with |r| <= ln2/2 (ln2 split in two for the reduction),
// a degree-6 polynomial for e^r (Cephes' expf coefficients), 2^n from the
// exponent bits. Inputs are clamped to where float e^x is finite and normal.
PLANK_AVX2 inline __m256 exp8(__m256 x) {
  x = _mm256_min_ps(_mm256_max_ps(x, _mm256_set1_ps(-87.3f)), _mm256_set1_ps(88.3f));
  __m256 n = _mm256_round_ps(_mm256_mul_ps(x, _mm256_set1_ps(1.44269504088896341f)),
                             _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  __m256 r = _mm256_fnmadd_ps(n, _mm256_set1_ps(0.693359375f), x);
  r = _mm256_fnmadd_ps(n, _mm256_set1_ps(-2.12194440e-4f), r);
  __m256 p = _mm256_set1_ps(1.9875691500e-4f);
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.3981999507e-3f));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(8.3334519073e-3f));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(4.1665795894e-2f));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.6666665459e-1f));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(5.0000001201e-1f));
  p = _mm256_fmadd_ps(p, _mm256_mul_ps(r, r), _mm256_add_ps(r, _mm256_set1_ps(1.0f)));
  __m256i e = _mm256_slli_epi32(_mm256_add_epi32(_mm256_cvtps_epi32(n), _mm256_set1_epi32(127)), 23);
  return _mm256_mul_ps(p, _mm256_castsi256_ps(e));
}

PLANK_AVX2 inline __m256 sigmoid8(__m256 x) {
  const __m256 one = _mm256_set1_ps(1.0f);
  return _mm256_div_ps(one, _mm256_add_ps(one, exp8(_mm256_sub_ps(_mm256_setzero_ps(), x))));
}

// tanh x = 2 sigmoid(2x) - 1 (absolute error a few 1e-8 near 0, where the relative error grows).
PLANK_AVX2 inline __m256 tanh8(__m256 x) {
  const __m256 two = _mm256_set1_ps(2.0f);
  return _mm256_fmsub_ps(two, sigmoid8(_mm256_mul_ps(two, x)), _mm256_set1_ps(1.0f));
}

}  // namespace

bool available() {
  static const bool yes = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return yes;
}

// Four rows at a time, eight columns a lane.
PLANK_AVX2 void gemv(const float* W, const float* x, int out, int in, bool accumulate, float* y) {
  const int vec = in / 8 * 8;
  auto finish = [&](float v, int row) {
    const float* w = W + static_cast<size_t>(row) * in;
    for (int k = vec; k < in; ++k) v += w[k] * x[k];
    y[row] = accumulate ? y[row] + v : v;
  };
  int r = 0;
  for (; r + 4 <= out; r += 4) {
    const float* w0 = W + static_cast<size_t>(r) * in;
    const float *w1 = w0 + in, *w2 = w1 + in, *w3 = w2 + in;
    __m256 a0 = _mm256_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
    for (int k = 0; k < vec; k += 8) {
      __m256 xv = _mm256_loadu_ps(x + k);
      a0 = _mm256_fmadd_ps(_mm256_loadu_ps(w0 + k), xv, a0);
      a1 = _mm256_fmadd_ps(_mm256_loadu_ps(w1 + k), xv, a1);
      a2 = _mm256_fmadd_ps(_mm256_loadu_ps(w2 + k), xv, a2);
      a3 = _mm256_fmadd_ps(_mm256_loadu_ps(w3 + k), xv, a3);
    }
    finish(lane_sum(a0), r);
    finish(lane_sum(a1), r + 1);
    finish(lane_sum(a2), r + 2);
    finish(lane_sum(a3), r + 3);
  }
  for (; r < out; ++r) {
    const float* w0 = W + static_cast<size_t>(r) * in;
    __m256 a0 = _mm256_setzero_ps();
    for (int k = 0; k < vec; k += 8) a0 = _mm256_fmadd_ps(_mm256_loadu_ps(w0 + k), _mm256_loadu_ps(x + k), a0);
    finish(lane_sum(a0), r);
  }
}

// math::gru_unit eight units at a time; the tail of each row by the scalar formula.
PLANK_AVX2 void gru_update(const float* gi, const float* gh, int batch, int H, float* h) {
  const int vec = H / 8 * 8;
  const __m256 one = _mm256_set1_ps(1.0f);
  for (int b = 0; b < batch; ++b) {
    const float* i3 = gi + static_cast<size_t>(b) * 3 * H;
    const float* h3 = gh + static_cast<size_t>(b) * 3 * H;
    float* hb = h + static_cast<size_t>(b) * H;
    for (int j = 0; j < vec; j += 8) {
      __m256 r = sigmoid8(_mm256_add_ps(_mm256_loadu_ps(i3 + j), _mm256_loadu_ps(h3 + j)));
      __m256 z = sigmoid8(_mm256_add_ps(_mm256_loadu_ps(i3 + H + j), _mm256_loadu_ps(h3 + H + j)));
      __m256 n = tanh8(_mm256_fmadd_ps(r, _mm256_loadu_ps(h3 + 2 * H + j), _mm256_loadu_ps(i3 + 2 * H + j)));
      __m256 old = _mm256_loadu_ps(hb + j);
      _mm256_storeu_ps(hb + j, _mm256_fmadd_ps(_mm256_sub_ps(one, z), n, _mm256_mul_ps(z, old)));
    }
    for (int j = vec; j < H; ++j)
      hb[j] = math::gru_unit(i3[j], i3[H + j], i3[2 * H + j], h3[j], h3[H + j], h3[2 * H + j], hb[j]);
  }
}

PLANK_AVX2 void tanh_inplace(float* x, int n) {
  int i = 0;
  for (; i + 8 <= n; i += 8) _mm256_storeu_ps(x + i, tanh8(_mm256_loadu_ps(x + i)));
  for (; i < n; ++i) x[i] = tanhf(x[i]);
}

}  // namespace plank::neural::cpu::avx2
