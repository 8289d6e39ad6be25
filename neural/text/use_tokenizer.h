// The SentencePiece tokenizer of the Universal Sentence Encoder lite
// (use_encoder.h), as tfjs-models implements it
// (@tensorflow-models/universal-sentence-encoder 1.3.3,
// dist/tokenizer/index.js and trie.js): a Viterbi search over the pieces'
// scores, not the sentencepiece library. The encoder's weights were trained on
// SentencePiece's own segmentation; this one is what the reference (TF.js)
// produces, and matching the reference id for id is what lets the tests check
// the forward pass to 1e-4.
#pragma once
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace plank::neural {

class UseTokenizer {
 public:
  struct Entry {
    std::string piece;  // UTF-8
    double score;       // log probability
  };
  // vocab.json's entries in order; an entry's index is its id.
  explicit UseTokenizer(const std::vector<Entry>& vocabulary);
  // Ids exactly as tfjs-models' Tokenizer.encode(text).
  std::vector<int> encode(std::string_view text) const;

 private:
  struct Piece {
    double score;
    int id;
  };
  // The JavaScript works on UTF-16 code units, so pieces are keyed by them too.
  std::unordered_map<std::u16string, Piece> pieces_;
  std::vector<int> length_;  // each vocabulary entry's length in UTF-16 code units
  size_t longest_ = 0;       // the longest piece, in code units
};

}  // namespace plank::neural
