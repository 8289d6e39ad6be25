// Text -> logical form: the trained weights, an engine (CPU or CUDA), and a
// beam search whose every step is constrained by the grammar (FormBuilder),
// so each returned form passes `plank check`.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "engine.h"
#include "lf/value.h"
#include "model.h"

namespace plank::neural {

struct Parse {
  lf::Value form;
  float log_prob = 0.f;    // sum of the decisions' log-probabilities
  float confidence = 0.f;  // exp(log_prob): the model's probability of this parse
};

struct ParseOptions {
  int beam = 1;       // 1 = greedy
  int n_best = 1;     // how many parses to return (at most beam)
  int max_steps = 120;
};

class Parser {
 public:
  // Loads weights and picks the engine ("auto", "cpu", "cuda"). nullptr with *error on failure.
  static std::unique_ptr<Parser> load(const std::string& weights_path, const std::string& engine, std::string* error);
  Parser(std::shared_ptr<const ParserWeights> w, std::unique_ptr<Engine> e);

  // Best first. Empty only for an empty utterance (no tokens).
  std::vector<Parse> parse(const std::string& text, const ParseOptions& options = {});
  std::vector<Parse> parse_tokens(const std::vector<std::string>& tokens, const ParseOptions& options = {});

  const ParserWeights& weights() const { return *w_; }
  Engine& engine() { return *e_; }
  std::vector<int> input_ids(const std::vector<std::string>& tokens) const;

 private:
  std::shared_ptr<const ParserWeights> w_;
  std::unique_ptr<Engine> e_;
};

// The default weights: $PLANK_PARSER_MODEL, else models/parser.bin next to the sources.
std::string default_model_path();

}  // namespace plank::neural
