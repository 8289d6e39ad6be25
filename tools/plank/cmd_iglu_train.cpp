// `plank train clarifier --data train.jsonl [--questions question_bank.csv]
//  [--valid valid.jsonl] [--out models/iglu_clarifier.bin]`: trains IGLU's
// clarification models (agents/iglu/roles/clarifier.h: clear/unclear and the
// question ranking) in plain C++ on the CPU in seconds, with a progress bar,
// the training curve as CSV and a model card (in the weights' metadata and in
// OUT.md). With --valid it also prints the figures there against the baselines.
#include <fmt/format.h>
#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>

#include "agents/iglu/eval/clarify_eval.h"
#include "agents/iglu/eval/dataset.h"
#include "agents/iglu/eval/question_bank.h"
#include "agents/iglu/roles/clarifier.h"
#include "tools/plank/cli.h"
#include "tools/plank/iglu_training.h"

namespace plank::cli {

// Defined in cmd_iglu.cpp's neighbour; called from register_iglu.
void register_train_clarifier(CLI::App& train, Action& action);
std::string iglu_question_bank_for(const std::string& data, const std::string& given);
nlohmann::json clarify_json(const iglu::ClarifyEvaluation& c);

namespace {

constexpr const char* kCommand = "plank train clarifier";

struct ClarifierCliOptions {
  std::string data, questions, valid, out = "models/iglu_clarifier.bin";
  iglu::ClarifierTraining t;
  bool no_progress = false;
};

int run_train_clarifier(const ClarifierCliOptions& o) {
  auto start = std::chrono::steady_clock::now();
  auto train = read_training_examples(o.data, kCommand);
  if (!train) return kInputErrors;
  std::string error;
  auto bank = iglu::read_question_bank(iglu_question_bank_for(o.data, o.questions), &error);
  if (!bank) {
    fmt::print(stderr, "{}: {}\n", kCommand, error);
    return kInputErrors;
  }
  ProgressBar progress(o.no_progress);
  iglu::ClarifierReport report;
  iglu::Clarifier c = iglu::train_clarifier(*train, *bank, o.t, &report, progress);
  progress.finish();
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  nlohmann::json card;
  card["model"] = "iglu-clarifier";
  card["what"] = "clear/unclear: logistic regression over hashed word unigrams, bigrams and counts of the instruction "
                 "and world; question ranking: a linear score over the question's words and kind crossed with the "
                 "instruction's traits, trained with a softmax over each unclear example's qbank candidates";
  card["training"] = {{"data", o.data},
                      {"examples", report.examples},
                      {"unclear", report.unclear},
                      {"ranking_examples", report.ranking_examples},
                      {"epochs", o.t.epochs},
                      {"ranking_epochs", o.t.ranking_epochs},
                      {"learning_rate", o.t.learning_rate},
                      {"l2", o.t.l2},
                      {"folds", o.t.folds},
                      {"seed", o.t.seed},
                      {"seconds", seconds}};
  card["cross_validation"] = {{"threshold", report.threshold},
                              {"f1_unclear", report.cv_f1_unclear},
                              {"accuracy", report.cv_accuracy}};
  std::optional<iglu::ClarifyEvaluation> valid;
  if (!o.valid.empty()) {
    auto v = read_training_examples(o.valid, kCommand);
    if (!v) return kInputErrors;
    auto vbank = iglu::read_question_bank(iglu_question_bank_for(o.valid, o.questions), &error);
    if (!vbank) {
      fmt::print(stderr, "{}: {}\n", kCommand, error);
      return kInputErrors;
    }
    valid = iglu::evaluate_clarifier(c, *v, *vbank);
    card["valid"] = clarify_json(*valid);
    card["valid"]["data"] = o.valid;
  }
  c.card_json = card.dump();
  if (!iglu::save_clarifier(c, o.out, &error)) {
    fmt::print(stderr, "{}: {}\n", kCommand, error);
    return kInputErrors;
  }
  std::string base = path_stem(o.out);
  std::ofstream csv(base + ".csv");
  csv << "model,epoch,loss\n";
  for (const auto& e : report.curve) csv << e.model << ',' << e.epoch << ',' << e.loss << '\n';
  write_model_card_page(o.out, card);
  fmt::print("trained on {} examples ({} unclear; {} ranked) in {:.1f} s\n", report.examples, report.unclear,
             report.ranking_examples, seconds);
  fmt::print("cross-validated on train ({} folds by session): threshold {:.3f}, F1 unclear {:.3f}, accuracy {:.3f}\n",
             o.t.folds, report.threshold, report.cv_f1_unclear, report.cv_accuracy);
  if (valid)
    fmt::print("valid: accuracy {:.3f} (never ask {:.3f}), F1 unclear {:.3f} (never ask 0.000); ranking MRR {:.3f} "
               "(random {:.3f}, word overlap {:.3f}), recall@10 {:.3f} (random {:.3f}, word overlap {:.3f})\n",
               valid->accuracy, valid->never_ask_accuracy, valid->f1_unclear, valid->ranking.mrr, valid->random.mrr,
               valid->overlap.mrr, valid->ranking.recall_at_10, valid->random.recall_at_10,
               valid->overlap.recall_at_10);
  fmt::print("wrote {}, {}.csv, {}.md\n", o.out, base, base);
  return kOk;
}

}  // namespace

void register_train_clarifier(CLI::App& train, Action& action) {
  auto* cmd = train.add_subcommand("clarifier", "Train IGLU's clarification models (clear/unclear, question ranking; CPU)");
  auto o = std::make_shared<ClarifierCliOptions>();
  cmd->add_option("--data", o->data, "training JSONL (shared/data/iglu/train.jsonl)")->required();
  cmd->add_option("--questions", o->questions, "question_bank.csv (default: next to --data)");
  cmd->add_option("--valid", o->valid, "also report the figures on this JSONL (shared/data/iglu/valid.jsonl)");
  cmd->add_option("--out", o->out, "the weights (default models/iglu_clarifier.bin); OUT.csv and OUT.md beside");
  cmd->add_option("--epochs", o->t.epochs, "full-batch steps of the clear/unclear model (default 60)")
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--ranking-epochs", o->t.ranking_epochs, "passes of the ranker (default 5)")->check(CLI::Range(0, 10000));
  cmd->add_option("--seed", o->t.seed, "the folds' and the ranker's shuffles (default 1)");
  cmd->add_flag("--no-progress", o->no_progress, "no progress bar");
  cmd->callback([&action, o] { action = [o] { return run_train_clarifier(*o); }; });
}

}  // namespace plank::cli
