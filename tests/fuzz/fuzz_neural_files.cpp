// Any bytes as the files the parser reads besides its data: a weights file
// (load_weights: both formats, binary16 tensors, metadata JSON) and a word
// vectors file (read_pretrained_vectors: GloVe text or wink JSON). Either must
// be refused with a reason or read into something consistent, never crash.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "neural/parser/model.h"
#include "neural/text/pretrained.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace plank::neural;
  static const std::string path = "/tmp/plank_fuzz_neural_" + std::to_string(::getpid());
  if (FILE* f = std::fopen(path.c_str(), "wb")) {
    std::fwrite(data, 1, size, f);
    std::fclose(f);
  } else {
    return 0;
  }
  std::string error;
  ParserWeights w;
  if (load_weights(path, w, &error)) {
    if (!w.check().empty()) std::abort();  // a loaded model is always usable
  } else if (error.empty()) {
    std::abort();
  }
  PretrainedVectors v;
  error.clear();
  if (read_pretrained_vectors(path, 1000, {"house"}, v, &error)) {
    if (v.dim <= 0 || v.data.size() != v.words.size() * static_cast<size_t>(v.dim)) std::abort();
  } else if (error.empty()) {
    std::abort();
  }
  return 0;
}
