// The horizon predictor's forward pass (model.h) behind one interface, on Plank's own kernels:
// a CPU implementation (kernels_cpu: CBLAS / AVX2 products) and a CUDA one (engine_cuda.cu),
// chosen at run time by make_engine() exactly as the parser's engines are (parser/engine.h).
#pragma once
#include <memory>
#include <string>

#include "neural/horizon/model.h"

namespace plank::neural {

class HorizonEngine {
 public:
  virtual ~HorizonEngine() = default;
  virtual std::string name() const = 0;
  // out[b] = the predicted log(1 + ticks) of goal goals[b] from input row b (inputs[batch, input()],
  // encode_horizon_input's rows). A goal id outside the model's table throws std::out_of_range.
  virtual void predict(int batch, const float* inputs, const int* goals, float* out) = 0;
};

std::unique_ptr<HorizonEngine> make_cpu_engine(std::shared_ptr<const HorizonWeights> w);
// nullptr (with *why) when not built with CUDA or no device is usable.
std::unique_ptr<HorizonEngine> make_cuda_engine(std::shared_ptr<const HorizonWeights> w, std::string* why);
// "auto" (CUDA if a device is present), "cpu" or "cuda" (nullptr and *why without a device).
std::unique_ptr<HorizonEngine> make_engine(std::shared_ptr<const HorizonWeights> w, const std::string& which,
                                           std::string* why);

}  // namespace plank::neural
