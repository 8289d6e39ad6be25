#include "agents/iglu/eval/evaluation.h"

#include <fmt/format.h>

#include <chrono>
#include <nlohmann/json.hpp>

#include "agents/iglu/eval/f1.h"
#include "agents/iglu/eval/instruction_kind.h"

namespace plank::iglu {
namespace {

void add(F1Means& m, const F1Score& max, const F1Score& ev) {
  ++m.examples;
  m.f1 += max.f1;
  m.f1_evaluator += ev.f1;
}

void finish(F1Means& m) {
  if (m.examples) m.f1 /= m.examples, m.f1_evaluator /= m.examples;
}

nlohmann::json means_json(const F1Means& m) {
  return {{"examples", m.examples}, {"f1", m.f1}, {"f1_evaluator", m.f1_evaluator}};
}

nlohmann::json optional_json(const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); }

}  // namespace

void use_clarifier_figures(IgluEvaluation& e, const ClarifyEvaluation& c) {
  e.clarify.accuracy = c.accuracy;
  e.clarify.f1_unclear = c.f1_unclear;
  e.clarify.mrr = c.ranking.mrr;
  e.clarify.recall_at_10 = c.ranking.recall_at_10;
  e.clarify.model = c;
}

IgluEvaluation evaluate_builder(Builder& builder, const std::vector<Example>& examples, const TurnOptions& options,
                                const EvalProgress& progress) {
  auto start = std::chrono::steady_clock::now();
  auto registry = world::BlockRegistry::builtin();
  IgluEvaluation e;
  for (InstructionKind k : kInstructionKinds) e.by_kind.emplace_back(std::string(kind_name(k)), F1Means{});
  int tp = 0, fp = 0, fn = 0, correct = 0;
  for (size_t i = 0; i < examples.size(); ++i) {
    const Example& ex = examples[i];
    BuildZone zone(registry, ex.initial, options.rules);
    TurnResult turn = run_turn(builder, ex.instruction, zone, options);
    switch (turn.outcome) {
      case TurnResult::Outcome::Built: ++e.built; break;
      case TurnResult::Outcome::Asked: ++e.asked; break;
      case TurnResult::Outcome::Disregarded: ++e.disregarded; break;
      case TurnResult::Outcome::NoReply: ++e.no_reply; break;
    }
    ZoneGrid initial = ZoneGrid::of(ex.initial), target = ZoneGrid::of(ex.target), after = ZoneGrid::of(turn.after);
    F1Score max = iglu_f1(initial, target, after, F1Mode::Max);
    F1Score ev = iglu_f1(initial, target, after, F1Mode::Evaluator);
    add(e.all, max, ev);
    add(ex.clear ? e.clear : e.unclear, max, ev);
    InstructionKind kind = instruction_kind(ex.initial, ex.target);
    for (auto& [name, means] : e.by_kind)
      if (name == kind_name(kind)) add(means, max, ev);
    if (relative_reference(ex.instruction, ex.initial)) add(e.relative, max, ev);
    bool asked = turn.outcome == TurnResult::Outcome::Asked;
    bool unclear = !ex.clear;
    correct += asked == unclear;
    tp += asked && unclear, fp += asked && !unclear, fn += !asked && unclear;
    if (progress) progress(int(i + 1), int(examples.size()));
  }
  finish(e.all), finish(e.clear), finish(e.unclear), finish(e.relative);
  for (auto& [name, means] : e.by_kind) finish(means);
  if (!examples.empty()) e.clarify.accuracy = double(correct) / examples.size();
  e.clarify.f1_unclear = tp ? 2.0 * tp / (2.0 * tp + fp + fn) : 0.0;
  e.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return e;
}

std::string evaluation_json(const IgluEvaluation& e) {
  nlohmann::json j;
  j["f1"] = e.all.f1;
  j["f1_evaluator"] = e.all.f1_evaluator;
  j["examples"] = e.all.examples;
  j["by_clear"] = {{"clear", means_json(e.clear)}, {"unclear", means_json(e.unclear)}};
  for (const auto& [name, means] : e.by_kind) j["by_kind"][name] = means_json(means);
  j["by_kind"]["relative reference"] = means_json(e.relative);
  j["clarify"] = {{"accuracy", e.clarify.accuracy},
                  {"f1_unclear", e.clarify.f1_unclear},
                  {"mrr", optional_json(e.clarify.mrr)},
                  {"recall_at_10", optional_json(e.clarify.recall_at_10)}};
  if (const auto& m = e.clarify.model) {
    j["clarify"]["source"] = "model";
    j["clarify"]["baselines"] = {
        {"never_ask", {{"accuracy", m->never_ask_accuracy}, {"f1_unclear", 0.0}}},
        {"random", {{"mrr", m->random.mrr}, {"recall_at_10", m->random.recall_at_10}}},
        {"word_overlap", {{"mrr", m->overlap.mrr}, {"recall_at_10", m->overlap.recall_at_10}}}};
    j["clarify"]["ranked"] = m->ranking.examples;
  } else {
    j["clarify"]["source"] = "builder";
  }
  j["outcomes"] = {{"built", e.built}, {"asked", e.asked}, {"disregarded", e.disregarded}, {"no_reply", e.no_reply}};
  return j.dump(2);
}

std::string evaluation_text(const IgluEvaluation& e) {
  std::string out = fmt::format("{:<10} {:>8} {:>8} {:>14}\n", "", "examples", "F1", "F1 (evaluator)");
  auto row = [&](const char* name, const F1Means& m) {
    out += fmt::format("{:<10} {:>8} {:>8.3f} {:>14.3f}\n", name, m.examples, m.f1, m.f1_evaluator);
  };
  row("all", e.all);
  row("clear", e.clear);
  row("unclear", e.unclear);
  out += "by what the instruction asked for:\n";
  auto kind_row = [&](const std::string& name, const F1Means& m) {
    out += fmt::format("  {:<18} {:>8} {:>8.3f} {:>14.3f}\n", name, m.examples, m.f1, m.f1_evaluator);
  };
  for (const auto& [name, means] : e.by_kind) kind_row(name, means);
  kind_row("relative reference", e.relative);
  out += fmt::format("outcomes: {} built, {} asked, {} disregarded, {} without a reply\n", e.built, e.asked,
                     e.disregarded, e.no_reply);
  if (const auto& m = e.clarify.model) {
    out += fmt::format("clarification model: accuracy {:.3f} (never ask {:.3f}), F1 of the unclear class {:.3f} (never "
                       "ask 0.000)\n",
                       m->accuracy, m->never_ask_accuracy, m->f1_unclear);
    out += fmt::format("question ranking ({} unclear): MRR {:.3f} (random {:.3f}, word overlap {:.3f}), recall@10 "
                       "{:.3f} (random {:.3f}, word overlap {:.3f})\n",
                       m->ranking.examples, m->ranking.mrr, m->random.mrr, m->overlap.mrr, m->ranking.recall_at_10,
                       m->random.recall_at_10, m->overlap.recall_at_10);
  } else {
    out += fmt::format("clarification (asked = unclear): accuracy {:.3f}, F1 of the unclear class {:.3f}; question "
                       "ranking: no clarification model\n",
                       e.clarify.accuracy, e.clarify.f1_unclear);
  }
  out += "paper (Madge & Poesio, Table 1): GPT-4 0.376, GPT-3.5 0.344, IGLU baseline 0.271, Llama2-70b 0.239\n";
  return out;
}

}  // namespace plank::iglu
