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
  if (add.empty()) {
    s.say(t.describe() + " already looks complete (it is symmetric), so I left it as it is.");
    s.mark_done();
    return true;
  }
  std::vector<Placement> cells;
  for (auto& [c, b] : add) cells.push_back({c, b});
  agent::TaskId task = s.start_task("FREEBUILD", t.describe());
  bool out_of_time = false;
  size_t n = apply(s, task, "freebuild", cells, &out_of_time, false);
  annotate(s, task, t.name.empty() ? "structure" : t.name, {"completed"}, cells);
  s.finish_task(task, !out_of_time);
  s.say(fmt::format("I completed {} by its symmetry ({} blocks).", t.describe(), n));
  s.mark_done();
  return true;
}

}  // namespace plank::caip
