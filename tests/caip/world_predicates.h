// A small vocabulary of predicates over the world before and after a CAIP
// command, so that a semantic case reads as what the English asked for:
//
//   built("fence").around("house").made_of("oak_fence"), unchanged("house"), no_object_lost_blocks()
//
// Objects are named as in the scene (annotations of the world before the
// command); directions are the speaker's frame (LEFT, RIGHT, FRONT = the side
// of an object facing the speaker, BACK = its far side, UP). Each predicate
// returns "" when it holds, else what it found instead.
#pragma once
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "agents/caip/loop/exec.h"
#include "world/voxels/world.h"

namespace plank::caip::test {

using world::Box;
using world::Coord;

struct Scene {
  const world::World& before;
  world::World& after;
  const ExecResult& result;
  Executor& ex;
};

struct Expect {
  std::string what;
  std::function<std::string(const Scene&)> check;
};

inline std::string box_text(const Box& b) {
  return fmt::format("({}, {}, {})..({}, {}, {})", b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z);
}

inline const world::Annotation* annotation(const world::World& w, const std::string& name) {
  for (const auto& a : w.annotations())
    if (a.name == name) return &a;
  return nullptr;
}

inline Box bounds_of_cells(const std::vector<Coord>& cells) {
  Box b;
  for (Coord c : cells) b.add(c);
  return b;
}

// The solid cells of a named object before the command.
inline std::vector<Coord> solid_cells_before(const Scene& s, const std::string& name) {
  std::vector<Coord> out;
  if (const auto* a = annotation(s.before, name))
    for (Coord c : a->cells)
      if (s.before.block(c) != world::kAir) out.push_back(c);
  return out;
}

// Gaps between two boxes along each axis (0 when they overlap on that axis).
inline Coord gaps(const Box& a, const Box& b) {
  auto gap = [](int amin, int amax, int bmin, int bmax) { return std::max({0, bmin - amax - 1, amin - bmax - 1}); };
  return {gap(a.min.x, a.max.x, b.min.x, b.max.x), gap(a.min.y, a.max.y, b.min.y, b.max.y),
          gap(a.min.z, a.max.z, b.min.z, b.max.z)};
}
inline bool overlap(const Box& a, const Box& b) {
  return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y && a.min.z <= b.max.z &&
         b.min.z <= a.max.z;
}

// A direction of the speaker's frame as a world vector.
inline Coord frame_vector(const Scene& s, const std::string& d) {
  Coord f = s.ex.session().forward(), r = s.ex.session().right();
  if (d == "FRONT") return f;
  if (d == "BACK") return {-f.x, 0, -f.z};
  if (d == "RIGHT") return r;
  if (d == "LEFT") return {-r.x, 0, -r.z};
  if (d == "UP") return {0, 1, 0};
  if (d == "DOWN") return {0, -1, 0};
  return {0, 0, 0};
}

// Whether box b lies wholly beyond box a along unit vector v.
inline bool beyond(const Box& a, const Box& b, Coord v) {
  if (v.x > 0 && b.min.x <= a.max.x) return false;
  if (v.x < 0 && b.max.x >= a.min.x) return false;
  if (v.z > 0 && b.min.z <= a.max.z) return false;
  if (v.z < 0 && b.max.z >= a.min.z) return false;
  if (v.y > 0 && b.min.y <= a.max.y) return false;
  if (v.y < 0 && b.max.y >= a.min.y) return false;
  return true;
}

// The side of an object that faces the speaker, as a world vector (FRONT in the convention).
inline Coord facing_speaker(const Scene& s, const Box& b) {
  const world::Entity* sp = s.before.speaker("");
  if (!sp) return {0, 0, 0};
  Coord p = world::cell_of(sp->pose.pos);
  int dx = p.x - (b.min.x + b.max.x) / 2, dz = p.z - (b.min.z + b.max.z) / 2;
  if (std::abs(dx) >= std::abs(dz)) return {dx > 0 ? 1 : -1, 0, 0};
  return {0, 0, dz > 0 ? 1 : -1};
}

// ---------------------------------------------------------------- the reply

inline Expect outcome_is(Outcome o) {
  return {fmt::format("outcome {}", outcome_name(o)), [o](const Scene& s) {
            return s.result.outcome == o ? std::string()
                                         : fmt::format("outcome {} ({})", outcome_name(s.result.outcome), s.result.reply);
          }};
}
inline Expect done() { return outcome_is(Outcome::Done); }
inline Expect asked() { return outcome_is(Outcome::Asked); }
inline Expect refused() { return outcome_is(Outcome::Refused); }
inline Expect says(std::string words) {
  return {"says \"" + words + "\"", [words](const Scene& s) {
            std::string r = s.result.reply, w = words;
            auto lower = [](std::string x) {
              std::transform(x.begin(), x.end(), x.begin(), [](unsigned char c) { return char(std::tolower(c)); });
              return x;
            };
            return lower(r).find(lower(w)) != std::string::npos ? std::string() : "reply: " + r;
          }};
}
inline Expect does_not_say(std::string words) {
  return {"does not say \"" + words + "\"", [words](const Scene& s) {
            return s.result.reply.find(words) == std::string::npos ? std::string() : "reply: " + s.result.reply;
          }};
}

// ---------------------------------------------------------------- what was built

// The objects the command built under a name (all of them, in order).
class Built {
 public:
  explicit Built(std::string name) : name_(std::move(name)) {}
  Built& count(int n) { return add(fmt::format("{} of them", n), [n](const Scene&, const std::vector<Box>& all, auto) {
      return int(all.size()) == n ? std::string() : fmt::format("{} built", all.size());
    }); }
  // Every one: its blocks are mostly `block` (a registry name).
  Built& made_of(std::string block) {
    return add("made of " + block, [block](const Scene& s, const std::vector<Box>&, const auto& cells) {
      for (const auto& one : cells) {
        size_t n = 0;
        for (Coord c : one) n += s.after.type_at(c).name == block;
        if (n * 2 < one.size()) return fmt::format("{} of {} blocks are {}", n, one.size(), block);
      }
      return std::string();
    });
  }
  Built& colour(std::string colour) {
    return add("coloured " + colour, [colour](const Scene& s, const std::vector<Box>&, const auto& cells) {
      for (const auto& one : cells) {
        size_t n = 0;
        for (Coord c : one) n += s.after.type_at(c).colour.word == colour;
        if (n * 2 < one.size()) return fmt::format("{} of {} blocks are {}", n, one.size(), colour);
      }
      return std::string();
    });
  }
  // Two colours, each on at least a third of every built object's blocks, and nothing else.
  Built& colours(std::string a, std::string b) {
    return add("coloured " + a + " and " + b, [a, b](const Scene& s, const std::vector<Box>&, const auto& cells) {
      for (const auto& one : cells) {
        size_t na = 0, nb = 0;
        for (Coord c : one) na += s.after.type_at(c).colour.word == a, nb += s.after.type_at(c).colour.word == b;
        if (na * 3 < one.size() || nb * 3 < one.size() || na + nb != one.size())
          return fmt::format("{} of {} blocks are {}, {} are {}", na, one.size(), a, nb, b);
      }
      return std::string();
    });
  }
  // Extents (x, y, z) exactly; 0 = any.
  Built& size(int x, int y, int z) {
    return add(fmt::format("{}x{}x{}", x, y, z), [x, y, z](const Scene&, const std::vector<Box>& all, const auto&) {
      for (const Box& b : all) {
        Coord e = b.size();
        if ((x && e.x != x) || (y && e.y != y) || (z && e.z != z)) return fmt::format("extents {}x{}x{}", e.x, e.y, e.z);
      }
      return std::string();
    });
  }
  // The larger horizontal extent is n (± tol): "about 3 wide" whatever way it faces.
  Built& wide_about(int n, int tol = 1) {
    return add(fmt::format("about {} wide", n), [n, tol](const Scene&, const std::vector<Box>& all, const auto&) {
      for (const Box& b : all) {
        int w = std::max(b.size().x, b.size().z);
        if (std::abs(w - n) > tol) return fmt::format("{} wide", w);
      }
      return std::string();
    });
  }
  Built& high(int lo, int hi) {
    return add(fmt::format("{}..{} high", lo, hi), [lo, hi](const Scene&, const std::vector<Box>& all, const auto&) {
      for (const Box& b : all)
        if (b.size().y < lo || b.size().y > hi) return fmt::format("{} high", b.size().y);
      return std::string();
    });
  }
  Built& blocks(size_t lo, size_t hi) {
    return add(fmt::format("{}..{} blocks", lo, hi), [lo, hi](const Scene&, const std::vector<Box>&, const auto& cells) {
      for (const auto& one : cells)
        if (one.size() < lo || one.size() > hi) return fmt::format("{} blocks", one.size());
      return std::string();
    });
  }
  // Every one lies within `dist` cells (horizontally, and does not overlap) of the named object's bounds.
  Built& near(std::string object, int dist) {
    return add(fmt::format("within {} of the {}", dist, object), [object, dist](const Scene& s, const std::vector<Box>& all, const auto&) {
      const auto* a = annotation(s.before, object);
      if (!a) return "no " + object + " before";
      Box ob = bounds_of_cells(a->cells);
      for (const Box& b : all) {
        Coord g = gaps(ob, b);
        if (std::max(g.x, g.z) > dist) return fmt::format("{} is {} away from {}", box_text(b), std::max(g.x, g.z), box_text(ob));
      }
      return std::string();
    });
  }
  // Every one lies wholly on that side of the object: LEFT, RIGHT, UP, DOWN in the
  // speaker's frame, FRONT (the side facing the speaker), BACK (the far side).
  Built& side_of(std::string object, std::string dir) {
    return add(dir + " of the " + object, [object, dir](const Scene& s, const std::vector<Box>& all, const auto&) {
      const auto* a = annotation(s.before, object);
      if (!a) return "no " + object + " before";
      Box ob = bounds_of_cells(a->cells);
      Coord v = dir == "FRONT" ? facing_speaker(s, ob) : dir == "BACK" ? Coord{-facing_speaker(s, ob).x, 0, -facing_speaker(s, ob).z}
                                                                    : frame_vector(s, dir);
      for (const Box& b : all)
        if (!beyond(ob, b, v)) return fmt::format("{} is not {} of {}", box_text(b), dir, box_text(ob));
      return std::string();
    });
  }
  // Beside the object on that side (LEFT, RIGHT in the speaker's frame): across the way, each one overlaps the
  // object's own span, so it is next to the object's side, not off past one of its corners.
  Built& abreast_of(std::string object, std::string dir) {
    return add("abreast of the " + object + " " + dir, [object, dir](const Scene& s, const std::vector<Box>& all, const auto&) {
      const auto* a = annotation(s.before, object);
      if (!a) return "no " + object + " before";
      Box ob = bounds_of_cells(a->cells);
      Coord v = frame_vector(s, dir);
      for (const Box& b : all) {
        bool overlap = v.x != 0 ? b.min.z <= ob.max.z && b.max.z >= ob.min.z : b.min.x <= ob.max.x && b.max.x >= ob.min.x;
        if (!overlap) return fmt::format("{} is off to the side of {}", box_text(b), box_text(ob));
      }
      return std::string();
    });
  }
  // Standing on the object: its base one above the object's top, over its footprint.
  Built& on_top_of(std::string object) {
    return add("on top of the " + object, [object](const Scene& s, const std::vector<Box>& all, const auto&) {
      const auto* a = annotation(s.before, object);
      if (!a) return "no " + object + " before";
      Box ob = bounds_of_cells(a->cells);
      for (const Box& b : all) {
        Coord g = gaps(ob, b);
        if (b.min.y <= ob.min.y || g.x || g.z) return fmt::format("{} is not on {}", box_text(b), box_text(ob));
      }
      return std::string();
    });
  }
  // Going round the object: its footprint strictly inside the built bounds, not touching its cells.
  Built& around(std::string object) {
    return add("around the " + object, [object](const Scene& s, const std::vector<Box>& all, const auto&) {
      const auto* a = annotation(s.before, object);
      if (!a) return "no " + object + " before";
      Box ob = bounds_of_cells(a->cells);
      for (const Box& b : all)
        if (!(b.min.x < ob.min.x && b.max.x > ob.max.x && b.min.z < ob.min.z && b.max.z > ob.max.z))
          return fmt::format("{} does not go round {}", box_text(b), box_text(ob));
      return std::string();
    });
  }
  // Every one is at least `dist` away from the other (named objects are never merged).
  Built& apart(int dist) {
    return add(fmt::format("{} apart", dist), [dist](const Scene&, const std::vector<Box>& all, const auto&) {
      for (size_t i = 0; i < all.size(); ++i)
        for (size_t j = i + 1; j < all.size(); ++j) {
          Coord g = gaps(all[i], all[j]);
          if (std::max({g.x, g.y, g.z}) < dist) return fmt::format("{} and {} are closer than {}", box_text(all[i]), box_text(all[j]), dist);
        }
      return std::string();
    });
  }
  // The speaker could see it: within `dist` of where she looks (the cell her gaze hits).
  Built& where_looked(int dist) {
    return add(fmt::format("within {} of the gaze", dist), [dist](const Scene& s, const std::vector<Box>& all, const auto&) {
      auto look = s.ex.session().look_block();
      if (!look) return std::string("the speaker looks at nothing");
      for (const Box& b : all) {
        Coord g = gaps(Box::of(*look, *look), b);
        if (std::max({g.x, g.y, g.z}) > dist) return fmt::format("{} is far from the gaze ({}, {}, {})", box_text(b), look->x, look->y, look->z);
      }
      return std::string();
    });
  }

