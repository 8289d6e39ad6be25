// Any bytes as what the Universal Sentence Encoder lite reads (use_encoder.h):
// the text its SentencePiece tokenizer segments, and its model.json (the
// TF.js graph and weights manifest) beside a small weight shard and
// vocabulary. A text always gives ids inside the vocabulary; a model.json is
// refused with a reason or loads into an encoder that runs, never a crash.
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "neural/text/use_encoder.h"
#include "neural/text/use_tokenizer.h"

namespace {

const plank::neural::UseTokenizer& tokenizer() {
  static const plank::neural::UseTokenizer t({{"<unk>", 0}, {"<s>", 0}, {"</s>", 0}, {"x1", 0}, {"x2", 0}, {"x3", 0},
                                              {"\u2581", -2}, {"\u2581the", -3}, {"\u2581build", -5}, {"e", -4},
                                              {"a", -4}, {"s", -3.5}, {"ing", -5}, {"\u00e9", -8}, {"\u2581\u00e9t", -9},
                                              {"\U0001F600", -10}, {".", -3}, {",", -3.2}});
  return t;
}

void write(const std::string& path, const std::string& bytes) { std::ofstream(path, std::ios::binary) << bytes; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace plank::neural;
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  for (int id : tokenizer().encode(bytes))
    if (id < 0 || id >= 18) std::abort();

  static const std::string dir = "/tmp/plank_fuzz_use_" + std::to_string(::getpid());
  static bool made = [] {
    std::filesystem::create_directories(dir);
    write(dir + "/group1-shard1of1", std::string(4096, '\0'));
    write(dir + "/vocab.json", R"([["<unk>",0],["<s>",0],["</s>",0],["a",0],["b",0],["c",0],["\u2581a",-1]])");
    return true;
  }();
  (void)made;
  write(dir + "/model.json", bytes);
  std::string error;
  auto use = UseEncoder::load(dir, &error);
  if (!use) {
    if (error.empty()) std::abort();
    return 0;
  }
  if (use->word_states({"a", "b"}).size() != 2u * UseEncoder::kDim) std::abort();
  return 0;
}
