// One episode of a select task (select_tasks.h), and their evaluation (`plank eval deps
// --select-tasks K`). From an empty inventory at the centre of a generated world, the selector
// picks a candidate goal, the controller pursues it (in the explore world: looking for it if none
// has been seen), and on a failure the selector picks again among the rest; the episode succeeds
// when `count` of one candidate's item is held within the budget.
//
// Selectors:
//   fixed    the task's order;
//   random   uniformly among the candidates left (seeded by the world seed);
//   nearest  the distance heuristic on what the agent knows: the candidate whose nearest known
//            source the controller can reach in the fewest ticks (Controller::estimate_mine /
//            estimate_kill; in the explore world, over the map of what it has seen); when it
//            knows of none, one exploration move, then it chooses again;
//   oracle   reads the true world: runs every candidate in a copy of the world from the
//            episode's start and pursues the one that finished in the fewest ticks -- a perfect
//            horizon, the upper bound a learned predictor could reach. Named so: it is a
//            reference, not an agent;
//   horizon  the learned horizon predictor (learned_horizon.h) on what the agent has seen and
//            holds: the candidate it predicts quickest (explore world only); like nearest, while no
//            candidate's source is known it makes one exploration move and chooses again.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agents/deps/eval/evaluation.h"
#include "agents/deps/eval/learned_horizon.h"
#include "agents/deps/eval/select_tasks.h"
#include "world/survival/controller.h"
#include "world/survival/known_map.h"
#include "world/voxels/world.h"

namespace plank::deps {

const std::vector<std::string>& candidate_selector_kinds();  // fixed, random, nearest, oracle, horizon
// Empty when `kind` is one; else the sentence.
std::string check_candidate_selector(const std::string& kind);

// The oracle's look-ahead: a candidate pursued alone from the episode's start, in a copy of the world.
// It depends only on the world and the candidate, so an evaluation keeps one per (seed, candidate)
// and every task of that seed naming the candidate shares it.
struct LookAhead {
  bool success = false;
  uint64_t ticks = 0;
};
using LookAheadCache = std::map<std::string, LookAhead>;  // by the candidate's goal code

struct SelectEpisodeOptions {
  std::string selector = "fixed";
  std::string world_mode = "explore";  // known | explore
  int world_size = 192;
  uint64_t seed = 0;                   // the world's (random selector's stream)
  LookAheadCache* look_aheads = nullptr;  // oracle: shared look-aheads of this world (null: computed each time)
  LearnedHorizon* horizon = nullptr;      // horizon: the loaded predictor (required for that selector)
};

struct SelectOutcome {
  bool success = false;
  uint64_t ticks = 0;
  std::vector<std::string> pursued;  // candidate items in the order they were pursued
  int explorations = 0;              // the controller's exploration moves
};

// An episode's world, map and controller, set up the same way for the episode, the oracle's
// look-ahead runs and the horizon data's label runs (so each replays what the episode would do):
// a copy of `generated`, a KnownMap in the explore world, the controller with the tick budget
// `budget` (absolute), having looked around once.
struct SelectSetup {
  std::unique_ptr<world::World> world;
  std::optional<survival::KnownMap> known;
  std::optional<survival::Controller> controller;
  SelectSetup(const Rules& rules, const world::World& generated, const SelectEpisodeOptions& options, uint64_t budget);
};

// Pursues one candidate until `count` of its item is held (true) or its skill fails; a tool the
// goal names and the agent lacks is made first (rules.analysis's plan from what is held).
bool pursue_candidate(const Rules& rules, survival::Controller& ctl, const Goal& goal, int count);

// Runs one episode in a copy of `generated` (made by make_episode_world with the same mode and size).
// The horizon selector needs options.horizon and the explore world (evaluate_select checks both).
SelectOutcome run_select_episode(const Rules& rules, const SelectTask& task, const world::World& generated,
                                 const SelectEpisodeOptions& options);

// Every task on seeds seed_base .. seed_base + seeds - 1 (one world per seed), tallied per family
// (groups), per task and overall, or only `shard`'s block of those episodes (evaluation.h); nullopt and
// *error on bad options.
using SelectProgress = std::function<void(int done, int total, const SelectTask& task)>;
std::optional<Evaluation> evaluate_select(const Rules& rules, const std::vector<SelectTask>& tasks, int seeds,
                                          uint64_t seed_base, const SelectEpisodeOptions& options,
                                          const SelectProgress& progress, std::string* error,
                                          EpisodeShard shard = {});

}  // namespace plank::deps