  // Held up: the lowest block of every column stands on something solid (not water, lava or air).
  Built& standing() {
    return add("standing on solid ground", [](const Scene& s, const std::vector<Box>&, const auto& cells) {
      for (const auto& one : cells)
        for (Coord c : one) {
          Coord under{c.x, c.y - 1, c.z};
          if (std::find(one.begin(), one.end(), under) != one.end()) continue;
          bool lowest = std::none_of(one.begin(), one.end(), [&](Coord o) { return o.x == c.x && o.z == c.z && o.y < c.y; });
          if (lowest && !s.after.solid(under))
            return fmt::format("({}, {}, {}) stands on {}", c.x, c.y, c.z, s.after.type_at(under).name);
        }
      return std::string();
    });
  }
  // A way in: a cell of a side wall one above the floor is open (the walls are otherwise a closed shell).
  Built& way_in() {
    return add("with a way in", [](const Scene& s, const std::vector<Box>& all, const auto&) {
      for (const Box& b : all) {
        int y = b.min.y + 1, open = 0;
        for (int z = b.min.z; z <= b.max.z; ++z)
          for (int x = b.min.x; x <= b.max.x; ++x) {
            bool side = x == b.min.x || x == b.max.x || z == b.min.z || z == b.max.z;
            if (side && !s.after.solid({x, y, z}) && !s.after.solid({x, y + 1, z})) ++open;
          }
        if (open == 0) return box_text(b) + " has closed walls";
      }
      return std::string();
    });
  }

