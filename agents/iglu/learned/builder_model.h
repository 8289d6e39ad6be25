// The learned `plank` builder's model (issue 28): for an instruction and the
// zone it was given in, the zone program (learned/zone_program.h) to run,
// chosen slot by slot (action, colour, the colour re-coloured, shape, length,
// width, base height),
// each slot a log-linear model over its candidates (learned/slot_features.h),
// decoded by a beam over the slots (each hypothesis a whole program, scored
// by the product of its slots' probabilities) and then minimum Bayes risk:
// the program in the beam whose expected F1 against the beam's others,
// weighted by their probabilities, is highest, since the F1 gives partial
// credit and hedging between a 3- and a 5-block column pays. Every value a
// slot can take makes a valid program, so the decoder cannot emit an invalid
// reply. One weight vector for all slots, in the project's model layout
// (neural/model_file.h, magic "PLNKBLD1"); inference is a few sparse dot
// products in C++.
//
// Training (`plank train builder`) on train.jsonl only: each example's
// program is the best one under the F1 (learned/program_search.h); examples
// that nothing in the space matches are left out. Every slot is one softmax
// over its candidates (several candidates can carry the gold value: two
// anchors at one height), minibatch Adam with L2.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "agents/iglu/eval/dataset.h"
#include "agents/iglu/learned/slot_features.h"

namespace plank::iglu {

struct ProgramPrediction {
  ZoneProgram program;
  double confidence = 0;  // the product of the chosen program's slots' probabilities
  std::vector<std::string> slots;  // "colour=5 (0.93)", what was chosen, for reading
};

struct DecodeOptions {
  int beam = 16;     // 1: greedy, slot by slot
  bool mbr = true;   // false: the beam's most probable program
};

class BuilderModel {
 public:
  ProgramPrediction predict(const std::string& instruction, const std::vector<Block>& world,
                            const DecodeOptions& decode = {}) const;
  // The probabilities of a slot's candidates.
  std::vector<double> probabilities(const SlotChoice& choice) const;

  std::vector<float> w = std::vector<float>(kBuilderWidth, 0.0f);
  std::string card_json = "{}";
};

bool save_builder_model(const BuilderModel& m, const std::string& path, std::string* error);
std::optional<BuilderModel> load_builder_model(const std::string& path, std::string* error);
// models/iglu_builder.bin beside the parser's weights (the build tree or the install).
std::string default_builder_model_path();

struct BuilderTraining {
  int epochs = 12;
  double learning_rate = 0.02;
  double l2 = 1e-6;
  int batch = 32;
  double min_f1 = 0.0;  // examples whose best program scores no more than this are left out
  unsigned seed = 1;
};

struct BuilderEpoch {
  int epoch = 0;
  double loss = 0;            // mean over decisions
  double slot_accuracy = 0;   // the gold value ranked first (training decisions)
};

struct BuilderReport {
  int examples = 0, labelled = 0, decisions = 0;
  double mean_label_f1 = 0;  // the best program's F1, mean over all examples (the space's ceiling on train)
  std::vector<BuilderEpoch> curve;
};

using BuilderProgress = std::function<void(const std::string& stage, int done, int total)>;

BuilderModel train_builder_model(const std::vector<Example>& train, const BuilderTraining& options,
                                 BuilderReport* report, const BuilderProgress& progress = {});

}  // namespace plank::iglu
