#include "neural/parser/model.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "neural/binary_io.h"
#include "support/json_integer.h"
#include "neural/parser/dataset.h"
#include "neural/parser/form_builder.h"

namespace plank::neural {

size_t TensorSpec::numel() const {
  size_t n = 1;
  for (int d : shape) n *= static_cast<size_t>(d);
  return n;
}

std::vector<TensorSpec> parameter_specs(const ModelConfig& c) {
  const int E = c.embed, H = c.hidden, D = c.decoder, F = c.out_embed, V = c.output_vocab, H2 = c.enc_dim();
  std::vector<TensorSpec> specs = {
      {"enc.embed", {c.input_vocab, E}},
      {"enc.fwd.w_ih", {3 * H, E}}, {"enc.fwd.w_hh", {3 * H, H}}, {"enc.fwd.b_ih", {3 * H}}, {"enc.fwd.b_hh", {3 * H}},
      {"enc.bwd.w_ih", {3 * H, E}}, {"enc.bwd.w_hh", {3 * H, H}}, {"enc.bwd.b_ih", {3 * H}}, {"enc.bwd.b_hh", {3 * H}},
      {"dec.init.w", {D, H2}}, {"dec.init.b", {D}},
      {"dec.embed", {V, F}}, {"dec.parent_embed", {V, F}},
      {"dec.gru.w_ih", {3 * D, F}}, {"dec.gru.w_hh", {3 * D, D}}, {"dec.gru.b_ih", {3 * D}}, {"dec.gru.b_hh", {3 * D}},
      {"dec.attn.w_q", {H2, D}},
      {"dec.comb.w", {D, D + H2}}, {"dec.comb.b", {D}},
      {"dec.out.w", {V, D}}, {"dec.out.b", {V}},
      {"dec.span_start.w", {H2, D}}, {"dec.span_end.w", {H2, D}},
  };
  if (c.context > 0) specs.push_back({"enc.context_proj", {E, c.context}});
  return specs;
}

InputVocab::InputVocab(int normalisation) : normalisation_(normalisation) {
  add("<pad>");
  add("<unk>");
}

namespace {
bool all_digits(std::string_view w, std::string_view also) {
  bool digit = false;
  for (char ch : w) {
    if (std::isdigit(static_cast<unsigned char>(ch))) digit = true;
    else if (also.find(ch) == std::string_view::npos) return false;
  }
  return digit && std::isdigit(static_cast<unsigned char>(w.front())) && std::isdigit(static_cast<unsigned char>(w.back()));
}
}  // namespace

std::string InputVocab::key(std::string_view token) const {
  std::string w = normalize_word(token);
  if (normalisation_ < 2 || w.empty()) return w;
  if (all_digits(w, ",.")) return "<num>";
  if (all_digits(w, "x") && w.find('x') != std::string::npos) return "<dims>";
  return w;
}

int InputVocab::find(const std::string& key, int limit) const {
  auto it = ids_.find(key);
  return it == ids_.end() || it->second >= limit ? kUnk : it->second;
}

int InputVocab::add(const std::string& word) {
  auto [it, inserted] = ids_.emplace(word, static_cast<int>(words_.size()));
  if (inserted) words_.push_back(word);
  return it->second;
}

// The key, then (normalisation 2) its fallbacks, among ids below `limit`.
int InputVocab::lookup(std::string k, int limit) const {
  int id = find(k, limit);
  if (id != kUnk || normalisation_ < 2) return id;
  // Fallbacks for words training never saw in this form.
  size_t cut = k.find_last_not_of("?!.,;:'\"`");
  if (cut != std::string::npos && cut + 1 < k.size()) {
    k = key(k.substr(0, cut + 1));
    if ((id = find(k, limit)) != kUnk) return id;
  }
  if (k.size() > 3 && k.back() == 's') return find(k.substr(0, k.size() - 1), limit);
  return kUnk;
}

bool InputVocab::trained(const std::string& word) const { return lookup(key(word), trained_words()) != kUnk; }

int InputVocab::id(const std::string& word) const {
  std::string k = key(word);
  int id = lookup(k, trained_words());
  if (id == kUnk && trained_words() < size()) id = lookup(k, size());
  return id;
}

const Tensor& ParserWeights::at(const std::string& name) const {
  auto it = tensors.find(name);
  if (it == tensors.end()) throw std::out_of_range("parser weights have no tensor '" + name + "'");
  return it->second;
}

void ParserWeights::allocate() {
  tensors.clear();
  for (const auto& s : parameter_specs(config)) tensors[s.name] = Tensor{s.shape, std::vector<float>(s.numel(), 0.f)};
}

std::string ParserWeights::check() const {
  if (output_vocab != OutVocab::grammar().tokens())
    return "the weights were trained for a different grammar table (output vocabulary differs); retrain";
  if (config.input_vocab != input_vocab.size()) return "input vocabulary size does not match the config";
  for (const auto& s : parameter_specs(config)) {
    auto it = tensors.find(s.name);
    if (it == tensors.end()) return "missing tensor '" + s.name + "'";
    if (it->second.shape != s.shape || it->second.data.size() != s.numel())
      return "tensor '" + s.name + "' has the wrong shape";
  }
  return {};
}

namespace {
constexpr char kMagic[8] = {'P', 'L', 'N', 'K', 'P', 'R', 'S', '2'};
constexpr char kMagicV1[8] = {'P', 'L', 'N', 'K', 'P', 'R', 'S', '1'};  // no dtype byte, all f32
constexpr uint8_t kF32 = 0, kF16 = 1;
constexpr const char* kEmbedding = "enc.embed";

nlohmann::json config_json(const ModelConfig& c) {
  nlohmann::json j = {{"input_vocab", c.input_vocab}, {"output_vocab", c.output_vocab}, {"embed", c.embed},
                      {"hidden", c.hidden},           {"decoder", c.decoder},           {"out_embed", c.out_embed}};
  if (c.context > 0) j["context"] = c.context;  // absent before session 9: files stay byte-identical
  return j;
}

}  // namespace

uint16_t float_to_half(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  const uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000u);
  const uint32_t exp = (x >> 23) & 0xFFu, man = x & 0x7FFFFFu;
  if (exp == 0xFF) return static_cast<uint16_t>(sign | 0x7C00u | (man ? 0x200u : 0u));  // inf, NaN
  const int e = static_cast<int>(exp) - 127 + 15;
  if (e >= 31) return static_cast<uint16_t>(sign | 0x7C00u);  // overflow to infinity
  if (e <= 0) {                                                // subnormal or zero
    if (e < -10) return sign;
    const uint32_t m = man | 0x800000u;
    const int shift = 14 - e;
    uint32_t h = m >> shift, rest = m & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rest > half || (rest == half && (h & 1u))) ++h;
    return static_cast<uint16_t>(sign | h);
  }
  uint32_t h = (static_cast<uint32_t>(e) << 10) | (man >> 13), rest = man & 0x1FFFu;
  if (rest > 0x1000u || (rest == 0x1000u && (h & 1u))) ++h;  // may carry into the exponent: still right
  return static_cast<uint16_t>(sign | h);
}

