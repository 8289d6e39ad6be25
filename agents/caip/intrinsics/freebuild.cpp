// FREEBUILD: finishing something half built.
#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "agents/caip/intrinsics/acts.h"
#include "agents/caip/intrinsics/blocks.h"
#include "agents/caip/intrinsics/lexicon.h"
#include "agents/caip/intrinsics/placement.h"

namespace plank::caip {

using world::BlockId;

bool act_freebuild(Assistant& s, int thing) {
  if (!s.valid_thing(thing)) return false;
  const Thing& t = s.thing(thing);
  if (t.kind != ThingKind::Object) {
    s.refuse("I can only finish things made of blocks, not " + t.describe() + ".");
    return false;
  }
  // Complete by mirror symmetry: for each of the two vertical mirror planes
  // through the object's centre, a block whose mirror cell is empty puts one there.
  const world::World& w = s.world();
  std::set<Coord> have(t.cells.begin(), t.cells.end());
  std::map<Coord, BlockId> add;
  for (int axis = 0; axis < 2; ++axis)
    for (Coord c : t.cells) {
      BlockId b = w.block(c);
      if (b == world::kAir) continue;
      Coord m = c;
      if (axis == 0) m.x = t.bounds.min.x + t.bounds.max.x - c.x;
      else m.z = t.bounds.min.z + t.bounds.max.z - c.z;
      if (!have.count(m) && w.block(m) == world::kAir) add[m] = b;
    }
  std::string how = "by its symmetry";
  const Box& b = t.bounds;
  Coord size = b.size();
  BlockId main = world::kAir;
  if (add.empty()) {
    std::map<BlockId, int> counts;
    for (Coord c : t.cells)
      if (w.block(c) != world::kAir) ++counts[w.block(c)];
    int most = 0;
    for (auto& [id, n] : counts)
      if (n > most) most = n, main = id;
  }
  if (add.empty() && main != world::kAir && (size.x == 1 || size.z == 1) && size.y >= 1) {
    // A flat wall with gaps: close them.
    for (int y = b.min.y; y <= b.max.y; ++y)
      for (int z = b.min.z; z <= b.max.z; ++z)
        for (int x = b.min.x; x <= b.max.x; ++x)
          if (w.block({x, y, z}) == world::kAir) add[{x, y, z}] = main;
    how = "by closing the gaps in it";
  }
  if (add.empty() && main != world::kAir && size.x >= 3 && size.z >= 3 && size.y >= 2) {
    // Walls all round with nothing over the inside: a flat roof on them.
    bool ring = true, open_top = true;
    for (int z = b.min.z; z <= b.max.z; ++z)
      for (int x = b.min.x; x <= b.max.x; ++x) {
        bool edge = x == b.min.x || x == b.max.x || z == b.min.z || z == b.max.z;
        bool solid = have.count({x, b.max.y, z}) && w.block({x, b.max.y, z}) != world::kAir;
        if (edge && !solid) ring = false;
        if (!edge && solid) open_top = false;
      }
    if (ring && open_top) {
      for (int z = b.min.z; z <= b.max.z; ++z)
        for (int x = b.min.x; x <= b.max.x; ++x)
          if (w.block({x, b.max.y + 1, z}) == world::kAir) add[{x, b.max.y + 1, z}] = main;
      how = "with a roof";
    }
  }
  if (add.empty()) {
    s.refuse(t.describe() + " has no missing half, no gap in a wall and no open top that I can see, so I left it as it is.");
    return false;
  }
  std::vector<Placement> cells;
  for (auto& [c, b] : add) cells.push_back({c, b});
  agent::TaskId task = s.start_task("FREEBUILD", t.describe());
  bool out_of_time = false;
  size_t n = apply(s, task, "freebuild", cells, &out_of_time, false);
  annotate(s, task, t.name.empty() ? "structure" : t.name, {"completed"}, cells);
  s.finish_task(task, !out_of_time);
  s.say(fmt::format("I completed {} {} ({} blocks).", t.describe(), how, n));
  s.mark_done();
  return true;
}

}  // namespace plank::caip
