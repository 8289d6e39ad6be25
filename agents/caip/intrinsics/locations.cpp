// Locations: a location type, an optional reference object and a relative
// direction in the speaker's frame become a point (and, next to an object, the
// side to build on).
#include <algorithm>
#include <cmath>
#include <numbers>

#include <fmt/format.h>

#include "agents/caip/intrinsics/acts.h"
#include "agents/caip/intrinsics/lexicon.h"
#include "world/voxels/entities.h"

namespace plank::caip {

namespace {

std::string at_text(Coord c) { return fmt::format("({}, {}, {})", c.x, c.y, c.z); }

Coord snap(int dx, int dz) {
  if (dx == 0 && dz == 0) return {0, 0, 1};
  if (std::abs(dx) >= std::abs(dz)) return {dx > 0 ? 1 : -1, 0, 0};
  return {0, 0, dz > 0 ? 1 : -1};
}

Coord base_centre(const Box& b) { return {(b.min.x + b.max.x) / 2, b.min.y, (b.min.z + b.max.z) / 2}; }

// The cell just beyond `b` along unit vector v, `gap` cells further.
Coord beyond(const Box& b, Coord v, int gap) {
  Coord c = base_centre(b);
  if (v.x > 0) c.x = b.max.x + gap;
  if (v.x < 0) c.x = b.min.x - gap;
  if (v.z > 0) c.z = b.max.z + gap;
  if (v.z < 0) c.z = b.min.z - gap;
  if (v.y > 0) c.y = b.max.y + gap;
  if (v.y < 0) c.y = b.min.y - gap;
  return c;
}

// A thing one can be inside of: an object at least 3 blocks each way whose middle
// column has room above its floor (a house, a tower, a box; not a pyramid or a cube).
bool enterable(Assistant& s, const Thing& t) {
  if (t.kind != ThingKind::Object) return false;
  Coord size = t.bounds.size();
  if (size.x < 3 || size.y < 3 || size.z < 3) return false;
  Coord mid = base_centre(t.bounds);
  for (int y = t.bounds.min.y + 1; y < t.bounds.max.y; ++y)
    if (!s.world().solid({mid.x, y, mid.z})) return true;
  return false;
}

// The smallest enterable thing whose walls stand round `c`; nullptr when it is in the open.
const Thing* enclosure_around(Assistant& s, Coord c) {
  const Thing* best = nullptr;
  for (const Thing& t : s.things()) {
    const Box& b = t.bounds;
    bool in = c.x > b.min.x && c.x < b.max.x && c.z > b.min.z && c.z < b.max.z && c.y >= b.min.y && c.y <= b.max.y;
    if (in && enterable(s, t) && (!best || t.cells.size() < best->cells.size())) best = &t;
  }
  return best;
}

// The enterable thing nearest to `c`.
const Thing* nearest_enclosure(Assistant& s, Coord c) {
  const Thing* best = nullptr;
  long best_d = 0;
  for (const Thing& t : s.things()) {
    if (!enterable(s, t)) continue;
    Coord m = t.centre();
    long d = long(m.x - c.x) * (m.x - c.x) + long(m.z - c.z) * (m.z - c.z);
    if (!best || d < best_d) best = &t, best_d = d;
  }
  return best;
}

}  // namespace

Coord direction_vector(Assistant& s, const std::string& d, const std::optional<Box>& anchor) {
  // Compass directions are the world's own ("the east side of the room"): east is +x, south +z (Minecraft's).
  static const std::pair<std::string_view, Coord> kCompass[] = {
      {"EAST", {1, 0, 0}}, {"WEST", {-1, 0, 0}}, {"SOUTH", {0, 0, 1}}, {"NORTH", {0, 0, -1}}};
  for (const auto& [name, v] : kCompass)
    if (d == name || (d.starts_with(name) && std::string_view(d).substr(name.size()) == "_SIDE")) return v;
  // The agent's own sides ("the structure to your left"): LEFT ... BACK in the agent's frame.
  if (d.starts_with("AGENT_")) {
    auto off = direction_offset(std::string_view(d).substr(6));
    if (!off) return {0, 0, 0};
    world::Vec3 look = world::look_direction({{}, s.world().agent().pose.yaw, 0});
    Coord f = std::abs(look.x) > std::abs(look.z) ? Coord{look.x > 0 ? 1 : -1, 0, 0} : Coord{0, 0, look.z >= 0 ? 1 : -1};
    Coord r{-f.z, 0, f.x};  // facing +z, the right hand points -x
    return {off->right * r.x + off->forward * f.x, off->up, off->right * r.z + off->forward * f.z};
  }
  auto off = direction_offset(d);
  if (!off) return {0, 0, 0};
  if (anchor && off->forward != 0) {
    // "In front of the house" is its side facing the speaker; "behind" its far side.
    const world::Entity* sp = s.speaker();
    Coord from = sp ? world::cell_of(sp->pose.pos) : s.agent().feet();
    Coord toward = snap(from.x - (anchor->min.x + anchor->max.x) / 2, from.z - (anchor->min.z + anchor->max.z) / 2);
    return off->forward > 0 ? toward : Coord{-toward.x, 0, -toward.z};
  }
  Coord f = s.forward(), r = s.right();
  return {off->right * r.x + off->forward * f.x, off->up, off->right * r.z + off->forward * f.z};
}

std::optional<int> make_location(Assistant& s, const LocationQuery& q) {
  Location loc;
  std::string type = q.type.empty() ? (s.valid_thing(q.thing) ? "REFERENCE_OBJECT" : "SPEAKER_LOOK") : q.type;
  std::optional<long> steps = q.steps.empty() ? std::nullopt : parse_length(q.steps);
  if (steps) steps = std::min(*steps, 1000L);
  if (!q.steps.empty() && !steps) {
    constexpr long kDefaultSteps = 3;
    if (!s.unsure(Doubt::or_default("unreadable_steps").with("words", q.steps).with("instead", kDefaultSteps)))
      return std::nullopt;
    steps = kDefaultSteps;
  }
  const bool stepped = steps.has_value();
  const long step_count = steps.value_or(0);
  const world::Entity* speaker = s.speaker();
  if (type == "SPEAKER_LOOK") {
    auto cell = s.look_cell();
    // Looking at an object, not the ground: beside it, on the face that was hit.
    if (auto hit = s.look_hit(); hit && !s.natural_or_air(hit->block)) {
      if (const Thing* t = s.thing_at(hit->block); t && t->kind == ThingKind::Object) {
        Coord n = hit->normal;
        loc.anchor = t->bounds;
        loc.anchor_cells = t->cells;
        loc.anchor_describe = t->describe();
        loc.away = n == Coord{0, 0, 0} ? Coord{0, 1, 0} : n;
        if (n.y > 0) {
          loc.at = hit->adjacent();  // on top, where the speaker looks
          loc.direction = "UP";
        } else {
          loc.at = beyond(t->bounds, n, 1);
          if (n.x) loc.at.z = hit->block.z;
          if (n.z) loc.at.x = hit->block.x;
          loc.direction = "NEAR";
        }
        loc.describe = (n.y > 0 ? "on top of " : "next to ") + t->describe() + " where you are looking";
        return s.add_location(std::move(loc));
      }
    }
    if (!cell) {
      // Without a speaker there is no "in front of you" to fall back on.
      constexpr long kAhead = 3;
      if (!s.unsure(Doubt{"no_look", speaker != nullptr, {}}.with("instead", kAhead))) return std::nullopt;
      Coord f = s.forward();
      Coord feet = world::cell_of(speaker->pose.pos);
      cell = Coord{feet.x + int(kAhead) * f.x, feet.y, feet.z + int(kAhead) * f.z};
    }
    loc.at = *cell;
    loc.describe = "where you are looking";
  } else if (type == "SPEAKER_POS") {
    if (!speaker) {
      s.refuse("I can't see you.");
      return std::nullopt;
    }
    loc.at = world::cell_of(speaker->pose.pos);
    loc.describe = "where you are";
  } else if (type == "AGENT_POS") {
    loc.at = s.agent().feet();
    loc.describe = "where I am";
  } else if (type == "COORDINATES") {
    auto c = parse_coordinates(q.coordinates);
    if (!c) {
      s.unsure(Doubt::ask("unreadable_coordinates").with("words", q.coordinates));
      return std::nullopt;
    }
    // Chunk keys hold about a million blocks each way; nobody means further than this.
    constexpr int kFar = 100'000;
    if (std::abs(c->x) > kFar || std::abs(c->y) > 4'096 || std::abs(c->z) > kFar) {
      s.refuse(fmt::format("{} is too far away for me.", at_text(*c)));
      return std::nullopt;
    }
    loc.at = *c;
    loc.exact = true;
    loc.describe = "at " + at_text(*c);
  } else if (type == "REFERENCE_OBJECT") {
    if (!s.valid_thing(q.thing)) {
      s.unsure(Doubt::ask("where"));
      return std::nullopt;
    }
    const Thing& t = s.thing(q.thing);
    loc.at = base_centre(t.bounds);
    loc.anchor = t.bounds;
    loc.anchor_cells = t.cells;
    loc.anchor_describe = t.describe();
    loc.describe = t.describe();
  } else if (type == "ENCLOSURE") {
    // "move outside", "go inside", "go upstairs": the building the agent is in, else the nearest one it can
    // enter; the direction (OUTSIDE, INSIDE, UP) says where with respect to it. Out of nothing, or into
    // what it is already in, changes nothing: said, not done.
    Coord me = s.agent().feet();
    const Thing* in = enclosure_around(s, me);
    if (q.direction == "OUTSIDE" && !in) {
      s.refuse("I'm already outside.");
      return std::nullopt;
    }
    if (q.direction == "INSIDE" && in) {
      s.refuse("I'm already inside " + in->describe() + ".");
      return std::nullopt;
    }
    const Thing* t = in ? in : nearest_enclosure(s, me);
    if (!t) {
      s.refuse("I don't see anything I could go into.");
      return std::nullopt;
    }
    loc.at = base_centre(t->bounds);
    loc.anchor = t->bounds;
    loc.anchor_cells = t->cells;
    loc.anchor_describe = t->describe();
    loc.describe = t->describe();
  } else {
    s.refuse("I don't know the location type " + type + ".");
    return std::nullopt;
  }

  // An object without a direction: beside it, on the side facing the speaker.
  const std::string d = q.direction.empty() && loc.anchor ? std::string("NEAR") : q.direction;
  loc.direction = d;
  // "the east side of the room" (EAST_SIDE): at its edge on that side, no gap.
  const bool edge = d.ends_with("_SIDE");
  int gap = edge && loc.anchor && !stepped ? 0 : int(stepped ? step_count : loc.anchor ? 1 : 3);
  Coord v = direction_vector(s, d, loc.anchor);
  std::string dir_words;
  if (v != Coord{0, 0, 0}) {
    if (loc.anchor) {
      loc.at = beyond(*loc.anchor, v, gap);
    } else {
      loc.at = {loc.at.x + v.x * gap, loc.at.y + v.y * gap, loc.at.z + v.z * gap};
    }
    loc.away = v;
    static const std::pair<const char*, const char*> kWords[] = {
        {"LEFT", "to the left of "},       {"RIGHT", "to the right of "},       {"FRONT", "in front of "},
        {"BACK", "behind "},               {"UP", "above "},                    {"DOWN", "below "},
        {"AGENT_LEFT", "to the left of "}, {"AGENT_RIGHT", "to the right of "}, {"AGENT_FRONT", "in front of "},
        {"AGENT_BACK", "behind "},         {"EAST", "east of "},                {"WEST", "west of "},
        {"NORTH", "north of "},            {"SOUTH", "south of "}};
    for (auto& [k, w] : kWords)
      if (d == k) dir_words = w;
    // "the east side of the room" (no gap): at its edge on that side.
    if (edge) {
      std::string compass = d.substr(0, d.size() - 5);
      std::transform(compass.begin(), compass.end(), compass.begin(), [](unsigned char c) { return char(std::tolower(c)); });
      dir_words = "on the " + compass + " side of ";
    }
  } else if (d == "LEADING_TO" && loc.anchor) {
    // Stairs leading to the object: against its side facing the speaker, touching it (act_build turns them).
    Coord from = speaker ? world::cell_of(speaker->pose.pos) : s.agent().feet();
    Coord v2 = snap(from.x - loc.at.x, from.z - loc.at.z);
    loc.at = beyond(*loc.anchor, v2, 1);
    loc.away = v2;
    dir_words = "leading up to ";
  } else if (d == "NEAR" || d == "OUTSIDE") {
    // The side of the object that faces the speaker.
    Coord from = speaker ? world::cell_of(speaker->pose.pos) : s.agent().feet();
    Coord v2 = loc.anchor ? snap(from.x - loc.at.x, from.z - loc.at.z) : s.forward();
    // Next to: one free cell between (touching builds would read as one thing); outside: two.
    int near_gap = stepped ? gap : 2;
    loc.at = loc.anchor ? beyond(*loc.anchor, v2, d == "NEAR" ? near_gap : near_gap + 1)
                        : Coord{loc.at.x + v2.x * gap, loc.at.y, loc.at.z + v2.z * gap};
    loc.away = v2;
    dir_words = d == "NEAR" ? "next to " : "outside ";
  } else if (d == "AWAY") {
    // Away from a thing (or a person's cell) is on the side of it where the agent
    // is, `dist` beyond that side or beyond the agent, whichever is farther out,
    // so "move away from the wall" always ends farther from the wall. Away from
    // the agent itself ("move away") is its forward direction.
    int dist = int(stepped ? step_count : 5);
    Coord me = s.agent().feet();
    Box from = loc.anchor ? *loc.anchor : Box::of(loc.at, loc.at);
    Coord mid = base_centre(from);
    Coord v2 = type == "AGENT_POS" || (me.x == mid.x && me.z == mid.z) ? s.forward() : snap(me.x - mid.x, me.z - mid.z);
    loc.at = beyond(from, v2, dist);
    if (v2.x && (me.x + v2.x * dist - loc.at.x) * v2.x > 0) loc.at.x = me.x + v2.x * dist;
    if (v2.z && (me.z + v2.z * dist - loc.at.z) * v2.z > 0) loc.at.z = me.z + v2.z * dist;
    loc.away = v2;
    dir_words = "away from ";
  } else if (d == "INSIDE") {
    // The first free cell up the object's middle: a house's floor, a field's crops, the top of a solid thing.
    if (loc.anchor) {
      Coord c{loc.at.x, loc.anchor->min.y, loc.at.z};
      while (c.y <= loc.anchor->max.y && s.world().solid(c)) ++c.y;
      loc.at = c;
    }
    dir_words = "inside ";
  } else if (d == "BETWEEN") {
    Coord other = s.valid_thing(q.thing2) ? base_centre(s.thing(q.thing2).bounds)
                  : speaker                 ? world::cell_of(speaker->pose.pos)
                                            : s.agent().feet();
    loc.at = {(loc.at.x + other.x) / 2, std::min(loc.at.y, other.y), (loc.at.z + other.z) / 2};
    loc.anchor.reset();
    dir_words = "between you and ";
    if (s.valid_thing(q.thing2)) dir_words = "between " + s.thing(q.thing2).describe() + " and ";
  } else if (d == "AROUND" || d == "SURROUND" || d == "CLOCKWISE" || d == "ANTICLOCKWISE") {
    if (!loc.anchor) {
      // Around a point (the speaker, the agent): the 1x2x1 of a person standing there.
      loc.anchor = Box::of(loc.at, {loc.at.x, loc.at.y + 1, loc.at.z});
    }
    loc.direction = "AROUND";
    dir_words = "around ";
  } else if (d == "THROUGH" && loc.anchor) {
    // Through an object ("go through the door"): to the cell just past it on its far side. The way
    // through is the axis along which it is open (a door in a wall has the wall on both sides along
    // the wall, open ground in front and behind); of two open axes, the one the walk comes along.
    const Box& a = *loc.anchor;
    auto walled = [&](Coord step) {
      int n = 0;
      for (Coord c : loc.anchor_cells) {
        Coord side{c.x + step.x, c.y, c.z + step.z};
        if (!std::binary_search(loc.anchor_cells.begin(), loc.anchor_cells.end(), side) && s.world().solid(side)) ++n;
      }
      return n;
    };
    int along_x = walled({1, 0, 0}) + walled({-1, 0, 0}), along_z = walled({0, 0, 1}) + walled({0, 0, -1});
    Coord me = s.agent().feet(), mid = base_centre(a);
    Coord toward = snap(mid.x - me.x, mid.z - me.z);
    bool x_axis = along_x != along_z ? along_x < along_z : toward.x != 0;
    int sign = x_axis ? (mid.x >= me.x ? 1 : -1) : (mid.z >= me.z ? 1 : -1);
    loc.away = x_axis ? Coord{sign, 0, 0} : Coord{0, 0, sign};
    loc.at = beyond(a, loc.away, 1);
    dir_words = "through ";
  } else if (d == "UNDER" && loc.anchor) {
    // Under the object's footprint ("a foundation for the house"): its bottom, the dig goes down from there.
    loc.at = {loc.at.x, loc.anchor->min.y, loc.at.z};
    dir_words = "under ";
  } else if (!d.empty()) {
    s.refuse("I don't know the direction " + d + ".");
    return std::nullopt;
  }
  if (!dir_words.empty()) loc.describe = dir_words + loc.describe;
  return s.add_location(std::move(loc));
}

std::optional<int> offset_location(Assistant& s, int location, const std::string& direction, long index, long count,
                                   int schematic) {
  if (!s.valid_location(location)) return std::nullopt;
  if (count <= 1) return location;  // one copy goes where the location is (a ring of one is no ring)
  Location loc = s.location(location);
  loc.copy = index;
  ShapeParams p = s.valid_schematic(schematic) ? s.schematic(schematic).params : ShapeParams{1, 1, 1};
  std::string d = direction.empty() ? "RIGHT" : direction;
  // No direction given: the copies go on to the speaker's right, and the reply says so.
  if (direction.empty() && index > 0) loc.describe += ", the next one to your right (you gave no direction)";
  if (d == "AROUND" || d == "SURROUND") {
    Box around = loc.anchor.value_or(Box::of(loc.at, loc.at));
    Coord c = base_centre(around);
    double r = std::max(around.size().x, around.size().z) / 2.0 + std::max(p.width, p.length) + 1;
    double a = 2 * std::numbers::pi * double(index) / double(std::max(1L, count));
    loc.at = {c.x + int(std::lround(r * std::cos(a))), around.min.y, c.z + int(std::lround(r * std::sin(a)))};
    loc.anchor.reset();
    loc.away = {0, 0, 0};
    return s.add_location(std::move(loc));
  }
  Coord v = direction_vector(s, d, std::nullopt);  // copies go on in the speaker's frame
  if (v == Coord{0, 0, 0}) v = s.right();
  if (v.y != 0) loc.exact = true;  // "stacked up": each copy stands on the one before it, as the words say
  int step = (v.x ? p.width : v.z ? p.length : p.height) + 1;
  loc.at = {loc.at.x + v.x * step * int(index), loc.at.y + v.y * step * int(index), loc.at.z + v.z * step * int(index)};
  loc.base = location;
  loc.step = {v.x * step, v.y * step, v.z * step};
  return s.add_location(std::move(loc));
}

}  // namespace plank::caip
