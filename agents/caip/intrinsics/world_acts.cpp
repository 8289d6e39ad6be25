// MOVE, loop steps, DANCE and SPAWN: the actions that move entities.
#include <algorithm>

#include <fmt/format.h>

#include "agents/caip/intrinsics/acts.h"
#include "agents/caip/intrinsics/lexicon.h"
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

bool act_move(Assistant& s, int location) {
  if (!s.valid_location(location)) return false;
  const Location& loc = s.location(location);
  if (!s.within_walk(loc.at)) {
    s.refuse(fmt::format("That is too far for me to walk (more than {} blocks).", Assistant::kMaxWalk));
    return false;
  }
  agent::TaskId task = s.start_task("MOVE", loc.describe);
  // Next to (or inside) an object: the nearest cell one can stand on, widening
  // the tolerance up to the object's half-size.
  int widest = loc.anchor ? std::max(loc.anchor->size().x, loc.anchor->size().z) / 2 + 2 : 2;
  agent::ActionResult r;
  for (int tol = 1; tol <= std::max(1, widest); ++tol) {
    r = s.agent().move_to(loc.at, tol);
    if (r.ok || r.reason.find("no walkable route") != std::string::npos) break;
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

bool act_dance(Assistant& s, int location, const std::string& direction, long turns) {
  agent::TaskId task = s.start_task("DANCE", "a dance");
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
  // A dance is a turn on the spot, a quarter at a time, with a hop.
  double step = direction == "ANTICLOCKWISE" ? 90 : -90;
  world::World& w = s.world();
  s.log().begin(task, "dance", s.clock().now());
  long done = 0;
  for (; done < std::max(1L, turns) && s.budget_left(); ++done) {
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
  s.say(fmt::format("I danced ({} turns{}).", done, direction.empty() ? "" : direction == "ANTICLOCKWISE" ? ", anticlockwise" : ", clockwise"));
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
  const Location& loc = s.location(location);
  count = std::clamp(count, 1L, 64L);
  agent::TaskId task = s.start_task("SPAWN", fmt::format("{} {}", count, type));
  s.log().begin(task, "spawn", s.clock().now());
  for (long i = 0; i < count; ++i)
    s.world().add_entity(world::EntityKind::Mob, "", type,
                         {{loc.at.x + 0.5 + double(i % 4), double(loc.at.y), loc.at.z + 0.5 + double(i / 4)}, 0, 0});
  s.log().end();
  s.invalidate();
  s.finish_task(task, true);
  bool same_plural = type == "sheep" || type == "fish" || type == "cod" || type == "salmon";
  s.say(fmt::format("I spawned {} {}{} {}.", count, type, count > 1 && !same_plural ? "s" : "", loc.describe));
  s.mark_done();
  return true;
}

}  // namespace plank::caip
