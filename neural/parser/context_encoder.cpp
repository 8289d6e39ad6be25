#include "neural/parser/context_encoder.h"

#include <map>
#include <mutex>
#include <unordered_map>

#include "neural/kernels/kernels_cpu.h"
#include "neural/parser/dataset.h"
#include "neural/text/use_encoder.h"

namespace plank::neural {
namespace {

// Universal Sentence Encoder lite: the mean of each word's pieces' final-layer states.
class UseLiteFeatures final : public ContextEncoder {
 public:
  explicit UseLiteFeatures(std::unique_ptr<UseEncoder> use) : use_(std::move(use)) {}
  const std::string& name() const override { return name_; }
  const std::string& fingerprint() const override { return use_->fingerprint(); }
  int dim() const override { return UseEncoder::kDim; }
  std::vector<float> word_features(const std::vector<std::string>& tokens) const override {
    std::vector<std::string> words;
    words.reserve(tokens.size());
    for (const auto& t : tokens) words.push_back(normalize_word(t));
    std::vector<float> f = use_->word_states(words);
    cpu::layer_norm(f.data(), static_cast<int>(words.size()), UseEncoder::kDim, nullptr, nullptr, 1e-6f, f.data());
    return f;
  }

 private:
  std::unique_ptr<UseEncoder> use_;
  std::string name_ = "use-lite";
};

class Remembering final : public ContextEncoder {
 public:
  explicit Remembering(std::shared_ptr<const ContextEncoder> e) : e_(std::move(e)) {}
  const std::string& name() const override { return e_->name(); }
  const std::string& fingerprint() const override { return e_->fingerprint(); }
  int dim() const override { return e_->dim(); }
  std::vector<float> word_features(const std::vector<std::string>& tokens) const override {
    std::string key;
    for (const auto& t : tokens) key.append(t).push_back('\0');
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (auto it = seen_.find(key); it != seen_.end()) return it->second;
    }
    std::vector<float> f = e_->word_features(tokens);
    std::lock_guard<std::mutex> lock(mutex_);
    seen_.emplace(std::move(key), f);
    return f;
  }

 private:
  std::shared_ptr<const ContextEncoder> e_;
  mutable std::mutex mutex_;
  mutable std::unordered_map<std::string, std::vector<float>> seen_;
};

}  // namespace

std::shared_ptr<const ContextEncoder> remembering(std::shared_ptr<const ContextEncoder> encoder) {
  return std::make_shared<Remembering>(std::move(encoder));
}

std::shared_ptr<const ContextEncoder> load_context_encoder(const std::string& name, std::string* error) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const ContextEncoder>> loaded;
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = loaded.find(name); it != loaded.end()) return it->second;
  if (name != "use-lite") {
    if (error) *error = "unknown context encoder '" + name + "' (this plank knows use-lite)";
    return nullptr;
  }
  std::string why;
  auto use = UseEncoder::load(default_use_dir(), &why);
  if (!use) {
    if (error)
      *error = "the parser model reads Universal Sentence Encoder lite features: " + why +
               " (run `make use-model`, or set PLANK_USE_MODEL to its folder)";
    return nullptr;
  }
  auto e = std::make_shared<UseLiteFeatures>(std::move(use));
  loaded[name] = e;
  return e;
}

std::shared_ptr<const ContextEncoder> context_encoder_for(const ParserWeights& w, std::string* error) {
  auto e = load_context_encoder(w.context_encoder, error);
  if (!e) return nullptr;
  if (e->fingerprint() != w.context_fingerprint) {
    if (error)
      *error = "the parser model was trained with " + w.context_encoder + " weights " + w.context_fingerprint +
               " but " + default_use_dir() + " holds " + e->fingerprint() +
               " (retrain, or fetch the weights it was trained with)";
    return nullptr;
  }
  if (e->dim() != w.config.context) {
    if (error)
      *error = "the parser model expects " + std::to_string(w.config.context) + " context features, " +
               w.context_encoder + " gives " + std::to_string(e->dim());
    return nullptr;
  }
  return e;
}

}  // namespace plank::neural
