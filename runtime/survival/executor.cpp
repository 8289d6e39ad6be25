#include "runtime/survival/executor.h"

#include <fmt/format.h>

#include <cmath>
#include <functional>

#include "runtime/survival/mining.h"
#include "runtime/survival/mob_drops.h"

namespace plank::survival {

using namespace world;

Executor::Executor(World& world, const RecipeBook& book) : w_(world), book_(book) {}

void Executor::walk_to(const Vec3& p) {
  const Vec3& a = w_.agent().pose.pos;
  stats_.walked += std::abs(p.x - a.x) + std::abs(p.z - a.z) + std::abs(p.y - a.y);
  Pose pose = w_.agent().pose;
  pose.pos = p;
  w_.set_pose(w_.agent().id, pose);
}

std::optional<Coord> Executor::nearest(BlockId id, int* dig_cells) const {
  const Vec3& a = w_.agent().pose.pos;
  const int32_t ax = int32_t(std::floor(a.x)), az = int32_t(std::floor(a.z));
  const BlockId water = w_.registry().find("water").value_or(kAir);
  std::optional<Coord> best;
  int best_cost = INT32_MAX, best_dig = 0;
  for (int r = 0; r <= 256 && r < best_cost; ++r) {
    for (int32_t dz = -r; dz <= r; ++dz)
      for (int32_t dx = -r; dx <= r; ++dx) {
        if (std::max(std::abs(dx), std::abs(dz)) != r) continue;
        int32_t x = ax + dx, z = az + dz;
        int solid = 0;
        for (int32_t y = 200; y >= 1; --y) {
          BlockId b = w_.block({x, y, z});
          if (b == kAir) continue;
          if (b == id) {
            int c = r + solid;
            if (c < best_cost) best_cost = c, best = Coord{x, y, z}, best_dig = solid;
            break;
          }
          if (b != water) ++solid;
          if (r + solid >= best_cost) break;
        }
      }
  }
  if (dig_cells) *dig_cells = best_dig;
  return best;
}

void Executor::break_block(Coord c) {
  BlockId id = w_.block(c);
  if (id == kAir || w_.registry()[id].hardness < 0 || w_.registry()[id].name == "water") return;
  std::string tool = best_tool(w_.registry(), id, inv_);
  ItemCounts drops = roll_block_drops(book_, w_.registry(), id, tool, w_.rng());
  for (const auto& [item, n] : drops) inv_.add(item, n);
  w_.set_block(c, kAir);
  ++stats_.blocks_broken;
}

bool Executor::mine(const PlanStep& s, std::string* error) {
  auto id = w_.registry().find(s.source);
  if (!id) return *error = fmt::format("unknown block {}", s.source), false;
  const int goal = inv_.count(s.item) + s.count;
  for (int tries = 0; inv_.count(s.item) < goal; ++tries) {
    if (tries > 2000) return *error = fmt::format("broke 2000 {} without getting {} {}", s.source, s.count, s.item), false;
    if (!s.tool.empty() && !inv_.has(s.tool))
      return *error = fmt::format("mining {} needs a {}, which the inventory lacks", s.source, s.tool), false;
    int dig = 0;
    auto target = nearest(*id, &dig);
    if (!target) return *error = fmt::format("no {} left within reach", s.source), false;
    walk_to({target->x + 0.5, double(target->y + 1 + dig), target->z + 0.5});
    for (int32_t y = 200; y > target->y; --y)
      if (w_.block({target->x, y, target->z}) != kAir) break_block({target->x, y, target->z});
    walk_to({target->x + 0.5, double(target->y), target->z + 0.5});
    break_block(*target);
    ++stats_.targets;
  }
  log_.push_back(fmt::format("mined {} {} from {}", s.count, s.item, s.source));
  return true;
}

bool Executor::kill(const PlanStep& s, std::string* error) {
  const int goal = inv_.count(s.item) + s.count;
  while (inv_.count(s.item) < goal) {
    const Vec3& a = w_.agent().pose.pos;
    const Entity* best = nullptr;
    double best_d = 1e300;
    for (const Entity& e : w_.entities()) {
      if (e.kind != EntityKind::Mob || e.type != s.source) continue;
      double d = std::hypot(e.pose.pos.x - a.x, e.pose.pos.z - a.z);
      if (d < best_d) best_d = d, best = &e;
    }
    if (!best) return *error = fmt::format("no {} left in the world (need {} more {})", s.source, goal - inv_.count(s.item), s.item), false;
    EntityId id = best->id;
    walk_to(best->pose.pos);
    w_.remove_entity(id);
    for (const auto& [item, n] : roll_mob_drops(book_, s.source, w_.rng())) inv_.add(item, n);
    ++stats_.mobs_killed;
  }
  log_.push_back(fmt::format("killed {} for {} {}", s.source, s.count, s.item));
  return true;
}

bool Executor::at_station(const std::string& station, const std::function<CraftResult()>& fn, std::string* error) {
  std::optional<Coord> placed;
  if (!station.empty()) {
    if (!inv_.has(station)) return *error = fmt::format("needs a {}, which the inventory lacks", station), false;
    auto id = w_.registry().find(station);
    Coord feet = cell_of(w_.agent().pose.pos);
    for (Coord d : {Coord{1, 0, 0}, Coord{-1, 0, 0}, Coord{0, 0, 1}, Coord{0, 0, -1}, Coord{0, 1, 0}, Coord{1, 1, 0}}) {
      Coord c = feet + d;
      if (id && w_.block(c) == kAir) {
        w_.set_block(c, *id);
        inv_.remove(station);
        placed = c;
        ++stats_.stations_placed;
        break;
      }
    }
    if (!placed) return *error = fmt::format("no room to place a {}", station), false;
  }
  CraftResult r = fn();
  if (placed) {  // pick it up again
    w_.set_block(*placed, kAir);
    inv_.add(station);
  }
  if (!r.ok) return *error = r.message, false;
  return true;
}

bool Executor::run(const ObtainPlan& plan, std::string* error) {
  if (!plan.ok) return *error = plan.reason, false;
  for (const PlanStep& s : plan.steps) {
    bool ok = false;
    std::string err;
    switch (s.kind) {
      case StepKind::Mine: ok = mine(s, &err); break;
      case StepKind::Kill: ok = kill(s, &err); break;
      case StepKind::Craft:
        ok = at_station(s.tool, [&] { return craft(book_, s.item, s.count, inv_, !s.tool.empty()); }, &err);
        if (ok) ++stats_.crafts, log_.push_back(fmt::format("crafted {} {}", s.count, s.item));
        break;
      case StepKind::Smelt:
        ok = at_station("furnace", [&] { return smelt(book_, s.item, s.count, inv_, true, s.fuel); }, &err);
        if (ok) ++stats_.smelts, log_.push_back(fmt::format("smelted {} {}", s.count, s.item));
        break;
    }
    if (!ok) {
      *error = fmt::format("step '{}' failed: {}", s.deps(book_.names()), err);
      return false;
    }
  }
  return true;
}

bool Executor::obtain(const Obtainability& analysis, const std::string& name, int count, std::string* error) {
  // Random drops can fall short of a plan's expectations: plan again from what is held.
  for (int attempt = 0; attempt < 4; ++attempt) {
    auto items = book_.names().resolve(name);
    if (inv_.count_any(items) >= count) return true;
    ObtainPlan p = analysis.plan(name, count, inv_);
    if (!run(p, error)) return false;
  }
  auto items = book_.names().resolve(name);
  if (inv_.count_any(items) >= count) return true;
  *error = fmt::format("still short of {} {} after re-planning", count, name);
  return false;
}

}  // namespace plank::survival
