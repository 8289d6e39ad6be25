// The forward pass on Plank's CUDA kernels, organised like the CPU engine
// (engine_cpu.cpp): what does not depend on the decoder step is computed once
// (the GRU input projection of every decision and parent embedding per model;
// the query, span-start and span-end keys per utterance). Several utterances
// are encoded together, packed one after another, and a step's hypotheses may
// come from any of them (owner[b]); a step is one copy in, five fused kernels
// and one copy out:
//   decoder_gru_kernel   gather gi, gh = W_hh h + b, gate update
//   attention_kernel     scores against the keys, softmax, context
//   rows_kernel (x2)     combination + tanh, output logits
//   span_kernel          span start and end logits over the owner's positions
// The per-element formulas come from kernel_math.h, the ones the CPU runs.
// Weights are uploaded once per engine; a CUDA error throws, and
// make_cuda_engine() turns a failing start into "no CUDA engine".
#include <cuda_runtime.h>

#include <cmath>
#include <algorithm>
#include <cstring>
#include <map>
#include <stdexcept>

#include "neural/kernels/device.h"
#include "neural/kernels/kernel_math.h"
#include "neural/parser/engine.h"

namespace plank::neural {
namespace {

constexpr int kTile = 16;
constexpr int kWarp = 32;
constexpr int kWarpsPerBlock = 8;  // row kernels: one warp per output, 8 outputs a block

// C[M,N] = A[M,K] op(B) (+ bias[N]); op(B) = B^T for B stored [N,K] (trans_b), else B stored [K,N].
// Used for the once-per-model and once-per-utterance products, where M is large.
__global__ void gemm_kernel(const float* A, const float* B, const float* bias, float* C, int M, int N, int K,
                            bool trans_b) {
  __shared__ float as[kTile][kTile];
  __shared__ float bs[kTile][kTile];
  int row = blockIdx.y * kTile + threadIdx.y, col = blockIdx.x * kTile + threadIdx.x;
  float acc = 0.f;
  for (int k0 = 0; k0 < K; k0 += kTile) {
    int ka = k0 + threadIdx.x, kb = k0 + threadIdx.y;
    as[threadIdx.y][threadIdx.x] = (row < M && ka < K) ? A[static_cast<size_t>(row) * K + ka] : 0.f;
    float bv = 0.f;
    if (col < N && kb < K) bv = trans_b ? B[static_cast<size_t>(col) * K + kb] : B[static_cast<size_t>(kb) * N + col];
    bs[threadIdx.y][threadIdx.x] = bv;
    __syncthreads();
    for (int k = 0; k < kTile; ++k) acc += as[threadIdx.y][k] * bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < M && col < N) C[static_cast<size_t>(row) * N + col] = acc + (bias ? bias[col] : 0.f);
}

__device__ __forceinline__ float warp_sum(float v) {
  for (int o = kWarp / 2; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

// The dot product of a row of W (global, read by the warp's lanes in order)
// with x (shared memory); every lane gets the sum.
__device__ __forceinline__ float warp_dot(const float* w, const float* x, int n, int lane) {
  float s = 0.f;
  for (int k = lane; k < n; k += kWarp) s += w[k] * x[k];
  return warp_sum(s);
}

// The row kernels' prologue: the block copies src[0:n] into shared memory,
// then each warp computes one output; returns that output's index (8 a block
// along x) and sets the thread's lane.
__device__ __forceinline__ int stage_row(const float* src, int n, float* dst, int* lane) {
  for (int k = threadIdx.x; k < n; k += blockDim.x) dst[k] = src[k];
  __syncthreads();
  *lane = threadIdx.x % kWarp;
  return blockIdx.x * kWarpsPerBlock + threadIdx.x / kWarp;
}

__global__ void embedding_kernel(const float* table, int dim, const int* ids, int n, float* out) {
  int i = blockIdx.x, j = threadIdx.x + blockIdx.y * blockDim.x;
  if (i >= n || j >= dim) return;
  out[static_cast<size_t>(i) * dim + j] = table[static_cast<size_t>(ids[i]) * dim + j];
}

// y[i] += x[i]: the projected context features onto the word embeddings.
__global__ void add_kernel(const float* x, size_t n, float* y) {
  size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) y[i] += x[i];
}

// One step of both encoder directions (blockIdx.y = direction) of every
// utterance (blockIdx.z): direction 0 reads position s, direction 1 position
// len-1-s of the utterance. One warp per hidden unit computes its three
// recurrent dot products and the gate update; the states [U, 2H] ping-pong
// between h_in and h_out (every unit reads the whole old state), and an
// utterance already past its last word carries its final state over. The new
// state is also written into the packed encoder output enc[sum len, 2H].
struct EncoderDirection {
  const float *gi, *w_hh, *b_hh;  // gi [sum len,3H] (input projections with b_ih), w_hh [3H,H], b_hh [3H]
};
__global__ void encoder_gru_step_kernel(EncoderDirection fwd, EncoderDirection bwd, const int* offset,
                                        const int* length, const float* h_in, float* h_out, float* enc, int H, int s) {
  extern __shared__ float h_old[];
  const int dir = blockIdx.y, u = blockIdx.z, len = length[u];
  const EncoderDirection d = dir == 0 ? fwd : bwd;
  const size_t state = (static_cast<size_t>(u) * 2 + dir) * H;
  int lane;
  const int j = stage_row(h_in + state, H, h_old, &lane);
  if (j >= H) return;
  if (s >= len) {
    if (lane == 0) h_out[state + j] = h_old[j];
    return;
  }
  const int t = offset[u] + (dir == 0 ? s : len - 1 - s);
  float r = warp_dot(d.w_hh + static_cast<size_t>(j) * H, h_old, H, lane);
  float z = warp_dot(d.w_hh + static_cast<size_t>(H + j) * H, h_old, H, lane);
  float n = warp_dot(d.w_hh + static_cast<size_t>(2 * H + j) * H, h_old, H, lane);
  if (lane == 0) {
    const float* gi = d.gi + static_cast<size_t>(t) * 3 * H;
    float h = math::gru_unit(gi[j], gi[H + j], gi[2 * H + j], r + d.b_hh[j], z + d.b_hh[H + j], n + d.b_hh[2 * H + j],
                             h_old[j]);
    h_out[state + j] = h;
    enc[static_cast<size_t>(t) * 2 * H + static_cast<size_t>(dir) * H + j] = h;
  }
}

// Decoder GRU for B hypotheses: gi is gathered from the per-model tables
// (prev_gi[prev] + parent_gi[parent], b_ih included in prev_gi), gh is one
// warp dot per gate. The new state goes to hc[b, 0:D] (the combination layer's
// input) and to h_out[b] (copied back to the caller). grid (D/8, B).
__global__ void decoder_gru_kernel(const int* prev, const int* parent, const float* prev_gi, const float* parent_gi,
                                   const float* w_hh, const float* b_hh, const float* h_in, float* hc, int hc_stride,
                                   float* h_out, int D) {
  extern __shared__ float h_old[];
  const int b = blockIdx.y;
  int lane;
  const int j = stage_row(h_in + static_cast<size_t>(b) * D, D, h_old, &lane);
  if (j >= D) return;
  float r = warp_dot(w_hh + static_cast<size_t>(j) * D, h_old, D, lane);
  float z = warp_dot(w_hh + static_cast<size_t>(D + j) * D, h_old, D, lane);
  float n = warp_dot(w_hh + static_cast<size_t>(2 * D + j) * D, h_old, D, lane);
  if (lane == 0) {
    const float* a = prev_gi + static_cast<size_t>(prev[b]) * 3 * D;
    const float* p = parent_gi + static_cast<size_t>(parent[b]) * 3 * D;
    float h = math::gru_unit(a[j] + p[j], a[D + j] + p[D + j], a[2 * D + j] + p[2 * D + j], r + b_hh[j],
                             z + b_hh[D + j], n + b_hh[2 * D + j], h_old[j]);
    hc[static_cast<size_t>(b) * hc_stride + j] = h;
    h_out[static_cast<size_t>(b) * D + j] = h;
  }
}

// Attention for hypothesis b = blockIdx.x over its utterance u = owner[b]
// (rows offset[u] .. offset[u]+length[u]-1 of the packed keys and encoder
// states): scores[t] = h . keys[t] (keys = enc W_q), softmax(scale * scores),
// ctx = sum_t att[t] enc[t], written to hc[b, D:D+K]. Shared memory: h [D]
// then scores [longest utterance].
__global__ void attention_kernel(const int* owner, const int* offset, const int* length, const float* keys,
                                 const float* enc, float* hc, int hc_stride, int D, int K, float scale) {
  extern __shared__ float shared[];
  float* h = shared;
  float* att = shared + D;
  const int b = blockIdx.x, lane = threadIdx.x % kWarp, warp = threadIdx.x / kWarp, warps = blockDim.x / kWarp;
  const int u = owner[b], T = length[u];
  keys += static_cast<size_t>(offset[u]) * D;
  enc += static_cast<size_t>(offset[u]) * K;
  float* row = hc + static_cast<size_t>(b) * hc_stride;
  for (int k = threadIdx.x; k < D; k += blockDim.x) h[k] = row[k];
  __syncthreads();
  for (int t = warp; t < T; t += warps) {
    float s = warp_dot(keys + static_cast<size_t>(t) * D, h, D, lane);
    if (lane == 0) att[t] = s * scale;
  }
  __syncthreads();
  if (warp == 0) {  // softmax over T (short: one warp)
    float m = -INFINITY;
    for (int t = lane; t < T; t += kWarp) m = fmaxf(m, att[t]);
    for (int o = kWarp / 2; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
    float sum = 0.f;
    for (int t = lane; t < T; t += kWarp) sum += (att[t] = expf(att[t] - m));
    sum = warp_sum(sum);
    float inv = 1.0f / sum;
    for (int t = lane; t < T; t += kWarp) att[t] *= inv;
  }
  __syncthreads();
  for (int k = threadIdx.x; k < K; k += blockDim.x) {
    float c = 0.f;
    for (int t = 0; t < T; ++t) c += att[t] * enc[static_cast<size_t>(t) * K + k];
    row[D + k] = c;
  }
}

// Span logits: out[b, i] for i < 2W (W the longest utterance): i < W is the
// start logit of position i, else the end logit of position i - W, each
// o[b] . key of the owner's position; positions past its length are kMasked.
// keys_start/keys_end are packed like the encoder states. grid (2W/8, B).
__global__ void span_kernel(const int* owner, const int* offset, const int* length, const float* o,
                            const float* keys_start, const float* keys_end, float* out, int D, int W) {
  extern __shared__ float os[];
  const int b = blockIdx.y;
  int lane;
  const int i = stage_row(o + static_cast<size_t>(b) * D, D, os, &lane);
  if (i >= 2 * W) return;
  const int u = owner[b], t = i % W;
  float s = math::kMasked;
  if (t < length[u]) {
    const float* keys = i < W ? keys_start : keys_end;
    s = warp_dot(keys + static_cast<size_t>(offset[u] + t) * D, os, D, lane);
  }
  if (lane == 0) out[static_cast<size_t>(b) * 2 * W + i] = s;
}

// out[b, n] = act(x[b] . W[n] + bias[n]) for W [N, n_in]: one warp per output,
// x[b] staged in shared memory. grid (N/8, B); out rows are out_stride apart.
__global__ void rows_kernel(const float* x, int x_stride, int n_in, const float* W, const float* bias, int N,
                            float* out, int out_stride, bool tanh_act) {
  extern __shared__ float xs[];
  const int b = blockIdx.y;
  int lane;
  const int n = stage_row(x + static_cast<size_t>(b) * x_stride, n_in, xs, &lane);
  if (n >= N) return;
  float s = warp_dot(W + static_cast<size_t>(n) * n_in, xs, n_in, lane);
  if (lane == 0) {
    s += bias ? bias[n] : 0.f;
    out[static_cast<size_t>(b) * out_stride + n] = tanh_act ? tanhf(s) : s;
  }
}

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    cudaGetLastError();
    throw std::runtime_error(std::string("CUDA ") + what + ": " + cudaGetErrorString(e));
  }
}

int blocks(int n, int t) { return (n + t - 1) / t; }

// Memory that grows on demand (contents are not kept when it grows): device
// memory (Buffer), or page-locked host memory for the one copy in and the one
// copy out of a step (PinnedBuffer).
template <cudaError_t (*Allocate)(void**, size_t), cudaError_t (*Free)(void*)>
class GrowingBuffer {
 public:
  GrowingBuffer() = default;
  GrowingBuffer(const GrowingBuffer&) = delete;
  GrowingBuffer& operator=(const GrowingBuffer&) = delete;
  ~GrowingBuffer() {
    if (p_) Free(p_);
  }
  template <typename T>
  T* get(size_t n) {
    size_t bytes = n * sizeof(T);
    if (bytes > cap_) {
      if (p_) Free(p_);
      p_ = nullptr;
      cap_ = 0;
      check(Allocate(&p_, bytes), "allocation");
      cap_ = bytes;
    }
    return static_cast<T*>(p_);
  }

