// The horizon predictor on Plank's CUDA kernels: the weights are uploaded once per engine; a
// prediction is one copy in (the input rows with each goal's embedding beside them, gathered on the
// host: a few KiB), three dense kernels (one warp per output and row, ReLU fused into the first two)
// and one copy out. A CUDA error throws; make_cuda_engine() turns a failing start into "no engine".
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "neural/horizon/engine.h"
#include "neural/kernels/device.h"

namespace plank::neural {
namespace {

constexpr int kWarp = 32;
constexpr int kWarpsPerBlock = 8;

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw std::runtime_error(std::string("CUDA ") + what + ": " + cudaGetErrorString(e));
}

// y[b, j] = W[j, :] . x[b, :] + bias[j] (then max(0, .) when relu), for b < batch, j < out.
__global__ void dense_kernel(const float* x, int batch, int in, const float* W, const float* bias, int out, bool relu,
                             float* y) {
  int j = blockIdx.x * kWarpsPerBlock + threadIdx.x / kWarp, b = blockIdx.y, lane = threadIdx.x % kWarp;
  if (j >= out || b >= batch) return;
  const float* w = W + static_cast<size_t>(j) * in;
  const float* xb = x + static_cast<size_t>(b) * in;
  float s = 0.f;
  for (int k = lane; k < in; k += kWarp) s += w[k] * xb[k];
  for (int o = kWarp / 2; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
  if (lane == 0) {
    float v = s + bias[j];
    y[static_cast<size_t>(b) * out + j] = relu && v < 0.f ? 0.f : v;
  }
}

class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer() {
    if (p_) cudaFree(p_);
  }
  float* get() const { return p_; }
  void reserve(size_t n) {
    if (n <= n_) return;
    if (p_) cudaFree(p_);
    p_ = nullptr;
    check(cudaMalloc(&p_, n * sizeof(float)), "cudaMalloc");
    n_ = n;
  }
  void upload(const std::vector<float>& v) {
    reserve(v.size());
    check(cudaMemcpy(p_, v.data(), v.size() * sizeof(float), cudaMemcpyHostToDevice), "copy to device");
  }

 private:
  float* p_ = nullptr;
  size_t n_ = 0;
};

class CudaHorizonEngine final : public HorizonEngine {
 public:
  CudaHorizonEngine(std::shared_ptr<const HorizonWeights> w, std::string device)
      : w_(std::move(w)), device_(std::move(device)) {
    w1_.upload(w_->at("l1.weight").data);
    b1_.upload(w_->at("l1.bias").data);
    w2_.upload(w_->at("l2.weight").data);
    b2_.upload(w_->at("l2.bias").data);
    w3_.upload(w_->at("out.weight").data);
    b3_.upload(w_->at("out.bias").data);
  }
  std::string name() const override { return "cuda (" + device_ + ")"; }

  void predict(int batch, const float* inputs, const int* goals, float* out) override {
    if (batch <= 0) return;
    const HorizonConfig& c = w_->config;
    const int in = c.input(), wide = in + c.embed;
    const std::vector<float>& emb = w_->at("goal_embedding").data;
    host_.resize(static_cast<size_t>(batch) * wide);
    for (int b = 0; b < batch; ++b) {
      if (goals[b] < 0 || goals[b] >= c.goals) throw std::out_of_range("horizon: goal id outside the model's table");
      float* row = host_.data() + static_cast<size_t>(b) * wide;
      std::copy(inputs + static_cast<size_t>(b) * in, inputs + static_cast<size_t>(b + 1) * in, row);
      std::copy(emb.begin() + static_cast<long>(goals[b]) * c.embed, emb.begin() + static_cast<long>(goals[b] + 1) * c.embed,
                row + in);
    }
    x_.upload(host_);
    h1_.reserve(static_cast<size_t>(batch) * c.hidden1);
    h2_.reserve(static_cast<size_t>(batch) * c.hidden2);
    y_.reserve(static_cast<size_t>(batch));
    auto launch = [&](const DeviceBuffer& x, int n_in, const DeviceBuffer& W, const DeviceBuffer& bias, int n_out,
                      bool relu, DeviceBuffer& y) {
      dim3 grid((n_out + kWarpsPerBlock - 1) / kWarpsPerBlock, batch);
      dense_kernel<<<grid, kWarp * kWarpsPerBlock>>>(x.get(), batch, n_in, W.get(), bias.get(), n_out, relu, y.get());
      check(cudaGetLastError(), "dense kernel");
    };
    launch(x_, wide, w1_, b1_, c.hidden1, true, h1_);
    launch(h1_, c.hidden1, w2_, b2_, c.hidden2, true, h2_);
    launch(h2_, c.hidden2, w3_, b3_, 1, false, y_);
    check(cudaMemcpy(out, y_.get(), static_cast<size_t>(batch) * sizeof(float), cudaMemcpyDeviceToHost), "copy to host");
  }

 private:
  std::shared_ptr<const HorizonWeights> w_;
  std::string device_;
  DeviceBuffer w1_, b1_, w2_, b2_, w3_, b3_, x_, h1_, h2_, y_;
  std::vector<float> host_;
};

}  // namespace

std::unique_ptr<HorizonEngine> make_cuda_engine(std::shared_ptr<const HorizonWeights> w, std::string* why) {
  DeviceInfo info = query_devices();
  if (info.device_count == 0) {
    if (why) *why = info.status;
    return nullptr;
  }
  try {
    return std::make_unique<CudaHorizonEngine>(std::move(w), info.first_device_name);
  } catch (const std::exception& e) {
    if (why) *why = e.what();
    return nullptr;
  }
}

}  // namespace plank::neural
