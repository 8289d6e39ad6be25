#include "agents/iglu/eval/clarify_eval.h"

namespace plank::iglu {

RankingFigures rank_of(const std::vector<double>& scores, size_t gold) {
  size_t greater = 0, equal = 0;
  for (size_t i = 0; i < scores.size(); ++i)
    if (i != gold) greater += scores[i] > scores[gold], equal += scores[i] == scores[gold];
  RankingFigures r;
  r.examples = 1;
  // The right candidate lands at any of ranks greater+1 .. greater+equal+1 with equal chance.
  for (size_t k = 0; k <= equal; ++k) {
    size_t rank = greater + 1 + k;
    r.mrr += 1.0 / double(rank) / double(equal + 1);
    r.recall_at_10 += (rank <= 10 ? 1.0 : 0.0) / double(equal + 1);
  }
  return r;
}

ClarifyEvaluation evaluate_clarifier(const Clarifier& clarifier, const std::vector<Example>& examples,
                                     const QuestionBank& bank) {
  ClarifyEvaluation e;
  int tp = 0, fp = 0, fn = 0, correct = 0;
  auto add = [](RankingFigures& sum, const RankingFigures& one) {
    sum.examples += one.examples, sum.mrr += one.mrr, sum.recall_at_10 += one.recall_at_10;
  };
  for (const Example& ex : examples) {
    bool judged = clarifier.unclear(ex.instruction, ex.initial), unclear = !ex.clear;
    ++e.examples, e.unclear += unclear, e.judged_unclear += judged;
    correct += judged == unclear;
    tp += judged && unclear, fp += judged && !unclear, fn += !judged && unclear;
    if (!unclear || ex.qbank.empty()) continue;
    std::vector<std::string> questions;
    size_t gold = SIZE_MAX;
    for (const auto& id : ex.qbank) {
      auto q = bank.find(id);
      if (q == bank.end()) continue;
      if (id == ex.qrel) gold = questions.size();
      questions.push_back(q->second);
    }
    if (gold == SIZE_MAX) continue;
    InstructionTraits t = instruction_traits(ex.instruction, ex.initial);
    std::vector<double> model(questions.size()), overlap(questions.size()), none(questions.size(), 0.0);
    for (size_t i = 0; i < questions.size(); ++i) {
      model[i] = clarifier.question_score(t, questions[i]);
      overlap[i] = word_overlap(ex.instruction, questions[i]);
    }
    add(e.ranking, rank_of(model, gold));
    add(e.overlap, rank_of(overlap, gold));
    add(e.random, rank_of(none, gold));  // all tied: exactly the expectation of a random order
  }
  if (e.examples) {
    e.accuracy = double(correct) / e.examples;
    e.never_ask_accuracy = double(e.examples - e.unclear) / e.examples;
  }
  e.f1_unclear = tp ? 2.0 * tp / (2.0 * tp + fp + fn) : 0.0;
  for (RankingFigures* r : {&e.ranking, &e.random, &e.overlap})
    if (r->examples) r->mrr /= r->examples, r->recall_at_10 /= r->examples;
  return e;
}

}  // namespace plank::iglu
