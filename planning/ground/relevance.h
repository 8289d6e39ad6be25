// Backward relevance analysis: drops every operator that cannot help reach
// the goal and every fact no kept operator or the goal needs, renumbering
// facts. Plans of the pruned task are plans of the original.
#pragma once
#include "planning/ground/grounded_task.h"

namespace plank::planning {

void prune_irrelevant(GroundTask& task);

}  // namespace plank::planning
