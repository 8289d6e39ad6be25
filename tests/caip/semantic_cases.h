// The semantic cases as a table: a command (hand-written with "@span" markers,
// or a line of ../shared/data/caip named by its text), the commands run before
// it, and what must hold of the world after it (world_predicates.h).
#pragma once
#include <map>
#include <string>
#include <vector>

#include "caip_test_util.h"
#include "world_predicates.h"

namespace plank::caip::test {

// A step's form that is taken from the data set line with that text.
inline const std::string kFromData = "<from ../shared/data/caip>";

struct SemanticCase {
  std::string name;             // a test name: letters, digits, underscores
  std::string scene = "flat";   // "village" or a key of semantic_scenes()
  std::vector<Step> before;     // run first, in the same session
  Step command;
  std::vector<Expect> expect;
  bool assume = false;          // --assume: take documented defaults instead of asking
};

inline void PrintTo(const SemanticCase& c, std::ostream* os) { *os << c.name; }

// Small scenes (plank-scene JSON) by name.
const std::map<std::string, std::string>& semantic_scenes();
const std::vector<SemanticCase>& semantic_cases();
// The table in parts: BUILD (semantic_cases.cpp); DESTROY, DIG, FILL, SPAWN, MOVE,
// DANCE, FREEBUILD (semantic_cases_acts.cpp); references and coreference
// (semantic_cases_refs.cpp); tasks, questions, memory and chat (semantic_cases_dialogue.cpp).
void add_action_cases(std::vector<SemanticCase>& v);
void add_reference_cases(std::vector<SemanticCase>& v);
void add_dialogue_cases(std::vector<SemanticCase>& v);

// Helpers for writing cases.
inline const std::string kCmdPrefix = R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [)";
inline Step data(std::string text) { return Step{std::move(text), kFromData}; }
inline Step hand(std::string text, std::string form) { return Step{std::move(text), std::move(form)}; }
// One action (a JSON object with "@span" markers) as a whole command.
inline std::string cmd(const std::string& action) { return kCmdPrefix + action + "]}"; }
// A location relative to a named object ("@words" of the reference), as a "location" member.
inline std::string ref_loc(const std::string& words, const std::string& dir = "") {
  std::string d = dir.empty() ? "" : R"(, "relative_direction": ")" + dir + "\"";
  return R"("location": {"location_type": "REFERENCE_OBJECT")" + d + R"(, "reference_object": {"has_name": "@)" + words +
         "\"}}";
}

// ---- predicates only the table needs

// The built objects lie between two named objects: each one's middle is
// strictly between theirs along the axis that separates them most.
inline Expect built_between(std::string name, std::string a, std::string b) {
  return {"a " + name + " between the " + a + " and the " + b, [=](const Scene& s) -> std::string {
            const auto* x = annotation(s.before, a);
            const auto* y = annotation(s.before, b);
            if (!x || !y) return "no " + a + " or " + b + " before";
            Box bx = bounds_of_cells(x->cells), by = bounds_of_cells(y->cells);
            auto mid = [](const Box& k) { return Coord{k.min.x + k.max.x, 0, k.min.z + k.max.z}; };  // doubled
            Coord ma = mid(bx), mb = mid(by);
            bool along_x = std::abs(ma.x - mb.x) >= std::abs(ma.z - mb.z);
            int n = 0;
            for (const auto& built : s.result.built) {
              if (built.name != name) continue;
              ++n;
              Coord m = mid(built.bounds);
              int lo = along_x ? std::min(ma.x, mb.x) : std::min(ma.z, mb.z);
              int hi = along_x ? std::max(ma.x, mb.x) : std::max(ma.z, mb.z);
              int v = along_x ? m.x : m.z;
              if (v <= lo || v >= hi) return box_text(built.bounds) + " is not between them";
            }
            return n ? std::string() : "no " + name + " built (" + s.result.reply + ")";
          }};
}

// After the command some annotation carries `tag` (as its name or a tag) over
// exactly the cells `object` had before, and none carries it elsewhere.
inline Expect tagged(std::string object, std::string tag) {
  return {"the " + object + " is tagged " + tag, [=](const Scene& s) -> std::string {
            const auto* o = annotation(s.before, object);
            if (!o) return "no " + object + " before";
            bool on_it = false;
            for (const auto& a : s.after.annotations()) {
              bool has = a.name == tag || std::find(a.tags.begin(), a.tags.end(), tag) != a.tags.end();
              if (!has) continue;
              if (a.cells != o->cells) return a.name + " at " + box_text(bounds_of_cells(a.cells)) + " is tagged " + tag;
              on_it = true;
            }
            return on_it ? std::string() : "nothing is tagged " + tag + " (" + s.result.reply + ")";
          }};
}