 private:
  void* p_ = nullptr;
  size_t cap_ = 0;
};

cudaError_t device_malloc(void** p, size_t bytes) { return cudaMalloc(p, bytes); }
cudaError_t host_malloc(void** p, size_t bytes) { return cudaMallocHost(p, bytes); }
using Buffer = GrowingBuffer<device_malloc, cudaFree>;
using PinnedBuffer = GrowingBuffer<host_malloc, cudaFreeHost>;

class CudaEngine final : public Engine {
 public:
  CudaEngine(std::shared_ptr<const ParserWeights> w, std::string device)
      : w_(std::move(w)), c_(w_->config), device_(std::move(device)) {
    for (const auto& [name, t] : w_->tensors) {
      float* d = params_[name].get<float>(t.data.size());
      check(cudaMemcpy(d, t.data.data(), t.data.size() * sizeof(float), cudaMemcpyHostToDevice), "upload");
    }
    // The GRU input projection of every decision and parent embedding, once per model.
    const int V = c_.output_vocab, F = c_.out_embed, G = 3 * c_.decoder;
    gemm(p("dec.embed"), V, F, p("dec.gru.w_ih"), p("dec.gru.b_ih"), G, prev_gi_.get<float>(size_t(V) * G), true);
    gemm(p("dec.parent_embed"), V, F, p("dec.gru.w_ih"), nullptr, G, parent_gi_.get<float>(size_t(V) * G), true);
    check(cudaDeviceSynchronize(), "model precomputation");
  }
  std::string name() const override { return "cuda (" + device_ + ")"; }

