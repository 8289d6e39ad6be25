// DESTROY, DIG and FILL: the actions that take blocks away or fill what is
// missing. Blocks change through blocks.h (one action-log group per task).
#include <algorithm>

#include <fmt/format.h>

#include "agents/caip/intrinsics/acts.h"
#include "agents/caip/intrinsics/blocks.h"
#include "agents/caip/intrinsics/lexicon.h"
#include "agents/caip/intrinsics/phrases.h"
#include "agents/caip/intrinsics/placement.h"

namespace plank::caip {

using world::BlockId;

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
  if (out_of_time) {  // part of it stands: not done
    s.refuse(fmt::format("I broke {} of the {} blocks of {} before the time for one command ran out; the rest still stands.",
                         n, cells.size(), what));
    return false;
  }
  s.say(fmt::format("I destroyed {} ({} blocks{}).", what, n, mobs.empty() ? "" : fmt::format(", {} creatures", mobs.size())));
  s.mark_done();
  return true;
}

namespace {

// "it" after a dig is the hole just dug ("fill it" next).
void remember_hole(Assistant& s, const std::vector<Placement>& cells) {
  Thing hole;
  hole.kind = ThingKind::Hole;
  hole.name = "hole";
  hole.names = {"hole", "pit"};
  for (const auto& c : cells)
    if (s.world().block(c.at) == world::kAir) hole.cells.push_back(c.at);
  std::sort(hole.cells.begin(), hole.cells.end());
  for (Coord c : hole.cells) hole.bounds.add(c);
  if (!hole.cells.empty()) s.last_referenced = std::move(hole);
}

// "dig a foundation for the house": the ground under the object's footprint, every column it stands
// on, `depth` deep (two when the command gives none). Only ground goes: another object under it stays.
bool dig_under(Assistant& s, const Location& loc, int depth) {
  std::vector<std::pair<int, int>> columns;
  for (Coord c : loc.anchor_cells) columns.emplace_back(c.x, c.z);
  std::sort(columns.begin(), columns.end());
  columns.erase(std::unique(columns.begin(), columns.end()), columns.end());
  std::vector<Placement> cells;
  for (int y = 1; y <= depth; ++y)
    for (auto [x, z] : columns) {
      Coord c{x, loc.anchor->min.y - y, z};
      world::BlockId b = s.world().block(c);
      if (b != world::kAir && s.natural_or_air(c) && !s.thing_at(c)) cells.push_back({c, world::kAir});
    }
  if (cells.empty()) {
    s.refuse("There is no ground under " + loc.anchor_describe + " to dig.");
    return false;
  }
  Box foot;
  for (const auto& c : cells) foot.add(c.at);
  agent::TaskId task = s.start_task("DIG", "a foundation");
  bool out_of_time = false;
  size_t n = apply(s, task, "dig", cells, &out_of_time, true);
  s.finish_task(task, !out_of_time && n > 0);
  remember_hole(s, cells);
  s.say(fmt::format("I dug a foundation {}x{}x{} deep under {} ({} blocks).", foot.size().x, foot.size().z, depth,
                    loc.anchor_describe, n));
  if (n > 0) s.mark_done();
  return n > 0;
}

// "until you reach bedrock": how deep the first block of that layer lies under `at` (the cells
// from at.y - 1 down to just above it), searched as deep as a build may be tall; nullopt, said
// or asked, when the words name no block or none lies there.
std::optional<int> depth_until(Assistant& s, Coord at, const std::string& until) {
  static constexpr std::string_view kGround[] = {"ground", "floor", "earth", "land", "surface", "dirt", "soil"};
  constexpr int kDeepest = 64;  // the build guard: no side longer than 64
  const bool ground = std::find(std::begin(kGround), std::end(kGround), until) != std::end(kGround);
  std::optional<world::BlockId> block = ground ? std::nullopt : block_type(s.world().registry(), until, false);
  if (!ground && !block) {
    s.unsure(Doubt::ask("dig_until").with("words", until));
    return std::nullopt;
  }
  for (int d = 0; d < kDeepest; ++d) {
    Coord c{at.x, at.y - 1 - d, at.z};
    BlockId b = s.world().block(c);
    if (ground ? s.world().solid(c) : b == *block) {
      if (d == 0) s.refuse(fmt::format("The {} is right there at ({}, {}, {}): there is nothing to dig.", until, c.x, c.y, c.z));
      return d == 0 ? std::nullopt : std::optional<int>(d);
    }
  }
  s.refuse(fmt::format("There is no {} within {} blocks below ({}, {}, {}), so I didn't dig.", until, kDeepest, at.x, at.y, at.z));
  return std::nullopt;
}

}  // namespace

