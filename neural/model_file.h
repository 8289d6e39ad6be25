// The project's model file layout, for models other than the parser (whose
// ParserWeights add a vocabulary and binary16 on top, parser/model.h): the
// same little-endian container,
//   8 bytes  magic (one per model kind, e.g. "PLNKCLR1")
//   u32      metadata length M, then M bytes of JSON (the model card, its hyper-parameters)
//   u32      tensor count N, then N times:
//            u16 name length, name bytes, u8 rank, rank x u32 dims, u8 dtype (0 = f32), the values
// so every model of Plank is read the same way and carries its own card.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace plank::neural {

struct ModelTensor {
  std::vector<int> shape;
  std::vector<float> data;
};

struct ModelFile {
  std::string magic;          // exactly 8 bytes
  std::string metadata_json = "{}";
  std::map<std::string, ModelTensor> tensors;
};

bool save_model_file(const ModelFile& m, const std::string& path, std::string* error);
// `magic` is what the caller expects; a file of another kind, a truncated
// one, or a tensor whose data does not fit its shape is refused with a sentence.
bool load_model_file(const std::string& path, const std::string& magic, ModelFile* m, std::string* error);

}  // namespace plank::neural
