// The forward pass on Plank's CUDA kernels: a tiled matrix-product kernel for
// every linear layer, attention and span product, and fused element-wise
// kernels (embedding gather, GRU gate update, row softmax, tanh, concat) that
// use kernel_math.h, the formulas the CPU path runs. Weights are uploaded
// once per engine; any CUDA error makes the engine report itself unusable.
#include <cuda_runtime.h>

#include <cmath>
#include <map>
#include <stdexcept>

#include "device.h"
#include "engine.h"
#include "kernel_math.h"

namespace plank::neural {
namespace {

constexpr int kTile = 16;

// C[M,N] = A[M,K] op(B) (+ bias[N]); op(B) = B^T for B stored [N,K] (trans_b), else B stored [K,N].
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

__global__ void embedding_kernel(const float* table, int dim, const int* ids, int n, float* out, bool add) {
  int i = blockIdx.x, j = threadIdx.x + blockIdx.y * blockDim.x;
  if (i >= n || j >= dim) return;
  float v = table[static_cast<size_t>(ids[i]) * dim + j];
  out[static_cast<size_t>(i) * dim + j] = add ? out[static_cast<size_t>(i) * dim + j] + v : v;
}

__global__ void gru_update_kernel(const float* gi, const float* gh, int batch, int H, float* h) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= batch * H) return;
  int b = idx / H, j = idx % H;
  const float* i3 = gi + static_cast<size_t>(b) * 3 * H;
  const float* h3 = gh + static_cast<size_t>(b) * 3 * H;
  h[idx] = math::gru_unit(i3[j], i3[H + j], i3[2 * H + j], h3[j], h3[H + j], h3[2 * H + j], h[idx]);
}

// Copies h[H] into row t of dst[T, stride] at column offset.
__global__ void place_row_kernel(const float* h, int H, float* dst, int stride, int t, int offset) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < H) dst[static_cast<size_t>(t) * stride + offset + j] = h[j];
}

__global__ void tanh_kernel(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = tanhf(x[i]);
}

// One block per row: x <- softmax(scale * x).
__global__ void softmax_rows_kernel(float* x, int n, float scale) {
  __shared__ float red[256];
  float* row = x + static_cast<size_t>(blockIdx.x) * n;
  float m = -INFINITY;
  for (int i = threadIdx.x; i < n; i += blockDim.x) m = fmaxf(m, row[i] * scale);
  red[threadIdx.x] = m;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) red[threadIdx.x] = fmaxf(red[threadIdx.x], red[threadIdx.x + s]);
    __syncthreads();
  }
  m = red[0];
  __syncthreads();
  float sum = 0.f;
  for (int i = threadIdx.x; i < n; i += blockDim.x) sum += (row[i] = expf(row[i] * scale - m));
  red[threadIdx.x] = sum;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) red[threadIdx.x] += red[threadIdx.x + s];
    __syncthreads();
  }
  float inv = 1.0f / red[0];
  for (int i = threadIdx.x; i < n; i += blockDim.x) row[i] *= inv;
}

// hc[b] = [h[b] ; ctx[b]]
__global__ void concat_kernel(const float* h, int D, const float* ctx, int K, int batch, float* hc) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= batch * (D + K)) return;
  int b = idx / (D + K), j = idx % (D + K);
  hc[idx] = j < D ? h[static_cast<size_t>(b) * D + j] : ctx[static_cast<size_t>(b) * K + (j - D)];
}

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    cudaGetLastError();
    throw std::runtime_error(std::string("CUDA ") + what + ": " + cudaGetErrorString(e));
  }
}

int blocks(int n, int t) { return (n + t - 1) / t; }

class Buffer {
 public:
  Buffer() = default;
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  ~Buffer() {
    if (p_) cudaFree(p_);
  }
  template <typename T>
  T* get(size_t n) {
    size_t bytes = n * sizeof(T);
    if (bytes > cap_) {
      if (p_) cudaFree(p_);
      p_ = nullptr;
      check(cudaMalloc(&p_, bytes), "malloc");
      cap_ = bytes;
    }
    return static_cast<T*>(p_);
  }

