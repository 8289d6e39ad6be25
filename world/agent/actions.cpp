#include "world/agent/actions.h"

#include <cmath>
#include <string_view>

#include <fmt/format.h>

namespace plank::agent {

using world::BlockId;

namespace {
std::string at_str(Coord c) { return fmt::format("({}, {}, {})", c.x, c.y, c.z); }

// What placing may overwrite (Minecraft's "replaceable" blocks): air, fluids, plants.
constexpr std::string_view kReplaceable[] = {"air", "cave_air", "void_air", "water", "lava", "grass",
                                             "tall_grass", "fern", "large_fern", "dead_bush", "snow", "vine"};
bool replaceable(const world::BlockType& t) {
  for (auto name : kReplaceable)
    if (t.name == name) return true;
  return false;
}

constexpr Coord kFaces[] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};

// Yaw (Minecraft: 0 faces +z, 90 faces -x) for a step from a to b.
double yaw_toward(Coord a, Coord b) {
  double dx = b.x - a.x, dz = b.z - a.z;
  if (dx == 0 && dz == 0) return 0;
  double yaw = std::atan2(-dx, dz) * 180.0 / 3.14159265358979323846;
  return yaw < 0 ? yaw + 360 : yaw;
}
}  // namespace

struct Agent::Scope {
  Scope(Agent& a, const char* name) : log(a.log_) {
    if (!log) return;
    TaskId task = a.tasks_ ? a.tasks_->current().value_or(0) : 0;
    log->begin(task, name, a.clock_.now());
  }
  ~Scope() {
    if (log) log->end();
  }
  ActionLog* log;
};

Agent::Agent(world::World& world, GameClock& clock, AgentOptions options)
    : world_(world), clock_(clock), options_(options), pathfinder_(world) {}

ActionResult Agent::fail(std::string reason) const {
  ActionResult r;
  r.reason = std::move(reason);
  return r;
}

Coord Agent::feet() const { return world::cell_of(world_.agent().pose.pos); }

bool Agent::in_reach(Coord b) const {
  world::Vec3 eye = world::eye_position(world_.agent().pose);
  double dx = b.x + 0.5 - eye.x, dy = b.y + 0.5 - eye.y, dz = b.z + 0.5 - eye.z;
  return dx * dx + dy * dy + dz * dz <= options_.reach * options_.reach;
}

ActionResult Agent::move_to(Coord goal, int tolerance) {
  PathOptions po = options_.path;
  po.tolerance = tolerance;
  po.costs = options_.costs;
  Coord start = feet();
  PathResult path = pathfinder_.find(start, goal, po);
  if (!path.found()) return fail(path.reason);
  ActionResult r;
  r.ok = true;
  r.ticks = path.ticks();
  if (path.cells.size() > 1) {
    Scope scope(*this, "move");
    const world::Entity& agent = world_.agent();
    world::Pose pose = agent.pose;
    Coord end = path.cells.back();
    pose.pos = {end.x + 0.5, double(end.y), end.z + 0.5};
    pose.yaw = yaw_toward(path.cells[path.cells.size() - 2], end);
    world_.set_pose(agent.id, pose);
  }
  r.path = std::move(path.cells);
  clock_.advance(r.ticks);
  return r;
}

ActionResult Agent::place(Coord at, BlockId block) {
  const auto& registry = world_.registry();
  if (block == world::kAir || block >= registry.size()) return fail("that is not a block one can place");
  if (!in_reach(at)) return fail(fmt::format("{} is out of reach ({} blocks)", at_str(at), options_.reach));
  const world::BlockType& there = registry[world_.block(at)];
  // Replaceable: air and fluids (minecraft-data: not solid, no hardness to speak of).
  if (!replaceable(there))
    return fail(fmt::format("{} is taken by {}", at_str(at), there.name));
  Coord f = feet();
  if (registry[block].solid && (at == f || at == Coord{f.x, f.y + 1, f.z}))
    return fail(fmt::format("the agent is standing in {}", at_str(at)));
  bool face = false;
  for (Coord d : kFaces) face = face || world_.solid(at + d);
  if (!face) return fail(fmt::format("nothing to place {} against at {}", registry[block].name, at_str(at)));
  Scope scope(*this, "place");
  world_.set_block(at, block);
  ActionResult r;
  r.ok = true;
  r.block = block;
  r.ticks = options_.costs->place_ticks;
  clock_.advance(r.ticks);
  return r;
}

ActionResult Agent::dig(Coord at, int tool_item_id) {
  BlockId block = world_.block(at);
  const world::BlockType& type = world_.registry()[block];
  if (block == world::kAir) return fail(fmt::format("there is nothing to break at {}", at_str(at)));
  if (!in_reach(at)) return fail(fmt::format("{} is out of reach ({} blocks)", at_str(at), options_.reach));
  BreakCost cost = break_cost(world_.registry(), block, tool_item_id, *options_.costs);
  if (!cost.breakable) return fail(fmt::format("{} at {} cannot be broken", type.name, at_str(at)));
  Scope scope(*this, "break");
  world_.set_block(at, world::kAir);
  ActionResult r;
  r.ok = true;
  r.block = block;
  r.harvested = cost.harvests;
  r.ticks = cost.ticks;
  clock_.advance(r.ticks);
  return r;
}

}  // namespace plank::agent