  using Engine::encode_batch;
  void encode_batch(const std::vector<std::vector<int>>& utterances, const std::vector<std::vector<float>>& context,
                    std::vector<float>& h0) override {
    if (!set_lengths(utterances)) throw std::invalid_argument("an utterance to encode has no words");
    check_context(context, c_.context);
    const int U = static_cast<int>(utterances.size()), E = c_.embed, H = c_.hidden, K = c_.enc_dim(),
              D = c_.decoder;
    // Packed in the callers' order: [ids of every utterance][offset[U]][length[U]].
    std::vector<int> packed, offset;
    for (const auto& ids : utterances) {
      offset.push_back(static_cast<int>(packed.size()));
      packed.insert(packed.end(), ids.begin(), ids.end());
    }
    const int N = static_cast<int>(packed.size());
    packed.insert(packed.end(), offset.begin(), offset.end());
    packed.insert(packed.end(), lengths_.begin(), lengths_.end());
    int* d_ids = ids_.get<int>(packed.size());
    check(cudaMemcpy(d_ids, packed.data(), packed.size() * sizeof(int), cudaMemcpyHostToDevice), "copy ids");
    d_offset_ = d_ids + N;
    d_length_ = d_offset_ + U;
    rows_ = N;
    float* x = x_.get<float>(size_t(N) * E);
    embedding_kernel<<<dim3(N, blocks(E, 128)), 128>>>(p("enc.embed"), E, d_ids, N, x);
    if (c_.context > 0) {  // x += features W_ctx^T; the features packed like the ids
      const int C = c_.context;
      std::vector<float> features;
      features.reserve(size_t(N) * C);
      for (const auto& f : context) features.insert(features.end(), f.begin(), f.end());
      float* d_features = context_.get<float>(size_t(N) * (C + E));
      float* projected = d_features + size_t(N) * C;
      check(cudaMemcpy(d_features, features.data(), features.size() * sizeof(float), cudaMemcpyHostToDevice),
            "copy context features");
      gemm(d_features, N, C, p("enc.context_proj"), nullptr, E, projected, true);
      add_kernel<<<blocks(N * E, 256), 256>>>(projected, size_t(N) * E, x);
    }
    float* gi = gi_.get<float>(size_t(2) * N * 3 * H);
    gemm(x, N, E, p("enc.fwd.w_ih"), p("enc.fwd.b_ih"), 3 * H, gi, true);
    gemm(x, N, E, p("enc.bwd.w_ih"), p("enc.bwd.b_ih"), 3 * H, gi + size_t(N) * 3 * H, true);
    float* enc = enc_.get<float>(size_t(N) * K);
    // Two state buffers of [U, 2H] (forward then backward halves), swapped every position.
    float* states = state_.get<float>(size_t(4) * U * H);
    check(cudaMemset(states, 0, sizeof(float) * 2 * U * H), "memset");
    EncoderDirection fwd{gi, p("enc.fwd.w_hh"), p("enc.fwd.b_hh")};
    EncoderDirection bwd{gi + size_t(N) * 3 * H, p("enc.bwd.w_hh"), p("enc.bwd.b_hh")};
    for (int s = 0; s < tokens_; ++s) {
      float* in = states + size_t(s % 2) * 2 * U * H;
      float* out = states + size_t((s + 1) % 2) * 2 * U * H;
      encoder_gru_step_kernel<<<dim3(blocks(H, kWarpsPerBlock), 2, U), kWarpsPerBlock * kWarp, sizeof(float) * H>>>(
          fwd, bwd, d_offset_, d_length_, in, out, enc, H, s);
    }
    // The final states, rows [f after the last word ; b after the first], feed h0 = tanh(W_init . + b).
    float* last = states + size_t(tokens_ % 2) * 2 * U * H;
    float* d_h0 = h_.get<float>(size_t(U) * D);
    rows(last, K, K, p("dec.init.w"), p("dec.init.b"), D, d_h0, D, U, true);
    // The keys, packed like enc: enc W_q, enc W_start, enc W_end ([N,D] each).
    float* keys = keys_.get<float>(size_t(3) * N * D);
    gemm(enc, N, K, p("dec.attn.w_q"), nullptr, D, keys, false);
    gemm(enc, N, K, p("dec.span_start.w"), nullptr, D, keys + size_t(N) * D, false);
    gemm(enc, N, K, p("dec.span_end.w"), nullptr, D, keys + size_t(2) * N * D, false);
    check(cudaGetLastError(), "encoder launch");
    h0.resize(size_t(U) * D);
    check(cudaMemcpy(h0.data(), d_h0, sizeof(float) * U * D, cudaMemcpyDeviceToHost), "copy h0");
  }

