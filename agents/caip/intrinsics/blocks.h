// Writing blocks for a task: walking to the site, changing the cells inside
// one action-log group of the task (so UNDO reverts them exactly), each block
// at its cost in game ticks until the command's budget runs out; naming what
// was built (a world annotation, the object talked about last); forgetting
// names whose blocks are all gone. Shared by build.cpp, remove.cpp and
// freebuild.cpp.
#pragma once
#include <string>
#include <vector>

#include "agents/caip/intrinsics/assistant.h"

namespace plank::caip {

struct Placement {
  Coord at;
  world::BlockId block;
};

// "a house", "an arch", "something".
std::string article(const std::string& noun);

world::BlockId find_block_or(const world::BlockRegistry& r, std::string_view name, world::BlockId fallback);

// Walks next to the site (best effort), then writes the cells; returns how many
// changed. `breaking`: removing blocks (their break cost; the agent may stand
// in the site). `*out_of_time`: the budget ran out; `*stopped_at` (optional):
// the index of the first cell not reached.
size_t apply(Assistant& s, agent::TaskId task, const char* action, const std::vector<Placement>& cells, bool* out_of_time,
             bool breaking, size_t* stopped_at = nullptr);

// Names the solid cells of `cells` as one object and makes it the object
// talked about last ("build a cube ... now destroy it"). Returns the thing.
void annotate(Assistant& s, agent::TaskId task, const std::string& name, std::vector<std::string> tags,
              const std::vector<Placement>& cells);

// Drops the names of objects that have no block left (above ground).
void erase_dead_annotations(Assistant& s, agent::TaskId task);

}  // namespace plank::caip
