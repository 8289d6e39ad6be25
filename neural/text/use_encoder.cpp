// The Universal Sentence Encoder lite's forward pass, read off its TF.js graph
// (model.json's modelTopology; the numbers in the comments are that graph's
// constants, which load() reads from the weights rather than assuming):
//
//   x    = 2 E[ids] + timing          TransformerStack/Layer_0/add adds the embeddings to
//                                     AddTimingSignal's output, which already holds them
//   per layer (pre-norm):
//   x    = residual(x) + attention(layer_norm(x))   residual: AdjustResidualInput's dense
//                                                   256 -> 512 in layer 0, identity in layer 1
//   x    = x + W2 relu(W1 layer_norm(x) + b1) + b2
//   piece states = x (no final layer norm)
//   embed = l2_normalize(tanh(mean over pieces(x) W + b))
//
// The timing signal is tensor2tensor's get_timing_signal_1d with the graph's own
// inverse timescales (128 of them, 1 down to 1e-4: timescales 1 to 10^4), sin in
// the first 128 channels and cos in the last. Attention has 4 heads in both layers
// (64-d in layer 0, 128-d in layer 1), the queries scaled by 1/sqrt(depth); its
// padding bias never applies to one sentence. ClipToMaxLength keeps the first 128
// pieces.
#include "neural/text/use_encoder.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "neural/kernels/blas.h"
#include "neural/kernels/kernels_cpu.h"
#include "neural/parser/calibration.h"
#include "neural/text/use_tokenizer.h"

namespace plank::neural {

namespace {

constexpr int kEmbedDim = 256;  // module/Embeddings_en: 8002 x 256
constexpr int kFfnDim = 1536;   // FFN/conv1: 512 x 1536
constexpr int kLayers = 2;
constexpr int kVocabularyRows = 8002;

// Where the graph's tensors live (names as the weights manifest spells them).
const std::string kModule = "module/Encoder_en/KonaTransformer/Encode/";
const std::string kApply = "module_apply_default/Encoder_en/";
const std::string kEncode = kApply + "KonaTransformer/Encode/";
const std::string kStack = kEncode + "TransformerStack/";

bool read_file(const std::string& path, std::string& out, std::string* error) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream s;
  if (f) s << f.rdbuf();
  if (!f) {
    *error = "cannot read " + path;
    return false;
  }
  out = std::move(s).str();
  return true;
}

std::string shape_text(const std::vector<int64_t>& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

// y = x W + b (or y += x W + b when accumulating); x rows x in, W in x out, row-major.
void affine(const float* x, int rows, int in, const float* W, const float* b, int out, float* y, bool accumulate) {
  for (int r = 0; r < rows; ++r) {
    float* yr = y + static_cast<size_t>(r) * out;
    if (accumulate) {
      for (int c = 0; c < out; ++c) yr[c] += b[c];
    } else {
      std::memcpy(yr, b, sizeof(float) * out);
    }
  }
  blas::gemm(false, rows, out, in, 1.0f, x, in, W, out, 1.0f, y, out);
}

}  // namespace

// ---- reading model.json, its shards and vocab.json ----

namespace {

struct ManifestEntry {
  size_t offset = 0;  // bytes into the concatenated shards
  std::vector<int64_t> shape;
  std::string dtype;
};

class WeightsReader {
 public:
  WeightsReader(const std::string& model_path, const std::map<std::string, ManifestEntry>& entries,
                const std::vector<float>& weights)
      : path_(model_path), entries_(entries), weights_(weights) {}