  void step_batch(int B, const int* owner, const int* prev, const int* parent, float* h_host, float* logits,
                  float* start, float* end) override {
    const int D = c_.decoder, K = c_.enc_dim(), V = c_.output_vocab, W = tokens_, N = rows_;
    // In: owner, prev, parent [B] ints, h [B,D]. Out: logits [B,V], spans [B,2W], h [B,D].
    const size_t ints = 3 * size_t(B), in_bytes = sizeof(int) * ints + sizeof(float) * size_t(B) * D;
    const size_t out_floats = size_t(B) * (V + 2 * W + D);
    char* host_in = pinned_in_.get<char>(in_bytes);
    int* host_ints = reinterpret_cast<int*>(host_in);
    if (owner) std::memcpy(host_ints, owner, sizeof(int) * B);
    else std::fill(host_ints, host_ints + B, 0);
    std::memcpy(host_ints + B, prev, sizeof(int) * B);
    std::memcpy(host_ints + 2 * B, parent, sizeof(int) * B);
    std::memcpy(host_in + sizeof(int) * ints, h_host, sizeof(float) * B * D);
    char* dev_in = in_.get<char>(in_bytes);
    check(cudaMemcpy(dev_in, host_in, in_bytes, cudaMemcpyHostToDevice), "copy step input");
    const int* d_owner = reinterpret_cast<const int*>(dev_in);
    const float* d_h = reinterpret_cast<const float*>(dev_in + sizeof(int) * ints);

    float* out = out_.get<float>(out_floats);
    float* d_logits = out;
    float* d_spans = out + size_t(B) * V;
    float* d_hnew = d_spans + size_t(B) * 2 * W;
    float* hc = hc_.get<float>(size_t(B) * (D + K));
    float* o = o_.get<float>(size_t(B) * D);
    const float* enc = enc_.get<float>(size_t(N) * K);
    const float* keys = keys_.get<float>(size_t(3) * N * D);
    const int threads = kWarpsPerBlock * kWarp;

    decoder_gru_kernel<<<dim3(blocks(D, kWarpsPerBlock), B), threads, sizeof(float) * D>>>(
        d_owner + B, d_owner + 2 * B, prev_gi_.get<float>(0), parent_gi_.get<float>(0), p("dec.gru.w_hh"),
        p("dec.gru.b_hh"), d_h, hc, D + K, d_hnew, D);
    attention_kernel<<<B, threads, sizeof(float) * (D + W)>>>(d_owner, d_offset_, d_length_, keys, enc, hc, D + K, D,
                                                              K, 1.0f / std::sqrt(static_cast<float>(K)));
    rows(hc, D + K, D + K, p("dec.comb.w"), p("dec.comb.b"), D, o, D, B, true);
    rows(o, D, D, p("dec.out.w"), p("dec.out.b"), V, d_logits, V, B, false);
    span_kernel<<<dim3(blocks(2 * W, kWarpsPerBlock), B), threads, sizeof(float) * D>>>(
        d_owner, d_offset_, d_length_, o, keys + size_t(N) * D, keys + size_t(2) * N * D, d_spans, D, W);
    check(cudaGetLastError(), "step launch");

    float* host_out = pinned_out_.get<float>(out_floats);
    check(cudaMemcpy(host_out, out, sizeof(float) * out_floats, cudaMemcpyDeviceToHost), "copy step output");
    std::memcpy(logits, host_out, sizeof(float) * B * V);
    const float* spans = host_out + size_t(B) * V;
    for (int b = 0; b < B; ++b) {
      std::memcpy(start + size_t(b) * W, spans + size_t(b) * 2 * W, sizeof(float) * W);
      std::memcpy(end + size_t(b) * W, spans + size_t(b) * 2 * W + W, sizeof(float) * W);
    }
    std::memcpy(h_host, spans + size_t(B) * 2 * W, sizeof(float) * B * D);
  }

