// "Add one more layer to this pyramid", "add two more rows to the wall": an
// existing object grows in its own shape. A stepped object (every layer inside
// the one below it, a pyramid, a ziggurat) gets its new layers underneath, each
// one block wider all round, the old layers standing on them as its top
// ("expand the other layers to fit"); anything else gets copies of its top layer
// on top (a wall one row higher, a tower taller). Only cells that are ground or
// air change; the object keeps its name, now over all its cells.
#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "agents/caip/intrinsics/acts.h"
#include "agents/caip/intrinsics/blocks.h"

namespace plank::caip {

namespace {

using Column = std::pair<int, int>;  // (x, z)

// The object's solid cells by layer (y), as columns.
std::map<int, std::set<Column>> layers_of(Assistant& s, const Thing& t) {
  std::map<int, std::set<Column>> out;
  for (Coord c : t.cells)
    if (s.world().solid(c)) out[c.y].insert({c.x, c.z});
  return out;
}

Box footprint(const std::set<Column>& cols) {
  Box b;
  for (auto [x, z] : cols) b.add({x, 0, z});
  return b;
}

// Every layer lies strictly inside the one below it, on both axes.
bool stepped(const std::map<int, std::set<Column>>& layers) {
  if (layers.size() < 2) return false;
  std::optional<Box> below;
  for (const auto& [y, cols] : layers) {
    Box b = footprint(cols);
    if (below && !(b.min.x > below->min.x && b.max.x < below->max.x && b.min.z > below->min.z && b.max.z < below->max.z))
      return false;
    below = b;
  }
  return true;
}

// The columns within `grow` steps (square) of any of `cols`.
std::set<Column> grown(const std::set<Column>& cols, int grow) {
  std::set<Column> out;
  for (auto [x, z] : cols)
    for (int dx = -grow; dx <= grow; ++dx)
      for (int dz = -grow; dz <= grow; ++dz) out.insert({x + dx, z + dz});
  return out;
}

}  // namespace

bool act_extend(Assistant& s, int thing, long count) {
  if (!s.valid_thing(thing)) return false;
  const Thing t = s.thing(thing);
  if (t.kind != ThingKind::Object) {
    s.refuse("I can only add layers to things made of blocks, not " + t.describe() + ".");
    return false;
  }
  auto layers = layers_of(s, t);
  if (layers.empty()) {
    s.refuse("There is nothing of " + t.describe() + " left to add to.");
    return false;
  }
  constexpr long kMaxLayers = 16;  // the build guard's spirit: a command adds a few layers, not a mountain
  if (count < 1 || count > kMaxLayers) {
    s.refuse(fmt::format("I can add 1 to {} layers to {}, not {}.", kMaxLayers, t.describe(), count));
    return false;
  }
  const int n = int(count);
  const world::BlockId block = find_block_or(s.world().registry(), t.block, world::kAir);
  if (block == world::kAir) {
    s.refuse("I can't tell what " + t.describe() + " is made of.");
    return false;
  }
  const int bottom = layers.begin()->first, top = layers.rbegin()->first;
  const bool steps = stepped(layers);
  std::vector<Placement> cells;
  auto add = [&](Coord c) {
    if (s.natural_or_air(c) && !s.world().solid(c)) cells.push_back({c, block});
  };
  if (steps) {
    // New layer k (from the bottom) is old layer k - n, or the old bottom grown by n - k below it.
    const int height = top - bottom + 1 + n;
    for (int k = 0; k < height; ++k) {
      const auto& from = layers.count(bottom + k - n) ? layers.at(bottom + k - n) : layers.at(bottom);
      for (auto [x, z] : grown(from, std::max(0, n - k))) add({x, bottom + k, z});
    }
  } else {
    for (int k = 1; k <= n; ++k)
      for (auto [x, z] : layers.at(top)) add({x, top + k, z});
  }
  if (cells.empty()) {
    s.refuse("Something is in the way of a new layer on " + t.describe() + ".");
    return false;
  }
  // Bottom first, so every new block stands on something.
  std::stable_sort(cells.begin(), cells.end(), [](const Placement& a, const Placement& b) { return a.at.y < b.at.y; });
  agent::TaskId task = s.start_task("BUILD", fmt::format("{} more layer{} on {}", n, n == 1 ? "" : "s", t.describe()));
  bool out_of_time = false;
  size_t changed = apply(s, task, "build", cells, &out_of_time, false);
  // The object keeps its name, over its old cells and the new ones.
  world::World& w = s.world();
  std::vector<std::string> tags;
  s.log().begin(task, "forget", s.clock().now());
  for (size_t i = w.annotations().size(); i-- > 0;)
    if (w.annotations()[i].name == t.name && w.annotations()[i].cells == t.cells) {
      tags = w.annotations()[i].tags;
      w.erase_annotation(i);
      break;
    }
  s.log().end();
  std::vector<Placement> whole = cells;
  for (Coord c : t.cells) whole.push_back({c, w.block(c)});
  annotate(s, task, t.name.empty() ? "structure" : t.name, tags, whole);
  s.finish_task(task, !out_of_time && changed > 0);
  if (out_of_time) {
    s.refuse(fmt::format("I placed {} of the {} blocks of the new layers before the time for one command ran out.", changed,
                         cells.size()));
    return false;
  }
  s.say(fmt::format("I added {} layer{} to {} ({} blocks{}).", n, n == 1 ? "" : "s", t.describe(), changed,
                    steps ? ", every layer now one wider all round" : ", on top"));
  s.mark_done();
  return true;
}

}  // namespace plank::caip