  // The float32 tensor `name` of shape `shape`, or nullptr with the first error kept.
  const float* floats(const std::string& name, const std::vector<int64_t>& shape) {
    const ManifestEntry* e = find(name, "float32");
    if (!e) return nullptr;
    if (e->offset % sizeof(float)) return fail("tensor " + name + " is not 4-byte aligned in the shards");
    if (e->shape != shape)
      return fail("tensor " + name + " has shape " + shape_text(e->shape) + ", expected " + shape_text(shape));
    return weights_.data() + e->offset / sizeof(float);
  }
  float scalar(const std::string& name) {
    const float* p = floats(name, {});
    return p ? *p : 0.0f;
  }
  int int_scalar(const std::string& name) {
    const ManifestEntry* e = find(name, "int32");
    if (!e) return 0;
    if (!e->shape.empty()) return fail("tensor " + name + " is not a scalar"), 0;
    int32_t v;
    std::memcpy(&v, weights_.data() + e->offset / sizeof(float), sizeof v);
    return v;
  }
  const std::string& error() const { return error_; }
  std::nullptr_t fail(const std::string& what) {
    if (error_.empty()) error_ = path_ + ": " + what;
    return nullptr;
  }

 private:
  const ManifestEntry* find(const std::string& name, const char* dtype) {
    auto it = entries_.find(name);
    if (it == entries_.end()) return fail("no tensor " + name), nullptr;
    if (it->second.dtype != dtype)
      return fail("tensor " + name + " is " + it->second.dtype + ", expected " + dtype), nullptr;
    return &it->second;
  }
  std::string path_;
  const std::map<std::string, ManifestEntry>& entries_;
  const std::vector<float>& weights_;
  std::string error_;
};

// More than any tensor could hold: a shape beyond it is malformed (and its size would overflow).
constexpr int64_t kMaxTensorBytes = int64_t{1} << 40;

int64_t dtype_bytes(const std::string& dtype) {
  if (dtype == "float32" || dtype == "int32") return 4;
  if (dtype == "bool" || dtype == "uint8" || dtype == "int8") return 1;
  return 0;
}

// Reads the weights manifest's shards into `weights` and indexes its tensors.
// `hash` goes on over the shards' bytes.
bool read_weights(const std::string& dir, const nlohmann::json& model, std::vector<float>& weights,
                  std::map<std::string, ManifestEntry>& entries, Fnv1a64& hash, std::string* error) {
  const std::string model_path = dir + "/model.json";
  const auto& manifest = model.at("weightsManifest");
  std::string bytes;
  for (const auto& group : manifest) {
    const size_t group_start = bytes.size();
    std::vector<std::pair<std::string, size_t>> shards;  // path, size
    for (const auto& p : group.at("paths")) {
      std::string name = p.get<std::string>();
      if (name.empty() || name.find('/') != std::string::npos) {
        *error = model_path + ": shard path \"" + name + "\" is not a file name in the model's folder";
        return false;
      }
      std::string shard;
      if (!read_file(dir + "/" + name, shard, error)) return false;
      shards.emplace_back(dir + "/" + name, shard.size());
      bytes += shard;
    }
    size_t offset = group_start;
    for (const auto& w : group.at("weights")) {
      ManifestEntry e;
      std::string name = w.at("name").get<std::string>();
      e.dtype = w.at("dtype").get<std::string>();
      e.shape = w.at("shape").get<std::vector<int64_t>>();
      if (w.contains("quantization")) {
        *error = model_path + ": tensor " + name + " is quantized, which is not supported";
        return false;
      }
      int64_t size = dtype_bytes(e.dtype);
      if (size == 0) {
        *error = model_path + ": tensor " + name + " has unsupported dtype " + e.dtype;
        return false;
      }
      for (int64_t d : e.shape) {
        if (d < 0 || (d > 0 && size > kMaxTensorBytes / d)) {
          *error = model_path + ": tensor " + name + " has an impossible shape " + shape_text(e.shape);
          return false;
        }
        size *= d;
      }
      e.offset = offset;
      offset += static_cast<size_t>(size);
      if (offset > bytes.size()) {
        // TF.js writes every shard but the last at one size, so a short one before the last is the culprit.
        std::string culprit = shards.empty() ? model_path : shards.back().first;
        for (size_t i = 0; i + 1 < shards.size(); ++i)
          if (shards[i].second != shards[0].second) {
            culprit = shards[i].first;
            break;
          }
        *error = culprit + ": too short: the weights manifest needs " + std::to_string(offset - group_start) +
                 " bytes from this group's shards, which hold " + std::to_string(bytes.size() - group_start);
        return false;
      }
      entries[name] = std::move(e);
    }
    if (offset != bytes.size()) {
      *error = model_path + ": the weights manifest accounts for " + std::to_string(offset - group_start) +
               " bytes of shards that hold " + std::to_string(bytes.size() - group_start);
      return false;
    }
  }
  hash.update(bytes);
  weights.resize((bytes.size() + sizeof(float) - 1) / sizeof(float));
  if (!bytes.empty()) std::memcpy(weights.data(), bytes.data(), bytes.size());
  return true;
}

bool read_vocabulary(const std::string& path, const std::string& text, std::vector<UseTokenizer::Entry>& out,
                     std::string* error) {
  auto json = nlohmann::json::parse(text, nullptr, false);
  if (json.is_discarded() || !json.is_array()) {
    *error = path + ": not a JSON array of [piece, score]";
    return false;
  }
  for (size_t i = 0; i < json.size(); ++i) {
    const auto& e = json[i];
    if (!e.is_array() || e.size() != 2 || !e[0].is_string() || !(e[1].is_number() || e[1].is_null())) {
      *error = path + ": entry " + std::to_string(i) + " is not [piece, score]";
      return false;
    }
    // A few scores are null (NaN in the original); JavaScript's null + x is x, so they count as 0.
    out.push_back({e[0].get<std::string>(), e[1].is_null() ? 0.0 : e[1].get<double>()});
  }
  if (out.empty()) {
    *error = path + ": no pieces";
    return false;
  }
  return true;
}

}  // namespace

struct UseEncoder::Model {
  struct Layer {
    int width = 0;  // of its input: 256 (the embeddings) in layer 0, kDim after
    int heads = 0, head_depth = 0;
    float query_scale = 0;  // MultiheadAttention/mul/y
    const float *attention_norm_scale, *attention_norm_bias;
    const float *qkv, *qkv_bias;                                // width x 3 width: queries, keys, values side by side
    const float *output, *output_bias;                          // width x kDim
    const float *residual = nullptr, *residual_bias = nullptr;  // AdjustResidualInput (layer 0): width x kDim
    const float *ffn_norm_scale, *ffn_norm_bias;
    const float *ffn_in, *ffn_in_bias;    // kDim x kFfnDim
    const float *ffn_out, *ffn_out_bias;  // kFfnDim x kDim
  };
  // One forward's buffers, sized for its pieces.
  struct Workspace {
    explicit Workspace(int rows)
        : rows(rows),
          normed(static_cast<size_t>(rows) * kDim),
          qkv(static_cast<size_t>(rows) * 3 * kDim),
          scores(static_cast<size_t>(rows) * rows),
          context(static_cast<size_t>(rows) * kDim),
          hidden(static_cast<size_t>(rows) * kFfnDim) {}
    int rows;
    std::vector<float> normed, qkv, scores, context, hidden;
  };