// The agent stands in the open: not within the walls of the named object.
inline Expect agent_outside(std::string object) {
  return {"the agent is outside the " + object, [object](const Scene& s) {
            const auto* a = annotation(s.before, object);
            if (!a) return "no " + object + " before";
            Box b = bounds_of_cells(a->cells);
            Coord f = world::cell_of(s.after.agent().pose.pos);
            bool in = f.x >= b.min.x && f.x <= b.max.x && f.z >= b.min.z && f.z <= b.max.z && f.y >= b.min.y && f.y <= b.max.y;
            return in ? fmt::format("the agent is at ({}, {}, {}), the {} spans {}", f.x, f.y, f.z, object, box_text(b)) : std::string();
          }};
}

// The ground under every column of the object's footprint (the named object, or the newest one
// when `object` is empty) was dug out, `depth` deep, and the object itself is unchanged.
inline Expect dug_under(std::string object, int depth) {
  return {"dug under the " + (object.empty() ? std::string("newest object") : object), [=](const Scene& s) -> std::string {
            const auto& all = s.before.annotations();
            const world::Annotation* a = object.empty() ? (all.empty() ? nullptr : &all.back()) : annotation(s.before, object);
            if (!a) return "no such object before";
            Box b = bounds_of_cells(a->cells);
            for (Coord c : a->cells) {
              if (s.before.block(c) != s.after.block(c)) return fmt::format("the object changed at ({}, {}, {})", c.x, c.y, c.z);
              for (int y = 1; y <= depth; ++y) {
                Coord u{c.x, b.min.y - y, c.z};
                if (s.after.block(u) != world::kAir)
                  return fmt::format("({}, {}, {}) is {} ({})", u.x, u.y, u.z, s.after.type_at(u).name, s.result.reply);
              }
            }
            return std::string();
          }};
}

// After the command an object named `name` lies under `object` (before): a block of it right under
// every column of the object's footprint (its bottom layer), none of it above the object's bottom, and
// its footprint is that one grown by at most `rim` on each side; the object itself is unchanged.
inline Expect built_under(std::string name, std::string object, int rim) {
  return {"a " + name + " under the " + object, [=](const Scene& s) -> std::string {
            const auto* a = annotation(s.before, object);
            const auto* f = annotation(s.after, name);
            if (!a) return "no " + object + " before";
            if (!f) return "no " + name + " after (" + s.result.reply + ")";
            Box b = bounds_of_cells(a->cells), fb = bounds_of_cells(f->cells), foot;
            for (Coord c : a->cells) {
              if (s.before.block(c) != s.after.block(c)) return fmt::format("the {} changed at ({}, {}, {})", object, c.x, c.y, c.z);
              if (c.y != b.min.y) continue;  // the footprint is what it stands on (eaves overhang)
              foot.add(c);
              Coord u{c.x, b.min.y - 1, c.z};
              if (!std::binary_search(f->cells.begin(), f->cells.end(), u))
                return fmt::format("({}, {}, {}) under the {} is not the {} ({})", u.x, u.y, u.z, object, name, s.result.reply);
            }
            if (fb.max.y >= b.min.y) return "the " + name + " reaches up to y = " + std::to_string(fb.max.y);
            if (fb.min.x < foot.min.x - rim || fb.max.x > foot.max.x + rim || fb.min.z < foot.min.z - rim || fb.max.z > foot.max.z + rim)
              return "the " + name + " " + box_text(fb) + " is wider than the " + object + "'s footprint " + box_text(foot) + " and its rim";
            return std::string();
          }};
}

