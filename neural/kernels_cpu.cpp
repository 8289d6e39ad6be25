#include "kernels_cpu.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <immintrin.h>
#include <vector>

#include "blas.h"
#include "kernel_math.h"

namespace plank::neural::cpu {

const char* blas_name() { return blas::name(); }

namespace {

// y[out] (+)= W[out,in] x[in], four rows at a time with AVX2 FMA: the small
// batch-1 products of the parser (the encoder's recurrent step, the decoder's
// initial state and output layer) are a few hundred rows of 128-256 floats,
// where a library call's set-up and thread hand-off cost as much as the work.
__attribute__((target("avx2,fma"))) inline float lane_sum(__m256 acc) {
  __m128 s = _mm_add_ps(_mm256_castps256_ps128(acc), _mm256_extractf128_ps(acc, 1));
  s = _mm_hadd_ps(s, s);
  s = _mm_hadd_ps(s, s);
  return _mm_cvtss_f32(s);
}

__attribute__((target("avx2,fma"))) void gemv_avx2(const float* W, const float* x, int out, int in, bool accumulate,
                                                   float* y) {
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

// Products up to this many weights (256 KiB, an L2 cache's worth) run on gemv_avx2.
constexpr long kSmallGemv = 65536;

bool have_avx2_fma() {
  static const bool yes = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return yes;
}

}  // namespace

void linear(const float* x, int batch, int in, const float* W, const float* b, int out, float* y) {
  if (b) {
    for (int i = 0; i < batch; ++i) std::memcpy(y + static_cast<size_t>(i) * out, b, sizeof(float) * out);
  }
  if (batch == 1) {
    // Large ones stay with the library, whose threads add a second core's bandwidth.
    if (static_cast<long>(out) * in <= kSmallGemv && have_avx2_fma()) return gemv_avx2(W, x, out, in, b != nullptr, y);
    blas::gemv(out, in, 1.0f, W, x, b ? 1.0f : 0.0f, y);
    return;
  }
  blas::gemm(true, batch, out, in, 1.0f, x, in, W, in, b ? 1.0f : 0.0f, y, out);
}

void embedding(const float* table, int dim, const int* ids, int n, float* out) {
  for (int i = 0; i < n; ++i)
    std::memcpy(out + static_cast<size_t>(i) * dim, table + static_cast<size_t>(ids[i]) * dim, sizeof(float) * dim);
}

void embedding_add(const float* table, int dim, const int* ids, int n, float* out) {
  for (int i = 0; i < n; ++i) {
    const float* row = table + static_cast<size_t>(ids[i]) * dim;
    float* o = out + static_cast<size_t>(i) * dim;
    for (int j = 0; j < dim; ++j) o[j] += row[j];
  }
}

void gru_update(const float* gi, const float* gh, int batch, int H, float* h) {
  for (int b = 0; b < batch; ++b) {
    const float* i3 = gi + static_cast<size_t>(b) * 3 * H;
    const float* h3 = gh + static_cast<size_t>(b) * 3 * H;
    float* hb = h + static_cast<size_t>(b) * H;
    for (int j = 0; j < H; ++j)
      hb[j] = math::gru_unit(i3[j], i3[H + j], i3[2 * H + j], h3[j], h3[H + j], h3[2 * H + j], hb[j]);
  }
}

void gru_sequence(const float* x, int T, int in, const float* w_ih, const float* w_hh, const float* b_ih,
                  const float* b_hh, int H, bool reverse, float* out) {
  const int offset = 0;
  std::vector<float> last(static_cast<size_t>(H));
  gru_sequences(x, &offset, &T, 1, in, w_ih, w_hh, b_ih, b_hh, H, reverse, out, last.data());
}

void gru_sequences(const float* x, const int* offset, const int* length, int U, int in, const float* w_ih,
                   const float* w_hh, const float* b_ih, const float* b_hh, int H, bool reverse, float* out,
                   float* last) {
  if (U <= 0) return;
  // All input projections in one matrix product; then one recurrent product a position.
  const int rows = offset[U - 1] + length[U - 1], longest = length[0];
  const size_t G = 3 * static_cast<size_t>(H);
  std::vector<float> gi(static_cast<size_t>(rows) * G), gi_now(static_cast<size_t>(U) * G), gh(static_cast<size_t>(U) * G);
  std::fill(last, last + static_cast<size_t>(U) * H, 0.f);
  linear(x, rows, in, w_ih, b_ih, 3 * H, gi.data());
  int running = U;
  for (int s = 0; s < longest; ++s) {
    while (running > 0 && length[running - 1] <= s) --running;
    for (int u = 0; u < running; ++u) {
      int t = reverse ? length[u] - 1 - s : s;
      std::memcpy(gi_now.data() + u * G, gi.data() + static_cast<size_t>(offset[u] + t) * G, sizeof(float) * G);
    }
    linear(last, running, H, w_hh, b_hh, 3 * H, gh.data());
    gru_update(gi_now.data(), gh.data(), running, H, last);
    for (int u = 0; u < running; ++u) {
      int t = reverse ? length[u] - 1 - s : s;
      std::memcpy(out + static_cast<size_t>(offset[u] + t) * H, last + static_cast<size_t>(u) * H, sizeof(float) * H);
    }
  }
}

void tanh_inplace(float* x, int n) {
  for (int i = 0; i < n; ++i) x[i] = std::tanh(x[i]);
}

void softmax_rows(float* x, int rows, int n, float scale) {
  for (int r = 0; r < rows; ++r) {
    float* row = x + static_cast<size_t>(r) * n;
    float m = -INFINITY;
    for (int i = 0; i < n; ++i) m = std::max(m, row[i] * scale);
    float sum = 0.f;
    for (int i = 0; i < n; ++i) sum += (row[i] = std::exp(row[i] * scale - m));
    float inv = 1.0f / sum;
    for (int i = 0; i < n; ++i) row[i] *= inv;
  }
}

void masked_log_softmax(float* x, const uint8_t* mask, int n) {
  float m = -INFINITY;
  for (int i = 0; i < n; ++i)
    if (!mask || mask[i]) m = std::max(m, x[i]);
  if (m == -INFINITY) {
    for (int i = 0; i < n; ++i) x[i] = math::kMasked;
    return;
  }
  double sum = 0.0;
  for (int i = 0; i < n; ++i)
    if (!mask || mask[i]) sum += std::exp(static_cast<double>(x[i] - m));
  float lse = m + static_cast<float>(std::log(sum));
  for (int i = 0; i < n; ++i) x[i] = (!mask || mask[i]) ? x[i] - lse : math::kMasked;
}

void span_scores(const float* enc, int T, int K, const float* p, int B, float* scores) {
  // scores = p enc^T: the same product as a linear layer with enc as the weight.
  linear(p, B, K, enc, nullptr, T, scores);
}

void matmul(const float* A, int M, int K, const float* B, int N, float* C) {
  blas::gemm(false, M, N, K, 1.0f, A, K, B, N, 0.0f, C, N);
}

void attention_projected(const float* keys, int D, const float* enc, int T, int K, const float* h, int B, float* ctx,
                         float* scratch) {
  span_scores(keys, T, D, h, B, scratch);
  softmax_rows(scratch, B, T, 1.0f / std::sqrt(static_cast<float>(K)));
  blas::gemm(false, B, K, T, 1.0f, scratch, T, enc, K, 0.0f, ctx, K);
}

// The plain form: the keys are the encoder states themselves.
void attention(const float* enc, int T, int K, const float* q, int B, float* ctx, float* scratch) {
  attention_projected(enc, K, enc, T, K, q, B, ctx, scratch);
}

std::vector<SpanChoice> best_spans(const float* start_lp, const float* end_lp, int T, int k) {
  std::vector<SpanChoice> all;
  all.reserve(static_cast<size_t>(T) * (T + 1) / 2);
  for (int a = 0; a < T; ++a)
    for (int b = a; b < T; ++b) all.push_back({a, b, start_lp[a] + end_lp[b]});
  size_t keep = std::min(all.size(), static_cast<size_t>(std::max(k, 0)));
  std::partial_sort(all.begin(), all.begin() + static_cast<long>(keep), all.end(),
                    [](const SpanChoice& x, const SpanChoice& y) { return x.score > y.score; });
  all.resize(keep);
  return all;
}

std::vector<Candidate> top_candidates(std::vector<Candidate> candidates, int k) {
  size_t keep = std::min(candidates.size(), static_cast<size_t>(std::max(k, 0)));
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Candidate& x, const Candidate& y) { return x.score > y.score; });
  candidates.resize(keep);
  return candidates;
}

}  // namespace plank::neural::cpu