 private:
  void* p_ = nullptr;
  size_t cap_ = 0;
};

class CudaEngine final : public Engine {
 public:
  explicit CudaEngine(std::shared_ptr<const ParserWeights> w, std::string device)
      : w_(std::move(w)), c_(w_->config), device_(std::move(device)) {
    for (const auto& [name, t] : w_->tensors) {
      float* d = params_[name].get<float>(t.data.size());
      check(cudaMemcpy(d, t.data.data(), t.data.size() * sizeof(float), cudaMemcpyHostToDevice), "upload");
    }
  }
  std::string name() const override { return "cuda (" + device_ + ")"; }

  void encode(const std::vector<int>& ids, std::vector<float>& h0) override {
    const int T = static_cast<int>(ids.size()), E = c_.embed, H = c_.hidden, K = c_.enc_dim(), D = c_.decoder;
    tokens_ = T;
    int* d_ids = ids_.get<int>(ids.size());
    check(cudaMemcpy(d_ids, ids.data(), ids.size() * sizeof(int), cudaMemcpyHostToDevice), "copy ids");
    float* x = x_.get<float>(static_cast<size_t>(T) * E);
    embedding_kernel<<<dim3(T, blocks(E, 128)), 128>>>(p("enc.embed"), E, d_ids, T, x, false);
    float* enc = enc_.get<float>(static_cast<size_t>(T) * K);
    float* gi = gi_.get<float>(static_cast<size_t>(T) * 3 * H);
    float* gh = gh_.get<float>(3 * static_cast<size_t>(H));
    float* h = h_.get<float>(static_cast<size_t>(H));
    for (int dir = 0; dir < 2; ++dir) {
      std::string pre = dir == 0 ? "enc.fwd." : "enc.bwd.";
      gemm(x, T, E, p(pre + "w_ih"), p(pre + "b_ih"), 3 * H, gi, true);
      check(cudaMemset(h, 0, sizeof(float) * H), "memset");
      for (int s = 0; s < T; ++s) {
        int t = dir == 0 ? s : T - 1 - s;
        gemm(h, 1, H, p(pre + "w_hh"), p(pre + "b_hh"), 3 * H, gh, true);
        gru_update_kernel<<<blocks(H, 128), 128>>>(gi + static_cast<size_t>(t) * 3 * H, gh, 1, H, h);
        place_row_kernel<<<blocks(H, 128), 128>>>(h, H, enc, K, t, dir * H);
      }
    }
    // h0 = tanh(W_init [f_last ; b_first] + b): gather the two halves into one row.
    float* last = q_.get<float>(static_cast<size_t>(K));
    check(cudaMemcpy(last, enc + static_cast<size_t>(T - 1) * K, sizeof(float) * H, cudaMemcpyDeviceToDevice), "copy");
    check(cudaMemcpy(last + H, enc + H, sizeof(float) * H, cudaMemcpyDeviceToDevice), "copy");
    float* d_h0 = o_.get<float>(static_cast<size_t>(D));
    gemm(last, 1, K, p("dec.init.w"), p("dec.init.b"), D, d_h0, true);
    tanh_kernel<<<blocks(D, 128), 128>>>(d_h0, D);
    h0.resize(static_cast<size_t>(D));
    check(cudaMemcpy(h0.data(), d_h0, sizeof(float) * D, cudaMemcpyDeviceToHost), "copy h0");
  }