// A storey was put into `building` under its `roof` (both before): every block of the roof is
// `rise` (at least 3: a floor and room to stand) higher, the building's blocks below the roof are
// unchanged, the border of the building's footprint is closed from the roof's old bottom up to its
// new one (walls and windows; the doorway is at the ground), and the roof's old cells outside it are air.
inline Expect storey_added(std::string building, std::string roof) {
  return {"a storey in the " + building + " under its " + roof, [=](const Scene& s) -> std::string {
            const auto* h = annotation(s.before, building);
            const auto* r = annotation(s.before, roof);
            const auto* r2 = annotation(s.after, roof);
            if (!h || !r || !r2) return "no " + building + " or " + roof + " (" + s.result.reply + ")";
            Box rb = bounds_of_cells(r->cells);
            const int rise = bounds_of_cells(r2->cells).min.y - rb.min.y;
            if (rise < 3) return fmt::format("the {} rose by {} ({})", roof, rise, s.result.reply);
            for (Coord c : r->cells)
              if (s.after.block({c.x, c.y + rise, c.z}) != s.before.block(c))
                return fmt::format("the {}'s block at ({}, {}, {}) was not lifted by {}", roof, c.x, c.y, c.z, rise);
            Box foot;
            const int bottom = bounds_of_cells(h->cells).min.y;
            for (Coord c : h->cells) {
              if (c.y < rb.min.y && s.after.block(c) != s.before.block(c))
                return fmt::format("the {} changed at ({}, {}, {})", building, c.x, c.y, c.z);
              if (c.y == bottom) foot.add(c);
            }
            for (int y = rb.min.y; y < rb.min.y + rise; ++y)
              for (int x = foot.min.x; x <= foot.max.x; ++x)
                for (int z = foot.min.z; z <= foot.max.z; ++z)
                  if ((x == foot.min.x || x == foot.max.x || z == foot.min.z || z == foot.max.z) && !s.after.solid({x, y, z}))
                    return fmt::format("the new storey's wall is open at ({}, {}, {})", x, y, z);
            for (Coord c : r->cells)
              if ((c.x < foot.min.x || c.x > foot.max.x || c.z < foot.min.z || c.z > foot.max.z) && c.y < rb.min.y + rise &&
                  s.after.block(c) != world::kAir)
                return fmt::format("the {}'s old eave at ({}, {}, {}) is still there", roof, c.x, c.y, c.z);
            return std::string();
          }};
}

// Counting up from the object's bottom (before), each layer holds `counts[k]` cells of `block` within
// the object's bounds grown by `grow` sideways, and the layer above the last holds none.
inline Expect layers_hold(std::string object, std::string block, std::vector<int> counts, int grow) {
  return {"the " + object + "'s layers", [=](const Scene& s) -> std::string {
            const auto* a = annotation(s.before, object);
            if (!a) return "no " + object + " before";
            Box b = bounds_of_cells(a->cells);
            for (size_t k = 0; k <= counts.size(); ++k) {
              int n = 0, y = b.min.y + int(k);
              for (int z = b.min.z - grow; z <= b.max.z + grow; ++z)
                for (int x = b.min.x - grow; x <= b.max.x + grow; ++x) n += s.after.type_at({x, y, z}).name == block;
              int want = k < counts.size() ? counts[k] : 0;
              if (n != want) return fmt::format("layer {} (y = {}) holds {} {}, not {} ({})", k, y, n, block, want, s.result.reply);
            }
            return std::string();
          }};
}

