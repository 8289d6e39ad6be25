// Text -> logical form: the trained weights, an engine (CPU or CUDA), and a
// beam search whose every step is constrained by the grammar (FormBuilder),
// so each returned form passes `plank check`.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "calibration.h"
#include "engine.h"
#include "lf/value.h"
#include "model.h"

namespace plank::neural {

struct Parse {
  lf::Value form;
  float log_prob = 0.f;    // sum of the decisions' log-probabilities
  // The probability that this parse is exactly right: calibrated (calibration.h)
  // when the weights have a calibration side file, else exp(log_prob).
  float confidence = 0.f;
  float model_probability = 0.f;  // exp(log_prob): the model's own probability of the decisions
  bool calibrated = false;
  // Whether a caller that can ask the speaker should (confidence below kAskBelowConfidence).
  bool should_ask() const { return confidence < kAskBelowConfidence; }
};

struct ParseOptions {
  int beam = 1;       // 1 = greedy
  int n_best = 1;     // how many parses to return (at most beam)
  int max_steps = 120;
  // false: the plain baseline's decoding (docs/neural-parser.md, "Baseline"):
  // greedy, the arg-max over every decision token and independent arg-max span
  // ends, assembled by FormBuilder; a sequence that does not assemble into a
  // form (a token the grammar has no place for, a span ending before it starts,
  // no end within max_steps) gives no parse. beam/n_best are ignored.
  bool constrained = true;
};

class Parser {
 public:
  // Loads weights and picks the engine ("auto", "cpu", "cuda"). nullptr with *error on failure.
  // The calibration side file (calibration_path) is used when it was fitted for these weights.
  static std::unique_ptr<Parser> load(const std::string& weights_path, const std::string& engine, std::string* error);
  Parser(std::shared_ptr<const ParserWeights> w, std::unique_ptr<Engine> e);

  // Best first. Empty for an empty utterance (no tokens), and for an
  // unconstrained decode whose output is not a logical form.
  std::vector<Parse> parse(const std::string& text, const ParseOptions& options = {});
  std::vector<Parse> parse_tokens(const std::vector<std::string>& tokens, const ParseOptions& options = {});

  const ParserWeights& weights() const { return *w_; }
  Engine& engine() { return *e_; }
  std::vector<int> input_ids(const std::vector<std::string>& tokens) const;
  // nullptr: confidence is exp(log_prob).
  const Calibration* calibration() const { return calib_ ? &*calib_ : nullptr; }
  void set_calibration(std::optional<Calibration> c) { calib_ = std::move(c); }
  // Why the side file was not used ("" when it was, or when there is none).
  const std::string& calibration_note() const { return calib_note_; }

 private:
  std::vector<Parse> parse_unconstrained(const std::vector<std::string>& tokens, const ParseOptions& options);
  std::shared_ptr<const ParserWeights> w_;
  std::unique_ptr<Engine> e_;
  std::optional<Calibration> calib_;
  std::string calib_note_;
};

// The default weights: $PLANK_PARSER_MODEL, else models/parser.bin next to the sources.
std::string default_model_path();

}  // namespace plank::neural
