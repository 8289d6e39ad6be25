// Text -> logical form: the trained weights, an engine (CPU or CUDA), and a
// beam search whose every step is constrained by the grammar (FormBuilder),
// so each returned form passes `plank check`. A Parser may hold several
// independently trained models (an ensemble, ensemble.h): each keeps its own
// vocabulary, encoder and decoder state, and their next-decision and span
// distributions are combined at every beam step.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compiler/lf/value.h"
#include "neural/parser/calibration.h"
#include "neural/parser/context_encoder.h"
#include "neural/parser/engine.h"
#include "neural/parser/ensemble.h"
#include "neural/parser/model.h"

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

// The longest command the parser reads, in words. The CAIP data's longest
// is 29; a beam step's span search is quadratic in the words (20,000 words
// once took 2.5 GB and 16 s), so a longer one is refused before any work:
// the parse() intrinsic raises ValueError, `plank parse` and `:parse` say so,
// data sets skip the line, and the Parser itself returns no parse for it.
inline constexpr size_t kMaxCommandWords = 256;

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
  // One model of an ensemble: its weights (and so its input vocabulary) and engine.
  struct Member {
    std::shared_ptr<const ParserWeights> weights;
    std::unique_ptr<Engine> engine;
    // The features' encoder of a model with config.context > 0 (found by the
    // constructor when null: context_encoder_for).
    std::shared_ptr<const ContextEncoder> context = nullptr;
  };

  // Loads a model (a weights file, a comma list of them, or an ensemble
  // description: ensemble.h) and picks the engine ("auto", "cpu", "cuda").
  // nullptr with *error (naming the file at fault) on failure. The calibration
  // side file is used when it was fitted for this model.
  static std::unique_ptr<Parser> load(const std::string& model, const std::string& engine, std::string* error);
  Parser(std::shared_ptr<const ParserWeights> w, std::unique_ptr<Engine> e);
  // An ensemble (at least one member); every member's output vocabulary is the grammar's.
  // Both constructors throw std::invalid_argument when a member cannot be used
  // (another grammar, or the context encoder it reads is missing).
  Parser(std::vector<Member> members, Combine combine);

  // Best first. Empty for an empty utterance (no tokens), one longer than
  // kMaxCommandWords, and an unconstrained decode whose output is not a logical form.
  std::vector<Parse> parse(const std::string& text, const ParseOptions& options = {});
  std::vector<Parse> parse_tokens(const std::vector<std::string>& tokens, const ParseOptions& options = {});
  // Several utterances decoded together: one encode for all and, at every
  // step, one engine step for the live hypotheses of all of them, so the
  // matrix products see a batch (what makes a GPU, and the CPU's BLAS, pay
  // off). Each result is parse_tokens()'s for that utterance. Constrained
  // decoding only; with options.constrained false each is decoded alone.
  std::vector<std::vector<Parse>> parse_batch(const std::vector<std::vector<std::string>>& utterances,
                                              const ParseOptions& options = {});

  size_t members() const { return members_.size(); }
  Combine combine() const { return combine_; }
  const ParserWeights& weights(size_t member = 0) const { return *members_.at(member).weights; }
  Engine& engine(size_t member = 0) { return *members_.at(member).engine; }
  std::vector<int> input_ids(const std::vector<std::string>& tokens, size_t member = 0) const;
  // nullptr: confidence is exp(log_prob).
  const Calibration* calibration() const { return calib_ ? &*calib_ : nullptr; }
  void set_calibration(std::optional<Calibration> c) { calib_ = std::move(c); }
  // Why the side file was not used ("" when it was, or when there is none).
  const std::string& calibration_note() const { return calib_note_; }

 private:
  struct Scratch {
    std::vector<float> h, logits, start, end;
  };
  // Every member encodes the utterances; rows [U, state_] of the members'
  // initial states side by side.
  std::vector<float> encode(const std::vector<std::vector<std::string>>& utterances);
  // Every member's decoder step for B hypotheses of the encoded utterances
  // (owner[b], null: the first); h is [B, state_], updated in place; W is the
  // longest utterance (the width of the span rows).
  void step(int B, const int* owner, const int* prev, const int* parent, std::vector<float>& h, int W);
  // Hypothesis b's combined log-probabilities over the first n entries of the
  // last step's logits (n = V, mask may be null) or start / end rows (n = the
  // owner's length, rows W wide, no mask), into out[n].
  enum class Head { Decision, Start, End };
  void log_probs(Head head, int b, int n, int W, const uint8_t* mask, float* out);
  std::vector<Parse> parse_unconstrained(const std::vector<std::string>& tokens, const ParseOptions& options);

  std::vector<Member> members_;
  std::vector<int> offset_;  // each member's slice of a hypothesis's state
  int state_ = 0;
  Combine combine_ = Combine::MeanProb;
  std::vector<Scratch> scratch_;
  std::optional<Calibration> calib_;
  std::string calib_note_;
};

// Parses of many token lists, `batch` at a time through Parser::parse_batch
// (the evaluation, calibration and training-validation loop), in order.
std::vector<std::vector<Parse>> parse_many(Parser& parser, const std::vector<std::vector<std::string>>& utterances,
                                           const ParseOptions& options, int batch = 32);

// The default model: $PLANK_PARSER_MODEL (any form resolve_model accepts), else models/parser.bin
// of the installed data or of the source tree (support/data_paths.h).
std::string default_model_path();

}  // namespace plank::neural
