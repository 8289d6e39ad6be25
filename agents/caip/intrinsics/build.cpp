// Schematics and the actions that build them: BUILD (a shape at a location,
// or around something) and copies of an object. Where a shape goes, and that
// it goes through nothing, is placement.h; writing the blocks is blocks.h.
#include <algorithm>
#include <climits>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "agents/caip/intrinsics/acts.h"
#include "agents/caip/intrinsics/blocks.h"
#include "agents/caip/intrinsics/lexicon.h"
#include "agents/caip/intrinsics/phrases.h"
#include "agents/caip/intrinsics/placement.h"

namespace plank::caip {

namespace {

using world::BlockId;

// The shape a name means: the whole phrase ("hollow cube", "swimming pool"),
// its last two words, the head noun, then the head misspelt ("pyrmaid").
// `*called`: the words that named it ("hollow cube", "tower").
const ShapeDef* shape_named(const NounPhrase& np, std::string* called) {
  auto words = words_of(np.whole);
  for (std::string phrase : {np.whole, words.size() >= 2 ? words[words.size() - 2] + " " + words.back() : std::string()})
    if (words.size() >= 2 && !phrase.empty())
      if (const ShapeDef* s = find_shape(phrase)) {
        *called = phrase;
        return s;
      }
  if (np.head.empty()) return nullptr;
  *called = np.head;
  if (const ShapeDef* s = find_shape(np.head)) return s;
  // A material is spelt right: "stone" is not a misspelt "store" (a house).
  if (material_word(np.head)) return nullptr;
  return find_shape_misspelt(np.head);
}

// The parts each shape has ("a house with a door" is a house), one row a shape.
struct ShapeParts {
  std::string_view shape;
  std::string_view parts;  // lemmas, space-separated
};
constexpr ShapeParts kShapeParts[] = {
    {"house", "door doorway entrance opening window roof floor wall"},
    {"hollow_cube", "floor wall roof ceiling"},
    {"hollow_rectanguloid", "floor wall roof ceiling"},
    {"tower", "wall"},
    {"bridge", "railing rail deck"},
    {"arch", "arch opening"},
    {"pool", "water"},
};
// Shells a doorway is cut into when asked for: a box of walls with a floor and a top.
constexpr std::string_view kDoorWords[] = {"door", "doorway", "entrance", "opening"};
constexpr std::string_view kDoorable[] = {"hollow_cube", "hollow_rectanguloid"};

bool has_part(const ShapeDef& shape, const std::string& part) {
  for (const auto& row : kShapeParts)
    if (row.shape == shape.name) {
      auto parts = words_of(row.parts);
      return std::find(parts.begin(), parts.end(), part) != parts.end();
    }
  return false;
}

// "with a door and two windows": the part nouns after "with" (materials, "with stone", are not parts).
std::vector<std::string> parts_asked(const NounPhrase& np) {
  std::vector<std::string> out;
  bool with = false;
  for (const auto& w : np.after) {
    if (w == "with") with = true;
    else if (with && part_noun(lemma(w))) out.push_back(lemma(w));
  }
  return out;
}

// "made of stone", "out of gold", "from bricks", "using wood": the material after the head.
std::string material_after(const NounPhrase& np) {
  if (!np.of_what.empty() && material_word(np.of_what)) return np.of_what;
  for (size_t i = 0; i + 1 < np.after.size(); ++i)
    if (np.after[i] == "of" || np.after[i] == "from" || np.after[i] == "using" || np.after[i] == "with") {
      size_t k = i + 1;
      while (k < np.after.size() && (np.after[k] == "the" || np.after[k] == "a" || np.after[k] == "some")) ++k;
      if (k < np.after.size() && material_word(lemma(np.after[k]))) return lemma(np.after[k]);
    }
  return {};
}

// "fence in a square shape", "in the shape of a square", "shaped like a square", "square shaped": the words after
// the head say the shape is `shape`.
bool shaped_as(const std::vector<std::string>& after, std::string_view shape) {
  for (size_t k = 0; k < after.size(); ++k) {
    if (after[k] != shape) continue;
    auto opens = [&](size_t i) {
      return after[i] == "in" || after[i] == "into" || after[i] == "like" || after[i] == "of" || after[i] == "shaped";
    };
    bool before = k > 0 && (opens(k - 1) || (k > 1 && (after[k - 1] == "a" || after[k - 1] == "the") && opens(k - 2)));
    bool shape_after = k + 1 < after.size() && (after[k + 1] == "shape" || after[k + 1] == "shaped" || after[k + 1] == "form");
    if (before || shape_after) return true;
  }
  return false;
}

// The cells of a schematic relative to its origin, each with its block.
std::vector<Placement> shape_placements(Assistant& s, const Schematic& sc, const ShapeParams& params) {
  const auto& reg = s.world().registry();
  BlockId roof = sc.block_given ? sc.block : find_block_or(reg, "spruce_planks", sc.block);
  BlockId trim = sc.block_given ? sc.block : find_block_or(reg, "cobblestone", sc.block);
  BlockId window = find_block_or(reg, "glass", sc.block);
  BlockId water = find_block_or(reg, "water", sc.block);
  BlockId leaves = find_block_or(reg, "oak_leaves", sc.block);
  bool pool = sc.shape->name == "pool";
  std::vector<Placement> cells;
  for (const auto& c : shape_cells(*sc.shape, params)) {
    BlockId b = sc.block;
    switch (c.role) {
      case Role::Main:
        if (sc.stripe && (params.height > 1 ? c.at.y : c.at.x + c.at.z) % 2 == 1) b = sc.stripe;
        break;
      case Role::Roof: b = pool ? water : roof; break;
      case Role::Trim: b = trim; break;
      case Role::Window: b = window; break;
      case Role::Leaves: b = leaves; break;
      case Role::Door:
      case Role::Air: b = world::kAir; break;
    }
    // A doorway in the middle of the wall facing the speaker: two blocks high where the walls allow.
    if (sc.doorway && c.at.y >= 1 && c.at.y <= std::min(2, params.height - 2)) {
      Coord f = sc.door_facing;
      bool on_wall = f.x > 0 ? c.at.x == params.width - 1 : f.x < 0 ? c.at.x == 0 : f.z > 0 ? c.at.z == params.length - 1 : c.at.z == 0;
      bool middle = f.x != 0 ? c.at.z == params.length / 2 : c.at.x == params.width / 2;
      if (on_wall && middle) b = world::kAir;
    }
    cells.push_back({c.at, b});
  }
  return cells;
}

std::vector<Coord> solid_cells(const std::vector<Placement>& cells) {
  std::vector<Coord> out;
  for (const auto& p : cells)
    if (p.block != world::kAir) out.push_back(p.at);
  return out;
}

// The lowest free cell over solid ground at a column, from y upwards.
int surface(const world::World& w, int x, int y, int z) {
  for (int k = 0; k < 16; ++k, ++y)
    if (!w.solid({x, y, z}) && w.solid({x, y - 1, z})) return y;
  return y - 16;
}

// A shape grown to go round `around` with a free cell between: an outline
// drawn round its footprint, a shell it stands inside. Returns the origin.
Coord enclose(const world::World& w, const ShapeDef& def, ShapeParams& p, const Box& around) {
  Coord size = around.size();
  if (def.enclose == Enclosure::Outline) {
    if (def.name == "circle") {
      int d = int(std::ceil(std::hypot(double(size.x), double(size.z)))) + 3;
      p.width = p.length = d;
    } else {
      p.width = size.x + 4, p.length = size.z + 4;
    }
  } else {
    p.width = std::max(p.width, size.x + 4), p.length = std::max(p.length, size.z + 4);
    int roof = def.name == "house" ? std::min(p.width, p.length) / 2 : 0;  // the house's roof takes its top layers
    p.height = std::max(p.height, size.y + 2 + roof);
    if (def.name == "spherical_shell" || def.name == "dome") {
      int d = std::max({p.width, p.length, size.y + 3});
      p.width = p.length = d;
      p.height = def.name == "dome" ? std::max(p.height, size.y + 2) : d;
    }
  }
  p.width = std::min(p.width, 64), p.length = std::min(p.length, 64), p.height = std::min(p.height, 64);
  Coord o{around.min.x - (p.width - size.x) / 2, around.min.y, around.min.z - (p.length - size.z) / 2};
  // Outlines stand on the ground round the object; shells take the ground under it as their floor.
  o.y = surface(w, o.x, around.min.y, o.z);
  if (def.enclose == Enclosure::Shell && def.name != "dome") o.y = around.min.y - 1;
  return o;
}

// Where the copy before this one of a repeat went (this command), if it was built: the next copy goes one
// step on from there, so that the row stays packed when a copy had to move out of the way.
std::optional<Coord> previous_copy(const Assistant& s, const Location& loc) {
  if (loc.base < 0 || loc.copy <= 0) return std::nullopt;
  auto it = s.copy_sites.find({loc.base, loc.copy - 1});
  if (it == s.copy_sites.end()) return std::nullopt;
  return it->second;
}

// "10 times as tall", "50% as big".
std::string scale_text(long percent, const std::string& extent) {
  std::string as = extent == "height" ? "as tall" : extent == "width" ? "as wide" : extent == "length" ? "as long" : "as big";
  return (percent % 100 == 0 ? fmt::format("{} times ", percent / 100) : fmt::format("{}% ", percent)) + as;
}

std::string size_text(const ShapeParams& p) { return fmt::format("{}x{}x{}", p.width, p.height, p.length); }

// Builds `cells` at `origin` as one task and names it; the reply's sentence.
struct Built {
  size_t changed = 0;
  bool out_of_time = false;
};
Built place_shape(Assistant& s, agent::TaskId task, const Schematic& sc, const std::vector<Placement>& rel, Coord origin,
                  const std::string& what) {
  std::vector<Placement> cells;
  for (const auto& c : rel) cells.push_back({origin + c.at, c.block});
  Built b;
  size_t stopped_at = cells.size();
  b.changed = apply(s, task, "build", cells, &b.out_of_time, false, &stopped_at);
  const auto& reg = s.world().registry();
  std::vector<std::string> tags{std::string(sc.shape->name), reg[sc.block].colour.word};
  if (sc.stripe) tags.push_back(reg[sc.stripe].colour.word);
  if (b.out_of_time) {
    // The annotation waits for the whole build; RESUME places the rest.
    PendingBuild rest{{}, what, tags, {}};
    for (size_t i = stopped_at; i < cells.size(); ++i) rest.cells.push_back({cells[i].at, cells[i].block});
    for (const auto& c : cells)
      if (c.block != world::kAir) rest.all_cells.push_back(c.at);
    s.pending[task] = std::move(rest);
  } else {
    annotate(s, task, what, tags, cells);
  }
  return b;
}

// "build a foundation for the house": a slab under the object's footprint (its bottom layer) and one block round it, its
// top just below the object's bottom (so its rim is level with the ground the object stands on), as
// thick as the shape is tall (at most 4). What it is for decides its size, not the shape's default;
// only ground and air under it change, never the object or another one.
bool build_under(Assistant& s, const Schematic& sc, const Location& loc) {
  constexpr int kRim = 1;
  const int thick = std::clamp(sc.params.height, 1, 4);
  std::vector<std::pair<int, int>> columns;
  for (Coord c : loc.anchor_cells)
    if (c.y == loc.anchor->min.y)  // what it stands on: a roof's eaves overhang, the foundation does not
      for (int dx = -kRim; dx <= kRim; ++dx)
      for (int dz = -kRim; dz <= kRim; ++dz) columns.emplace_back(c.x + dx, c.z + dz);
  std::sort(columns.begin(), columns.end());
  columns.erase(std::unique(columns.begin(), columns.end()), columns.end());
  std::vector<Placement> cells;
  for (int y = loc.anchor->min.y - 1; y >= loc.anchor->min.y - thick; --y)
    for (auto [x, z] : columns) {
      Coord c{x, y, z};
      if (s.natural_or_air(c) && !s.thing_at(c) && s.world().block(c) != sc.block) cells.push_back({c, sc.block});
    }
  if (cells.empty()) {
    s.refuse(fmt::format("There is no ground under {} to lay {} in.", loc.anchor_describe, article(sc.name)));
    return false;
  }
  std::stable_sort(cells.begin(), cells.end(), [](const Placement& a, const Placement& b) { return a.at.y < b.at.y; });
  Box box;
  for (const auto& c : cells) box.add(c.at);
  agent::TaskId task = s.start_task("BUILD", article(sc.name));
  bool out_of_time = false;
  size_t n = apply(s, task, "build", cells, &out_of_time, false);
  annotate(s, task, sc.name, {}, cells);
  s.finish_task(task, !out_of_time && n > 0);
  if (out_of_time) {
    s.refuse(fmt::format("I laid {} of the {} blocks of {} before the time for one command ran out.", n, cells.size(),
                         article(sc.name)));
    return false;
  }
  s.say(fmt::format("I built {} ({}x{}x{}, {}) under {}, one block wider all round ({} blocks).", article(sc.name),
                    box.size().x, thick, box.size().z, s.world().registry()[sc.block].name, loc.anchor_describe, n));
  s.mark_done();
  return n > 0;
}

// "build a new window": a window goes into a wall, not free-standing. The wall is one of the building the
// location names (its object, when it has walls), else of the walled object nearest the place (the building
// nearest where the speaker looks, within 24 blocks): a cell of the object with open air outside it and room
// inside it. The walls facing the speaker come first; the window is as large as asked (or as the shape's
// default), else the largest of 2x2, 1x2, 1x1 that fits whole in a wall, nearest its middle. Glass and
// doorways are never cut into. nullopt: no building with such a wall (the window is built where asked).
std::optional<bool> build_into_wall(Assistant& s, const Schematic& sc, const Location& loc) {
  const world::World& w = s.world();
  const world::BlockId glass = find_block_or(w.registry(), "glass", sc.block);
  // A wall stands three blocks or more; the window is not at its foot (a fence or a low rim is no wall).
  auto wall_cells = [&](const Thing& t, Coord v) {
    std::vector<Coord> out;
    if (t.bounds.size().y < 3) return out;
    for (Coord c : t.cells) {
      if (c.y <= t.bounds.min.y || !w.solid(c) || w.block(c) == glass) continue;
      // Doors, gates, panes, ladders and the like are no wall to cut a window into.
      const std::string& name = w.type_at(c).name;
      if (name.find("door") != std::string::npos || name.find("gate") != std::string::npos ||
          name.find("glass") != std::string::npos || name.find("pane") != std::string::npos ||
          name.find("ladder") != std::string::npos || name.find("torch") != std::string::npos)
        continue;
      // Outside: open air. Inside: room, then the object's far wall (eaves widen its bounds, so room alone
      // within the bounds is not inside).
      bool inside = false;
      for (int k = 1; k <= 64; ++k) {
        Coord p{c.x - k * v.x, c.y, c.z - k * v.z};
        if (p.x < t.bounds.min.x || p.x > t.bounds.max.x || p.z < t.bounds.min.z || p.z > t.bounds.max.z) break;
        if (w.solid(p)) {
          inside = k > 1 && std::binary_search(t.cells.begin(), t.cells.end(), p);
          break;
        }
      }
      if (!w.solid(c + v) && inside) out.push_back(c);
    }
    return out;
  };
  const Coord faces[] = {{1, 0, 0}, {-1, 0, 0}, {0, 0, 1}, {0, 0, -1}};
  const Thing* house = nullptr;
  long best = 0;
  for (const Thing& t : s.things()) {
    if (t.kind != ThingKind::Object) continue;
    size_t n = 0;
    for (Coord v : faces) n += wall_cells(t, v).size();
    if (n < 6) continue;
    Coord c = t.centre();
    bool anchor = loc.anchor && t.bounds == *loc.anchor;
    long d = anchor ? -1 : long(c.x - loc.at.x) * (c.x - loc.at.x) + long(c.z - loc.at.z) * (c.z - loc.at.z);
    if (!house || d < best) house = &t, best = d;
  }
  if (!house || best > 24 * 24) return std::nullopt;
  const Thing t = *house;
  // The walls facing the speaker first.
  const world::Entity* sp = s.speaker();
  Coord from = sp ? world::cell_of(sp->pose.pos) : s.agent().feet(), mid = t.centre();
  std::vector<Coord> order(std::begin(faces), std::end(faces));
  std::stable_sort(order.begin(), order.end(), [&](Coord a, Coord b) {
    return a.x * (from.x - mid.x) + a.z * (from.z - mid.z) > b.x * (from.x - mid.x) + b.z * (from.z - mid.z);
  });
  std::vector<std::pair<int, int>> sizes{{sc.params.width, sc.params.height}};
  for (auto wh : {std::pair{2, 2}, std::pair{1, 2}, std::pair{1, 1}})
    if (wh.first <= sc.params.width && wh.second <= sc.params.height && wh != sizes.front()) sizes.push_back(wh);
  for (auto [ww, hh] : sizes)
    for (Coord v : order) {
      std::vector<Coord> cells = wall_cells(t, v);
      if (cells.empty()) continue;
      // The wall's plane: the one of these cells' planes that holds most of them.
      std::map<int, int> planes;
      for (Coord c : cells) ++planes[v.x ? c.x : c.z];
      int plane = std::max_element(planes.begin(), planes.end(), [](auto& a, auto& b) { return a.second < b.second; })->first;
      std::erase_if(cells, [&](Coord c) { return (v.x ? c.x : c.z) != plane; });
      std::sort(cells.begin(), cells.end());
      auto along = [&](Coord c) { return v.x ? c.z : c.x; };
      int lo = INT32_MAX, hi = INT32_MIN, bottom = INT32_MAX;
      for (Coord c : cells) lo = std::min(lo, along(c)), hi = std::max(hi, along(c)), bottom = std::min(bottom, c.y);
      std::optional<std::vector<Coord>> pick;
      long pick_cost = 0;
      for (Coord corner : cells) {
        std::vector<Coord> window;
        for (int dy = 0; dy < hh; ++dy)
          for (int da = 0; da < ww; ++da) {
            Coord c{v.x ? plane : corner.x + da, corner.y + dy, v.x ? corner.z + da : plane};
            if (std::binary_search(cells.begin(), cells.end(), c)) window.push_back(c);
          }
        if (window.size() != size_t(ww * hh)) continue;
        // Nearest the middle of the wall, then eye height (one above the lowest row of the wall).
        long cost = 2 * std::abs(2 * along(corner) + ww - 1 - (lo + hi)) + std::abs(corner.y - (bottom + 1));
        if (!pick || cost < pick_cost) pick = window, pick_cost = cost;
      }
      if (!pick) continue;
      std::vector<Placement> placed;
      for (Coord c : *pick) placed.push_back({c, sc.block});
      agent::TaskId task = s.start_task("BUILD", article(sc.name));
      bool out_of_time = false;
      size_t n = apply(s, task, "build", placed, &out_of_time, false);
      annotate(s, task, sc.name, {std::string(sc.shape->name), "window"}, placed);
      s.finish_task(task, !out_of_time && n > 0);
      if (n == 0) {
        s.refuse("There is already " + article(sc.name) + " there: I had nothing to change.");
        return false;
      }
      static const std::pair<Coord, const char*> kSides[] = {
          {{1, 0, 0}, "east"}, {{-1, 0, 0}, "west"}, {{0, 0, 1}, "south"}, {{0, 0, -1}, "north"}};
      std::string side;
      for (const auto& [k, name] : kSides)
        if (k == v) side = name;
      Coord at = pick->front();
      s.say(fmt::format("I built {} ({}x{}, {}) into the {} wall of {} at ({}, {}, {}).", article(sc.name), ww, hh,
                        w.registry()[sc.block].name, side, t.describe(), at.x, at.y, at.z));
      s.mark_done();
      return true;
    }
  return std::nullopt;
}

// "build a set of stairs leading to the roof": steps rising toward the object, their top block one below its
// bottom (one steps up onto it; an object standing on the ground: up to its top), their high end against its
// side facing the speaker, one block wide per step as the shape is. Moved sideways like any build when the
// spot is taken or has no footing.
bool build_stairs_to(Assistant& s, Schematic sc, const Location& loc) {
  const world::World& w = s.world();
  Coord v = loc.away.y == 0 && loc.away != Coord{0, 0, 0} ? loc.away : Coord{0, 0, 1};  // outward from the object
  int ground = loc.at.y;
  while (ground > loc.at.y - 64 && !w.solid({loc.at.x, ground - 1, loc.at.z})) --ground;
  while (ground < loc.at.y + 64 && w.solid({loc.at.x, ground, loc.at.z})) ++ground;
  int rise = loc.anchor->min.y - ground;
  if (rise < 1) rise = loc.anchor->max.y + 1 - ground;
  rise = std::clamp(rise, 1, kLargestSide);
  sc.params.height = sc.params.length = rise;
  const ShapeParams p = sc.params;
  // The shape rises along +z; turned to rise toward the object (along -v).
  std::vector<Placement> rel;
  for (const auto& c : shape_placements(s, sc, p)) {
    Coord a = c.at, t = a;
    if (v.z > 0) t = {a.x, a.y, p.length - 1 - a.z};
    if (v.x < 0) t = {a.z, a.y, a.x};
    if (v.x > 0) t = {p.length - 1 - a.z, a.y, a.x};
    rel.push_back({t, c.block});
  }
  Coord size = v.x ? Coord{p.length, p.height, p.width} : Coord{p.width, p.height, p.length};
  Coord origin = origin_for(loc, size);
  origin.y = ground;
  auto site = find_site(s, loc, origin, solid_cells(rel), article(sc.name), "build");
  if (!site) return false;
  agent::TaskId task = s.start_task("BUILD", article(sc.name));
  Built b = place_shape(s, task, sc, rel, site->origin, sc.name);
  if (b.out_of_time) {
    s.say(fmt::format("I placed {} blocks of the {} {} before running out of time, and left the task paused.", b.changed,
                      sc.name, loc.describe));
    s.tasks().pause(task);
    s.mark_done();
    return false;
  }
  s.finish_task(task, b.changed > 0);
  if (b.changed == 0) {
    s.refuse(fmt::format("{} is already there {}: I had nothing to change.", article(sc.name), loc.describe));
    return false;
  }
  std::string moved;
  if (site->shifted)
    moved = fmt::format("; {} {} in the way, so I moved them over to ({}, {}, {})", site->moved_from,
                        site->moved_from == "you" ? "were" : "was", site->origin.x, site->origin.y, site->origin.z);
  s.say(fmt::format("I built {} ({} steps up, {}) {}{}.", article(sc.name), rise, w.registry()[sc.block].name, loc.describe, moved));
  s.mark_done();
  return true;
}

}  // namespace

std::optional<int> make_schematic(Assistant& s, const SchematicQuery& q) {
  const auto& reg = s.world().registry();
  Schematic sc;
  NounPhrase np = noun_phrase(q.name);
  // What the words leave to the form: "a small red house" gives a size and a colour too.
  std::string colour = q.colour, block = q.block, size_words = q.size;
  // Two colours ("white and black", in the name or the colour span): the second is every other layer.
  std::vector<std::string> colours;
  for (const auto& w : words_of(q.colour))
    if (colour_word(w)) colours.push_back(w);
  if (colours.size() > 1) colour = colours.front();
  for (const auto& m : np.modifiers) {
    if (colour_word(m)) colours.push_back(m);
    if (colour.empty() && colour_word(m)) colour = m;
    else if (size_words.empty() && size_word(m)) size_words = m;
    else if (block.empty() && material_word(m)) block = m;
  }
  if (block.empty()) block = material_after(np);
  std::string called;
  sc.shape = shape_named(np, &called);
  if (!sc.shape) {
    if (q.dig || np.head.empty() || generic_noun(np.head)) {
      // A hole of any name; "build something red", "a stone one": a cube.
      sc.shape = find_shape(q.dig ? "rectanguloid" : "cube");
    } else if (material_word(np.head)) {
      sc.shape = find_shape("cube");  // "build some stone": a cube of it
      if (block.empty()) block = np.head;
    } else if (auto id = block_type(reg, np.head, false); id && *id != world::kAir) {
      sc.shape = find_shape("block");  // "build a torch", "a bookshelf": one of that block
      if (block.empty()) block = np.head;
    } else {
      // Never a block whose name looks like it ("a hut" is not a cube of something): ask.
      std::string name = np.whole.empty() ? np.head : np.whole;
      if (!s.unsure(Doubt::or_default("unknown_shape").with("name", name))) return std::nullopt;
      sc.shape = find_shape("cube");
    }
  }
  sc.name = called.empty() || generic_noun(called) || material_word(called) ? std::string(sc.shape->name) : called;
  if (sc.shape == find_shape_misspelt(called) && !find_shape(called)) sc.name = std::string(sc.shape->name);
  // Extents.
  auto len = [&](const std::string& text, const char* what) -> std::optional<int> {
    if (text.empty()) return 0;
    if (as_large_as_possible(text)) return kLargestSide;
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
  // A flat shape (a square, a circle, a garden) has no height to speak of: its depth is its other side on the
  // ground ("10 blocks in a square": width and depth 10 is a 10x10 square, not a square 10 high).
  bool flat = sc.shape->defaults.height == 1 && sc.shape->defaults.length > 1;
  if (flat && *depth && !*height && !*length) p.height = 0, p.length = *depth;
  // A fence is one post high: its two numbers ("a fence 10 x 10", read as a width and a height) are its
  // footprint, which it goes round.
  bool fenced = sc.shape->name == "fence" || sc.shape->name == "pen";
  if (fenced && p.width && p.height > 1 && !p.length) p.length = p.height, p.height = 0;
  if (!q.thickness.empty()) p.thickness = int(std::min(parse_length(q.thickness).value_or(1), 8L));
  bool upright = sc.shape->defaults.length == 1 && sc.shape->name != "fence";  // walls, panes, arches, triangles
  // A width of two extents ("a hole 5 by 5 blocks wide") is both across.
  if (auto dims = parse_dimensions(q.width); dims.size() >= 2 && q.length.empty()) {
    p.width = int(std::min(dims[0], 1000L));
    (upright ? p.height : p.length) = int(std::min(dims[1], 1000L));
  }
  int size = 0;
  if (!size_words.empty()) {
    auto dims = parse_dimensions(size_words);
    if (dims.size() >= 2) {
      // Two extents stay two: "a 10 by 20 room" (width, length), "a 10 by 4 wall" (width, height).
      p.width = int(std::min(dims[0], 1000L));
      (upright ? p.height : p.length) = int(std::min(dims[1], 1000L));
      if (dims.size() == 3) (upright ? p.length : p.height) = int(std::min(dims[2], 1000L));
    } else if (auto r = size_word(size_words)) {
      size = r->pick();
    } else if (auto v = parse_length(size_words)) {
      size = int(std::min(*v, 1000L));
    } else if (!s.unsure(Doubt::or_default("unreadable_size").with("words", size_words))) {
      return std::nullopt;
    }
  }
  if (q.dig) {  // a hole is 3x3x3 unless told otherwise
    if (size && !p.width && !p.length) p.width = p.length = size;
    // One side across ("5 blocks deep 5 blocks wide"): a hole that wide is as long (a hole's two sides across
    // are alike unless both are given), so the words' width is not left beside a default length.
    if (p.width && !p.length) p.length = p.width;
    else if (p.length && !p.width) p.width = p.length;
    if (!p.height) p.height = 3;
    if (!p.width) p.width = 3;
    if (!p.length) p.length = 3;
  }
  // "a square room", "a fence in a square shape": its two sides alike, the larger of them, when the words give
  // one side or none. A fence or a wall "in a square" goes round a square footprint.
  bool square = std::find(np.modifiers.begin(), np.modifiers.end(), "square") != np.modifiers.end() ||
                shaped_as(np.after, "square");
  bool outline_run = sc.shape->defaults.length == 1 && sc.shape->enclose == Enclosure::Outline;  // walls, fences
  if (square && (sc.shape->defaults.length > 1 || outline_run) && !(p.width && p.length)) {
    int side = p.width || p.length ? std::max(p.width, p.length)
               : size              ? size
                                   : std::max(sc.shape->defaults.width, sc.shape->defaults.length);
    p.width = p.length = side;
  }
  // A square or a circle of one given side ("a square 10 wide", "10 blocks in a square") is that wide both ways.
  bool two_sided = sc.shape->name == "square" || sc.shape->name == "circle" || sc.shape->name == "disk";
  if (two_sided && (p.width > 0) != (p.length > 0)) p.width = p.length = std::max(p.width, p.length);
  // Shapes that run along x (walls, fences, triangles): their length is that run.
  if (sc.shape->defaults.length == 1 && p.length > 0 && p.width == 0) std::swap(p.width, p.length);
  sc.params = resolve_params(*sc.shape, p, size);
  if (q.scale_percent != 100) {
    // "make it ten times as big": the extents the words name, times the factor, within the build guard.
    ShapeParams scaled = sc.params;
    auto times = [&](int& v) { v = std::max(1, int((long(v) * q.scale_percent + 50) / 100)); };
    if (q.scale_extent.empty() || q.scale_extent == "width") times(scaled.width);
    if (q.scale_extent.empty() || q.scale_extent == "height") times(scaled.height);
    if (q.scale_extent.empty() || q.scale_extent == "length") times(scaled.length);
    if (q.scale_extent.empty() && scaled.radius) times(scaled.radius);
    if (std::max({scaled.width, scaled.height, scaled.length}) > kLargestSide) {
      std::string what = article(sc.name);
      what[0] = char(std::toupper(static_cast<unsigned char>(what[0])));
      s.refuse(fmt::format("{} {} would be {} (from {}): I build at most {} blocks a side.", what,
                           scale_text(q.scale_percent, q.scale_extent), size_text(scaled), size_text(sc.params), kLargestSide));
      return std::nullopt;
    }
    // Nor more blocks than one command's time places (it would stop part-built).
    long blocks = 0;
    for (const auto& c : shape_cells(*sc.shape, scaled)) blocks += c.role != Role::Air && c.role != Role::Door;
    long placeable = long(s.options().tick_budget / agent::kCosts.place_ticks);
    if (blocks > placeable) {
      std::string what = article(sc.name);
      what[0] = char(std::toupper(static_cast<unsigned char>(what[0])));
      s.refuse(fmt::format("{} {} would be {} and {} blocks: I place at most {} blocks in one command.", what,
                           scale_text(q.scale_percent, q.scale_extent), size_text(scaled), blocks, placeable));
      return std::nullopt;
    }
    sc.params = scaled;
  }
  // Material: the block type, else the colour, else the shape's default.
  if (!block.empty()) {
    auto id = block_type(reg, block);
    if (!id) {
      if (!s.unsure(Doubt::or_default("unknown_block").with("words", block).with("instead", std::string(sc.shape->default_block))))
        return std::nullopt;
    } else {
      sc.block = *id, sc.block_given = true;
    }
  }
  if (!colour.empty() && !sc.block_given) {
    auto c = colour_word(colour);
    auto id = c ? colour_block(reg, *c) : std::nullopt;
    if (!id) {
      if (!s.unsure(Doubt::or_default("unknown_colour").with("words", colour))) return std::nullopt;
    } else {
      sc.block = *id, sc.block_given = true;
    }
  }
  if (!sc.block_given) sc.block = find_block_or(reg, sc.shape->default_block, find_block_or(reg, "stone", 1));
  // "a fence made of acacia wood" is a fence of acacia fence posts, not a row of acacia logs: the
  // material's own fence (or, for stone and bricks, its wall) where the registry has one.
  if (sc.block_given && (sc.shape->name == "fence" || sc.shape->name == "pen")) {
    std::string m = reg[sc.block].name;
    for (std::string_view suffix : {"_planks", "_log", "_wood", "_block", "s"})
      if (m.size() > suffix.size() && m.ends_with(suffix)) {
        m.resize(m.size() - suffix.size());
        break;
      }
    if (auto id = reg.find(m + "_fence")) sc.block = *id;
    else if (auto id = reg.find(m + "_wall")) sc.block = *id;
  }
  if (sc.block_given)
    for (const auto& w : colours)
      if (auto c = colour_word(w); c && *c != reg[sc.block].colour.word) {
        if (auto id = colour_block(reg, *c)) sc.stripe = *id;
        break;
      }
  // Parts asked for: a doorway is cut into a shell; parts the shape has are there; any other is asked
  // about (the default, when the speaker allows assumptions, is the shape without it).
  for (const auto& part : parts_asked(np)) {
    if (has_part(*sc.shape, part)) continue;
    bool door = std::find(std::begin(kDoorWords), std::end(kDoorWords), part) != std::end(kDoorWords);
    if (door && std::find(std::begin(kDoorable), std::end(kDoorable), sc.shape->name) != std::end(kDoorable)) {
      sc.doorway = true;
      continue;
    }
    if (!s.unsure(Doubt::or_default("unread_feature").with("words", "with " + article(part)).with("what", sc.name)))
      return std::nullopt;
  }
  return s.add_schematic(std::move(sc));
}

bool act_build(Assistant& s, int schematic, int location) {
  if (!s.valid_schematic(schematic) || !s.valid_location(location)) return false;
  Schematic sc = s.schematic(schematic);
  const Location loc = s.location(location);
  if (loc.direction == "UNDER" && loc.anchor) return build_under(s, sc, loc);
  if (loc.direction == "LEADING_TO" && loc.anchor && sc.shape->name == "stairs") return build_stairs_to(s, sc, loc);
  const auto& reg = s.world().registry();
  const std::string& what = sc.name;
  ShapeParams params = sc.params;
  bool around = loc.direction == "AROUND" && loc.anchor;
  // "build a new window": into a wall of the building meant, when there is one.
  if (sc.shape->name == "pane" && lemma(sc.name) == "window" && !around && !loc.exact)
    if (auto done = build_into_wall(s, sc, loc)) return *done;
  // The doorway faces the speaker from where the build stands (set again once the site is found).
  auto face_speaker = [&](Coord origin) {
    const world::Entity* sp = s.speaker();
    if (!sp || !sc.doorway) return;
    Coord me = world::cell_of(sp->pose.pos);
    int dx = me.x - (origin.x + params.width / 2), dz = me.z - (origin.z + params.length / 2);
    sc.door_facing = std::abs(dx) > std::abs(dz) ? Coord{dx > 0 ? 1 : -1, 0, 0} : Coord{0, 0, dz >= 0 ? 1 : -1};
  };
  face_speaker(origin_for(loc, {params.width, params.height, params.length}));

  // Where each copy goes: one (beside, on, inside, round the anchor), or, round
  // something a shape cannot enclose (a tower), one on each side of it.
  struct Spot {
    Location loc;
    Coord origin;
    Give give;
  };
  std::vector<Spot> spots;
  if (around && sc.shape->enclose == Enclosure::None) {
    Coord f = s.forward(), r = s.right();
    for (Coord v : {f, r, Coord{-f.x, 0, -f.z}, Coord{-r.x, 0, -r.z}}) {
      Location side = loc;
      side.direction = "NEAR";
      side.away = v;
      side.at = {(loc.anchor->min.x + loc.anchor->max.x) / 2, loc.anchor->min.y, (loc.anchor->min.z + loc.anchor->max.z) / 2};
      if (v.x > 0) side.at.x = loc.anchor->max.x + 2;
      if (v.x < 0) side.at.x = loc.anchor->min.x - 2;
      if (v.z > 0) side.at.z = loc.anchor->max.z + 2;
      if (v.z < 0) side.at.z = loc.anchor->min.z - 2;
      spots.push_back({side, origin_for(side, {params.width, params.height, params.length}), Give::Shift});
    }
  } else if (around) {
    // An outline round something may leave a gap where a few of its cells are taken; a shell may not.
    Give give = sc.shape->enclose == Enclosure::Outline ? Give::Gaps : Give::Shift;
    Coord o = enclose(s.world(), *sc.shape, params, *loc.anchor);
    if (give == Give::Shift) {  // a shell stays round what it encloses: it cannot move over
      auto site = find_site(s, loc, o, solid_cells(shape_placements(s, sc, params)), article(what), "build", Give::Gaps);
      if (!site) return false;
      if (!site->gaps.empty()) {
        s.unsure(Doubt::ask("in_the_way").with("what", article(what)).with("verb", std::string("build"))
                     .with("blocker", site->moved_from));
        return false;
      }
    }
    spots.push_back({loc, o, give});
  } else {
    Coord o = origin_for(loc, {params.width, params.height, params.length});
    if (sc.shape->name == "pool") o.y -= 1;  // a pool is sunk into the ground
    if (auto prev = previous_copy(s, loc)) o = *prev + loc.step;
    spots.push_back({loc, o, Give::Shift});
  }
  std::vector<Placement> rel = shape_placements(s, sc, params);
  std::vector<Coord> solid = solid_cells(rel);
  std::vector<Site> sites;
  for (const Spot& spot : spots) {
    auto site = find_site(s, spot.loc, spot.origin, solid, article(what), "build", spot.give);
    if (!site) return false;
    sites.push_back(*site);
  }
  if (sites.size() == 1 && loc.base >= 0) s.copy_sites[{loc.base, loc.copy}] = sites[0].origin;
  if (sites.size() == 1 && sc.doorway) {
    face_speaker(sites[0].origin);
    rel = shape_placements(s, sc, params);  // only the doorway's two cells move to that wall
  }
  if (sites.size() == 1 && !sites[0].gaps.empty())
    std::erase_if(rel, [&](const Placement& p) {
      return std::find(sites[0].gaps.begin(), sites[0].gaps.end(), p.at) != sites[0].gaps.end();
    });

  agent::TaskId task = s.start_task("BUILD", article(what));
  size_t changed = 0;
  bool out_of_time = false;
  for (const Site& site : sites) {
    Built b = place_shape(s, task, sc, rel, site.origin, what);
    changed += b.changed;
    if (b.out_of_time) {
      out_of_time = true;
      break;
    }
  }
  if (out_of_time) {
    s.say(fmt::format("I placed {} blocks of the {} {} before running out of time, and left the task paused.", changed,
                      what, loc.describe));
    s.tasks().pause(task);
    s.mark_done();
    // Not built: a repeated build stops here. Before, each of 100 copies was
    // planned whole and kept as a paused build with nothing placed (12 s and
    // 860 MB for "build 100 cubes of size 1000"); RESUME finishes this one.
    return false;
  }
  s.finish_task(task, changed > 0);
  if (changed == 0) {
    s.refuse(fmt::format("{} ({}) is already there {}: I had nothing to change.", article(what), size_text(params),
                         loc.describe));
    return false;
  }
  std::string copies = sites.size() > 1 ? fmt::format("{} {}s", sites.size(), what) : article(what);
  std::string moved;
  if (sites.size() == 1 && !sites[0].gaps.empty()) {
    moved = fmt::format("; {} {} in the way, so I left a gap of {} block{} there", sites[0].moved_from,
                        sites[0].moved_from == "you" ? "were" : "was", sites[0].gaps.size(), sites[0].gaps.size() == 1 ? "" : "s");
  } else if (sites.size() == 1 && sites[0].shifted) {
    Coord o = sites[0].origin;
    moved = fmt::format("; {} {} in the way, so I moved it over to ({}, {}, {})", sites[0].moved_from,
                        sites[0].moved_from == "you" ? "were" : "was", o.x + params.width / 2, o.y, o.z + params.length / 2);
  }
  std::string material = reg[sc.block].name + (sc.stripe ? " and " + reg[sc.stripe].name : std::string());
  s.say(fmt::format("I built {} ({}, {}) {}{}.", copies, size_text(params), material, loc.describe, moved));
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


bool act_copy(Assistant& s, int thing, int location, long scale_percent, const std::string& scale_extent) {
  if (!s.valid_thing(thing) || !s.valid_location(location)) return false;
  const Thing t = s.thing(thing);
  const Location loc = s.location(location);
  if (t.kind != ThingKind::Object) {
    s.refuse("I can only copy things made of blocks, not " + t.describe() + ".");
    return false;
  }
  std::vector<Placement> rel;
  for (Coord c : t.cells) {
    BlockId b = s.world().block(c);
    if (b == world::kAir) continue;
    rel.push_back({{c.x - t.bounds.min.x, c.y - t.bounds.min.y, c.z - t.bounds.min.z}, b});
  }
  if (rel.empty()) {
    s.refuse("There is nothing of " + t.describe() + " left to copy.");
    return false;
  }
  if (scale_percent != 100) {
    // "a copy ten times as big": each block becomes a box of blocks (the factor along each scaled extent),
    // within the build guard and what one command's time places.
    auto f = [&](const char* extent) {
      return scale_extent.empty() || scale_extent == extent ? std::max(1L, (scale_percent + 50) / 100) : 1L;
    };
    long fx = f("width"), fy = f("height"), fz = f("length");
    Coord size = t.bounds.size();
    long wx = size.x * fx, wy = size.y * fy, wz = size.z * fz, blocks = long(rel.size()) * fx * fy * fz;
    long placeable = long(s.options().tick_budget / agent::kCosts.place_ticks);
    if (std::max({wx, wy, wz}) > kLargestSide || blocks > placeable) {
      s.refuse(fmt::format("A copy of {} {} would be {}x{}x{} and {} blocks: I build at most {} blocks a side and "
                           "{} blocks in one command.",
                           t.describe(), scale_text(scale_percent, scale_extent), wx, wy, wz, blocks, kLargestSide, placeable));
      return false;
    }
    std::vector<Placement> big;
    for (const auto& p : rel)
      for (long y = 0; y < fy; ++y)
        for (long z = 0; z < fz; ++z)
          for (long x = 0; x < fx; ++x)
            big.push_back({{p.at.x * int(fx) + int(x), p.at.y * int(fy) + int(y), p.at.z * int(fz) + int(z)}, p.block});
    rel = std::move(big);
  }
  Coord origin = origin_for(loc, t.bounds.size());
  if (auto prev = previous_copy(s, loc)) origin = *prev + loc.step;
  auto site = find_site(s, loc, origin, solid_cells(rel), "a copy of " + t.describe(), "build");
  if (!site) return false;
  if (loc.base >= 0) s.copy_sites[{loc.base, loc.copy}] = site->origin;
  std::vector<Placement> cells;
  for (const auto& p : rel) cells.push_back({site->origin + p.at, p.block});
  agent::TaskId task = s.start_task("BUILD", "a copy of " + t.describe());
  bool out_of_time = false;
  size_t n = apply(s, task, "copy", cells, &out_of_time, false);
  annotate(s, task, t.name.empty() ? "copy" : t.name, {"copy"}, cells);
  s.finish_task(task, !out_of_time && n > 0);
  if (n == 0) {
    s.refuse("A copy of " + t.describe() + " is already there: I had nothing to change.");
    return false;
  }
  s.say(fmt::format("I made a copy of {}{} ({} blocks) {}.", t.describe(),
                    scale_percent == 100 ? "" : " " + scale_text(scale_percent, scale_extent), n, loc.describe));
  s.mark_done();
  return true;
}

}  // namespace plank::caip