  // An outline on the ground with a gateway: its ground ring is mostly built, with an opening (at least one
  // cell of it is air) and open ground inside (a pen for animals, not a closed box).
  Built& gateway() {
    return add("an outline with a gateway", [](const Scene& s, const std::vector<Box>& all, const auto&) {
      for (const Box& b : all) {
        int y = b.min.y, ring = 0, open = 0, inside_open = 0, inside = 0;
        for (int z = b.min.z; z <= b.max.z; ++z)
          for (int x = b.min.x; x <= b.max.x; ++x) {
            bool side = x == b.min.x || x == b.max.x || z == b.min.z || z == b.max.z;
            bool air = s.after.block({x, y, z}) == world::kAir;
            if (side) ++ring, open += air;
            else ++inside, inside_open += air;
          }
        if (open == 0) return box_text(b) + " is closed all round";
        if (open * 4 > ring) return fmt::format("{} has {} of {} ring cells open", box_text(b), open, ring);
        if (inside_open < inside) return box_text(b) + " is filled inside";
      }
      return std::string();
    });
  }

  // Room to stand inside: a cell within the walls with air two high above the floor.
  Built& room_inside() {
    return add("with room inside", [](const Scene& s, const std::vector<Box>& all, const auto&) {
      for (const Box& b : all) {
        bool room = false;
        for (int z = b.min.z + 1; z < b.max.z && !room; ++z)
          for (int x = b.min.x + 1; x < b.max.x && !room; ++x)
            for (int y = b.min.y + 1; y + 1 < b.max.y + 1 && !room; ++y)
              room = !s.after.solid({x, y, z}) && !s.after.solid({x, y + 1, z}) && s.after.solid({x, y - 1, z});
        if (!room) return box_text(b) + " has no room to stand inside";
      }
      return std::string();
    });
  }

