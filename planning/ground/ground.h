// Grounding, the planner's second stage, as Fast Downward's translator does
// it: a relaxed reachability analysis over the lifted schemas (Datalog) says
// which atoms and action instances can ever matter; only those are
// instantiated, their conditions simplified against the static atoms; then a
// backward relevance analysis from the goal drops every operator and fact
// that cannot contribute to reaching it.
#pragma once
#include <cstddef>
#include <functional>
#include <string>

#include "compiler/pddl/task.h"
#include "planning/ground/grounded_task.h"

namespace plank::planning {

struct GroundingLimits {
  // The reachability model may hold at most this many atoms (facts plus action
  // instances); beyond it grounding stops with TooLarge, and a lifted search
  // is the way on (MinePlanner's worlds).
  size_t max_model_atoms = 4'000'000;
  std::function<bool()> should_stop;  // time or memory spent
};

struct GroundingStats {
  size_t model_atoms = 0;
  size_t rule_instances = 0;
  size_t reachable_actions = 0;
  size_t operators = 0;          // after relevance
  size_t facts = 0;              // after relevance
  size_t irrelevant_operators = 0;
};

struct GroundingResult {
  enum class Outcome { Grounded, GoalUnreachable, TooLarge, Stopped };
  Outcome outcome = Outcome::Grounded;
  GroundTask task;
  GroundingStats stats;
};

// `task` must be normalised (normalize.h) and outlive the result.
GroundingResult ground(const pddl::Task& task, const GroundingLimits& limits);

}  // namespace plank::planning