// Every cell of the box holds `block` after the command (a registry name).
inline Expect box_is(Box b, std::string block) {
  return {box_text(b) + " is " + block, [=](const Scene& s) -> std::string {
            for (int y = b.min.y; y <= b.max.y; ++y)
              for (int z = b.min.z; z <= b.max.z; ++z)
                for (int x = b.min.x; x <= b.max.x; ++x)
                  if (s.after.type_at({x, y, z}).name != block)
                    return fmt::format("({}, {}, {}) is {}", x, y, z, s.after.type_at({x, y, z}).name);
            return std::string();
          }};
}
// Every cell of the box is as it was before.
inline Expect box_unchanged(Box b) {
  return {box_text(b) + " is unchanged", [=](const Scene& s) -> std::string {
            for (int y = b.min.y; y <= b.max.y; ++y)
              for (int z = b.min.z; z <= b.max.z; ++z)
                for (int x = b.min.x; x <= b.max.x; ++x)
                  if (s.before.block({x, y, z}) != s.after.block({x, y, z}))
                    return fmt::format("({}, {}, {}) changed to {}", x, y, z, s.after.type_at({x, y, z}).name);
            return std::string();
          }};
}
// Every solid cell of the box is gone (air, or the natural ground).
inline Expect box_cleared(Box b) {
  return {box_text(b) + " is cleared", [=](const Scene& s) -> std::string {
            for (int y = b.min.y; y <= b.max.y; ++y)
              for (int z = b.min.z; z <= b.max.z; ++z)
                for (int x = b.min.x; x <= b.max.x; ++x) {
                  Coord c{x, y, z};
                  if (s.after.block(c) != world::kAir && s.after.block(c) != s.after.natural(c))
                    return fmt::format("({}, {}, {}) is still {}", x, y, z, s.after.type_at(c).name);
                }
            return std::string();
          }};
}
// Some cell of the box changed (a solid block there now, where there was none).
inline Expect blocks_added_in(Box b, int at_least) {
  return {fmt::format("{} blocks added in {}", at_least, box_text(b)), [=](const Scene& s) -> std::string {
            int n = 0;
            for (int y = b.min.y; y <= b.max.y; ++y)
              for (int z = b.min.z; z <= b.max.z; ++z)
                for (int x = b.min.x; x <= b.max.x; ++x)
                  n += s.before.block({x, y, z}) == world::kAir && s.after.block({x, y, z}) != world::kAir;
            return n >= at_least ? std::string() : fmt::format("{} added ({})", n, s.result.reply);
          }};
}
// The agent is within `dist` of the speaker.
inline Expect agent_near_speaker(int dist) {
  return {"the agent came to the speaker", [dist](const Scene& s) -> std::string {
            const world::Entity* sp = s.after.speaker("");
            if (!sp) return "no speaker";
            Coord p = world::cell_of(sp->pose.pos), f = agent_after(s);
            int d = std::max(std::abs(p.x - f.x), std::abs(p.z - f.z));
            return d <= dist ? std::string() : fmt::format("the agent is at ({}, {}, {})", f.x, f.y, f.z);
          }};
}
// The agent ended farther from the object than it began.
inline Expect agent_farther_from(std::string object) {
  return {"the agent moved away from the " + object, [object](const Scene& s) -> std::string {
            const auto* a = annotation(s.before, object);
            if (!a) return "no " + object + " before";
            Box ob = bounds_of_cells(a->cells);
            Coord b = agent_before(s), f = agent_after(s);
            Coord gb = gaps(ob, Box::of(b, b)), gf = gaps(ob, Box::of(f, f));
            return std::max(gf.x, gf.z) > std::max(gb.x, gb.z) ? std::string()
                                                                : fmt::format("the agent is at ({}, {}, {})", f.x, f.y, f.z);
          }};
}

// No block changed (creatures may have).
inline Expect nothing_changed_but_creatures() {
  return {"no block changed", [](const Scene& s) -> std::string {
            auto c = changed_cells(s);
            return c.empty() ? std::string() : fmt::format("{} blocks changed", c.size());
          }};
}
// Below y = 0 the ground is whole again: no air left where the natural ground is solid.
inline Expect ground_whole() {
  return {"the ground is whole", [](const Scene& s) -> std::string {
            for (int y = -4; y < 0; ++y)
              for (int z = -30; z <= 30; ++z)
                for (int x = -30; x <= 30; ++x)
                  if (s.after.block({x, y, z}) == world::kAir && s.after.natural({x, y, z}) != world::kAir)
                    return fmt::format("({}, {}, {}) is air", x, y, z);
            return std::string();
          }};
}
// The agent stands wholly on that side of the object (FRONT/BACK as the speaker sees it).
inline Expect agent_side_of(std::string object, std::string dir) {
  return {"the agent is " + dir + " of the " + object, [=](const Scene& s) -> std::string {
            const auto* a = annotation(s.before, object);
            if (!a) return "no " + object + " before";
            Box ob = bounds_of_cells(a->cells);
            Coord v = dir == "FRONT" ? facing_speaker(s, ob)
                      : dir == "BACK" ? Coord{-facing_speaker(s, ob).x, 0, -facing_speaker(s, ob).z}
                                      : frame_vector(s, dir);
            Coord f = agent_after(s);
            return beyond(ob, Box::of(f, f), v) ? std::string() : fmt::format("the agent is at ({}, {}, {})", f.x, f.y, f.z);
          }};
}
// The agent stands within `dist` of a creature of that type.
inline Expect agent_near_mob(std::string type, int dist) {
  return {"the agent is next to a " + type, [=](const Scene& s) -> std::string {
            Coord f = agent_after(s);
            for (const auto& e : s.after.entities())
              if (e.kind == world::EntityKind::Mob && e.type == type) {
                Coord m = world::cell_of(e.pose.pos);
                if (std::max(std::abs(m.x - f.x), std::abs(m.z - f.z)) <= dist) return std::string();
              }
            return fmt::format("the agent is at ({}, {}, {})", f.x, f.y, f.z);
          }};
}
// The reply names the agent's cell.
inline Expect says_where_the_agent_is() {
  return {"says where the agent is", [](const Scene& s) -> std::string {
            Coord f = agent_after(s);
            std::string at = fmt::format("({}, {}, {})", f.x, f.y, f.z);
            return s.result.reply.find(at) != std::string::npos ? std::string() : "not " + at + ": " + s.result.reply;
          }};
}
// The agent's feet moved exactly n blocks (horizontally, along one axis).
inline Expect agent_moved_blocks(int n) {
  return {fmt::format("the agent moved {} blocks", n), [n](const Scene& s) -> std::string {
            Coord a = agent_before(s), b = agent_after(s);
            int dx = std::abs(b.x - a.x), dz = std::abs(b.z - a.z);
            return (dx == n && dz == 0) || (dz == n && dx == 0)
                       ? std::string()
                       : fmt::format("from ({}, {}, {}) to ({}, {}, {})", a.x, a.y, a.z, b.x, b.y, b.z);
          }};
}

