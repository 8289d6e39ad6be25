// Perception: what an agent can talk about. Block objects are connected
// components (26-neighbourhood: faces, edges and corners touch) of placed
// blocks, i.e. cells whose block differs from the natural ground and is not
// air. Holes are connected components of ground cells that are now air: the
// negative shapes FILL needs. Results are sorted (by first cell), so ids are
// stable for a given world.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "world/voxels/world.h"

namespace plank::world {

struct BlockObject {
  int id = 0;                        // index in the result, from 0
  bool hole = false;
  std::vector<Coord> cells;          // sorted
  Box bounds;
  std::map<std::string, int> colours;  // colour word -> cell count (holes: empty)
  std::map<std::string, int> blocks;   // block name -> cell count (holes: empty)
  std::vector<std::string> names;      // from annotations touching the object
  std::vector<std::string> tags;
  size_t size() const { return cells.size(); }
  std::string dominant_colour() const;
};

struct PerceptionOptions {
  size_t max_cells = 4'000'000;  // stop scanning beyond this (a guard, not a limit people meet)
};

std::vector<BlockObject> block_objects(const World& world, const PerceptionOptions& options = {});
std::vector<BlockObject> holes(const World& world, const PerceptionOptions& options = {});

}  // namespace plank::world
