// The clarification figures of a Clarifier over a data set: accuracy and F1
// of the unclear class beside the majority-class baseline (never ask: every
// instruction judged clear), and the question ranking's MRR and recall@10
// over the unclear examples' qbank candidates beside two baselines, a random
// order (its expectation, exactly) and word overlap (Jaccard of the content
// words). Ties count as their expectation under a random order, for every
// ranker alike.
#pragma once
#include <string>
#include <vector>

#include "agents/iglu/eval/dataset.h"
#include "agents/iglu/eval/question_bank.h"
#include "agents/iglu/roles/clarifier.h"

namespace plank::iglu {

struct RankingFigures {
  int examples = 0;
  double mrr = 0, recall_at_10 = 0;
};

struct ClarifyEvaluation {
  int examples = 0, unclear = 0, judged_unclear = 0;
  double accuracy = 0, f1_unclear = 0;
  double never_ask_accuracy = 0;  // never ask: F1 of the unclear class 0
  RankingFigures ranking, random, overlap;
};

// The rank figures of one ordering by `scores` (higher first) when the right
// candidate is `gold`: the reciprocal rank and recall@10, ties as their expectation.
RankingFigures rank_of(const std::vector<double>& scores, size_t gold);

ClarifyEvaluation evaluate_clarifier(const Clarifier& clarifier, const std::vector<Example>& examples,
                                     const QuestionBank& bank);

}  // namespace plank::iglu
