// The parser's forward pass behind one interface, with a CPU implementation
// (kernels_cpu) and a CUDA one (kernels_cuda.cu) chosen at run time by
// make_engine(): CUDA when query_devices() reports a GPU, else the CPU.
// Decoding (beam search, grammar masks) is written once above this.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "neural/parser/model.h"

namespace plank::neural {

class Engine {
 public:
  virtual ~Engine() = default;
  virtual std::string name() const = 0;
  // Encodes utterances (input-vocabulary ids, at least one each) and returns
  // the decoder's initial states h0 [U,D], one row per utterance in order. The
  // encodings stay inside the engine until the next encode. `context`: for a
  // model reading contextual word features (config.context = C > 0), each
  // utterance's [length x C] features (context_encoder.h); else empty.
  virtual void encode_batch(const std::vector<std::vector<int>>& utterances,
                            const std::vector<std::vector<float>>& context, std::vector<float>& h0) = 0;
  void encode_batch(const std::vector<std::vector<int>>& utterances, std::vector<float>& h0) {
    encode_batch(utterances, {}, h0);
  }
  // One decoder step for `batch` hypotheses; hypothesis b extends utterance
  // owner[b] of the last encode (owner null: all the first). prev[batch] and
  // parent[batch] are token ids; h[batch,D] is read and updated; writes token
  // logits[batch,V] and span start/end logits[batch,tokens()], each row as
  // wide as the longest utterance, positions past the owner's length kMasked.
  virtual void step_batch(int batch, const int* owner, const int* prev, const int* parent, float* h, float* logits,
                          float* start, float* end) = 0;

  // One utterance: encode_batch of one, steps of its hypotheses.
  void encode(const std::vector<int>& ids, std::vector<float>& h0) { encode_batch({ids}, h0); }
  void step(int batch, const int* prev, const int* parent, float* h, float* logits, float* start, float* end) {
    step_batch(batch, nullptr, prev, parent, h, logits, start, end);
  }
  // The longest utterance of the last encode (the width of the span rows).
  int tokens() const { return tokens_; }

 protected:
  // Records the lengths of a new batch of utterances; false if one is empty.
  bool set_lengths(const std::vector<std::vector<int>>& utterances);
  // Throws std::invalid_argument unless `context` is what a model with C
  // context features needs for the utterances of the last set_lengths.
  void check_context(const std::vector<std::vector<float>>& context, int C) const;
  int tokens_ = 0;
  std::vector<int> lengths_;
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
                            const std::vector<int>& parent, int decoder_dim, int vocab,
                            const std::vector<float>& context = {});

}  // namespace plank::neural
