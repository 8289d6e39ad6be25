// MOVE, loop steps, DANCE and SPAWN: the actions that move entities.
#include <algorithm>

#include <fmt/format.h>

#include "agents/caip/intrinsics/acts.h"
#include "agents/caip/intrinsics/lexicon.h"
#include "agents/caip/intrinsics/placement.h"
#include "world/voxels/mcdata.h"

namespace plank::caip {

namespace {

struct MobAlias {
  std::string_view word, type;
};
constexpr MobAlias kSpawnAliases[] = {{"dog", "wolf"}, {"puppy", "wolf"}, {"kitty", "cat"}, {"kitten", "cat"},
                                      {"bunny", "rabbit"}, {"hen", "chicken"}, {"chick", "chicken"}, {"pony", "horse"},
                                      {"lamb", "sheep"}, {"bull", "cow"}, {"calf", "cow"}, {"villager", "villager"},
                                      {"golem", "iron_golem"}, {"person", "villager"}, {"man", "villager"}};

// Mob types the built-in registry (no minecraft-data) still knows.
constexpr std::string_view kBuiltinMobs[] = {"pig", "cow", "sheep", "chicken", "horse", "wolf", "cat", "rabbit",
                                             "villager", "zombie", "skeleton", "creeper", "spider", "iron_golem"};

bool known_mob(const world::World& w, const std::string& type) {
  if (const auto* data = w.registry().mcdata()) return data->entity(type) != nullptr;
  for (auto m : kBuiltinMobs)
    if (m == type) return true;
  return false;
}

}  // namespace

namespace {

// Where to stand for a location: on the object's top ("on top of the tower"),
// inside it ("into the house"), or at the point (beside it, on the asked side),
// as cells one can stand in, best first.
std::vector<Coord> standing_goals(Assistant& s, const Location& loc) {
  auto& paths = s.agent().pathfinder();
  std::vector<Coord> out;
  if (loc.anchor && (loc.direction == "UP" || loc.direction == "INSIDE")) {
    const Box& a = *loc.anchor;
    bool on_top = loc.direction == "UP";
    // Inside: within its walls, not under an overhang of its roof at the edge of its bounds.
    int in = on_top ? 0 : 1;
    for (int z = a.min.z + in; z <= a.max.z - in; ++z)
      for (int x = a.min.x + in; x <= a.max.x - in; ++x)
        for (int y = on_top ? a.max.y + 1 : a.min.y; y <= (on_top ? a.max.y + 1 : a.max.y); ++y)
          if (paths.walkable({x, y, z})) out.push_back({x, y, z});
    if (!on_top) {  // inside is under its roof, where it has one
      auto roofed = [&](Coord c) {
        for (int y = c.y + 2; y <= a.max.y; ++y)
          if (s.world().solid({c.x, y, c.z})) return true;
        return false;
      };
      if (std::any_of(out.begin(), out.end(), roofed)) std::erase_if(out, [&](Coord c) { return !roofed(c); });
    }
    if (on_top) {  // standing on its top: the highest cells of a stepped top (a pyramid) first
      for (int z = a.min.z; z <= a.max.z; ++z)
        for (int x = a.min.x; x <= a.max.x; ++x)
          for (int y = a.max.y; y > a.min.y; --y)
            if (paths.walkable({x, y, z}) && s.world().solid({x, y - 1, z}) &&
                std::binary_search(loc.anchor_cells.begin(), loc.anchor_cells.end(), Coord{x, y - 1, z})) {
              out.push_back({x, y, z});
              break;
            }
    }
    Coord mid{(a.min.x + a.max.x) / 2, a.max.y, (a.min.z + a.max.z) / 2};
    std::stable_sort(out.begin(), out.end(), [&](Coord p, Coord q) {
      auto d = [&](Coord c) { return std::abs(c.x - mid.x) + std::abs(c.z - mid.z) - (on_top ? 4 * c.y : 0); };
      return d(p) < d(q);
    });
    return out;
  }
  if (loc.anchor && loc.direction == "THROUGH") {
    // Past its far face, nearest to the way through first: never back on the near side.
    const Box& a = *loc.anchor;
    auto past = [&](Coord c) {
      return loc.away.x > 0 ? c.x > a.max.x : loc.away.x < 0 ? c.x < a.min.x : loc.away.z > 0 ? c.z > a.max.z : c.z < a.min.z;
    };
    for (int r = 0; r <= 3 && out.empty(); ++r)
      for (Coord c = loc.at; auto step : {0, 1, 2, 3})
        if (auto cell = standing_cell(s, {c.x + loc.away.x * step, c.y, c.z + loc.away.z * step}, r); cell && past(*cell)) {
          out.push_back(*cell);
          break;
        }
    return out;
  }
  if (auto c = standing_cell(s, loc.at, loc.anchor ? 3 : 2)) out.push_back(*c);
  return out;
}

}  // namespace

bool act_move(Assistant& s, int location) {
  if (!s.valid_location(location)) return false;
  const Location loc = s.location(location);
  if (!s.within_walk(loc.at)) {
    s.refuse(fmt::format("That is too far for me to walk (more than {} blocks).", Assistant::kMaxWalk));
    return false;
  }
  std::vector<Coord> goals = standing_goals(s, loc);
  if (goals.empty()) {
    s.refuse(fmt::format("I can't find anywhere to stand {}.", loc.describe));
    return false;
  }
  Coord start = s.agent().feet();
  // "Go to the tree" when already standing next to it (within a block of it, on its level).
  bool beside = false;
  if (loc.anchor && (loc.direction.empty() || loc.direction == "NEAR")) {
    const Box& a = *loc.anchor;
    int gx = std::max({0, a.min.x - start.x, start.x - a.max.x}), gz = std::max({0, a.min.z - start.z, start.z - a.max.z});
    beside = std::max(gx, gz) <= 2 && start.y >= a.min.y - 1 && start.y <= a.max.y + 1;
  }
  if (beside || std::find(goals.begin(), goals.end(), start) != goals.end() || (!loc.anchor && start == goals.front())) {
    s.refuse(fmt::format("I am already {} (at ({}, {}, {})), so I didn't move.", loc.describe, start.x, start.y, start.z));
    return false;
  }
  agent::TaskId task = s.start_task("MOVE", loc.describe);
  agent::ActionResult r;
  constexpr size_t kTries = 6;  // A* to each of the best few goals: the first one reached
  for (size_t i = 0; i < goals.size() && i < kTries; ++i) {
    r = s.agent().move_to(goals[i], 0);
    if (r.ok) break;
  }
  s.invalidate();
  s.finish_task(task, r.ok);
  if (!r.ok) {
    s.refuse(fmt::format("I can't get {}: {}", loc.describe, r.reason));
    return false;
  }
  Coord f = s.agent().feet();
  s.say(fmt::format("I moved {} (now at ({}, {}, {}), {} blocks walked).", loc.describe, f.x, f.y, f.z,
                    r.path.empty() ? 0 : r.path.size() - 1));
  s.mark_done();
  return true;
}

bool act_step(Assistant& s, const std::string& direction) {
  if (!s.budget_left()) return false;
  auto off = direction_offset(direction.empty() ? "FRONT" : direction);
  if (!off) off = direction_offset("FRONT");
  Coord f = s.forward(), r = s.right();
  Coord v{off->right * r.x + off->forward * f.x, 0, off->right * r.z + off->forward * f.z};
  if (v == Coord{0, 0, 0}) v = f;
  Coord feet = s.agent().feet();
  Coord goal{feet.x + v.x, feet.y, feet.z + v.z};
  // Level, one up or one down, like the pathfinder's moves.
  for (int dy : {0, 1, -1}) {
    Coord g{goal.x, goal.y + dy, goal.z};
    if (!s.agent().pathfinder().walkable(g)) continue;
    auto res = s.agent().move_to(g, 0);
    s.invalidate();
    if (res.ok) return true;
  }
  return false;
}

bool act_dance(Assistant& s, int location, const std::string& direction, long turns, std::optional<long> angle) {
  agent::TaskId task = s.start_task("DANCE", angle ? "a turn" : "a dance");
  if (s.valid_location(location)) {
    agent::ActionResult r;
    if (s.within_walk(s.location(location).at)) r = s.agent().move_to(s.location(location).at, 1);
    else r.reason = "it is too far to walk";
    if (!r.ok) {
      s.finish_task(task, false);
      s.refuse(fmt::format("I can't get {} to dance: {}", s.location(location).describe, r.reason));
      return false;
    }
  }
  // Yaw grows clockwise seen from above (0 faces +z, 90 faces -x): a turn to the
  // left (a positive relative_yaw, or ANTICLOCKWISE) takes yaw down.
  double step = direction == "ANTICLOCKWISE" ? -90 : 90;
  long steps = std::max(1L, turns);
  if (angle) {
    step = -double(*angle);
    steps = 1;
  }
  world::World& w = s.world();
  s.log().begin(task, "dance", s.clock().now());
  long done = 0;
  for (; done < steps && s.budget_left(); ++done) {
    world::Pose pose = w.agent().pose;
    pose.yaw += step;
    while (pose.yaw < 0) pose.yaw += 360;
    while (pose.yaw >= 360) pose.yaw -= 360;
    w.set_pose(w.agent().id, pose);
    s.clock().advance(10);
  }
  s.log().end();
  s.invalidate();
  s.finish_task(task, true);
  if (angle) {
    long a = std::labs(*angle);
    s.say(fmt::format("I turned {} degrees to the {}.", a, *angle > 0 ? "left" : "right"));
  } else {
    s.say(fmt::format("I danced ({} turns{}).", done,
                      direction.empty() ? "" : direction == "ANTICLOCKWISE" ? ", anticlockwise" : ", clockwise"));
  }
  s.mark_done();
  return true;
}

bool act_spawn(Assistant& s, const std::string& name, int location, long count) {
  auto words = words_of(name);
  if (words.empty()) {
    s.unsure(Doubt::ask("no_creature"));
    return false;
  }
  std::string type;
  for (auto it = words.rbegin(); it != words.rend() && type.empty(); ++it) {
    std::string l = lemma(*it);
    for (auto a : kSpawnAliases)
      if (a.word == l) l = std::string(a.type);
    if (known_mob(s.world(), l)) type = l;
  }
  if (type.empty()) {
    s.refuse(fmt::format("I can't spawn \"{}\": it is not a creature I know.", name));
    return false;
  }
  if (!s.valid_location(location)) return false;
  const Location loc = s.location(location);
  count = std::clamp(count, 1L, 64L);
  // Each creature on a cell it can stand in, nearest the place first: never inside a block.
  const Coord first = loc.at;
  std::vector<Coord> cells;
  agent::TaskId task = s.start_task("SPAWN", fmt::format("{} {}", count, type));
  s.log().begin(task, "spawn", s.clock().now());
  for (long i = 0; i < count; ++i) {
    auto cell = standing_cell(s, first, 8);
    if (!cell) break;
    s.world().add_entity(world::EntityKind::Mob, "", type, {{cell->x + 0.5, double(cell->y), cell->z + 0.5}, 0, 0});
    cells.push_back(*cell);
  }
  s.log().end();
  if (cells.empty()) {
    s.finish_task(task, false);
    s.refuse(fmt::format("There is no room for a {} {}.", type, loc.describe));
    return false;
  }
  count = long(cells.size());
  s.invalidate();
  s.finish_task(task, true);
  bool same_plural = type == "sheep" || type == "fish" || type == "cod" || type == "salmon";
  s.say(fmt::format("I spawned {} {}{} {}.", count, type, count > 1 && !same_plural ? "s" : "", loc.describe));
  s.mark_done();
  return true;
}

}  // namespace plank::caip
