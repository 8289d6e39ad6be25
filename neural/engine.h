// The parser's forward pass behind one interface, with a CPU implementation
// (kernels_cpu) and a CUDA one (kernels_cuda.cu) chosen at run time by
// make_engine(): CUDA when query_devices() reports a GPU, else the CPU.
// Decoding (beam search, grammar masks) is written once above this.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "model.h"

namespace plank::neural {

class Engine {
 public:
  virtual ~Engine() = default;
  virtual std::string name() const = 0;
  // Encodes one utterance (input-vocabulary ids, at least one) and returns the
  // decoder's initial state h0 [D]. The encoding stays inside the engine.
  virtual void encode(const std::vector<int>& ids, std::vector<float>& h0) = 0;
  // One decoder step for `batch` hypotheses of the encoded utterance:
  // prev[batch], parent[batch] token ids; h[batch,D] is read and updated;
  // writes token logits[batch,V] and span start/end logits[batch,T].
  virtual void step(int batch, const int* prev, const int* parent, float* h, float* logits, float* start,
                    float* end) = 0;
  int tokens() const { return tokens_; }

 protected:
  int tokens_ = 0;
};

std::unique_ptr<Engine> make_cpu_engine(std::shared_ptr<const ParserWeights> w);
// nullptr (with *why) when not built with CUDA or no device is usable.
std::unique_ptr<Engine> make_cuda_engine(std::shared_ptr<const ParserWeights> w, std::string* why);
// "auto" (CUDA if a device is present), "cpu" or "cuda".
std::unique_ptr<Engine> make_engine(std::shared_ptr<const ParserWeights> w, const std::string& which, std::string* why);

// The teacher-forced forward of one example, for agreement tests and
// benchmarks: logits[S,V], start/end[S,T] for the given step inputs.
struct ForcedOutput {
  std::vector<float> logits, start, end;
};
ForcedOutput forced_forward(Engine& e, const std::vector<int>& ids, const std::vector<int>& prev,
                            const std::vector<int>& parent, int decoder_dim, int vocab);

}  // namespace plank::neural
