// Building tasks in Plank's worlds, as MinePlanner poses them (a wall, a
// bridge over a gap, a cabin): the structure's cells, and the PDDL problem
// over stdlib/danli/build.pddl generated from the world around it. Cells are
// the blocks of a box around the structure and the agent; the problem says
// which are solid now, where the agent may stand (on something solid, or on a
// cell the structure fills), what it reaches from each standing cell (as
// agent::Agent::in_reach measures it) and which cells the structure fills.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "world/voxels/world.h"

namespace plank::danli {

struct Structure {
  std::string kind;   // wall | bridge | cabin
  std::string block;  // what it is built of ("cobblestone")
  std::vector<world::Coord> cells;
};

// The structure kinds, in the order messages list them.
const std::vector<std::string>& structure_kinds();

// `kind` with its first block at `origin`, running along +x: a wall `size` long and 2 high; a bridge
// `size` long at origin.y (the level a gap's banks are at); a cabin of size x size with walls 2 high and a
// roof. nullopt and *why for an unknown kind or a size out of 2..12.
std::optional<Structure> make_structure(const std::string& kind, world::Coord origin, int size,
                                        const std::string& block, std::string* why);

// A flat world to build `kind` in, and the structure: a wall or a cabin on the ground at (2, 0, 2);
// a bridge over a trench as wide as the bridge is long, 3 deep and 21 long (x from 2, z from -10 to
// 10), whose far end is out of reach from the near bank. nullopt and *why as make_structure.
struct BuildSite {
  std::unique_ptr<world::World> world;
  Structure structure;
};
std::optional<BuildSite> make_build_site(const std::string& kind, int size, const std::string& block, std::string* why);

// Whether every cell of the structure holds its block.
bool structure_built(const world::World& world, const Structure& s);

struct BuildProblem {
  std::string pddl;                               // the problem over plank-build
  std::map<std::string, world::Coord> cell_named;  // PDDL object -> cell
  std::string why;                                // when pddl is empty: why no problem could be written
};

// The problem from the world as it is, the agent standing at `feet`.
BuildProblem compile_build(const world::World& world, const Structure& s, world::Coord feet);

// stdlib/danli/build.pddl; "" and *error when it cannot be read.
std::string build_domain(std::string* error);

}  // namespace plank::danli
