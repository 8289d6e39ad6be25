// `plank eval iglu`: a builder over the data set's examples, one turn each
// from the example's initial world, scored with both F1s (eval/f1.h), by
// clear/unclear. The clarification figures are the clarification model's
// (roles/clarifier.h, eval/clarify_eval.h) when one is given, with the
// question ranking (MRR, recall@10) and the baselines; without one they read
// the builder's own decision (it asked = it judged the instruction unclear)
// and the ranking is absent (null in the JSON).
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "agents/iglu/roles/builder.h"
#include "agents/iglu/eval/clarify_eval.h"
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
  std::optional<double> mrr, recall_at_10;  // null without a question ranker
  std::optional<ClarifyEvaluation> model;    // set when the figures are a clarification model's
};

struct IgluEvaluation {
  F1Means all, clear, unclear;
  // The error analysis: by what the instruction asked for (eval/instruction_kind.h), and
  // the instructions that place things relative to what exists (of any kind).
  std::vector<std::pair<std::string, F1Means>> by_kind;  // in kInstructionKinds' order
  F1Means relative;
  ClarifyFigures clarify;
  int built = 0, asked = 0, disregarded = 0, no_reply = 0;
  double seconds = 0;
};

// The clarification model's figures replace the builder's own.
void use_clarifier_figures(IgluEvaluation& e, const ClarifyEvaluation& c);

using EvalProgress = std::function<void(int done, int total)>;

IgluEvaluation evaluate_builder(Builder& builder, const std::vector<Example>& examples, const TurnOptions& options,
                                const EvalProgress& progress = {});

// {"f1", "f1_evaluator", "examples", "by_clear": {"clear": {...}, "unclear": {...}},
//  "by_kind": {"single block": {...}, ..., "relative reference": {...}},
//  "clarify": {"accuracy", "f1_unclear", "mrr", "recall_at_10"}, "outcomes": {...}}
std::string evaluation_json(const IgluEvaluation& e);
std::string evaluation_text(const IgluEvaluation& e);

}  // namespace plank::iglu