 private:
  void gemm(const float* A, int M, int Kd, const float* Bm, const float* bias, int N, float* C, bool trans_b) {
    dim3 grid(blocks(N, kTile), blocks(M, kTile)), block(kTile, kTile);
    gemm_kernel<<<grid, block>>>(A, Bm, bias, C, M, N, Kd, trans_b);
  }
  void rows(const float* x, int x_stride, int n_in, const float* W, const float* bias, int N, float* out,
            int out_stride, int B, bool tanh_act) {
    rows_kernel<<<dim3(blocks(N, kWarpsPerBlock), B), kWarpsPerBlock * kWarp, sizeof(float) * n_in>>>(
        x, x_stride, n_in, W, bias, N, out, out_stride, tanh_act);
  }
  float* p(const std::string& name) { return params_.at(name).get<float>(0); }

  std::shared_ptr<const ParserWeights> w_;
  ModelConfig c_;
  std::string device_;
  std::map<std::string, Buffer> params_;
  Buffer prev_gi_, parent_gi_;  // [V, 3D] per model
  Buffer ids_, x_, gi_, enc_, state_, keys_;  // per encode: ids_ also holds offsets and lengths
  Buffer context_;                            // per encode: context features [N,C], then projected [N,E]
  const int* d_offset_ = nullptr;             // [U] first packed row of each utterance (inside ids_)
  const int* d_length_ = nullptr;             // [U] its length (inside ids_)
  int rows_ = 0;                              // packed rows: the sum of the lengths
  Buffer in_, out_, h_, hc_, o_;              // per step
  PinnedBuffer pinned_in_, pinned_out_;
};

}  // namespace

std::unique_ptr<Engine> make_cuda_engine(std::shared_ptr<const ParserWeights> w, std::string* why) {
  DeviceInfo info = query_devices();
  if (info.device_count == 0) {
    if (why) *why = info.status;
    return nullptr;
  }
  try {
    return std::make_unique<CudaEngine>(std::move(w), info.first_device_name);
  } catch (const std::exception& e) {
    if (why) *why = e.what();
    return nullptr;
  }
}

}  // namespace plank::neural
