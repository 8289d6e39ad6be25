// The horizon predictor on the CPU kernels: the goal embedding gathered beside each input row,
// three products (cpu::linear: AVX2 gemv at batch 1 for the small layers, CBLAS otherwise) and two
// ReLUs.
#include <stdexcept>
#include <vector>

#include "neural/engine_choice.h"
#include "neural/horizon/engine.h"
#include "neural/kernels/kernels_cpu.h"

namespace plank::neural {
namespace {

class CpuHorizonEngine final : public HorizonEngine {
 public:
  explicit CpuHorizonEngine(std::shared_ptr<const HorizonWeights> w) : w_(std::move(w)) {}
  std::string name() const override { return "cpu"; }

  void predict(int batch, const float* inputs, const int* goals, float* out) override {
    const HorizonConfig& c = w_->config;
    const int in = c.input(), wide = in + c.embed;
    x_.resize(static_cast<size_t>(batch) * wide);
    for (int b = 0; b < batch; ++b) {
      if (goals[b] < 0 || goals[b] >= c.goals) throw std::out_of_range("horizon: goal id outside the model's table");
      float* row = x_.data() + static_cast<size_t>(b) * wide;
      std::copy(inputs + static_cast<size_t>(b) * in, inputs + static_cast<size_t>(b + 1) * in, row);
      cpu::embedding(p("goal_embedding"), c.embed, goals + b, 1, row + in);
    }
    h1_.resize(static_cast<size_t>(batch) * c.hidden1);
    h2_.resize(static_cast<size_t>(batch) * c.hidden2);
    cpu::linear(x_.data(), batch, wide, p("l1.weight"), p("l1.bias"), c.hidden1, h1_.data());
    cpu::relu_inplace(h1_.data(), static_cast<int>(h1_.size()));
    cpu::linear(h1_.data(), batch, c.hidden1, p("l2.weight"), p("l2.bias"), c.hidden2, h2_.data());
    cpu::relu_inplace(h2_.data(), static_cast<int>(h2_.size()));
    cpu::linear(h2_.data(), batch, c.hidden2, p("out.weight"), p("out.bias"), 1, out);
  }

 private:
  const float* p(const char* name) const { return w_->at(name).data.data(); }
  std::shared_ptr<const HorizonWeights> w_;
  std::vector<float> x_, h1_, h2_;
};

}  // namespace

std::unique_ptr<HorizonEngine> make_cpu_engine(std::shared_ptr<const HorizonWeights> w) {
  return std::make_unique<CpuHorizonEngine>(std::move(w));
}

std::unique_ptr<HorizonEngine> make_engine(std::shared_ptr<const HorizonWeights> w, const std::string& which, std::string* why) {
  return choose_engine<HorizonEngine, HorizonWeights>(std::move(w), which, why, &make_cpu_engine, &make_cuda_engine);
}

}  // namespace plank::neural
