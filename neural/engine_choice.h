// The one rule that picks a model's inference engine, shared by every model with a CPU and a CUDA
// engine (the parser's, the horizon predictor's): "cpu" takes the CPU kernels; otherwise the CUDA
// engine when it can be made (a device is present and the build has CUDA); "cuda" without one is an
// error (why says so); "auto" (anything else) falls back to the CPU.
#pragma once
#include <memory>
#include <string>

namespace plank::neural {

template <class Engine, class Weights>
std::unique_ptr<Engine> choose_engine(std::shared_ptr<const Weights> w, const std::string& which, std::string* why,
                                      std::unique_ptr<Engine> (*make_cpu)(std::shared_ptr<const Weights>),
                                      std::unique_ptr<Engine> (*make_cuda)(std::shared_ptr<const Weights>, std::string*)) {
  if (which == "cpu") return make_cpu(std::move(w));
  std::string reason;
  if (auto e = make_cuda(w, &reason)) return e;
  if (which == "cuda") {
    if (why) *why = reason;
    return nullptr;
  }
  return make_cpu(std::move(w));
}

}  // namespace plank::neural
