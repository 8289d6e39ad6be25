// Training the DEPS horizon predictor (horizon/model.h) with libtorch on the CPU. Torch-free
// header (the CLI and tests include it); only horizon_trainer.cpp includes torch.
//
// The loss is on log(1 + ticks): squared error where the label reached the goal; where it did not
// (the label run ran out of its budget or its skill failed) the ticks are only a lower bound, so the
// loss is one-sided -- a prediction at or above the bound costs nothing.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "neural/horizon/model.h"

namespace plank::neural {

// One (state, goal) pair: encode_horizon_input's row, the goal, its label, and which state and
// family it belongs to (validation compares the goals of one family in one state).
struct HorizonExample {
  std::vector<float> input;
  int goal = 0;
  float ticks = 0;
  bool reached = false;
  int state = 0;
  int family = 0;
};

struct HorizonTrainOptions {
  HorizonConfig config;  // goals and terrain_channels come from the data
  int epochs = 40;
  int batch = 64;
  float lr = 1e-3f;
  float weight_decay = 1e-4f;
  uint64_t seed = 1;
  int threads = 1;
};

struct HorizonEpoch {
  int epoch = 0;
  double seconds = 0;
  double train_loss = 0;   // mean per example
  double valid_loss = -1;  // -1 without validation data
  double valid_mae = -1;   // mean |error| of log ticks over reached labels
  double valid_pick = -1;  // share of (state, family) pairs where the predicted quickest goal is the quickest
};

struct HorizonTrainResult {
  bool ok = false;
  std::string error;
  HorizonWeights weights;  // the best epoch's (by valid_pick, then valid_loss; the last without validation)
  int best_epoch = 0;
  std::vector<HorizonEpoch> epochs;
  int train_examples = 0, valid_examples = 0;
};

using HorizonTrainProgress = std::function<void(const HorizonEpoch& e, int batch, int batches)>;

HorizonTrainResult train_horizon(const std::vector<HorizonExample>& train, const std::vector<HorizonExample>& valid,
                                 const std::vector<HorizonGoalInfo>& goals, const HorizonTrainOptions& options,
                                 const HorizonTrainProgress& progress);

// The validation figures of predictions `pred` (log ticks, one per example): the one-sided loss,
// the MAE over reached labels, and the pick accuracy.
struct HorizonScores {
  double loss = 0, mae = 0, pick = 0;
  int picks = 0;  // (state, family) pairs with at least one reached label
};
HorizonScores score_horizon(const std::vector<HorizonExample>& examples, const std::vector<float>& pred);

// libtorch's forward of `w` on rows `inputs` [n, input()] and goals: the reference that the CPU and
// CUDA engines are tested against.
std::vector<float> horizon_forward_torch(const HorizonWeights& w, const std::vector<float>& inputs,
                                         const std::vector<int>& goals);

// libtorch's intra-op threads (the benchmark keeps both sides on one thread).
void set_torch_threads(int n);

// The same network held as libtorch modules (built once; the latency benchmark's peer).
class HorizonTorchModel {
 public:
  explicit HorizonTorchModel(const HorizonWeights& w);
  ~HorizonTorchModel();
  HorizonTorchModel(const HorizonTorchModel&) = delete;
  HorizonTorchModel& operator=(const HorizonTorchModel&) = delete;
  // out[b] for rows inputs[n, input()] and goals[n].
  void predict(int n, const float* inputs, const int* goals, float* out);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace plank::neural
