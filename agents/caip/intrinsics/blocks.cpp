#include "agents/caip/intrinsics/blocks.h"

#include <algorithm>

namespace plank::caip {

std::string article(const std::string& noun) {
  if (noun.empty()) return "something";
  return (std::string("aeiou").find(noun[0]) != std::string::npos ? "an " : "a ") + noun;
}

world::BlockId find_block_or(const world::BlockRegistry& r, std::string_view name, world::BlockId fallback) {
  auto id = r.find(name);
  return id ? *id : fallback;
}

// Walks the agent to the site (best effort: building from where it stands when
// no path exists), then writes the cells in one action group of `task`.
// Returns how many cells changed; stops at the tick budget.
// `*stopped_at` (optional) is the index of the first cell not reached.
size_t apply(Assistant& s, agent::TaskId task, const char* action, const std::vector<Placement>& cells, bool* out_of_time,
             bool breaking, size_t* stopped_at) {
  world::World& w = s.world();
  if (!cells.empty()) {
    Box b;
    for (auto& p : cells) b.add(p.at);
    Coord centre{(b.min.x + b.max.x) / 2, std::max(0, b.min.y), (b.min.z + b.max.z) / 2};
    // The walk is not part of the task: undoing a build removes the blocks, it
    // does not walk the agent back (and so never conflicts with later walks).
    s.agent().attach(&s.log(), nullptr);
    if (s.within_walk(centre)) s.agent().move_to(centre, std::max(b.size().x, b.size().z) / 2 + 2);
    // Standing inside the site: step out first (a block cannot go where the agent stands).
    Coord f = s.agent().feet();
    if (!breaking && b.contains(f))
      for (Coord out : {Coord{b.max.x + 1, f.y, f.z}, Coord{b.min.x - 1, f.y, f.z}, Coord{f.x, f.y, b.max.z + 1},
                        Coord{f.x, f.y, b.min.z - 1}})
        if (s.within_walk(out) && s.agent().move_to(out, 0).ok) break;
    s.agent().attach(&s.log(), &s.tasks());
  }
  s.log().begin(task, action, s.clock().now());
  size_t changed = 0;
  *out_of_time = false;
  const world::Entity& me = w.agent();
  Coord feet = world::cell_of(me.pose.pos);
  if (stopped_at) *stopped_at = cells.size();
  for (size_t i = 0; i < cells.size(); ++i) {
    const Placement& p = cells[i];
    if (!s.budget_left()) {
      *out_of_time = true;
      if (stopped_at) *stopped_at = i;
      break;
    }
    world::BlockId before = w.block(p.at);
    if (before == p.block) continue;
    const auto& type = w.registry()[before];
    if (type.hardness < 0 && !type.diggable) continue;  // bedrock stays
    if (type.hardness < 0) continue;
    if (p.block != world::kAir && (p.at == feet || p.at == Coord{feet.x, feet.y + 1, feet.z})) continue;
    uint64_t cost = breaking && before != world::kAir ? agent::break_cost(w.registry(), before, -1).ticks
                                                      : agent::kCosts.place_ticks;
    w.set_block(p.at, p.block);
    s.clock().advance(cost);
    ++changed;
  }
  s.log().end();
  s.invalidate();
  return changed;
}

// Names the built cells and makes them the object talked about last ("build
// a cube ... now destroy it").
void annotate(Assistant& s, agent::TaskId task, const std::string& name, std::vector<std::string> tags,
              const std::vector<Placement>& cells) {
  world::Annotation a;
  a.name = name;
  a.tags = std::move(tags);
  for (const auto& p : cells)
    if (p.block != world::kAir) a.cells.push_back(p.at);
  if (a.cells.empty()) return;
  std::sort(a.cells.begin(), a.cells.end());
  a.cells.erase(std::unique(a.cells.begin(), a.cells.end()), a.cells.end());
  Thing t;
  t.kind = ThingKind::Object;
  t.name = name;
  t.names = {name};
  for (const auto& tag : a.tags) t.names.push_back(tag);
  t.cells = a.cells;
  for (Coord c : a.cells) t.bounds.add(c);
  for (Coord c : a.cells) {
    const auto& type = s.world().type_at(c);
    ++t.blocks[type.name];
    ++t.colours[type.colour.word];
  }
  t.block = s.world().type_at(a.cells.front()).name;
  t.colour = s.world().type_at(a.cells.front()).colour.word;
  s.log().begin(task, "annotate", s.clock().now());
  s.world().annotate(std::move(a));
  s.log().end();
  t.order = int(s.world().annotations().size()) - 1;
  s.invalidate();
  s.built.push_back({name, t.bounds, t.cells.size()});
  if (name != "hole") s.last_referenced = std::move(t);
}

void erase_dead_annotations(Assistant& s, agent::TaskId task) {
  world::World& w = s.world();
  s.log().begin(task, "forget", s.clock().now());
  for (size_t i = w.annotations().size(); i-- > 0;) {
    const auto& a = w.annotations()[i];
    bool any = std::any_of(a.cells.begin(), a.cells.end(), [&](Coord c) { return w.block(c) != world::kAir; });
    bool below_ground = !a.cells.empty() && a.cells.front().y < 0;
    if (!any && !below_ground) w.erase_annotation(i);
  }
  s.log().end();
  s.invalidate();
}

}  // namespace plank::caip