  operator Expect() const {
    std::string name = name_;
    auto checks = checks_;
    std::string what = "built a " + name;
    for (const auto& [w, c] : checks) what += ", " + w;
    return {what, [name, checks](const Scene& s) -> std::string {
              std::vector<Box> all;
              std::vector<std::vector<Coord>> cells;
              for (const auto& b : s.result.built) {
                if (b.name != name) continue;
                all.push_back(b.bounds);
                std::vector<Coord> one;
                for (const auto& a : s.after.annotations())
                  if (a.name == name && bounds_of_cells(a.cells) == b.bounds)
                    for (Coord c : a.cells)
                      if (s.after.block(c) != world::kAir) one.push_back(c);
                cells.push_back(std::move(one));
              }
              if (all.empty()) {
                std::string got;
                for (const auto& b : s.result.built) got += (got.empty() ? "" : ", ") + b.name;
                return fmt::format("no {} built (built: {}; reply: {})", name, got.empty() ? "nothing" : got, s.result.reply);
              }
              for (const auto& [w, check] : checks)
                if (std::string why = check(s, all, cells); !why.empty()) return w + ": " + why;
              return std::string();
            }};
  }

 private:
  using Check = std::function<std::string(const Scene&, const std::vector<Box>&, const std::vector<std::vector<Coord>>&)>;
  template <class F>
  Built& add(std::string what, F f) {
    checks_.push_back({std::move(what), Check(f)});
    return *this;
  }
  std::string name_;
  std::vector<std::pair<std::string, Check>> checks_;
};
inline Built built(std::string name) { return Built(std::move(name)); }

inline Expect built_nothing() {
  return {"built nothing", [](const Scene& s) {
            return s.result.built.empty() ? std::string() : fmt::format("built a {}", s.result.built.front().name);
          }};
}

// ---------------------------------------------------------------- what was there

// Every block of the named object is as it was.
inline Expect unchanged(std::string object) {
  return {"the " + object + " is unchanged", [object](const Scene& s) {
            const auto* a = annotation(s.before, object);
            if (!a) return "no " + object + " before";
            for (Coord c : a->cells)
              if (s.before.block(c) != s.after.block(c))
                return fmt::format("({}, {}, {}) was {}, is {}", c.x, c.y, c.z, s.before.type_at(c).name, s.after.type_at(c).name);
            return std::string();
          }};
}

// No object of the world before lost a block (except those named).
inline Expect no_object_lost_blocks(std::vector<std::string> except = {}) {
  return {"no other object lost blocks", [except](const Scene& s) {
            for (const auto& a : s.before.annotations()) {
              if (std::find(except.begin(), except.end(), a.name) != except.end()) continue;
              for (Coord c : a.cells)
                if (s.before.block(c) != world::kAir && s.before.block(c) != s.after.block(c))
                  return fmt::format("the {} lost ({}, {}, {}): {} is {}", a.name, c.x, c.y, c.z, s.before.type_at(c).name,
                                     s.after.type_at(c).name);
            }
            return std::string();
          }};
}

// Every solid block the named object had is gone (air, or the natural ground below y = 0).
inline Expect destroyed(std::string object) {
  return {"the " + object + " is gone", [object](const Scene& s) {
            auto cells = solid_cells_before(s, object);
            if (cells.empty()) return "no " + object + " before";
            for (Coord c : cells)
              if (s.after.block(c) != world::kAir && s.after.block(c) != s.after.natural(c))
                return fmt::format("({}, {}, {}) is still {}", c.x, c.y, c.z, s.after.type_at(c).name);
            return std::string();
          }};
}

// Cells of the named object (its air or fluid cells when `holes`) are now `block`.
inline Expect filled_with(std::string object, std::string block, size_t at_least = 1) {
  return {"the " + object + " is filled with " + block, [object, block, at_least](const Scene& s) {
            const auto* a = annotation(s.before, object);
            if (!a) return "no " + object + " before";
            size_t n = 0;
            for (Coord c : a->cells) n += s.after.type_at(c).name == block && s.before.type_at(c).name != block;
            return n >= at_least ? std::string() : fmt::format("{} cells became {}", n, block);
          }};
}

// Blocks that changed, and where.
inline std::vector<Coord> changed_cells(const Scene& s, Box area = Box::of({-64, -12, -64}, {64, 40, 64})) {
  std::vector<Coord> out;
  for (int y = area.min.y; y <= area.max.y; ++y)
    for (int z = area.min.z; z <= area.max.z; ++z)
      for (int x = area.min.x; x <= area.max.x; ++x)
        if (s.before.block({x, y, z}) != s.after.block({x, y, z})) out.push_back({x, y, z});
  return out;
}
inline Expect nothing_changed() {
  return {"nothing changed", [](const Scene& s) {
            auto c = changed_cells(s);
            if (!c.empty()) return fmt::format("{} blocks changed, e.g. ({}, {}, {})", c.size(), c[0].x, c[0].y, c[0].z);
            if (s.before.entities().size() != s.after.entities().size()) return std::string("creatures changed");
            return std::string();
          }};
}

// A hole of that many cells (lo..hi) was dug into the ground, whose bounds are w x l across and d deep (0 = any).
inline Expect dug(size_t lo, size_t hi, int w = 0, int l = 0, int d = 0) {
  return {fmt::format("dug {}..{} cells", lo, hi), [=](const Scene& s) {
            Box b;
            size_t n = 0;
            for (Coord c : changed_cells(s))
              if (c.y < 0 && s.after.block(c) == world::kAir) b.add(c), ++n;
            if (n < lo || n > hi) return fmt::format("dug {} cells", n);
            Coord e = b.size();
            int across_a = std::min(e.x, e.z), across_b = std::max(e.x, e.z);
            int want_a = std::min(w, l), want_b = std::max(w, l);
            if ((w && l && (across_a != want_a || across_b != want_b)) || (d && e.y != d))
              return fmt::format("the hole is {}x{} across and {} deep", e.x, e.z, e.y);
            return std::string();
          }};
}
// Where the dug cells are: all within `dist` of the named object, and none under it.
inline Expect dug_near(std::string object, int dist) {
  return {"dug near the " + object, [object, dist](const Scene& s) {
            const auto* a = annotation(s.before, object);
            if (!a) return "no " + object + " before";
            Box ob = bounds_of_cells(a->cells);
            Box hole;
            for (Coord c : changed_cells(s))
              if (c.y < 0 && s.after.block(c) == world::kAir) hole.add(c);
            if (hole.empty()) return std::string("nothing dug");
            Coord g = gaps(ob, hole);
            if (std::max(g.x, g.z) > dist) return fmt::format("the hole {} is {} from the {}", box_text(hole), std::max(g.x, g.z), object);
            return std::string();
          }};
}

// ---------------------------------------------------------------- creatures and the agent

inline int mob_count(const world::World& w, const std::string& type) {
  int n = 0;
  for (const auto& e : w.entities()) n += e.kind == world::EntityKind::Mob && e.type == type;
  return n;
}
inline Expect mobs_changed(std::string type, int delta) {
  return {fmt::format("{:+} {}", delta, type), [type, delta](const Scene& s) {
            int d = mob_count(s.after, type) - mob_count(s.before, type);
            return d == delta ? std::string() : fmt::format("{:+} {}", d, type);
          }};
}
// Every new creature stands on a cell one can stand in (not in a block, on something solid).
inline Expect creatures_stand_free() {
  return {"creatures stand free", [](const Scene& s) {
            for (const auto& e : s.after.entities()) {
              if (e.kind != world::EntityKind::Mob) continue;
              Coord f = world::cell_of(e.pose.pos);
              if (s.after.solid(f) || s.after.solid({f.x, f.y + 1, f.z}) || !s.after.solid({f.x, f.y - 1, f.z}))
                return fmt::format("a {} at ({}, {}, {})", e.type, f.x, f.y, f.z);
            }
            return std::string();
          }};
}
inline Expect creatures_near(std::string type, std::string object, int dist) {
  return {type + " near the " + object, [type, object, dist](const Scene& s) {
            const auto* a = annotation(s.before, object);
            if (!a) return "no " + object + " before";
            Box ob = bounds_of_cells(a->cells);
            for (const auto& e : s.after.entities())
              if (e.kind == world::EntityKind::Mob && e.type == type) {
                Coord f = world::cell_of(e.pose.pos);
                Coord g = gaps(ob, Box::of(f, f));
                bool was = false;
                for (const auto& b : s.before.entities()) was = was || b.id == e.id;
                if (!was && std::max(g.x, g.z) > dist) return fmt::format("a {} at ({}, {}, {})", type, f.x, f.y, f.z);
              }
            return std::string();
          }};
}

inline Coord agent_before(const Scene& s) { return world::cell_of(s.before.agent().pose.pos); }
inline Coord agent_after(const Scene& s) { return world::cell_of(s.after.agent().pose.pos); }

// The agent stands within `dist` of the named object (not in it).
inline Expect agent_near(std::string object, int dist) {
  return {"the agent is next to the " + object, [object, dist](const Scene& s) {
            const auto* a = annotation(s.before, object);
            if (!a) return "no " + object + " before";
            Coord f = agent_after(s);
            Coord g = gaps(bounds_of_cells(a->cells), Box::of(f, f));
            return std::max(g.x, g.z) <= dist ? std::string() : fmt::format("the agent is at ({}, {}, {})", f.x, f.y, f.z);
          }};
}
inline Expect agent_on_top_of(std::string object) {
  return {"the agent stands on the " + object, [object](const Scene& s) {
            const auto* a = annotation(s.before, object);
            if (!a) return "no " + object + " before";
            Coord f = agent_after(s);
            Coord below{f.x, f.y - 1, f.z};
            bool on = std::binary_search(a->cells.begin(), a->cells.end(), below);
            return on ? std::string() : fmt::format("the agent is at ({}, {}, {})", f.x, f.y, f.z);
          }};
}
inline Expect agent_inside(std::string object) {
  return {"the agent is inside the " + object, [object](const Scene& s) {
            const auto* a = annotation(s.before, object);
            if (!a) return "no " + object + " before";
            Box b = bounds_of_cells(a->cells);
            Coord f = agent_after(s);
            bool in = f.x > b.min.x && f.x < b.max.x && f.z > b.min.z && f.z < b.max.z && f.y >= b.min.y && f.y <= b.max.y;
            return in ? std::string() : fmt::format("the agent is at ({}, {}, {}), the {} spans {}", f.x, f.y, f.z, object, box_text(b));
          }};
}
// The agent moved n blocks (± tol) the way of the speaker's frame direction `dir`.
inline Expect agent_moved(std::string dir, int n, int tol = 0) {
  return {fmt::format("the agent moved {} {}", n, dir), [dir, n, tol](const Scene& s) {
            Coord v = frame_vector(s, dir), a = agent_before(s), b = agent_after(s);
            int along = (b.x - a.x) * v.x + (b.z - a.z) * v.z;
            int across = std::abs((b.x - a.x) * v.z) + std::abs((b.z - a.z) * v.x);
            return std::abs(along - n) <= tol && across <= tol
                       ? std::string()
                       : fmt::format("from ({}, {}, {}) to ({}, {}, {})", a.x, a.y, a.z, b.x, b.y, b.z);
          }};
}
// The agent went through the object: it ended past the object's far side, from where it began, along x or z.
inline Expect agent_through(std::string object) {
  return {"the agent went through the " + object, [object](const Scene& s) {
            const auto* a = annotation(s.before, object);
            if (!a) return "no " + object + " before";
            Box b = bounds_of_cells(a->cells);
            Coord from = agent_before(s), to = agent_after(s);
            bool x = (from.x < b.min.x && to.x > b.max.x) || (from.x > b.max.x && to.x < b.min.x);
            bool z = (from.z < b.min.z && to.z > b.max.z) || (from.z > b.max.z && to.z < b.min.z);
            Coord g = gaps(b, Box::of(to, to));
            return (x || z) && std::max(g.x, g.z) <= 2
                       ? std::string()
                       : fmt::format("from ({}, {}, {}) to ({}, {}, {}), the {} spans {}", from.x, from.y, from.z, to.x, to.y, to.z,
                                     object, box_text(b));
          }};
}
inline Expect agent_stayed() {
  return {"the agent stayed", [](const Scene& s) {
            Coord a = agent_before(s), b = agent_after(s);
            return a == b ? std::string() : fmt::format("moved from ({}, {}, {}) to ({}, {}, {})", a.x, a.y, a.z, b.x, b.y, b.z);
          }};
}
// The agent faces `degrees` turned from before (yaw, clockwise seen from above).
inline Expect agent_turned(double degrees) {
  return {fmt::format("the agent turned {} degrees", degrees), [degrees](const Scene& s) {
            double d = s.after.agent().pose.yaw - s.before.agent().pose.yaw;
            double want = degrees;
            auto norm = [](double x) { return std::fmod(std::fmod(x, 360) + 360, 360); };
            return std::abs(norm(d) - norm(want)) < 0.5 ? std::string() : fmt::format("turned {}", norm(d));
          }};
}

}  // namespace plank::caip::test
