// `plank eval iglu`: a builder over the data set's examples, one turn each
// from the example's initial world, scored with both F1s (eval/f1.h), by
// clear/unclear. The clarification figures read the builder's own decision
// (it asked = it judged the instruction unclear); the question ranking (MRR,
// recall@10) needs a ranking model, which does not exist yet, so those are
// absent (null in the JSON).
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "agents/iglu/roles/builder.h"
#include "agents/iglu/eval/dataset.h"
#include "agents/iglu/loop/turn.h"

namespace plank::iglu {

struct F1Means {
  int examples = 0;
  double f1 = 0, f1_evaluator = 0;  // means
};

struct ClarifyFigures {
  double accuracy = 0;   // asked <=> unclear
  double f1_unclear = 0;  // F1 of the unclear class
  std::optional<double> mrr, recall_at_10;  // null until a question ranker exists
};

struct IgluEvaluation {
  F1Means all, clear, unclear;
  ClarifyFigures clarify;
  int built = 0, asked = 0, disregarded = 0, no_reply = 0;
  double seconds = 0;
};

using EvalProgress = std::function<void(int done, int total)>;

IgluEvaluation evaluate_builder(Builder& builder, const std::vector<Example>& examples, const TurnOptions& options,
                                const EvalProgress& progress = {});

// {"f1", "f1_evaluator", "examples", "by_clear": {"clear": {...}, "unclear": {...}},
//  "clarify": {"accuracy", "f1_unclear", "mrr", "recall_at_10"}, "outcomes": {...}}
std::string evaluation_json(const IgluEvaluation& e);
std::string evaluation_text(const IgluEvaluation& e);

}  // namespace plank::iglu
