// Built when nvcc is not available: there is no CUDA horizon engine.
#include "neural/horizon/engine.h"

namespace plank::neural {

std::unique_ptr<HorizonEngine> make_cuda_engine(std::shared_ptr<const HorizonWeights>, std::string* why) {
  if (why) *why = "built without CUDA (nvcc not found at configure time)";
  return nullptr;
}

}  // namespace plank::neural