  std::vector<float> weights;                 // every shard, concatenated in manifest order
  const float* embeddings = nullptr;          // kVocabularyRows x kEmbedDim
  const float* inverse_timescales = nullptr;  // AddTimingSignal/TimingSignal/ExpandDims_1: kEmbedDim / 2
  float norm_epsilon = 0;                     // layer_norm/Cast/x: 1e-6
  int max_pieces = 0;                         // ClipToMaxLength/Less/y: 128
  Layer layers[kLayers];
  const float *tanh_weights = nullptr, *tanh_bias = nullptr;  // hidden_layers/tanh_layer_0: kDim x kDim
  float l2_epsilon = 0;                                       // l2_normalize/Maximum/y: 1e-12
  std::unique_ptr<UseTokenizer> tokenizer;
  std::string fingerprint;

  // Finds the graph's tensors; false with the reader's error when one is missing or misshapen.
  bool bind(WeightsReader& r) {
    embeddings = r.floats("module/Embeddings_en", {kVocabularyRows, kEmbedDim});
    inverse_timescales = r.floats(kStack + "Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1", {1, kEmbedDim / 2});
    // Every layer_norm/add in the graph reads this one epsilon.
    norm_epsilon = r.scalar(kStack + "Layer_1/TransformerLayer/FFN/layer_prepostprocess/layer_norm/Cast/x");
    max_pieces = r.int_scalar(kApply + "KonaTransformer/ClipToMaxLength/Less/y");
    tanh_weights = r.floats("module/Encoder_en/hidden_layers/tanh_layer_0/weights", {kDim, kDim});
    tanh_bias = r.floats("module/Encoder_en/hidden_layers/tanh_layer_0/bias", {kDim});
    l2_epsilon = r.scalar(kApply + "hidden_layers/l2_normalize/Maximum/y");
    for (int l = 0; l < kLayers; ++l) {
      Layer& L = layers[l];
      const int w = L.width = l == 0 ? kEmbedDim : kDim;
      const std::string n = "Layer_" + std::to_string(l) + "/TransformerLayer/";
      const std::string norm = "layer_prepostprocess/layer_norm/layer_norm_";
      L.attention_norm_scale = r.floats(kEncode + n + norm + "scale/ConcatPartitions/concat", {w});
      L.attention_norm_bias = r.floats(kEncode + n + norm + "bias/ConcatPartitions/concat", {w});
      L.qkv = r.floats(kModule + n + "MultiheadAttention/qkv_transform_single/kernel/part_0", {1, 1, w, 3 * w});
      L.qkv_bias =
          r.floats(kEncode + n + "MultiheadAttention/qkv_transform_single/bias/ConcatPartitions/concat", {3 * w});
      L.output = r.floats(kModule + n + "MultiheadAttention/output_transform_single/kernel/part_0", {1, 1, w, kDim});
      L.output_bias =
          r.floats(kEncode + n + "MultiheadAttention/output_transform_single/bias/ConcatPartitions/concat", {kDim});
      L.query_scale = r.scalar(kStack + n + "MultiheadAttention/mul/y");
      L.head_depth = r.int_scalar(kStack + n + "MultiheadAttention/split_heads/split_last_dimension/Reshape/shape/3");
      if (w != kDim) {
        L.residual = r.floats(kEncode + n + "dense/kernel/ConcatPartitions/concat", {w, kDim});
        L.residual_bias = r.floats(kEncode + n + "dense/bias/ConcatPartitions/concat", {kDim});
      }
      L.ffn_norm_scale = r.floats(kEncode + n + "FFN/" + norm + "scale/ConcatPartitions/concat", {kDim});
      L.ffn_norm_bias = r.floats(kEncode + n + "FFN/" + norm + "bias/ConcatPartitions/concat", {kDim});
      L.ffn_in = r.floats(kStack + n + "FFN/conv1/Tensordot/Reshape_1", {kDim, kFfnDim});
      L.ffn_in_bias = r.floats(kEncode + n + "FFN/conv1/bias/ConcatPartitions/concat", {kFfnDim});
      L.ffn_out = r.floats(kStack + n + "FFN/conv2/Tensordot/Reshape_1", {kFfnDim, kDim});
      L.ffn_out_bias = r.floats(kEncode + n + "FFN/conv2/bias/ConcatPartitions/concat", {kDim});
      if (!r.error().empty()) return false;
      if (L.head_depth <= 0 || w % L.head_depth != 0)
        return r.fail("layer " + std::to_string(l) + "'s head depth " + std::to_string(L.head_depth) +
                      " does not divide its width " + std::to_string(w)),
               false;
      L.heads = w / L.head_depth;
    }
    if (r.error().empty() && max_pieces <= 0) r.fail("ClipToMaxLength keeps " + std::to_string(max_pieces) + " pieces");
    return r.error().empty();
  }

