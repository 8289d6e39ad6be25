// The clarification models (issue 28), in one file of the project's model
// layout (neural/model_file.h, magic "PLNKCLR1"):
//   - clear/unclear: logistic regression over clarity_features; the instruction
//     is judged unclear when p(unclear) >= threshold, a threshold chosen on
//     train by grouped cross-validation (the F1 of the unclear class);
//   - question ranking: a linear score over ranking_features, trained with a
//     softmax over each unclear training example's 166 candidates (qbank).
// Trained on train.jsonl only (`plank train clarifier`); inference is this
// C++ (a dot product over a few dozen hashed features), no libtorch.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "agents/iglu/eval/dataset.h"
#include "agents/iglu/eval/question_bank.h"
#include "agents/iglu/roles/clarify_features.h"

namespace plank::iglu {

inline constexpr uint32_t kClarityWidth = 1u << 16, kRankingWidth = 1u << 15;

class Clarifier {
 public:
  double p_unclear(const std::string& instruction, const std::vector<Block>& world) const;
  bool unclear(const std::string& instruction, const std::vector<Block>& world) const {
    return p_unclear(instruction, world) >= threshold;
  }
  double question_score(const InstructionTraits& instruction, const std::string& question) const;
  // The candidates' indices, best first (ties keep the given order).
  std::vector<size_t> rank_questions(const std::string& instruction, const std::vector<Block>& world,
                                     const std::vector<std::string>& questions) const;

  std::vector<float> clarity_w = std::vector<float>(kClarityWidth, 0.0f);
  float clarity_bias = 0;
  double threshold = 0.5;
  std::vector<float> ranking_w = std::vector<float>(kRankingWidth, 0.0f);
  std::string card_json = "{}";  // the model card: data, hyper-parameters, cross-validated figures
};

bool save_clarifier(const Clarifier& c, const std::string& path, std::string* error);
std::optional<Clarifier> load_clarifier(const std::string& path, std::string* error);
// models/iglu_clarifier.bin, found through support/data_paths (the build tree or the install).
std::string default_clarifier_path();

struct ClarifierTraining {
  int epochs = 60;          // full-batch Adam steps per clarity model
  int ranking_epochs = 5;   // passes over the unclear examples (5: chosen on valid among 2, 5, 12, 30)
  double learning_rate = 0.05;
  double l2 = 1e-4;
  int folds = 5;            // grouped by the session the initial world came from
  unsigned seed = 1;
};

struct TrainingEpoch {
  std::string model;  // "clarity" | "ranking"
  int epoch = 0;
  double loss = 0;
};

struct ClarifierReport {
  double cv_f1_unclear = 0, cv_accuracy = 0, threshold = 0;
  int examples = 0, unclear = 0, ranking_examples = 0;
  std::vector<TrainingEpoch> curve;
};

using TrainingProgress = std::function<void(const std::string& stage, int done, int total)>;

Clarifier train_clarifier(const std::vector<Example>& train, const QuestionBank& bank, const ClarifierTraining& options,
                          ClarifierReport* report, const TrainingProgress& progress = {});

}  // namespace plank::iglu
