// Small models with random weights: decoding through the grammar must give
// valid forms whatever the weights, so tests need no trained model.
#pragma once
#include <random>
#include <string>
#include <vector>

#include "neural/parser/form_builder.h"
#include "neural/parser/model.h"

namespace plank::neural::test {

inline const std::vector<std::string>& small_vocabulary() {
  static const std::vector<std::string> words{"build", "a", "red", "cube", "go", "left", "the", "tree"};
  return words;
}

// words: the input vocabulary after <pad> and <unk>; decoder: its state size
// (ensembles mix members of different vocabularies and sizes).
inline ParserWeights small_random_weights(uint64_t seed, const std::vector<std::string>& words = small_vocabulary(),
                                          int decoder = 10) {
  ParserWeights w;
  for (const auto& word : words) w.input_vocab.add(word);
  w.config.input_vocab = w.input_vocab.size();
  w.config.output_vocab = OutVocab::grammar().size();
  w.config.embed = 8;
  w.config.hidden = 6;
  w.config.decoder = decoder;
  w.config.out_embed = 4;
  w.output_vocab = OutVocab::grammar().tokens();
  w.allocate();
  std::mt19937 rng(static_cast<unsigned>(seed));
  std::uniform_real_distribution<float> u(-0.5f, 0.5f);
  for (auto& [name, t] : w.tensors)
    for (float& x : t.data) x = u(rng);
  return w;
}

}  // namespace plank::neural::test
