// The parser model, declared once: its hyper-parameters, every parameter
// tensor's name and shape (parameter_specs), the vocabularies, and the
// weights file both training (libtorch) and inference (Plank's kernels) use.
//
// Architecture (after the CAIP paper's SentenceRec, §5, with a
// grammar-constrained linearised tree decoder):
//   encoder   x_i = word embedding [Vin,E] (+ W_ctx c_i when the model reads
//             contextual word features c_i [C] from a pre-trained sentence
//             encoder, context_encoder.h) -> forward GRU and backward GRU (E->H);
//             enc_i = [f_i ; b_i]  (2H)
//   init      h0 = tanh(W_init [f_last ; b_first] + b_init)            (D)
//   decoder   u_t = E_out[prev_t] + E_parent[parent_t]                  (F)
//             h_t = GRU(u_t, h_{t-1})                                   (D)
//   attention q_t = W_q h_t; a = softmax(enc . q_t / sqrt(2H)); c_t = sum a_i enc_i
//   combine   o_t = tanh(W_c [h_t ; c_t] + b_c)                         (D)
//   heads     token logits  W_o o_t + b_o                               (V)
//             span start_i = enc_i . (W_s o_t), end_i = enc_i . (W_e o_t)
// GRU gates follow PyTorch: rows [r; z; n] of W_ih [3H,in], W_hh [3H,H].
//
// Weights file (little-endian):
//   8 bytes  magic "PLNKPRS2" ("PLNKPRS1": the same without the dtype byte, all f32)
//   u32      metadata length M, then M bytes of JSON: {"config": {...},
//            "input_vocab": [...], "output_vocab": [...], "training": {...}}
//   u32      tensor count N, then N times:
//            u16 name length, name bytes, u8 rank, rank x u32 dims,
//            u8 dtype (0 = f32, 1 = IEEE binary16), prod(dims) values (row-major)
// Loading checks every tensor of parameter_specs(config) is present with its shape.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace plank::neural {

struct ModelConfig {
  int input_vocab = 0;   // Vin, including <pad>=0 and <unk>=1
  int output_vocab = 0;  // V, OutVocab::grammar().size()
  int embed = 64;        // E
  int hidden = 128;      // H, per encoder direction
  int decoder = 256;     // D
  int out_embed = 64;    // F
  // C: width of the contextual word features added to the word embedding
  // through "enc.context_proj" [E,C]; 0 = none (every model before session 9).
  int context = 0;
  int enc_dim() const { return 2 * hidden; }
};

struct TensorSpec {
  std::string name;
  std::vector<int> shape;
  size_t numel() const;
};

// The one list of parameters, in a fixed order.
std::vector<TensorSpec> parameter_specs(const ModelConfig& c);

struct Tensor {
  std::vector<int> shape;
  std::vector<float> data;
};

// Input words. How a token becomes a vocabulary key is versioned (stored in
// the weights as "input_normalisation"; files without it are version 1):
//   1  lower-cased
//   2  lower-cased; numbers ("7", "350", "1,000") become "<num>" and sizes
//      ("4x4x4", "10x10") "<dims>", so numbers never seen in training are
//      familiar; a token still unknown is looked up without trailing
//      punctuation ("build?") and then without a plural "s" ("statues").
class InputVocab {
 public:
  static constexpr int kPad = 0, kUnk = 1;
  static constexpr int kLatestNormalisation = 2;
  explicit InputVocab(int normalisation = kLatestNormalisation);
  int id(const std::string& word) const;  // kUnk when unknown (word is normalised first)
  // Words [0, trained_words()) occurred in the training data; the rest came
  // only from pre-trained vectors (pretrained.h). Lookup prefers a trained
  // word, fallbacks included ("statues" -> trained "statue"), over a vector-only one.
  int trained_words() const { return trained_ < 0 ? size() : trained_; }
  bool trained(const std::string& word) const;  // found among the training words (fallbacks included)
  void set_trained_words(int n) { trained_ = n; }
  int add(const std::string& word);       // adds the word as given (call key() first)
  std::string key(std::string_view token) const;  // the token's vocabulary key
  int size() const { return static_cast<int>(words_.size()); }
  int normalisation() const { return normalisation_; }
  const std::vector<std::string>& words() const { return words_; }

 private:
  int find(const std::string& key, int limit) const;
  int lookup(std::string k, int limit) const;
  int normalisation_;
  int trained_ = -1;
  std::vector<std::string> words_;
  std::unordered_map<std::string, int> ids_;
};

struct ParserWeights {
  ModelConfig config;
  InputVocab input_vocab;
  std::vector<std::string> output_vocab;  // must equal OutVocab::grammar() to be used
  std::map<std::string, Tensor> tensors;
  std::string training_json = "{}";        // provenance: command, data hashes, seed, metrics
  // With config.context > 0: which pre-trained encoder gives the features
  // ("use-lite") and the fingerprint of its weights (context_encoder.h), so a
  // model never reads features from other weights than it was trained with.
  std::string context_encoder, context_fingerprint;
  // Store "enc.embed" as binary16: with pre-trained vectors the vocabulary's
  // rows are most of the file. Call round_embedding_to_storage() before using
  // such weights, so what is evaluated is exactly what is saved.
  bool half_embedding = false;

  const Tensor& at(const std::string& name) const;  // throws std::out_of_range with the name
  // Zero-filled tensors of the right shapes for every spec.
  void allocate();
  // Checks shapes against parameter_specs and the output vocabulary; empty when fine.
  std::string check() const;
};

// Rounds "enc.embed" to binary16 when w.half_embedding (else does nothing).
void round_embedding_to_storage(ParserWeights& w);

// IEEE binary16 conversions (round to nearest even; infinities and NaN kept).
uint16_t float_to_half(float f);
float half_to_float(uint16_t h);

bool save_weights(const ParserWeights& w, const std::string& path, std::string* error);
bool load_weights(const std::string& path, ParserWeights& w, std::string* error);

}  // namespace plank::neural