  // x (rows x kEmbedDim) = the layer stack's input.
  void embed_pieces(const int* ids, int rows, float* x) const {
    const int half = kEmbedDim / 2;
    for (int t = 0; t < rows; ++t) {
      if (ids[t] < 0 || ids[t] >= kVocabularyRows)
        throw std::out_of_range("UseEncoder: piece id " + std::to_string(ids[t]) + " is outside the vocabulary");
      const float* e = embeddings + static_cast<size_t>(ids[t]) * kEmbedDim;
      float* xt = x + static_cast<size_t>(t) * kEmbedDim;
      for (int c = 0; c < half; ++c) {
        float angle = static_cast<float>(t) * inverse_timescales[c];
        xt[c] = 2 * e[c] + std::sin(angle);
        xt[c + half] = 2 * e[c + half] + std::cos(angle);
      }
    }
  }

  // y (+)= multi-head self attention of x (rows x L.width), output transform included.
  void attention(const Layer& L, const float* x, Workspace& w, float* y) const {
    const int rows = w.rows, width = L.width, ld = 3 * width, depth = L.head_depth;
    affine(x, rows, width, L.qkv, L.qkv_bias, ld, w.qkv.data(), false);
    for (int h = 0; h < L.heads; ++h) {
      const float* q = w.qkv.data() + h * depth;
      const float* k = q + width;
      const float* v = q + 2 * width;
      blas::gemm(true, rows, rows, depth, L.query_scale, q, ld, k, ld, 0.0f, w.scores.data(), rows);
      cpu::softmax_rows(w.scores.data(), rows, rows, 1.0f);
      blas::gemm(false, rows, depth, rows, 1.0f, w.scores.data(), rows, v, ld, 0.0f, w.context.data() + h * depth,
                 width);
    }
    affine(w.context.data(), rows, width, L.output, L.output_bias, kDim, y, true);
  }

