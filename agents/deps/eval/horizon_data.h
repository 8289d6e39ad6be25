// Training data for the DEPS horizon predictor (issue 30; seed 004 §3.3): states along a scripted
// controller's run in the explore world, each labelled with the game ticks the controller needs,
// from that state, to hold the required count of each candidate goal's item.
//
// The run: from the episode's start (select_episode.h's SelectSetup), the controller's exploration
// moves (Controller::explore_step), one after another; a state is taken before each of them. Then,
// from the start again, states after a pursuit: one goal (drawn from the seed) pursued alone with
// half its family's budget, cut short or failed -- where a selector makes its second choice. A
// label is the oracle's run from that state: a fresh copy replays the same history (the controller
// and the world are deterministic) and then pursues the one goal alone, within the goal's family
// budget; `reached` false means it ran out of ticks or its skill failed (the ticks are then a lower
// bound).
//
// Features are only what the agent knows (its KnownMap) and holds: horizon_features.h.
//
// The file (`plank gen-horizon-data`; the format is documented in docs/deps.md, "Horizon data"):
//   line 1   "PLANK-HORIZON 2"
//   line 2   one JSON object: grid, cell, channels (names), goals [{id, family, verb, item, count,
//            max_ticks}], inventory (item names), goal_extras (names), record_bytes, and the
//            generation's options
//   then     records of record_bytes each, little-endian, no padding:
//            u32 seed, u16 moves (exploration moves before the state), i16 pursued (the goal
//            pursued before the state, -1: none), u32 tick (the state's game tick),
//            u8 crop[grid * grid * channels] (cell-major: (row * grid + col) * channels + channel),
//            u8 inventory[goals] (count held, at most 255),
//            u8 extras[goals * goal_extras] (horizon_features.h's goal extras, goal-major),
//            per goal in id order: f32 ticks, u8 reached.
#pragma once
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "agents/deps/eval/evaluation.h"
#include "agents/deps/eval/horizon_features.h"
#include "agents/deps/roles/rules.h"

namespace plank::deps {

struct HorizonLabel {
  float ticks = 0;
  bool reached = false;
};

struct HorizonRecord {
  uint32_t seed = 0;
  uint16_t moves = 0;
  int16_t pursued = -1;  // the goal pursued before the state (-1: none)
  uint32_t tick = 0;
  HorizonFeatures features;
  std::vector<HorizonLabel> labels;  // by goal id
};

struct HorizonDataOptions {
  int seeds = 1;
  uint64_t seed_base = 0;
  int states_per_seed = 6;  // states along each run (the first before any move)
  int pursuits_per_seed = 0;  // states after a pursuit cut short, each after another goal's
  int world_size = 192;
  std::vector<int> label_goals;  // the goal ids to label (empty: all); the others' labels stay 0, not reached
};

// Seeds from this one up are evaluation seeds: the data generator refuses them.
constexpr uint64_t kFirstEvaluationSeed = 5000;

using HorizonProgress = std::function<void(int done, int total)>;  // seeds done

// The records of one seed's run, in order.
std::vector<HorizonRecord> horizon_records(const Rules& rules, uint64_t seed, const HorizonDataOptions& options);

// Writes the header and every seed's records to `out`; false and *error on bad options (seeds at or
// above kFirstEvaluationSeed, nothing to do) or a write failure. Split over processes (mpirun), each
// writes only `shard`'s block of the seeds (evaluation.h), and only rank 0 the header: the blocks
// concatenated in rank order are the one process's file. Progress counts the block's seeds.
bool write_horizon_data(const Rules& rules, const HorizonDataOptions& options, std::ostream& out,
                        const HorizonProgress& progress, std::string* error, EpisodeShard shard = {});

// What a file's header says about its goal table and crop (read_horizon_data fills it when asked).
struct HorizonDataGoal {
  int id = 0;
  std::string family, verb, item;
  int count = 0;
};
struct HorizonDataHeader {
  std::vector<std::string> channels;  // the crop's, terrain first, then one per goal
  std::vector<HorizonDataGoal> goals;
  int grid = 0;
  int goal_extras = 0;  // bytes per goal beside the crop
};

// Reads a file written by write_horizon_data (records laid out as its header says); false and *error
// when it is not one (wrong magic, a header whose sizes disagree, a truncated record).
bool read_horizon_data(std::istream& in, std::vector<HorizonRecord>* records, std::string* error,
                       HorizonDataHeader* header = nullptr);

}  // namespace plank::deps
