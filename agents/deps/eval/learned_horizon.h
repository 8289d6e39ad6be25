// The learned horizon predictor as the DEPS selector uses it (issue 30; seed 004 §3.3): the shipped
// weights (models/horizon.bin, `plank train selector`) run by Plank's own kernels
// (neural::make_engine: CPU, or CUDA when a device is present) on the features of
// horizon_features.h -- what the agent has seen and holds. It answers, for each candidate goal, the
// game ticks pursuing it alone should take from the agent's state.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agents/deps/compile/goal.h"
#include "agents/deps/roles/rules.h"
#include "neural/horizon/engine.h"
#include "world/survival/controller.h"
#include "world/survival/known_map.h"

namespace plank::deps {

class LearnedHorizon {
 public:
  // The model at `path` (empty: default_path()), checked against the rules' goal table and crop;
  // `engine` is "auto", "cpu" or "cuda". nullptr and *error (a sentence with the path) otherwise.
  static std::shared_ptr<LearnedHorizon> load(const Rules& rules, const std::string& path, const std::string& engine,
                                              std::string* error);
  // models/horizon.bin beside the parser's model ($PLANK_HORIZON_MODEL when set).
  static std::string default_path();

  // Predicted ticks of each goal from the agent's state; nullopt for a goal outside the model's table
  // (only the select families' mine and kill goals are in it).
  std::vector<std::optional<double>> predict(const Rules& rules, const world::World& world,
                                             const survival::KnownMap& known, survival::Controller& controller,
                                             const std::vector<Goal>& goals);
  // The model's goal id for a goal, or -1.
  int goal_id(const Goal& goal) const;
  std::string engine_name() const { return engine_->name(); }

 private:
  std::shared_ptr<const neural::HorizonWeights> weights_;
  std::unique_ptr<neural::HorizonEngine> engine_;
  std::vector<float> rows_, out_;
};

}  // namespace plank::deps