// ---- issue 25, the 2711 draw's causes

// Every named object carries `tag` over exactly its cells ("tag all the plants": each plant is tagged).
inline Expect tagged_each(std::vector<std::string> objects, std::string tag) {
  return {"each of the objects is tagged " + tag, [=](const Scene& s) -> std::string {
            for (const auto& object : objects) {
              const auto* o = annotation(s.before, object);
              if (!o) return "no " + object + " before";
              bool on_it = false;
              for (const auto& a : s.after.annotations()) {
                bool has = a.name == tag || std::find(a.tags.begin(), a.tags.end(), tag) != a.tags.end();
                on_it = on_it || (has && a.cells == o->cells);
              }
              if (!on_it) return "the " + object + " is not tagged " + tag + " (" + s.result.reply + ")";
            }
            return std::string();
          }};
}

// Whatever carries `tag` lies on the agent's own `dir` side (LEFT or RIGHT of the way the agent faces), and
// something does ("the structure to your left").
inline Expect tagged_on_agents_side(std::string tag, std::string dir) {
  return {"what is tagged " + tag + " is to the agent's " + dir, [=](const Scene& s) -> std::string {
            const auto& pose = s.after.agent().pose;
            world::Vec3 d = world::look_direction({{}, pose.yaw, 0});
            Coord f = std::abs(d.x) > std::abs(d.z) ? Coord{d.x > 0 ? 1 : -1, 0, 0} : Coord{0, 0, d.z >= 0 ? 1 : -1};
            Coord right{-f.z, 0, f.x};
            Coord v = dir == "RIGHT" ? right : Coord{-right.x, 0, -right.z};
            Coord me = world::cell_of(pose.pos);
            int n = 0;
            for (const auto& a : s.after.annotations()) {
              bool has = a.name == tag || std::find(a.tags.begin(), a.tags.end(), tag) != a.tags.end();
              if (!has) continue;
              ++n;
              Box b = bounds_of_cells(a.cells);
              Coord mid{(b.min.x + b.max.x) / 2, 0, (b.min.z + b.max.z) / 2};
              if ((mid.x - me.x) * v.x + (mid.z - me.z) * v.z <= 0)
                return fmt::format("{} at {} is not to the {} of the agent at ({}, {}, {})", a.name, box_text(b), dir, me.x, me.y, me.z);
            }
            return n ? std::string() : "nothing is tagged " + tag + " (" + s.result.reply + ")";
          }};
}

// The agent stands in the half of the object on the compass side v (east +x, west -x, south +z, north -z),
// within its footprint.
inline Expect agent_on_compass_side(std::string object, Coord v) {
  return {"the agent is on that side of the " + object, [=](const Scene& s) -> std::string {
            const auto* a = annotation(s.before, object);
            if (!a) return "no " + object + " before";
            Box b = bounds_of_cells(a->cells);
            Coord f = world::cell_of(s.after.agent().pose.pos);
            bool within = f.x >= b.min.x && f.x <= b.max.x && f.z >= b.min.z && f.z <= b.max.z;
            int twice_mid = v.x ? b.min.x + b.max.x : b.min.z + b.max.z;
            int twice_me = 2 * (v.x ? f.x : f.z);
            bool side = (twice_me - twice_mid) * (v.x + v.z) > 0;
            return within && side ? std::string()
                                  : fmt::format("the agent is at ({}, {}, {}), the {} spans {}", f.x, f.y, f.z, object, box_text(b));
          }};
}

