// What the horizon predictor sees (issue 30): the goal table, and the features of a state -- a
// top-down crop of what the agent *knows* around it, and what it holds. The one definition, shared
// by the data generator (horizon_data.h) and, later, the predictor's inference.
//
// The goal table: every candidate of every select family (select_tasks.h), families in table
// order, each family's candidates in the rules' order; a goal's id is its index.
//
// The crop: kGrid x kGrid cells of kCell x kCell columns, centred on the agent's column (so
// 60 x 60 blocks). Per cell, each channel is a byte:
//   known      share of its columns whose ground the map holds (the top known non-air cell in
//              the agent's height band, y - 24 .. y + 24, that is not a leaf or a log)
//   water, grass, sand, rock   share of its columns whose known ground is that (rock: stone, snow,
//              gravel and the other bare ground of mountains)
//   height     the mean known ground height against the agent's feet, 128 + 4 per block (clamped)
//   one per goal: a mine goal's source blocks (the blocks that give its item) known in the cell's columns (4 per cell saturate); a
//              kill goal's mobs (those that drop its item) seen and standing in the cell (x 64)
//
// The goal extras (kHorizonGoalExtras bytes per goal): what the distance heuristic (`nearest`)
// knows of the goal, from the controller's own estimate of its nearest known source
// (Controller::estimate_mine / estimate_kill), and what stands between and around:
//   seen       255 when the controller knows a source of it, else 0 (and the rest are 0)
//   estimate   32 * log(1 + the estimate's ticks) (clamped to 255)
//   water      share of the known columns on the straight line to that source whose ground is
//              water (a river or lake the walk must go around: the estimate is a straight line)
//   cluster    16 per further source known within 8 blocks of it (blocks of a mine goal's block,
//              seen mobs of a kill goal's kind; saturating): one tree or a wood, one cow or a herd
// and what the goal needs beyond its source, which no distance shows (set whether or not a source
// is known):
//   tool       255 when the goal names a tool the agent does not hold (coal: a wooden pickaxe)
//   chain      32 per step of the rules' plan for the goal from what is held (Obtainability::plan:
//              1 to gather it; coal from an empty inventory: logs, planks, sticks, table, pickaxe, coal)
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "agents/deps/compile/goal.h"
#include "agents/deps/roles/rules.h"
#include "world/survival/controller.h"
#include "world/survival/known_map.h"

namespace plank::deps {

struct HorizonGoal {
  int id = 0;
  std::string family;
  Goal goal;  // its count is the family's
  uint64_t max_ticks = 0;
};
std::vector<HorizonGoal> horizon_goals(const Rules& rules);

constexpr int kHorizonGrid = 15;
constexpr int kHorizonGoalExtras = 6;
const std::vector<std::string>& horizon_goal_extras();  // their names, in order
constexpr int kHorizonCell = 4;
// The channel names, in order: the six terrain channels, then one per goal.
std::vector<std::string> horizon_channels(const Rules& rules);

struct HorizonFeatures {
  std::vector<uint8_t> crop;       // kHorizonGrid^2 * channels, (row * grid + col) * channels + channel
  std::vector<uint8_t> inventory;  // per goal: count of its item held (at most 255)
  std::vector<uint8_t> extras;     // per goal in id order, kHorizonGoalExtras bytes each
};

// The features of the agent's state in `world` as `known` records it. The controller answers the
// estimates (it only reads: nothing acts, the clock does not move).
HorizonFeatures horizon_features(const Rules& rules, const world::World& world, const survival::KnownMap& known,
                                 survival::Controller& controller);

}  // namespace plank::deps
