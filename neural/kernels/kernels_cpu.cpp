#include "neural/kernels/kernels_cpu.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "neural/kernels/blas.h"
#include "neural/kernels/kernel_math.h"
#include "neural/kernels/kernels_avx2.h"

namespace plank::neural::cpu {

const char* blas_name() { return blas::name(); }

void linear(const float* x, int batch, int in, const float* W, const float* b, int out, float* y) {
  if (b) {
    for (int i = 0; i < batch; ++i) std::memcpy(y + static_cast<size_t>(i) * out, b, sizeof(float) * out);
  }
  if (batch == 1) {
    // Large ones stay with the library, whose threads add a second core's bandwidth.
    if (static_cast<long>(out) * in <= avx2::kSmallGemv && avx2::available())
      return avx2::gemv(W, x, out, in, b != nullptr, y);
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
  if (avx2::available()) return avx2::gru_update(gi, gh, batch, H, h);
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

void relu_inplace(float* x, int n) {
  for (int i = 0; i < n; ++i) x[i] = x[i] > 0.f ? x[i] : 0.f;
}

void tanh_inplace(float* x, int n) {
  if (avx2::available()) return avx2::tanh_inplace(x, n);
  for (int i = 0; i < n; ++i) x[i] = std::tanh(x[i]);
}

void layer_norm(const float* x, int rows, int dim, const float* scale, const float* bias, float epsilon, float* y) {
  for (int r = 0; r < rows; ++r) {
    const float* xr = x + static_cast<size_t>(r) * dim;
    float* yr = y + static_cast<size_t>(r) * dim;
    double mean = 0, variance = 0;
    for (int c = 0; c < dim; ++c) mean += xr[c];
    mean /= dim;
    for (int c = 0; c < dim; ++c) variance += (xr[c] - mean) * (xr[c] - mean);
    const float inv = static_cast<float>(1.0 / std::sqrt(variance / dim + epsilon));
    for (int c = 0; c < dim; ++c) {
      float v = static_cast<float>(xr[c] - mean) * inv;
      yr[c] = (scale ? v * scale[c] : v) + (bias ? bias[c] : 0.f);
    }
  }
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