// The objects built under `name`, all together, are at most `across` blocks long and `thick` blocks wide
// horizontally: copies packed in a row next to each other, not scattered.
inline Expect built_packed(std::string name, int across, int thick) {
  return {fmt::format("the {}s lie in a row within {}x{} blocks", name, across, thick), [=](const Scene& s) -> std::string {
            Box all;
            int n = 0;
            for (const auto& b : s.result.built)
              if (b.name == name) all.add(b.bounds.min), all.add(b.bounds.max), ++n;
            if (!n) return "no " + name + " built (" + s.result.reply + ")";
            int w = std::max(all.size().x, all.size().z), t = std::min(all.size().x, all.size().z);
            return w <= across && t <= thick ? std::string() : fmt::format("they span {} ({} by {})", box_text(all), w, t);
          }};
}

// The annotations named `name` after the command that were not there, with the same cells, before it.
inline std::vector<const world::Annotation*> new_annotations(const Scene& s, const std::string& name) {
  std::vector<const world::Annotation*> out;
  for (const auto& a : s.after.annotations()) {
    if (a.name != name) continue;
    bool old = false;
    for (const auto& b : s.before.annotations()) old = old || (b.name == name && b.cells == a.cells);
    if (!old) out.push_back(&a);
  }
  return out;
}

// What was built under `name` is cut into the object's wall: every block of it was a solid block of the object
// before (not glass), and is `block` now; something was built.
inline Expect built_into(std::string name, std::string object, std::string block) {
  return {"a " + name + " in the wall of the " + object, [=](const Scene& s) -> std::string {
            const auto* o = annotation(s.before, object);
            if (!o) return "no " + object + " before";
            int n = 0;
            for (const auto* a : new_annotations(s, name)) {
              for (Coord c : a->cells) {
                ++n;
                bool wall = std::binary_search(o->cells.begin(), o->cells.end(), c) && s.before.solid(c) &&
                            s.before.type_at(c).name != block;
                if (!wall || s.after.type_at(c).name != block)
                  return fmt::format("({}, {}, {}) is {} (was {}): not in the {}'s wall", c.x, c.y, c.z, s.after.type_at(c).name,
                                     s.before.type_at(c).name, object);
              }
            }
            return n ? std::string() : "no new " + name + " (" + s.result.reply + ")";
          }};
}

// Stairs built under `name` lead up to the object: their top is one below the object's bottom (or no higher than
// its top), the top step touches the object's bounds, and the bottom step is farther from it than the top.
inline Expect built_leading_to(std::string name, std::string object) {
  return {"the " + name + " lead up to the " + object, [=](const Scene& s) -> std::string {
            const auto* o = annotation(s.before, object);
            if (!o) return "no " + object + " before";
            Box ob = bounds_of_cells(o->cells);
            int n = 0;
            for (const auto* a : new_annotations(s, name)) {
              ++n;
              Box b = bounds_of_cells(a->cells);
              if (b.max.y + 1 < ob.min.y || b.max.y > ob.max.y)
                return fmt::format("their top is at y {}, the {} spans {}", b.max.y, object, box_text(ob));
              auto gap = [&](Coord c) { Coord g = gaps(ob, Box::of(c, c)); return std::max(g.x, g.z); };
              int top_gap = 1000, bottom_gap = 0;
              for (Coord c : a->cells) {
                if (c.y == b.max.y) top_gap = std::min(top_gap, gap(c));
                if (c.y == b.min.y) bottom_gap = std::max(bottom_gap, gap(c));
              }
              if (top_gap > 0 || bottom_gap <= top_gap)
                return fmt::format("{} does not rise to {} (top {} away, bottom {})", box_text(b), box_text(ob), top_gap, bottom_gap);
            }
            return n ? std::string() : "no " + name + " built (" + s.result.reply + ")";
          }};
}

}  // namespace plank::caip::test