  // out (rows x kDim) = the layer applied to in (rows x L.width); in may be out when the widths agree.
  void layer(const Layer& L, const float* in, float* out, Workspace& w) const {
    const int rows = w.rows;
    cpu::layer_norm(in, rows, L.width, L.attention_norm_scale, L.attention_norm_bias, norm_epsilon, w.normed.data());
    if (L.residual) {
      affine(in, rows, L.width, L.residual, L.residual_bias, kDim, out, false);
    } else if (in != out) {
      std::copy(in, in + static_cast<size_t>(rows) * kDim, out);
    }
    attention(L, w.normed.data(), w, out);
    cpu::layer_norm(out, rows, kDim, L.ffn_norm_scale, L.ffn_norm_bias, norm_epsilon, w.normed.data());
    affine(w.normed.data(), rows, kDim, L.ffn_in, L.ffn_in_bias, kFfnDim, w.hidden.data(), false);
    for (float& v : w.hidden) v = std::max(v, 0.0f);
    affine(w.hidden.data(), rows, kFfnDim, L.ffn_out, L.ffn_out_bias, kDim, out, true);
  }

  // states (rows x kDim) of the first `rows` pieces.
  void forward(const int* ids, int rows, float* states) const {
    Workspace w(rows);
    std::vector<float> x(static_cast<size_t>(rows) * kEmbedDim);
    embed_pieces(ids, rows, x.data());
    layer(layers[0], x.data(), states, w);
    for (int l = 1; l < kLayers; ++l) layer(layers[l], states, states, w);
  }
};

// ---- the interface ----

UseEncoder::UseEncoder(std::unique_ptr<Model> model) : m_(std::move(model)) {}
UseEncoder::~UseEncoder() = default;

std::unique_ptr<UseEncoder> UseEncoder::load(const std::string& dir, std::string* error) {
  std::string scratch;
  if (!error) error = &scratch;
  const std::string model_path = dir + "/model.json", vocabulary_path = dir + "/vocab.json";
  auto m = std::make_unique<Model>();
  std::string text;
  if (!read_file(model_path, text, error)) return nullptr;
  auto model = nlohmann::json::parse(text, nullptr, false);
  if (model.is_discarded()) {
    *error = model_path + ": not valid JSON";
    return nullptr;
  }
  std::map<std::string, ManifestEntry> entries;
  Fnv1a64 hash;
  try {
    if (!read_weights(dir, model, m->weights, entries, hash, error)) return nullptr;
  } catch (const nlohmann::json::exception& e) {
    *error = model_path + ": malformed weights manifest (" + e.what() + ")";
    return nullptr;
  }
  WeightsReader reader(model_path, entries, m->weights);
  if (!m->bind(reader)) {
    *error = reader.error();
    return nullptr;
  }
  std::vector<UseTokenizer::Entry> vocabulary;
  if (!read_file(vocabulary_path, text, error) || !read_vocabulary(vocabulary_path, text, vocabulary, error))
    return nullptr;
  if (vocabulary.size() > static_cast<size_t>(kVocabularyRows)) {
    *error = vocabulary_path + ": " + std::to_string(vocabulary.size()) + " pieces, more than the embedding table's " +
             std::to_string(kVocabularyRows) + " rows";
    return nullptr;
  }
  hash.update(text);
  m->fingerprint = hash.text();
  m->tokenizer = std::make_unique<UseTokenizer>(vocabulary);
  return std::unique_ptr<UseEncoder>(new UseEncoder(std::move(m)));
}

std::vector<int> UseEncoder::tokenize(std::string_view text) const { return m_->tokenizer->encode(text); }

std::vector<float> UseEncoder::piece_states(const std::vector<int>& ids) const {
  std::vector<float> states(ids.size() * kDim, 0.0f);
  const int rows = static_cast<int>(std::min(ids.size(), static_cast<size_t>(m_->max_pieces)));
  if (rows > 0) m_->forward(ids.data(), rows, states.data());
  return states;
}

std::vector<int> UseEncoder::pieces_of(const std::vector<std::string>& words, std::vector<int>* owner) const {
  std::vector<int> ids;
  for (size_t w = 0; w < words.size(); ++w) {
    for (int id : tokenize(words[w])) {
      ids.push_back(id);
      if (owner) owner->push_back(static_cast<int>(w));
    }
  }
  return ids;
}

std::vector<float> UseEncoder::word_states(const std::vector<std::string>& words) const {
  std::vector<int> owner;
  const std::vector<int> ids = pieces_of(words, &owner);
  const std::vector<float> states = piece_states(ids);
  std::vector<float> out(words.size() * kDim, 0.0f);
  std::vector<int> count(words.size(), 0);
  for (size_t k = 0; k < std::min(ids.size(), static_cast<size_t>(m_->max_pieces)); ++k) {
    ++count[owner[k]];
    float* row = out.data() + static_cast<size_t>(owner[k]) * kDim;
    for (int c = 0; c < kDim; ++c) row[c] += states[k * kDim + c];
  }
  for (size_t w = 0; w < words.size(); ++w)
    if (count[w] > 1)
      for (int c = 0; c < kDim; ++c) out[w * kDim + c] /= static_cast<float>(count[w]);
  return out;
}

std::vector<float> UseEncoder::embed(const std::vector<std::string>& words) const {
  const std::vector<int> ids = pieces_of(words, nullptr);
  const std::vector<float> states = piece_states(ids);
  // KonaTransformer/div: the states' mean over the pieces the graph kept (0 when none).
  const size_t rows = std::min(ids.size(), static_cast<size_t>(m_->max_pieces));
  std::vector<float> mean(kDim, 0.0f);
  for (size_t k = 0; k < rows; ++k)
    for (int c = 0; c < kDim; ++c) mean[c] += states[k * kDim + c];
  for (float& v : mean) v /= static_cast<float>(std::max<size_t>(rows, 1));
  std::vector<float> out(kDim);
  affine(mean.data(), 1, kDim, m_->tanh_weights, m_->tanh_bias, kDim, out.data(), false);
  double squares = 0;
  for (float& v : out) {
    v = std::tanh(v);
    squares += static_cast<double>(v) * v;
  }
  const float scale = static_cast<float>(1.0 / std::sqrt(std::max(squares, static_cast<double>(m_->l2_epsilon))));
  for (float& v : out) v *= scale;
  return out;
}

const std::string& UseEncoder::fingerprint() const { return m_->fingerprint; }
int UseEncoder::max_pieces() const { return m_->max_pieces; }

std::string default_use_dir() {
  if (const char* p = std::getenv("PLANK_USE_MODEL"); p && *p) return p;
  const char* home = std::getenv("HOME");
  return std::string(home && *home ? home : ".") + "/.cache/plank/use-lite-0.2.0";
}

}  // namespace plank::neural