bool act_dig(Assistant& s, int schematic, int location, const std::string& until) {
  if (!s.valid_location(location)) return false;
  ShapeParams p{3, 3, 3, 0, 1};
  if (s.valid_schematic(schematic)) p = s.schematic(schematic).params;
  else if (!until.empty()) p = {1, 1, 1, 0, 1};  // "dig straight down until ...": a shaft one block across
  const Location loc = s.location(location);
  if (!until.empty() && loc.direction != "AROUND") {
    auto depth = depth_until(s, loc.at, until);
    if (!depth) return false;
    p.height = *depth;
  }
  if (loc.direction == "UNDER" && loc.anchor) return dig_under(s, loc, s.valid_schematic(schematic) ? p.height : 2);
  // "a hole in the wall": the wall is not ground; digging it away is destroying it, which the speaker should say.
  if (loc.direction == "INSIDE" && loc.anchor && loc.anchor->min.y >= 0 && loc.at.y > loc.anchor->min.y) {
    s.unsure(Doubt::ask("dig_into").with("what", loc.anchor_describe));
    return false;
  }
  std::vector<Coord> rel;  // below the ground the location stands on
  Coord o;
  bool around = loc.direction == "AROUND" && loc.anchor;
  if (around) {
    // A moat: a trench one (or the hole's width, up to 3) wide round the object, a free cell between.
    const Box& a = *loc.anchor;
    // A moat is one block wide and two deep unless the command gave a size.
    bool sized = s.valid_schematic(schematic);
    int wide = sized ? std::clamp(std::min(p.width, p.length), 1, 3) : 1;
    if (!sized) p.height = 2;
    Coord size = a.size();
    int w = size.x + 2 + 2 * wide, l = size.z + 2 + 2 * wide;
    o = {a.min.x - 1 - wide, std::max(a.min.y, 0), a.min.z - 1 - wide};
    for (int y = 0; y < p.height; ++y)
      for (int z = 0; z < l; ++z)
        for (int x = 0; x < w; ++x)
          if (x < wide || x >= w - wide || z < wide || z >= l - wide) rel.push_back({x, -1 - y, z});
  } else {
    o = origin_for(loc, {p.width, 1, p.length});
    o.y = loc.at.y;
    for (int y = 0; y < p.height; ++y)
      for (int z = 0; z < p.length; ++z)
        for (int x = 0; x < p.width; ++x) rel.push_back({x, -1 - y, z});
  }
  // Not through anything, nor under it: the cells on top of the hole must be free too.
  std::vector<Coord> checked = rel;
  for (Coord c : rel)
    if (c.y == -1) checked.push_back({c.x, 0, c.z});
  std::string what = around ? "a moat" : fmt::format("a {}x{} hole", p.width, p.length);
  auto site = find_site(s, loc, o, checked, what, "dig", around ? Give::Gaps : Give::Shift);
  if (!site) return false;
  std::vector<Placement> cells;
  // A gap in a moat under something that stands in its way: the whole column stays.
  auto in_gap = [&](Coord c) {
    for (Coord g : site->gaps)
      if (g.x == c.x && g.z == c.z) return true;
    return false;
  };
  for (Coord c : rel)
    if (!in_gap(c)) cells.push_back({site->origin + c, world::kAir});
  agent::TaskId task = s.start_task("DIG", around ? "a moat" : "a hole");
  bool out_of_time = false;
  size_t n = apply(s, task, "dig", cells, &out_of_time, true);
  // Not annotated: perception finds dug ground as a hole by itself, and an
  // annotation would tie this task's undo to every later build's.
  s.finish_task(task, !out_of_time && n > 0);
  if (n == 0) {
    s.refuse("There was nothing I could dig there.");
    return false;
  }
  remember_hole(s, cells);  // "fill it" next: the hole just dug is what "it" refers back to
  if (around)
    s.say(fmt::format("I dug a moat {} deep {} ({} blocks).", p.height, loc.describe, n));
  else
    s.say(fmt::format("I dug a hole {}x{}x{} deep {} ({} blocks){}.", p.width, p.length, p.height, loc.describe, n,
                      until.empty() ? "" : ", down to the " + until));
  s.mark_done();
  return true;
}

namespace {

// "fill the hole with the wooden box": a filling named with a determiner that names an object in the
// world (other than the ones filled) is that object, not a material ("with sand", "with the dirt" where
// no object is called dirt, stay materials). The object, or null.
const Thing* filling_object(Assistant& s, const std::vector<int>& filled, const std::string& words) {
  static constexpr std::string_view kDeterminers[] = {"the", "that", "this", "those", "these", "my", "your", "our", "his", "her"};
  auto w = words_of(words);
  if (w.size() < 2 || std::find(std::begin(kDeterminers), std::end(kDeterminers), w.front()) == std::end(kDeterminers))
    return nullptr;
  std::string rest;
  for (size_t i = 1; i < w.size(); ++i) rest += (rest.empty() ? "" : " ") + w[i];
  std::string head = noun_phrase(rest).head;
  if (head.empty()) return nullptr;
  const auto& all = s.things();
  for (size_t i = 0; i < all.size(); ++i) {
    const Thing& t = all[i];
    bool is_filled = std::find(filled.begin(), filled.end(), int(i)) != filled.end();
    if (t.kind == ThingKind::Object && !is_filled && std::find(t.names.begin(), t.names.end(), head) != t.names.end()) return &t;
  }
  return nullptr;
}

}  // namespace

bool act_fill(Assistant& s, const std::vector<int>& things, const std::string& block_text) {
  const auto& reg = s.world().registry();
  std::optional<BlockId> block;
  const Thing* filler = block_text.empty() ? nullptr : filling_object(s, things, block_text);
  if (!block_text.empty() && !filler) {
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
      BlockId b = block ? *block : s.world().natural(c) != world::kAir ? s.world().natural(c) : find_block_or(reg, "dirt", 1);
      cells.push_back({c, b});
    }
  }
  if (cells.empty()) {
    s.refuse(fmt::format("There is nothing to fill in {}.", what.empty() ? "that" : what));
    return false;
  }
  if (filler) {
    // Putting a thing into a hole takes it apart (it seldom fits whole): that is the speaker's call, and
    // there is no default to assume.
    s.unsure(Doubt::ask("fill_with_object").with("thing", filler->describe()).with("what", what)
                 .with("blocks", long(filler->cells.size())).with("needs", long(cells.size())));
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

}  // namespace plank::caip
