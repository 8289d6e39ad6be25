// Built when nvcc is not available: there is no CUDA engine.
#include "neural/parser/engine.h"

namespace plank::neural {

std::unique_ptr<Engine> make_cuda_engine(std::shared_ptr<const ParserWeights>, std::string* why) {
  if (why) *why = "built without CUDA (nvcc not found at configure time)";
  return nullptr;
}

}  // namespace plank::neural
