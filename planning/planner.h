// The planner as one call, reading top to bottom as its stages:
// normalise -> ground what is reachable and relevant -> search with the
// configured engine and heuristics. A task whose grounding would be too large
// (MinePlanner's worlds of thousands of blocks) is searched lifted instead.
#pragma once
#include <string>
#include <vector>

#include "compiler/pddl/task.h"
#include "planning/config.h"
#include "planning/ground/ground.h"
#include "planning/search/engine.h"

namespace plank::planning {

struct PlanRequest {
  std::string search = kDefaultSearch;
  double timeout_seconds = 0;  // CPU seconds of the process; 0: none
  size_t max_memory_mib = 0;   // resident memory; 0: none
  size_t max_grounded_atoms = 4'000'000;  // beyond it: the lifted search
  bool force_lifted = false;
  bool object_patterns = false;  // the lifted search's relaxation keeps object patterns (lifted_search.h)
};

struct PlanOutcome {
  enum class Status { Solved, Unsolvable, OutOfTime, OutOfMemory, BadConfig };
  Status status = Status::Unsolvable;
  std::vector<std::string> plan;  // "(move a b)", in order
  long long cost = 0;
  bool unit_cost = true;
  std::string mode;  // "grounded" or "lifted"
  SearchStats search;
  GroundingStats grounding;
  size_t grounded_actions = 0;
  double seconds = 0;  // CPU seconds of the whole call
  ConfigError config_error;  // BadConfig
};

PlanOutcome plan(const pddl::Task& task, const PlanRequest& request);

// `plank plan --dump=grounded`: the task after normalisation, grounding and
// relevance pruning, one fact or operator a line. False when grounding
// stopped (a limit, or too large to ground: then the dump says so).
bool dump_grounded(const pddl::Task& task, const PlanRequest& request, std::string* out);

// The plan in IPC format: one "(name args)" a line, then "; cost = N (unit cost)".
std::string format_plan(const PlanOutcome& outcome);

}  // namespace plank::planning
