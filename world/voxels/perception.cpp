#include "world/voxels/perception.h"

#include <algorithm>
#include <unordered_set>

namespace plank::world {
namespace {

using CellSet = std::unordered_set<Coord, CoordHash>;

std::vector<std::vector<Coord>> components(CellSet cells) {
  // Seeds in sorted order so that component order, and so object ids, are deterministic.
  std::vector<Coord> order(cells.begin(), cells.end());
  std::sort(order.begin(), order.end());
  std::vector<std::vector<Coord>> out;
  std::vector<Coord> stack;
  for (Coord seed : order) {
    if (!cells.erase(seed)) continue;
    out.emplace_back();
    stack.push_back(seed);
    while (!stack.empty()) {
      Coord c = stack.back();
      stack.pop_back();
      out.back().push_back(c);
      for (int dy = -1; dy <= 1; ++dy)
        for (int dz = -1; dz <= 1; ++dz)
          for (int dx = -1; dx <= 1; ++dx) {
            Coord n{c.x + dx, c.y + dy, c.z + dz};
            if (cells.erase(n)) stack.push_back(n);
          }
    }
    std::sort(out.back().begin(), out.back().end());
  }
  return out;
}

void add_unique(std::vector<std::string>& to, const std::vector<std::string>& from) {
  for (const auto& s : from)
    if (std::find(to.begin(), to.end(), s) == to.end()) to.push_back(s);
}

std::vector<BlockObject> objects_from(const World& world, CellSet cells, bool hole) {
  std::vector<BlockObject> out;
  for (auto& comp : components(std::move(cells))) {
    BlockObject o;
    o.id = int(out.size());
    o.hole = hole;
    o.cells = std::move(comp);
    for (Coord c : o.cells) {
      o.bounds.add(c);
      if (hole) continue;
      const BlockType& t = world.type_at(c);
      ++o.colours[t.colour.word];
      ++o.blocks[t.name];
    }
    for (const auto& a : world.annotations()) {
      bool touches = std::any_of(o.cells.begin(), o.cells.end(), [&](Coord c) {
        return std::binary_search(a.cells.begin(), a.cells.end(), c);
      });
      if (!touches) continue;
      if (!a.name.empty()) add_unique(o.names, {a.name});
      add_unique(o.tags, a.tags);
    }
    out.push_back(std::move(o));
  }
  return out;
}

}  // namespace

std::string BlockObject::dominant_colour() const {
  std::string best;
  int n = -1;
  for (const auto& [word, count] : colours)
    if (count > n) best = word, n = count;
  return best;
}

std::vector<BlockObject> block_objects(const World& world, const PerceptionOptions& options) {
  CellSet cells;
  world.store().for_each_changed([&](Coord c, BlockId id) {
    if (id != kAir && cells.size() < options.max_cells) cells.insert(c);
  });
  return objects_from(world, std::move(cells), false);
}

std::vector<BlockObject> holes(const World& world, const PerceptionOptions& options) {
  CellSet cells;
  world.store().for_each_changed([&](Coord c, BlockId id) {
    if (id == kAir && world.natural(c) != kAir && cells.size() < options.max_cells) cells.insert(c);
  });
  return objects_from(world, std::move(cells), true);
}

}  // namespace plank::world