float half_to_float(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16, exp = (h >> 10) & 0x1Fu, man = h & 0x3FFu;
  uint32_t x;
  if (exp == 0x1F) x = sign | 0x7F800000u | (man << 13);
  else if (exp != 0) x = sign | ((exp - 15 + 127) << 23) | (man << 13);
  else if (man == 0) x = sign;
  else {  // subnormal: normalise
    int e = -1;
    uint32_t m = man;
    do {
      ++e;
      m <<= 1;
    } while (!(m & 0x400u));
    x = sign | (static_cast<uint32_t>(127 - 15 - e) << 23) | ((m & 0x3FFu) << 13);
  }
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

void round_embedding_to_storage(ParserWeights& w) {
  if (!w.half_embedding) return;
  auto it = w.tensors.find(kEmbedding);
  if (it == w.tensors.end()) return;
  for (float& x : it->second.data) x = half_to_float(float_to_half(x));
}

bool save_weights(const ParserWeights& w, const std::string& path, std::string* error) {
  nlohmann::json meta;
  meta["config"] = config_json(w.config);
  meta["input_vocab"] = w.input_vocab.words();
  meta["input_normalisation"] = w.input_vocab.normalisation();
  if (w.input_vocab.trained_words() < w.input_vocab.size()) meta["trained_words"] = w.input_vocab.trained_words();
  meta["output_vocab"] = w.output_vocab;
  if (w.config.context > 0) {
    meta["context_encoder"] = w.context_encoder;
    meta["context_fingerprint"] = w.context_fingerprint;
  }
  meta["training"] = nlohmann::json::parse(w.training_json, nullptr, false);
  std::string m = meta.dump();
  std::string out(kMagic, 8);
  put<uint32_t>(out, static_cast<uint32_t>(m.size()));
  out += m;
  put<uint32_t>(out, static_cast<uint32_t>(w.tensors.size()));
  for (const auto& [name, t] : w.tensors) {
    put<uint16_t>(out, static_cast<uint16_t>(name.size()));
    out += name;
    put<uint8_t>(out, static_cast<uint8_t>(t.shape.size()));
    for (int d : t.shape) put<uint32_t>(out, static_cast<uint32_t>(d));
    if (w.half_embedding && name == kEmbedding) {
      put<uint8_t>(out, kF16);
      for (float x : t.data) put<uint16_t>(out, float_to_half(x));
    } else {
      put<uint8_t>(out, kF32);
      out.append(reinterpret_cast<const char*>(t.data.data()), t.data.size() * sizeof(float));
    }
  }
  std::ofstream f(path, std::ios::binary);
  if (!f || !f.write(out.data(), static_cast<std::streamsize>(out.size()))) {
    if (error) *error = "cannot write " + path;
    return false;
  }
  return true;
}

bool load_weights(const std::string& path, ParserWeights& w, std::string* error) {
  auto fail = [&](const std::string& why) {
    if (error) *error = path + ": " + why;
    return false;
  };
  std::ifstream f(path, std::ios::binary);
  if (!f) return fail("cannot open the weights file (train one with `plank train parser`)");
  // One read of the whole file (a character iterator took a few ms for the 7.6 MB model).
  f.seekg(0, std::ios::end);
  const std::streamoff file_size = f.tellg();
  if (file_size < 0) return fail("cannot read the weights file");
  f.seekg(0);
  std::string s(static_cast<size_t>(file_size), '\0');
  if (!f.read(s.data(), file_size)) return fail("cannot read the weights file");
  if (s.size() < 8) return fail("not a Plank parser weights file");
  const bool v1 = std::memcmp(s.data(), kMagicV1, 8) == 0;
  if (!v1 && std::memcmp(s.data(), kMagic, 8) != 0) {
    if (std::memcmp(s.data(), kMagic, 7) == 0) return fail("a newer weights format than this plank reads; rebuild plank");
    return fail("not a Plank parser weights file");
  }
  ByteReader r{s, 8};
  w.half_embedding = false;  // set again below when the file stores the embedding in binary16
  uint32_t mlen = r.get<uint32_t>();
  auto meta = nlohmann::json::parse(r.bytes(mlen), nullptr, false);
  if (!r.ok || meta.is_discarded() || !meta.is_object()) return fail("corrupt metadata");
  try {
    const auto& c = meta.at("config");
    w.config.input_vocab = c.at("input_vocab");
    w.config.output_vocab = c.at("output_vocab");
    w.config.embed = c.at("embed");
    w.config.hidden = c.at("hidden");
    w.config.decoder = c.at("decoder");
    w.config.out_embed = c.at("out_embed");
    w.config.context = c.value("context", 0);
    if (w.config.context > 0) {
      w.context_encoder = meta.at("context_encoder").get<std::string>();
      w.context_fingerprint = meta.at("context_fingerprint").get<std::string>();
    }
    int normalisation = meta.contains("input_normalisation") ? json_int(meta["input_normalisation"], "input_normalisation") : 1;
    if (normalisation < 1 || normalisation > InputVocab::kLatestNormalisation)
      return fail("input normalisation version " + std::to_string(normalisation) +
                  " is newer than this plank understands; rebuild plank");
    w.input_vocab = InputVocab(normalisation);
    const auto& words = meta.at("input_vocab");
    for (size_t i = 2; i < words.size(); ++i) w.input_vocab.add(words[i].get<std::string>());
    if (meta.contains("trained_words")) {
      int n = json_int(meta.at("trained_words"), "trained_words");
      if (n < 2 || n > w.input_vocab.size()) return fail("\"trained_words\" is outside the input vocabulary");
      w.input_vocab.set_trained_words(n);
    }
    w.output_vocab = meta.at("output_vocab").get<std::vector<std::string>>();
    w.training_json = meta.contains("training") ? meta["training"].dump() : "{}";
  } catch (const std::exception& e) {
    return fail(std::string("bad metadata: ") + e.what());
  }
  for (int v : {w.config.input_vocab, w.config.output_vocab, w.config.embed, w.config.hidden, w.config.decoder,
                w.config.out_embed, std::max(1, w.config.context)})
    if (v <= 0 || v > (1 << 20)) return fail("implausible model dimensions");
  uint32_t n = r.get<uint32_t>();
  w.tensors.clear();
  for (uint32_t i = 0; i < n && r.ok; ++i) {
    uint16_t len = r.get<uint16_t>();
    std::string name = r.bytes(len);
    uint8_t rank = r.get<uint8_t>();
    Tensor t;
    size_t count = 1;
    for (uint8_t d = 0; d < rank && r.ok; ++d) {
      t.shape.push_back(static_cast<int>(r.get<uint32_t>()));
      count *= static_cast<size_t>(t.shape.back());
      if (count > (size_t{1} << 30)) return fail("tensor '" + name + "' is implausibly large");
    }
    uint8_t dtype = v1 ? kF32 : r.get<uint8_t>();
    if (dtype != kF32 && dtype != kF16) return fail("tensor '" + name + "' has an unknown value type");
    std::string raw = r.bytes(count * (dtype == kF16 ? sizeof(uint16_t) : sizeof(float)));
    if (!r.ok) break;
    t.data.resize(count);
    if (dtype == kF16) {
      for (size_t k = 0; k < count; ++k) {
        uint16_t h;
        std::memcpy(&h, raw.data() + 2 * k, 2);
        t.data[k] = half_to_float(h);
      }
      if (name == kEmbedding) w.half_embedding = true;
    } else {
      std::memcpy(t.data.data(), raw.data(), raw.size());
    }
    w.tensors[name] = std::move(t);
  }
  if (!r.ok) return fail("truncated");
  if (std::string why = w.check(); !why.empty()) return fail(why);
  return true;
}

}  // namespace plank::neural
