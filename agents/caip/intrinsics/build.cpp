// Schematics and the actions that place or remove blocks: BUILD, copy, DIG,
// FILL, DESTROY, FREEBUILD. Blocks change through World::set_block inside an
// action-log group of the command's task, so UNDO reverts them exactly; each
// block costs its game ticks, and a command stops at its tick budget.
#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "agents/caip/intrinsics/acts.h"
#include "agents/caip/intrinsics/lexicon.h"

namespace plank::caip {

namespace {

using world::BlockId;

struct Placement {
  Coord at;
  BlockId block;
};

std::string article(const std::string& noun) {
  if (noun.empty()) return "something";
  return (std::string("aeiou").find(noun[0]) != std::string::npos ? "an " : "a ") + noun;
}

// Walks the agent to the site (best effort: building from where it stands when
// no path exists), then writes the cells in one action group of `task`.
// Returns how many cells changed; stops at the tick budget.
// `*stopped_at` (optional) is the index of the first cell not reached.
size_t apply(Assistant& s, agent::TaskId task, const char* action, const std::vector<Placement>& cells, bool* out_of_time,
             bool breaking, size_t* stopped_at = nullptr) {
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
    BlockId before = w.block(p.at);
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
  t.cells = a.cells;
  for (Coord c : a.cells) t.bounds.add(c);
  t.block = s.world().type_at(a.cells.front()).name;
  t.colour = s.world().type_at(a.cells.front()).colour.word;
  s.log().begin(task, "annotate", s.clock().now());
  s.world().annotate(std::move(a));
  s.log().end();
  s.invalidate();
  if (name != "hole") s.last_referenced = std::move(t);
}

// Where a shape of extents p goes for a location: beside the anchor on the
// `away` side, else centred on the point with its base there.
Coord origin_for(const Location& loc, const ShapeParams& p) {
  Coord o{loc.at.x - p.width / 2, loc.at.y, loc.at.z - p.length / 2};
  if (loc.away.x > 0) o.x = loc.at.x;
  if (loc.away.x < 0) o.x = loc.at.x - p.width + 1;
  if (loc.away.z > 0) o.z = loc.at.z;
  if (loc.away.z < 0) o.z = loc.at.z - p.length + 1;
  if (loc.away.y < 0) o.y = loc.at.y - p.height + 1;
  return o;
}

BlockId find_or(const world::BlockRegistry& r, std::string_view name, BlockId fallback) {
  auto id = r.find(name);
  return id ? *id : fallback;
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

}  // namespace

std::optional<int> make_schematic(Assistant& s, const SchematicQuery& q) {
  const auto& reg = s.world().registry();
  Schematic sc;
  sc.name = q.name;
  // The shape: the whole name ("hollow cube"), then each word from the head noun back.
  auto words = words_of(q.name);
  std::string joined;
  for (const auto& w : words) joined += (joined.empty() ? "" : " ") + lemma(w);
  sc.shape = find_shape(joined);
  for (auto it = words.rbegin(); !sc.shape && it != words.rend(); ++it) sc.shape = find_shape(lemma(*it));
  if (!sc.shape) {
    // "build a stone one", "make something red": no name, or a material used as a name.
    bool nameless = words.empty() || q.dig || block_type(reg, q.name).has_value();
    if (!nameless && !s.unsure(Doubt::or_default("unknown_shape").with("name", joined))) return std::nullopt;
    sc.shape = find_shape(q.dig ? "rectanguloid" : "cube");
    if (nameless && !q.dig && words.size() && !q.name.empty() && q.block.empty()) {
      sc.block = *block_type(reg, q.name);
      sc.block_given = true;
    }
  }
  // Extents.
  auto len = [&](const std::string& text, const char* what) -> std::optional<int> {
    if (text.empty()) return 0;
    if (auto v = parse_length(text)) return int(std::min(*v, 1000L));  // the shape clamps further
    if (auto r = size_word(text)) return r->pick();
    if (!s.unsure(Doubt::or_default("unreadable_length").with("words", text).with("what", std::string(what))))
      return std::nullopt;
    return 0;
  };
  auto width = len(q.width, "width"), height = len(q.height, "height"), length = len(q.length, "length"),
       depth = len(q.depth, "depth"), radius = len(q.radius, "radius");
  if (!width || !height || !length || !depth || !radius) return std::nullopt;
  ShapeParams p{*width, *height ? *height : *depth, *length, *radius, 1};
  if (!q.thickness.empty()) p.thickness = int(std::min(parse_length(q.thickness).value_or(1), 8L));
  int size = 0;
  if (!q.size.empty()) {
    auto dims = parse_dimensions(q.size);
    if (dims.size() >= 2) {
      p.width = int(std::min(dims[0], 1000L));
      p.length = int(std::min(dims[1], 1000L));
      if (dims.size() == 3) p.height = int(std::min(dims[2], 1000L));
    } else if (auto r = size_word(q.size)) {
      size = r->pick();
    } else if (auto v = parse_length(q.size)) {
      size = int(std::min(*v, 1000L));
    } else if (!s.unsure(Doubt::or_default("unreadable_size").with("words", q.size))) {
      return std::nullopt;
    }
  }
  if (q.dig) {  // a hole is 3x3x3 unless told otherwise
    if (size && !p.width && !p.length) p.width = p.length = size;
    if (!p.height) p.height = 3;
    if (!p.width) p.width = 3;
    if (!p.length) p.length = 3;
  }
  // Shapes that run along x (walls, fences, triangles): their length is that run.
  if (sc.shape->defaults.length == 1 && p.length > 0 && p.width == 0) std::swap(p.width, p.length);
  sc.params = resolve_params(*sc.shape, p, size);
  // Material: the block type, else the colour, else the shape's default.
  if (!q.block.empty()) {
    auto id = block_type(reg, q.block);
    if (!id) {
      if (!s.unsure(Doubt::or_default("unknown_block").with("words", q.block).with("instead", std::string(sc.shape->default_block))))
        return std::nullopt;
    } else {
      sc.block = *id, sc.block_given = true;
    }
  }
  if (!q.colour.empty() && !sc.block_given) {
    auto c = colour_word(q.colour);
    auto id = c ? colour_block(reg, *c) : std::nullopt;
    if (!id) {
      if (!s.unsure(Doubt::or_default("unknown_colour").with("words", q.colour))) return std::nullopt;
    } else {
      sc.block = *id, sc.block_given = true;
    }
  }
  if (!sc.block_given) sc.block = find_or(reg, sc.shape->default_block, find_or(reg, "stone", 1));
  return s.add_schematic(std::move(sc));
}

bool act_build(Assistant& s, int schematic, int location) {
  if (!s.valid_schematic(schematic) || !s.valid_location(location)) return false;
  const Schematic& sc = s.schematic(schematic);
  const Location& loc = s.location(location);
  const auto& reg = s.world().registry();
  BlockId roof = sc.block_given ? sc.block : find_or(reg, "spruce_planks", sc.block);
  BlockId trim = sc.block_given ? sc.block : find_or(reg, "cobblestone", sc.block);
  BlockId window = find_or(reg, "glass", sc.block);
  BlockId water = find_or(reg, "water", sc.block);
  BlockId leaves = find_or(reg, "oak_leaves", sc.block);
  bool pool = sc.shape->name == "pool";
  Coord o = origin_for(loc, sc.params);
  if (pool) o.y -= 1;  // a pool is sunk into the ground
  std::vector<Placement> cells;
  for (const auto& c : shape_cells(*sc.shape, sc.params)) {
    BlockId b = sc.block;
    switch (c.role) {
      case Role::Main: break;
      case Role::Roof: b = pool ? water : roof; break;
      case Role::Trim: b = trim; break;
      case Role::Window: b = window; break;
      case Role::Leaves: b = leaves; break;
      case Role::Door:
      case Role::Air: b = world::kAir; break;
    }
    cells.push_back({o + c.at, b});
  }
  // "build three towers": each is "a tower".
  std::string what;
  for (const auto& w : words_of(sc.name)) what += (what.empty() ? "" : " ") + lemma(w);
  if (what.empty()) what = std::string(sc.shape->name);
  agent::TaskId task = s.start_task("BUILD", article(what));
  bool out_of_time = false;
  size_t stopped_at = cells.size();
  size_t n = apply(s, task, "build", cells, &out_of_time, false, &stopped_at);
  std::vector<std::string> tags{std::string(sc.shape->name), reg[sc.block].colour.word};
  if (out_of_time) {
    // The annotation waits for the whole build; RESUME places the rest.
    PendingBuild rest{{}, what, tags, {}};
    for (size_t i = stopped_at; i < cells.size(); ++i) rest.cells.push_back({cells[i].at, cells[i].block});
    for (const auto& c : cells)
      if (c.block != world::kAir) rest.all_cells.push_back(c.at);
    s.pending[task] = std::move(rest);
  } else {
    annotate(s, task, what, tags, cells);
  }
  if (out_of_time) {
    s.say(fmt::format("I placed {} blocks of the {} {} before running out of time, and left the task paused.", n, what,
                      loc.describe));
    s.tasks().pause(task);
    s.mark_done();
    return true;
  }
  s.finish_task(task, true);
  s.say(fmt::format("I built {} ({}x{}x{}, {}) {}.", article(what), sc.params.width, sc.params.height, sc.params.length,
                    reg[sc.block].name, loc.describe));
  s.mark_done();
  return true;
}

bool continue_build(Assistant& s, agent::TaskId task) {
  auto it = s.pending.find(task);
  if (it == s.pending.end()) return false;
  std::vector<Placement> cells;
  for (auto& [at, block] : it->second.cells) cells.push_back({at, block});
  bool out_of_time = false;
  size_t stopped_at = cells.size();
  size_t n = apply(s, task, "build", cells, &out_of_time, false, &stopped_at);
  if (out_of_time) {
    it->second.cells.erase(it->second.cells.begin(), it->second.cells.begin() + long(stopped_at));
    s.tasks().pause(task);
    s.say(fmt::format("I placed {} more blocks of the {} and ran out of time again; the task is paused.", n, it->second.name));
    return true;
  }
  std::vector<Placement> whole;
  for (Coord c : it->second.all_cells) whole.push_back({c, BlockId(1)});
  annotate(s, task, it->second.name, it->second.tags, whole);
  s.say(fmt::format("I finished the {} ({} more blocks).", it->second.name, n));
  s.pending.erase(it);
  s.finish_task(task, true);
  return true;
}

bool act_copy(Assistant& s, int thing, int location) {
  if (!s.valid_thing(thing) || !s.valid_location(location)) return false;
  const Thing& t = s.thing(thing);
  if (t.kind != ThingKind::Object) {
    s.refuse("I can only copy things made of blocks, not " + t.describe() + ".");
    return false;
  }
  Coord size = t.bounds.size();
  Coord o = origin_for(s.location(location), {size.x, size.y, size.z});
  std::vector<Placement> cells;
  for (Coord c : t.cells) {
    BlockId b = s.world().block(c);
    if (b == world::kAir) continue;
    cells.push_back({{o.x + c.x - t.bounds.min.x, o.y + c.y - t.bounds.min.y, o.z + c.z - t.bounds.min.z}, b});
  }
  agent::TaskId task = s.start_task("BUILD", "a copy of " + t.describe());
  bool out_of_time = false;
  size_t n = apply(s, task, "copy", cells, &out_of_time, false);
  annotate(s, task, t.name.empty() ? "copy" : t.name, {"copy"}, cells);
  s.finish_task(task, !out_of_time);
  s.say(fmt::format("I made a copy of {} ({} blocks) {}.", t.describe(), n, s.location(location).describe));
  s.mark_done();
  return true;
}

bool act_destroy(Assistant& s, const std::vector<int>& things) {
  std::vector<Placement> cells;
  std::vector<world::EntityId> mobs;
  std::string what;
  for (int h : things) {
    if (!s.valid_thing(h)) continue;
    const Thing& t = s.thing(h);
    if (t.kind == ThingKind::Speaker || t.kind == ThingKind::Agent) {
      s.refuse("I won't destroy " + t.describe() + ".");
      return false;
    }
    if (t.kind == ThingKind::Hole) {
      s.refuse(t.describe() + " is a hole: there is nothing to destroy. Did you mean fill it?");
      return false;
    }
    what += (what.empty() ? "" : ", ") + t.describe();
    if (t.kind == ThingKind::Mob) {
      mobs.push_back(t.entity);
      continue;
    }
    for (Coord c : t.cells)
      // Above ground a destroyed block leaves air; below, the natural ground comes back.
      if (s.world().block(c) != world::kAir) cells.push_back({c, c.y >= 0 ? world::kAir : s.world().natural(c)});
  }
  if (cells.empty() && mobs.empty()) {
    s.refuse("There is nothing there to destroy.");
    return false;
  }
  agent::TaskId task = s.start_task("DESTROY", what);
  bool out_of_time = false;
  size_t n = apply(s, task, "destroy", cells, &out_of_time, true);
  s.log().begin(task, "despawn", s.clock().now());
  for (auto id : mobs) s.world().remove_entity(id);
  s.log().end();
  erase_dead_annotations(s, task);
  s.finish_task(task, !out_of_time);
  s.say(fmt::format("I destroyed {} ({} blocks{}).", what, n, mobs.empty() ? "" : fmt::format(", {} creatures", mobs.size())));
  s.mark_done();
  return true;
}

bool act_dig(Assistant& s, int schematic, int location) {
  if (!s.valid_location(location)) return false;
  ShapeParams p{3, 3, 3, 0, 1};
  if (s.valid_schematic(schematic)) {
    const Schematic& sc = s.schematic(schematic);
    p = sc.params;
  }
  const Location& loc = s.location(location);
  // Dig down from the ground under the location.
  Coord top = loc.at;
  Coord o{top.x - p.width / 2, top.y - 1, top.z - p.length / 2};
  std::vector<Placement> cells;
  for (int y = 0; y < p.height; ++y)
    for (int z = 0; z < p.length; ++z)
      for (int x = 0; x < p.width; ++x) cells.push_back({{o.x + x, o.y - y, o.z + z}, world::kAir});
  agent::TaskId task = s.start_task("DIG", "a hole");
  bool out_of_time = false;
  size_t n = apply(s, task, "dig", cells, &out_of_time, true);
  // Not annotated: perception finds dug ground as a hole by itself, and an
  // annotation would tie this task's undo to every later build's.
  s.finish_task(task, !out_of_time);
  if (n == 0) {
    s.refuse("There was nothing I could dig there.");
    return false;
  }
  s.say(fmt::format("I dug a hole {}x{}x{} deep {} ({} blocks).", p.width, p.length, p.height, loc.describe, n));
  s.mark_done();
  return true;
}

bool act_fill(Assistant& s, const std::vector<int>& things, const std::string& block_text) {
  const auto& reg = s.world().registry();
  std::optional<BlockId> block;
  if (!block_text.empty()) {
    block = block_type(reg, block_text);
    if (!block) {
      if (!s.unsure(Doubt::or_default("unknown_filling").with("words", block_text).with("instead", std::string("dirt"))))
        return false;
    }
  }
  std::vector<Placement> cells;
  std::string what;
  for (int h : things) {
    if (!s.valid_thing(h)) continue;
    const Thing& t = s.thing(h);
    if (t.kind == ThingKind::Mob || t.kind == ThingKind::Speaker || t.kind == ThingKind::Agent) {
      s.refuse("I can't fill " + t.describe() + ".");
      return false;
    }
    what += (what.empty() ? "" : ", ") + t.describe();
    // Holes: every dug cell; objects: the air and fluid inside their bounds.
    std::vector<Coord> targets = t.cells;
    if (t.kind == ThingKind::Object) {
      targets.clear();
      for (int y = t.bounds.min.y; y <= t.bounds.max.y; ++y)
        for (int z = t.bounds.min.z; z <= t.bounds.max.z; ++z)
          for (int x = t.bounds.min.x; x <= t.bounds.max.x; ++x) targets.push_back({x, y, z});
    }
    for (Coord c : targets) {
      const auto& type = s.world().type_at(c);
      if (type.id != world::kAir && type.solid) continue;
      if (t.kind == ThingKind::Object && type.id == world::kAir && c.y >= 0 && block_text.empty()) continue;
      BlockId b = block ? *block : s.world().natural(c) != world::kAir ? s.world().natural(c) : find_or(reg, "dirt", 1);
      cells.push_back({c, b});
    }
  }
  if (cells.empty()) {
    s.refuse(fmt::format("There is nothing to fill in {}.", what.empty() ? "that" : what));
    return false;
  }
  agent::TaskId task = s.start_task("FILL", what);
  bool out_of_time = false;
  size_t n = apply(s, task, "fill", cells, &out_of_time, false);
  erase_dead_annotations(s, task);
  s.finish_task(task, !out_of_time);
  s.say(fmt::format("I filled {} with {} ({} blocks).", what, block ? reg[*block].name : "what was there before", n));
  s.mark_done();
  return true;
}

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