  void step(int B, const int* prev, const int* parent, float* h_host, float* logits, float* start,
            float* end) override {
    const int F = c_.out_embed, D = c_.decoder, K = c_.enc_dim(), V = c_.output_vocab, T = tokens_;
    int* d_tok = ids2_.get<int>(2 * static_cast<size_t>(B));
    check(cudaMemcpy(d_tok, prev, sizeof(int) * B, cudaMemcpyHostToDevice), "copy prev");
    check(cudaMemcpy(d_tok + B, parent, sizeof(int) * B, cudaMemcpyHostToDevice), "copy parent");
    float* h = h_.get<float>(static_cast<size_t>(B) * D);
    check(cudaMemcpy(h, h_host, sizeof(float) * B * D, cudaMemcpyHostToDevice), "copy h");
    float* u = x_.get<float>(static_cast<size_t>(B) * F);
    embedding_kernel<<<dim3(B, blocks(F, 128)), 128>>>(p("dec.embed"), F, d_tok, B, u, false);
    embedding_kernel<<<dim3(B, blocks(F, 128)), 128>>>(p("dec.parent_embed"), F, d_tok + B, B, u, true);
    float* gi = gi_.get<float>(static_cast<size_t>(B) * 3 * D);
    float* gh = gh_.get<float>(static_cast<size_t>(B) * 3 * D);
    gemm(u, B, F, p("dec.gru.w_ih"), p("dec.gru.b_ih"), 3 * D, gi, true);
    gemm(h, B, D, p("dec.gru.w_hh"), p("dec.gru.b_hh"), 3 * D, gh, true);
    gru_update_kernel<<<blocks(B * D, 128), 128>>>(gi, gh, B, D, h);
    float* q = q_.get<float>(static_cast<size_t>(B) * K);
    float* att = att_.get<float>(static_cast<size_t>(B) * T);
    float* ctx = ctx_.get<float>(static_cast<size_t>(B) * K);
    const float* enc = enc_.get<float>(static_cast<size_t>(T) * K);
    gemm(h, B, D, p("dec.attn.w_q"), nullptr, K, q, true);
    gemm(q, B, K, enc, nullptr, T, att, true);
    softmax_rows_kernel<<<B, 256>>>(att, T, 1.0f / std::sqrt(static_cast<float>(K)));
    gemm(att, B, T, enc, nullptr, K, ctx, false);
    float* hc = hc_.get<float>(static_cast<size_t>(B) * (D + K));
    concat_kernel<<<blocks(B * (D + K), 128), 128>>>(h, D, ctx, K, B, hc);
    float* o = o_.get<float>(static_cast<size_t>(B) * D);
    gemm(hc, B, D + K, p("dec.comb.w"), p("dec.comb.b"), D, o, true);
    tanh_kernel<<<blocks(B * D, 128), 128>>>(o, B * D);
    float* lg = out_.get<float>(static_cast<size_t>(B) * (V + 2 * T));
    gemm(o, B, D, p("dec.out.w"), p("dec.out.b"), V, lg, true);
    gemm(o, B, D, p("dec.span_start.w"), nullptr, K, q, true);
    gemm(q, B, K, enc, nullptr, T, lg + static_cast<size_t>(B) * V, true);
    gemm(o, B, D, p("dec.span_end.w"), nullptr, K, q, true);
    gemm(q, B, K, enc, nullptr, T, lg + static_cast<size_t>(B) * (V + T), true);
    check(cudaGetLastError(), "kernel launch");
    check(cudaMemcpy(logits, lg, sizeof(float) * B * V, cudaMemcpyDeviceToHost), "copy logits");
    check(cudaMemcpy(start, lg + static_cast<size_t>(B) * V, sizeof(float) * B * T, cudaMemcpyDeviceToHost), "copy");
    check(cudaMemcpy(end, lg + static_cast<size_t>(B) * (V + T), sizeof(float) * B * T, cudaMemcpyDeviceToHost), "copy");
    check(cudaMemcpy(h_host, h, sizeof(float) * B * D, cudaMemcpyDeviceToHost), "copy h");
  }

 private:
  void gemm(const float* A, int M, int Kd, const float* Bm, const float* bias, int N, float* C, bool trans_b) {
    dim3 grid(blocks(N, kTile), blocks(M, kTile)), block(kTile, kTile);
    gemm_kernel<<<grid, block>>>(A, Bm, bias, C, M, N, Kd, trans_b);
  }
  float* p(const std::string& name) { return params_.at(name).get<float>(0); }

  std::shared_ptr<const ParserWeights> w_;
  ModelConfig c_;
  std::string device_;
  std::map<std::string, Buffer> params_;
  Buffer ids_, ids2_, x_, enc_, gi_, gh_, h_, q_, att_, ctx_, hc_, o_, out_;
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
