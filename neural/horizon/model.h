// The DEPS horizon predictor (issue 30; seed 004 §3.3): how many game ticks pursuing one goal
// alone would take from the agent's state. A small multi-layer perceptron:
//
//   x   = [per ring: terrain channels' means, log(1 + the goal's own sightings); held; goal extras]
//   h1  = relu(W1 [x ; goal_embedding[goal]] + b1)
//   h2  = relu(W2 h1 + b2)
//   out = w3 h2 + b3                                                         = log(1 + ticks)
//
// The crop is pooled into `rings` square rings around the agent (by the cells' Chebyshev distance
// from the centre: with 15 x 15 cells and 4 rings, 0-1, 2-3, 4-5 and 6-7 cells, i.e. within 6, 14,
// 22 and 30 blocks): how much is known and what ground it is, near and far, and how many of the
// goal's blocks or mobs were seen at each distance. Pooling keeps what decides a horizon (how far
// the sources are and how many) in 29 inputs, where the raw 1,575 of the crop let a few hundred
// training states fit the data and learn little but each goal's mean (measured: the ranking of the
// goals barely changed from state to state). Each goal reads the terrain and only its own channel,
// so the weights are shared by every goal and each state gives one training example per goal; the
// goal's embedding says how its kind of source behaves (a tree, a herd). The output is a regression
// on log ticks, not buckets: the selector ranks candidates by it, and log ticks make a 100-tick
// error matter at 200 ticks and not at 1,500.
//
// The goal extras (`goal_extras` bytes per goal, each read as byte / 255) are scalars the agent
// computes for the goal beside the crop -- in Plank's selector the controller's own estimate of
// the nearest known source (whether there is one, its ticks, water on the way, how many more
// sources stand around it): so the predictor starts from what the distance heuristic knows and
// learns when to trust it. A model without them (goal_extras 0) reads the crop alone.
//
// The weights are neural/model_file.h's container (magic "PLNKHOR1"); the card (metadata JSON)
// holds the configuration and the goal table the model was trained on ({"config":{...},
// "goals":[{"id","family","verb","item","count"}], ...}). Everything here is plain arrays: the
// features themselves are defined by the agent system that computes them
// (agents/deps/eval/horizon_features.h); this layer only fixes how bytes become the network's input.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "neural/model_file.h"

namespace plank::neural {

inline constexpr char kHorizonMagic[] = "PLNKHOR1";

struct HorizonConfig {
  int grid = 15;              // crop cells per side
  int terrain_channels = 6;   // crop channels before the per-goal ones
  int rings = 4;              // distance rings the crop is pooled into
  int goals = 8;              // goal table size (embedding rows)
  int embed = 8;              // goal embedding size
  int hidden1 = 32, hidden2 = 16;
  int goal_extras = 0;        // per-goal scalar bytes beside the crop (0: none)
  // Width of encode_horizon_input's row (without the embedding).
  int input() const { return rings * (terrain_channels + 1) + 1 + goal_extras; }
  // The ring of the cell at (row, col): its Chebyshev distance from the centre, scaled to the rings.
  int ring(int row, int col) const;
};

struct HorizonGoalInfo {
  int id = 0;
  std::string family, verb, item;
  int count = 0;
};

struct HorizonWeights {
  HorizonConfig config;
  std::vector<HorizonGoalInfo> goals;   // by id
  std::string card_json = "{}";         // the training's model card (command, data, curve)
  std::map<std::string, ModelTensor> tensors;  // goal_embedding, l1.weight/bias, l2.weight/bias, out.weight/bias
  const ModelTensor& at(const std::string& name) const { return tensors.at(name); }
  // The goal's id in this model's table (verb "mine"/"kill" and item), or -1. An item in two families
  // (oak_log: 5 for wood, 11 for fuel) is told apart by `count` when it is given (> 0) and matches one.
  int goal_id(const std::string& verb, const std::string& item, int count = 0) const;
};

// The tensors' names and shapes for a configuration (the one list: the trainer and the loader use it).
std::vector<std::pair<std::string, std::vector<int>>> horizon_tensor_shapes(const HorizonConfig& c);

// One input row (c.input() floats) for goal channel `goal_channel` of a crop whose cells hold
// `crop_channels` bytes each ((row * grid + col) * crop_channels + channel), `held` of the goal's item,
// and the goal's c.goal_extras bytes (`extras`; unread when the model has none).
void encode_horizon_input(const HorizonConfig& c, const uint8_t* crop, int crop_channels, int goal_channel, int held,
                          float* out, const uint8_t* extras = nullptr);

// Small random weights (tests and benchmarks; seeded, deterministic).
HorizonWeights random_horizon_weights(const HorizonConfig& c, const std::vector<HorizonGoalInfo>& goals, uint32_t seed);

bool save_horizon_weights(const HorizonWeights& w, const std::string& path, std::string* error);
// False and *error (with the path) on another kind of file, tensors that do not fit the card's
// configuration, or a card without a goal table.
bool load_horizon_weights(const std::string& path, HorizonWeights* w, std::string* error);

}  // namespace plank::neural
