#include "runtime/survival/controller.h"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <queue>

#include "runtime/survival/crafting.h"
#include "runtime/survival/mining.h"
#include "runtime/survival/mob_drops.h"
#include "runtime/survival/worldgen.h"

namespace plank::survival {

using world::BlockId;
using world::Coord;
using world::kAir;

const char* failure_name(Failure f) {
  static const char* const names[] = {"none",       "unknown_item",      "missing_tool", "tool_tier_too_low",
                                      "no_crafting_table", "no_furnace", "missing_materials", "no_fuel",
                                      "no_recipe",  "resource_not_found", "out_of_ticks"};
  return names[size_t(f)];
}

// A block type that drops (some of) the wanted items, and how many a break gives on average.
struct Controller::Source {
  BlockId block;
  double yield;
  std::string min_tool;  // "" when the hand harvests it
};

// A chosen block to break: where, which source, what reaching it should cost.
struct Controller::Target {
  Coord at;
  size_t source;
  bool exposed;  // a face is open to the air: reachable by walking
  double cost;   // estimated ticks per wanted item
};

namespace {

constexpr Coord kUp{0, 1, 0};
int manhattan(Coord a, Coord b) { return std::abs(a.x - b.x) + std::abs(a.y - b.y) + std::abs(a.z - b.z); }
Coord up(Coord c, int n = 1) { return {c.x, c.y + n, c.z}; }

ItemCounts diff(const Inventory& before, const Inventory& after) {
  ItemCounts out;
  for (const auto& [item, n] : after.items())
    if (int d = n - before.count(item); d > 0) out[item] = d;
  return out;
}

constexpr const char* kPassiveMobs[] = {"cow", "pig", "sheep", "chicken"};

// The cells searched: worldgen stays within y 0..160; scenes put the ground at y = -1.
constexpr int32_t kTopY = 255, kBottomY = -64;

}  // namespace

Controller::Controller(world::World& world, const RecipeBook& book, ControllerOptions options)
    : w_(world), book_(book), options_(options), budget_(options.tick_budget),
      paths_(std::make_unique<agent::Pathfinder>(world)) {
  for (const char* n : {"water", "lava"})
    if (auto id = w_.registry().find(n)) unsafe_.push_back(*id);
}

Controller::~Controller() = default;

world::Vec3 Controller::position() const { return w_.agent().pose.pos; }
Coord Controller::feet() const { return world::cell_of(w_.agent().pose.pos); }

int Controller::item_id(const std::string& item) const {
  if (item.empty()) return -1;
  const world::McItem* it = book_.mc().item(item);
  return it ? int(it->id) : -1;
}

SkillResult Controller::fail(Failure f, std::string reason, std::string needed) const {
  SkillResult r;
  r.failure = f;
  r.reason = std::move(reason);
  r.needed = std::move(needed);
  return r;
}

void Controller::spend(uint64_t ticks, uint64_t ControllerStats::*bucket) {
  uint64_t before = clock_.now();
  clock_.advance(ticks);
  stats_.*bucket += ticks;
  wander_mobs(before, clock_.now());
}

// ---------------------------------------------------------------------------
// The world as the controller reads it.

int Controller::top_y(int32_t x, int32_t z) {
  auto key = column_key(x, z);
  if (auto it = heights_.find(key); it != heights_.end()) return it->second;
  int result = INT_MIN;
  for (int32_t y = kTopY; y >= kBottomY;) {
    const world::Chunk* chunk = w_.store().chunk_of({x, y, z});
    if (chunk ? chunk->uniform(kAir) : w_.natural({x, y, z}) == kAir && w_.natural({x, y & ~15, z}) == kAir) {
      y = (y & ~15) - 1;  // the whole chunk is air: skip to the one below
      continue;
    }
    if (!paths_->passable({x, y, z})) {
      result = y;
      break;
    }
    --y;
  }
  heights_[key] = result;
  return result;
}

const std::vector<Controller::Source>& Controller::sources_of(const std::vector<std::string>& items) {
  std::string key;
  for (const auto& i : items) key += i + ",";
  auto [it, fresh] = source_cache_.try_emplace(key);
  if (!fresh) return it->second;
  const auto& reg = w_.registry();
  for (size_t id = 1; id < reg.size(); ++id) {
    HarvestCheck h = can_harvest(reg, BlockId(id), "");
    if (!h.ok && h.min_tool.empty()) continue;  // unbreakable
    double yield = 0;
    for (const Drop& d : block_drops(book_, reg, BlockId(id), h.ok ? "" : h.min_tool))
      if (std::find(items.begin(), items.end(), d.item) != items.end()) yield += d.expected();
    // Drops rarer than one in a hundred breaks (a stick from leaves) are not worth searching for.
    if (yield >= 0.01) it->second.push_back({BlockId(id), yield, h.ok ? "" : h.min_tool});
  }
  return it->second;
}

std::optional<Controller::Target> Controller::nearest(const std::vector<Source>& sources,
                                                      const std::vector<bool>& usable) {
  const auto& reg = w_.registry();
  std::vector<int> by_id(reg.size(), -1);
  double max_yield = 0;
  for (size_t i = 0; i < sources.size(); ++i)
    if (usable[i]) by_id[sources[i].block] = int(i), max_yield = std::max(max_yield, sources[i].yield);
  if (max_yield == 0) return std::nullopt;
  const Coord f = feet();
  const double walk = double(agent::kCosts.walk()) / 1000.0;
  // Digging one level down and back: about three blocks of stone with what is held.
  std::string pick = best_tool(reg, reg.find("stone").value_or(kAir), inv_);
  double dig_level = 3.0 * double(agent::break_cost(reg, reg.find("stone").value_or(kAir), item_id(pick)).ticks);
  auto lower_bound = [&](int32_t cx, int32_t cz) {
    double dx = std::max({0, cx * 16 - f.x, f.x - (cx * 16 + 15)});
    double dz = std::max({0, cz * 16 - f.z, f.z - (cz * 16 + 15)});
    return std::hypot(dx, dz) * walk / max_yield;
  };
  std::optional<Target> best;
  const int32_t fcx = f.x >> 4, fcz = f.z >> 4;
  const int rings = options_.search_radius / 16 + 1;
  for (int r = 0; r <= rings; ++r) {
    if (best && double(std::max(0, r - 1) * 16) * walk / max_yield >= best->cost) break;
    for (int32_t cz = fcz - r; cz <= fcz + r; ++cz)
      for (int32_t cx = fcx - r; cx <= fcx + r; ++cx) {
        if (std::max(std::abs(cx - fcx), std::abs(cz - fcz)) != r) continue;
        if (best && lower_bound(cx, cz) >= best->cost) continue;
        bool done[16][16] = {};  // a column's first buried match ends it: lower ones cost more
        for (int32_t cy = kTopY >> 4; cy >= (kBottomY >> 4); --cy) {
          const world::Chunk* chunk = w_.store().chunk_of({cx * 16, cy * 16, cz * 16});
          // A chunk never written holds the natural ground profile (none in a generated world).
          auto may_contain = [&](BlockId id) {
            if (chunk) return chunk->may_contain(id);
            for (int ly = 0; ly < 16; ++ly)
              if (w_.natural({cx * 16, cy * 16 + ly, cz * 16}) == id) return true;
            return false;
          };
          bool any = false;
          for (size_t i = 0; i < sources.size() && !any; ++i) any = usable[i] && may_contain(sources[i].block);
          if (!any) continue;
          for (int ly = 15; ly >= 0; --ly)
            for (int lz = 0; lz < 16; ++lz)
              for (int lx = 0; lx < 16; ++lx) {
                if (done[lx][lz]) continue;
                Coord c{cx * 16 + lx, cy * 16 + ly, cz * 16 + lz};
                int s = by_id[chunk ? chunk->get(world::Chunk::index(lx, ly, lz)) : w_.natural(c)];
                if (s < 0) continue;
                double h = std::hypot(double(c.x - f.x), double(c.z - f.z));
                if (h > options_.search_radius || bad_.count(c)) continue;
                bool exposed = false;
                // Open to the air on a side or on top (beyond the generated area is void, not air to stand in).
                for (Coord d : {Coord{1, 0, 0}, Coord{-1, 0, 0}, Coord{0, 0, 1}, Coord{0, 0, -1}, kUp})
                  exposed = exposed || (paths_->passable(c + d) && top_y(c.x + d.x, c.z + d.z) != INT_MIN);
                double cost = h * walk + std::abs(c.y - f.y) * walk;
                if (!exposed) {
                  cost += std::max(0, top_y(c.x, c.z) - c.y) * dig_level;
                  done[lx][lz] = true;
                }
                cost /= sources[size_t(s)].yield;
                if (!best || cost < best->cost) best = Target{c, size_t(s), exposed, cost};
              }
        }
      }
  }
  return best;
}

// ---------------------------------------------------------------------------
// Moving and digging.

bool Controller::break_block(Coord c, bool target_with_equipped) {
  BlockId id = w_.block(c);
  const auto& reg = w_.registry();
  if (id == kAir || !paths_->solid(c)) return true;
  std::string tool = target_with_equipped ? equipped_ : best_tool(reg, id, inv_);
  agent::BreakCost cost = agent::break_cost(reg, id, item_id(tool));
  if (!cost.breakable) return false;
  for (const auto& [item, n] : roll_block_drops(book_, reg, id, tool, w_.rng())) inv_.add(item, n);
  w_.set_block(c, kAir);
  touched_column(c.x, c.z);
  ++stats_.blocks_broken;
  spend(cost.ticks, &ControllerStats::dig_ticks);
  return true;
}

// Digging a way: A* over feet cells where a move may break what is in its way. Moves are the
// agent's: a step to one of 4 neighbours level, a block up (a jump: the cell over the head must
// be clear too) or a block down, or straight down (break the block underfoot and fall). A
// move's cost is its walking time plus the break time of every solid cell it clears, with the
// best tool held. It never clears water, lava, bedrock or a cell next to a fluid, and never the
// goal block itself (that is the skill's to break). With `to_block`, it ends where the goal
// block touches the feet or head cell (Manhattan <= `within`); else where the feet are within
// `within` of the goal; with `stop_at_surface`, also wherever nothing solid is overhead.
// Searched in a box around start and goal; the heuristic (Manhattan x the cheapest tick a
// block of progress can cost, half a walk) is admissible.
bool Controller::tunnel(Coord goal, int within, bool to_block, bool stop_at_surface, std::string* why) {
  const auto& reg = w_.registry();
  const Coord start = feet();
  auto dist = [&](Coord f) {
    return to_block ? std::min(manhattan(f, goal), manhattan(up(f), goal)) : manhattan(f, goal);
  };
  auto is_goal = [&](Coord f) {
    return dist(f) <= within || (stop_at_surface && open_air(f) && f.y > top_y(f.x, f.z));
  };
  if (is_goal(start)) return true;
  world::Box box = world::Box::of(start, goal);
  if (stop_at_surface) {
    box = world::Box::of(start, start);
    // Up to the ground around (the start's own column may be an open shaft: its top is the floor).
    int ground = top_y(start.x, start.z);
    for (Coord d : {Coord{1, 0, 0}, Coord{-1, 0, 0}, Coord{0, 0, 1}, Coord{0, 0, -1}})
      ground = std::max(ground, top_y(start.x + d.x, start.z + d.z));
    box.add({start.x, std::max(start.y, ground) + 3, start.z});
  }
  box.min = {box.min.x - 8, box.min.y - 4, box.min.z - 8};
  box.max = {box.max.x + 8, box.max.y + 4, box.max.z + 8};
  // Clearing costs, cached per query (-1: may not be cleared).
  std::unordered_map<Coord, int64_t, world::CoordHash> clear_cache;
  auto clear_cost = [&](Coord c) -> int64_t {
    auto [it, fresh] = clear_cache.try_emplace(c, 0);
    if (!fresh) return it->second;
    int64_t& v = it->second;
    if (to_block && c == goal) return v = -1;
    BlockId id = w_.block(c);
    if (std::find(unsafe_.begin(), unsafe_.end(), id) != unsafe_.end()) return v = -1;
    if (!paths_->solid(c)) return v = 0;  // air, plants: walk through
    if (reg[id].hardness < 0) return v = -1;
    for (Coord d : {Coord{1, 0, 0}, Coord{-1, 0, 0}, Coord{0, 0, 1}, Coord{0, 0, -1}, kUp, Coord{0, -1, 0}})
      if (std::find(unsafe_.begin(), unsafe_.end(), w_.block(c + d)) != unsafe_.end()) return v = -1;
    return v = 1000 * int64_t(agent::break_cost(reg, id, item_id(best_tool(reg, id, inv_))).ticks);
  };
  const int64_t walk = agent::kCosts.walk(), jump = agent::kCosts.jump_extra;
  const int64_t fall = 1000 * int64_t(agent::kCosts.fall_one_ticks);
  const int64_t unit = std::min(walk / 2, fall);
  struct Move {
    Coord to;
    Coord clear[3];
    int n_clear;
    int64_t ticks;
    bool pillar = false;  // jump and place a block underfoot
  };
  const std::string junk = pillar_block();
  auto moves_from = [&](Coord c, Move* out) {
    int n = 0;
    if (!junk.empty()) out[n++] = {up(c), {up(c, 2), up(c, 2), up(c, 2)}, 1, 1000 * int64_t(agent::kCosts.pillar_ticks), true};
    for (Coord d : {Coord{1, 0, 0}, Coord{-1, 0, 0}, Coord{0, 0, 1}, Coord{0, 0, -1}}) {
      Coord m = c + d;
      out[n++] = {m, {m, up(m), m}, 2, walk};
      out[n++] = {up(m), {up(c, 2), up(m), up(m, 2)}, 3, walk + jump};
      Coord lower{m.x, m.y - 1, m.z};
      out[n++] = {lower, {lower, m, up(m)}, 3, walk};
    }
    Coord below{c.x, c.y - 1, c.z};
    out[n++] = {below, {below, below, below}, 1, fall};
    return n;
  };
  struct Node {
    int64_t g = INT64_MAX;
    Coord parent;
    int move = -1;
    bool closed = false;
  };
  std::unordered_map<Coord, Node, world::CoordHash> nodes;
  struct Open {
    int64_t f;
    uint64_t seq;
    Coord c;
    bool operator>(const Open& o) const { return f != o.f ? f > o.f : seq > o.seq; }
  };
  std::priority_queue<Open, std::vector<Open>, std::greater<Open>> open;
  // Weighted A* (x4): digging paths need not be the cheapest, and a plain admissible heuristic
  // this weak would open most of the box before committing to a way down.
  auto h = [&](Coord c) { return stop_at_surface ? 0 : 4 * int64_t(std::max(0, dist(c) - within)) * unit; };
  uint64_t seq = 0;
  nodes[start].g = 0;
  open.push({h(start), seq++, start});
  std::optional<Coord> end;
  size_t expanded = 0;
  Move buf[14];
  while (!open.empty() && !end) {
    Open top = open.top();
    open.pop();
    Node& node = nodes[top.c];
    if (node.closed) continue;
    node.closed = true;
    if (is_goal(top.c)) {
      end = top.c;
      break;
    }
    if (++expanded > options_.path_budget) break;
    const int64_t g0 = node.g;
    int n = moves_from(top.c, buf);
    for (int i = 0; i < n; ++i) {
      const Move& m = buf[i];
      if (!box.contains(m.to)) continue;
      Coord floor{m.to.x, m.to.y - 1, m.to.z};
      if (!m.pillar && !paths_->solid(floor)) continue;
      int64_t cost = m.ticks;
      bool ok = true;
      for (int k = 0; k < m.n_clear && ok; ++k) {
        if (m.clear[k] == floor) ok = false;
        int64_t c = clear_cost(m.clear[k]);
        if (c < 0) ok = false;
        cost += std::max<int64_t>(0, c);
      }
      if (!ok) continue;
      Node& next = nodes[m.to];
      if (next.closed || g0 + cost >= next.g) continue;
      next.g = g0 + cost;
      next.parent = top.c;
      next.move = i;
      open.push({next.g + h(m.to), seq++, m.to});
    }
  }
  if (!end) {
    *why = fmt::format("no safe way to dig from ({}, {}, {}) toward ({}, {}, {})", start.x, start.y, start.z, goal.x,
                       goal.y, goal.z);
    return false;
  }
  std::vector<Coord> cells;
  for (Coord c = *end; !(c == start); c = nodes[c].parent) cells.push_back(c);
  std::reverse(cells.begin(), cells.end());
  // Walk it, breaking what is in the way (what was dug earlier on the path is already open).
  for (Coord to : cells) {
    if (over_budget()) return *why = "the tick budget ran out while digging", false;
    Coord from = feet();
    int n = moves_from(from, buf), i = 0;
    while (i < n && !(buf[i].to == to)) ++i;
    if (i == n) return *why = "lost the dug path", false;
    const Move& m = buf[i];
    for (int k = 0; k < m.n_clear; ++k)
      if (!break_block(m.clear[k], false)) return *why = "hit an unbreakable block", false;
    std::string block = m.pillar ? pillar_block() : "";
    if (m.pillar && block.empty()) return *why = "no block left to pillar up with", false;
    world::Pose pose = w_.agent().pose;
    pose.pos = {to.x + 0.5, double(to.y), to.z + 0.5};
    w_.set_pose(w_.agent().id, pose);
    if (m.pillar) {
      inv_.remove(block);
      w_.set_block(from, *w_.registry().find(block));
      touched_column(from.x, from.z);
    }
    if (!paths_->solid({to.x, to.y - 1, to.z})) return *why = "the floor gave way", false;
    stats_.walked += 1;
    spend(uint64_t((m.ticks + 999) / 1000), &ControllerStats::walk_ticks);
  }
  return true;
}

// Walk with A* to within `tolerance` of `goal` (or, with reach > 0, to where the goal block is
// in reach). When no path is found (the agent is down a shaft, the goal is sealed in rock),
// dig a way: up to the surface first, then straight toward the goal.
bool Controller::go_near(Coord goal, int tolerance, double reach, std::string* why) {
  ++stats_.walks;
  for (int attempt = 0; attempt < 3; ++attempt) {
    agent::PathOptions po;
    po.diagonals = true;
    po.tolerance = tolerance;
    po.reach = reach;
    po.horizontal_margin = 12;
    po.vertical_margin = 6;
    po.max_expanded = options_.path_budget;
    po.max_drop = 3;  // no fall damage up to 3 blocks
    Coord start = feet();
    agent::PathResult path = paths_->find(start, goal, po);
    if (path.found()) {
      ++stats_.walks_astar;
      if (path.cells.size() > 1) {
        world::Pose pose = w_.agent().pose;
        Coord end = path.cells.back();
        pose.pos = {end.x + 0.5, double(end.y), end.z + 0.5};
        w_.set_pose(w_.agent().id, pose);
        stats_.walked += double(path.cells.size() - 1);
      }
      spend(path.ticks(), &ControllerStats::walk_ticks);
      return true;
    }
    if (path.status == agent::PathStatus::GoalNotWalkable && reach > 0) return *why = path.reason, false;
    const bool to_block = reach > 0;
    const int within = to_block ? 1 : tolerance;
    // Underground: dig up to the surface toward the goal, then try A* again.
    if (attempt == 0 && !(open_air(start) && start.y > top_y(start.x, start.z))) {
      if (!tunnel(goal, within, to_block, /*stop_at_surface=*/true, why)) return false;
      continue;
    }
    // On the surface and still no path: dig straight there, when it is near.
    if (manhattan(start, goal) > 40) return *why = path.reason, false;
    return tunnel(goal, within, to_block, false, why);
  }
  return *why = "no way found", false;
}

// What to pillar up with: the first of these the inventory holds (blocks the DEPS tasks
// rarely need first; cobblestone last), or "".
std::string Controller::pillar_block() const {
  for (const char* b : {"dirt", "andesite", "diorite", "granite", "gravel", "sand", "sandstone", "cobblestone"})
    if (inv_.has(b)) return b;
  return "";
}

// Whether the agent standing at f could step out onto the ground around: some neighbouring
// column's top is at most level with the feet (false at the bottom of a shaft or a tunnel).
bool Controller::open_air(Coord f) {
  for (Coord d : {Coord{1, 0, 0}, Coord{-1, 0, 0}, Coord{0, 0, 1}, Coord{0, 0, -1}}) {
    int t = top_y(f.x + d.x, f.z + d.z);
    if (t != INT_MIN && t <= f.y) return true;
  }
  return false;
}

// After the floor is broken: fall to the first solid block (a tick cost per block).
void Controller::settle() {
  Coord f = feet();
  int fallen = 0;
  while (f.y > 0 && !paths_->solid({f.x, f.y - 1, f.z}) && fallen < 64) --f.y, ++fallen;
  if (fallen == 0) return;
  world::Pose pose = w_.agent().pose;
  pose.pos.y = f.y;
  w_.set_pose(w_.agent().id, pose);
  spend(uint64_t(fallen) * agent::kCosts.fall_one_ticks, &ControllerStats::walk_ticks);
}

// ---------------------------------------------------------------------------
// Mobs wander: every wander_period ticks each passive mob takes a few steps to a random
// column whose ground is at most a block above or below (no water), drawn from a
// generator seeded by (world seed, period, mob id), so a replay moves them the same.

void Controller::wander_mobs(uint64_t from_tick, uint64_t to_tick) {
  if (options_.wander_period == 0) return;
  uint64_t first = from_tick / options_.wander_period + 1, last = to_tick / options_.wander_period;
  if (last < first) return;
  first = std::max(first, last >= 3 ? last - 2 : 0);  // a long wait moves them at most three times
  const int step = options_.wander_step;
  for (uint64_t period = first; period <= last; ++period)
    for (const world::Entity& e : std::vector<world::Entity>(w_.entities())) {
      if (e.kind != world::EntityKind::Mob) continue;
      if (std::find(std::begin(kPassiveMobs), std::end(kPassiveMobs), e.type) == std::end(kPassiveMobs)) continue;
      world::Rng rng(w_.seed() * 0x9E3779B97F4A7C15ull ^ (period << 20) ^ e.id);
      Coord at = world::cell_of(e.pose.pos);
      int32_t nx = at.x + int32_t(rng.below(uint64_t(2 * step + 1))) - step;
      int32_t nz = at.z + int32_t(rng.below(uint64_t(2 * step + 1))) - step;
      int ty = top_y(nx, nz);
      if (ty == INT_MIN || std::abs(ty + 1 - at.y) > 1) continue;
      if (!paths_->walkable({nx, ty + 1, nz})) continue;
      world::Pose pose = e.pose;
      pose.pos = {nx + 0.5, double(ty + 1), nz + 0.5};
      pose.yaw = double(rng.below(4) * 90);
      w_.set_pose(e.id, pose);
    }
}

// ---------------------------------------------------------------------------
// Skills.

SkillResult Controller::equip(const std::string& item) {
  if (item.empty() || item == "hand") {
    equipped_.clear();
    SkillResult r;
    r.ok = true;
    return r;
  }
  std::vector<std::string> items = book_.names().resolve(item);
  if (!book_.is_item(items[0])) return fail(Failure::UnknownItem, fmt::format("'{}' is not an item", item));
  for (const auto& i : items)
    if (inv_.has(i)) {
      equipped_ = i;
      note(fmt::format("equipped {}", i));
      SkillResult r;
      r.ok = true;
      return r;
    }
  return fail(Failure::MissingTool, fmt::format("cannot equip {}: the inventory has none", item), items[0]);
}

SkillResult Controller::mine(const std::string& item, int count, const std::string& tool) {
  const uint64_t t0 = clock_.now();
  const Inventory before = inv_;
  std::vector<std::string> items = book_.names().resolve(item);
  const auto& reg = w_.registry();
  if (!book_.is_item(items[0]) && !reg.find(items[0]))
    return fail(Failure::UnknownItem, fmt::format("'{}' is not a Minecraft item or block", item));
  if (!tool.empty()) {
    SkillResult e = equip(tool);
    if (!e.ok) {
      e.reason = fmt::format("mining {} with {} needs one in the inventory", item, tool);
      return e;
    }
  }
  if (!equipped_.empty() && !inv_.has(equipped_)) equipped_.clear();  // used up in a recipe
  const std::vector<Source>& sources = sources_of(items);
  if (sources.empty()) {
    std::string hint = !book_.smelting(items[0]).empty()            ? fmt::format("; {} is smelted", items[0])
                       : !book_.crafting(items[0]).empty()          ? fmt::format("; {} is crafted", items[0])
                                                                    : "";
    return fail(Failure::ResourceNotFound, fmt::format("no block drops {}{}", item, hint));
  }
  std::vector<bool> usable(sources.size());
  bool any = false;
  std::string min_tool;
  for (size_t i = 0; i < sources.size(); ++i) {
    usable[i] = can_harvest(reg, sources[i].block, equipped_).ok;
    any = any || usable[i];
    if (!sources[i].min_tool.empty() && (min_tool.empty() || tool_tier(sources[i].min_tool) < tool_tier(min_tool)))
      min_tool = sources[i].min_tool;
  }
  if (!any) {
    bool same_kind = !equipped_.empty() && tool_kind(equipped_) == tool_kind(min_tool);
    std::string held = equipped_.empty() ? "the hand" : "a " + equipped_;
    return fail(same_kind ? Failure::ToolTierTooLow : Failure::MissingTool,
                fmt::format("mining {} needs a {} or better; {} cannot harvest it", item, min_tool, held), min_tool);
  }
  const int goal = inv_.count_any(items) + count;
  int misses = 0;
  while (inv_.count_any(items) < goal) {
    if (over_budget()) break;
    std::optional<Target> t = nearest(sources, usable);
    if (!t) {
      SkillResult r = fail(Failure::ResourceNotFound,
                           fmt::format("no reachable block that drops {} within {} blocks", item, options_.search_radius));
      r.ticks = clock_.now() - t0, r.gained = diff(before, inv_);
      return r;
    }
    std::string why;
    bool reached = false;
    if (t->exposed) reached = go_near(t->at, 0, 4.5, &why);
    if (!reached) {
      // Buried: walk to the ground above it, then dig down to it.
      int ty = top_y(t->at.x, t->at.z);
      reached = go_near({t->at.x, ty + 1, t->at.z}, 2, 0, &why) && tunnel(t->at, 1, true, false, &why);
    }
    if (reached && break_block(t->at, true)) {
      settle();  // the target may have been the floor
    } else {
      bad_.insert(t->at);
      if (++misses > 24) {
        SkillResult r = fail(Failure::ResourceNotFound, fmt::format("could not reach a block that drops {}: {}", item, why));
        r.ticks = clock_.now() - t0, r.gained = diff(before, inv_);
        return r;
      }
      continue;
    }
    ++stats_.targets;
  }
  SkillResult r;
  r.ticks = clock_.now() - t0;
  r.gained = diff(before, inv_);
  if (inv_.count_any(items) < goal)
    return r.failure = Failure::OutOfTicks,
           r.reason = fmt::format("the tick budget ran out with {} of {} {} mined", count - (goal - inv_.count_any(items)),
                                  count, item),
           r;
  r.ok = true;
  note(fmt::format("mined {} {} ({} ticks)", count, item, r.ticks));
  return r;
}

SkillResult Controller::kill(const std::string& mob_or_drop, int count, const std::string& tool, const std::string& mob) {
  const uint64_t t0 = clock_.now();
  const Inventory before = inv_;
  const auto& mc = book_.mc();
  std::vector<std::string> types;  // mobs to hunt
  std::vector<std::string> items;  // drops wanted; empty: count kills
  if (mc.entity(mob_or_drop)) {
    types = {mob_or_drop};
  } else {
    items = book_.names().resolve(mob_or_drop);
    if (!book_.is_item(items[0])) return fail(Failure::UnknownItem, fmt::format("'{}' is not a mob or an item", mob_or_drop));
    for (const auto& m : generated_mob_types()) {
      if (!mob.empty() && m != mob) continue;
      for (const Drop& d : mob_drops(book_, m))
        if (std::find(items.begin(), items.end(), d.item) != items.end()) {
          types.push_back(m);
          break;
        }
    }
    if (types.empty())
      return fail(Failure::ResourceNotFound, mob.empty() ? fmt::format("no mob in this world drops {}", mob_or_drop)
                                                         : fmt::format("a {} does not drop {}", mob, mob_or_drop));
  }
  if (!tool.empty()) {
    SkillResult e = equip(tool);
    if (!e.ok) return e.reason = fmt::format("killing with {} needs one in the inventory", tool), e;
  }
  if (!equipped_.empty() && !inv_.has(equipped_)) equipped_.clear();
  const Weapon& weapon = book_.data().weapon(equipped_);
  const int goal = items.empty() ? count : inv_.count_any(items) + count;
  int kills = 0, misses = 0;
  std::vector<world::EntityId> unreachable;
  auto have = [&] { return items.empty() ? kills : inv_.count_any(items); };
  while (have() < goal) {
    if (over_budget()) break;
    const world::Vec3 a = position();
    const world::Entity* best = nullptr;
    double best_d = options_.search_radius;
    for (const world::Entity& e : w_.entities()) {
      if (e.kind != world::EntityKind::Mob || std::find(types.begin(), types.end(), e.type) == types.end()) continue;
      if (std::find(unreachable.begin(), unreachable.end(), e.id) != unreachable.end()) continue;
      double d = std::hypot(e.pose.pos.x - a.x, e.pose.pos.z - a.z);
      if (d <= best_d) best_d = d, best = &e;
    }
    if (!best) {
      SkillResult r = fail(Failure::ResourceNotFound,
                           fmt::format("no {} left within {} blocks", fmt::join(types, " or "), options_.search_radius));
      r.ticks = clock_.now() - t0, r.gained = diff(before, inv_);
      return r;
    }
    const world::EntityId id = best->id;
    const std::string type = best->type;
    std::string why;
    if (!go_near(world::cell_of(best->pose.pos), 2, 0, &why)) {
      unreachable.push_back(id);
      if (++misses > 12) {
        SkillResult r = fail(Failure::ResourceNotFound, fmt::format("could not reach a {}: {}", type, why));
        r.ticks = clock_.now() - t0, r.gained = diff(before, inv_);
        return r;
      }
      continue;
    }
    auto health = book_.data().mob_health.find(type);
    double hp = health == book_.data().mob_health.end() ? 10 : health->second;
    int hits = int(std::ceil(hp / weapon.damage - 1e-9));
    stats_.hits += hits;
    spend(uint64_t(hits) * (weapon.cooldown_ticks() + book_.data().chase_ticks_per_hit), &ControllerStats::fight_ticks);
    if (w_.entity(id)) w_.remove_entity(id);
    for (const auto& [item, n] : roll_mob_drops(book_, type, w_.rng())) inv_.add(item, n);
    ++stats_.mobs_killed;
    ++kills;
  }
  SkillResult r;
  r.ticks = clock_.now() - t0;
  r.gained = diff(before, inv_);
  if (have() < goal)
    return r.failure = Failure::OutOfTicks, r.reason = fmt::format("the tick budget ran out hunting {}", mob_or_drop), r;
  r.ok = true;
  note(fmt::format("killed {} {} for {} {} ({} ticks)", kills, fmt::join(types, "/"), count, mob_or_drop, r.ticks));
  return r;
}

std::optional<Coord> Controller::station_nearby(const std::string& station) const {
  auto id = w_.registry().find(station);
  if (!id) return std::nullopt;
  Coord f = feet();
  for (int dy = -2; dy <= 3; ++dy)
    for (int dz = -4; dz <= 4; ++dz)
      for (int dx = -4; dx <= 4; ++dx) {
        Coord c{f.x + dx, f.y + dy, f.z + dz};
        if (w_.block(c) != *id) continue;
        world::Vec3 eye = world::eye_position(w_.agent().pose);
        double ex = c.x + 0.5 - eye.x, ey = c.y + 0.5 - eye.y, ez = c.z + 0.5 - eye.z;
        if (ex * ex + ey * ey + ez * ez <= 4.5 * 4.5) return c;
      }
  return std::nullopt;
}

std::optional<Coord> Controller::place_station(const std::string& station) {
  auto id = w_.registry().find(station);
  if (!id || !inv_.has(station)) return std::nullopt;
  Coord f = feet();
  // Any air cell next to the body with a face to place against; down a shaft, the cell above
  // the head; failing all, dig out the cell beside the feet.
  std::vector<Coord> cells;
  for (int dy : {0, 1, -1})
    for (Coord d : {Coord{1, 0, 0}, Coord{-1, 0, 0}, Coord{0, 0, 1}, Coord{0, 0, -1}}) cells.push_back({f.x + d.x, f.y + dy, f.z + d.z});
  cells.push_back(up(f, 2));
  auto has_face = [&](Coord c) {
    for (Coord d : {Coord{1, 0, 0}, Coord{-1, 0, 0}, Coord{0, 0, 1}, Coord{0, 0, -1}, kUp, Coord{0, -1, 0}})
      if (paths_->solid(c + d)) return true;
    return false;
  };
  std::optional<Coord> spot;
  for (Coord c : cells)
    if (!spot && w_.block(c) == kAir && has_face(c)) spot = c;
  if (!spot)
    for (Coord c : cells)
      if (!spot && paths_->solid(c) && w_.registry()[w_.block(c)].hardness >= 0 && break_block(c, false)) spot = c;
  if (!spot) return std::nullopt;
  w_.set_block(*spot, *id);
  touched_column(spot->x, spot->z);
  inv_.remove(station);
  ++stats_.stations_placed;
  spend(agent::kCosts.place_ticks, &ControllerStats::craft_ticks);
  return spot;
}

void Controller::pick_up(Coord at, const std::string& station) {
  const auto& reg = w_.registry();
  BlockId id = w_.block(at);
  agent::BreakCost cost = agent::break_cost(reg, id, item_id(best_tool(reg, id, inv_)));
  w_.set_block(at, kAir);
  touched_column(at.x, at.z);
  inv_.add(station);  // a station always comes back (a furnace broken by hand would not: we take the pickaxe)
  spend(cost.ticks, &ControllerStats::craft_ticks);
}

namespace {

// What the plan says it uses, checked against the inventory: the first shortfall, or "".
std::string shortfall(const NameMap& names, const Inventory& inv, const ItemCounts& materials, int* need, int* have) {
  for (const auto& [name, n] : materials) {
    int h = inv.count_any(names.resolve(name));
    if (h < n) return *need = n, *have = h, name;
  }
  return "";
}

Failure failure_of(CraftError e) {
  switch (e) {
    case CraftError::None: return Failure::None;
    case CraftError::UnknownItem: return Failure::UnknownItem;
    case CraftError::NoRecipe: return Failure::NoRecipe;
    case CraftError::MissingMaterials: return Failure::MissingMaterials;
    case CraftError::NeedsCraftingTable: return Failure::NoCraftingTable;
    case CraftError::NeedsFurnace: return Failure::NoFurnace;
    case CraftError::NoFuel: return Failure::NoFuel;
  }
  return Failure::NoRecipe;
}

std::string needed_of(const CraftResult& r) {
  if (r.error == CraftError::NeedsCraftingTable) return "crafting_table";
  if (r.error == CraftError::NeedsFurnace) return "furnace";
  if (r.error == CraftError::NoFuel) return "coal";
  if (!r.missing.empty()) return fmt::format("{} {}", r.missing[0].need - r.missing[0].have, r.missing[0].item);
  return "";
}

}  // namespace

SkillResult Controller::craft(const std::string& item, int count, const ItemCounts& materials, const std::string& station) {
  const uint64_t t0 = clock_.now();
  const Inventory before = inv_;
  int need = 0, have = 0;
  if (std::string s = shortfall(book_.names(), inv_, materials, &need, &have); !s.empty())
    return fail(Failure::MissingMaterials, fmt::format("crafting {} needs {} {}, the inventory has {}", item, need, s, have),
                fmt::format("{} {}", need - have, s));
  // Try the 2x2 grid first (on a copy): only a 3x3 recipe needs the table.
  Inventory trial = inv_;
  CraftResult r = survival::craft(book_, item, count, trial, false);
  std::optional<Coord> placed;
  if (r.error == CraftError::NeedsCraftingTable || (station == "crafting_table" && !r.ok)) {
    if (!station_nearby("crafting_table")) {
      placed = place_station("crafting_table");
      if (!placed)
        return fail(Failure::NoCraftingTable,
                    inv_.has("crafting_table")
                        ? fmt::format("no room to place a crafting_table to craft {}", item)
                        : fmt::format("{} has a 3x3 recipe: it needs a crafting_table, and the inventory has none", item),
                    "crafting_table");
    }
    r = survival::craft(book_, item, count, inv_, true);
  } else if (r.ok) {
    r = survival::craft(book_, item, count, inv_, false);
  }
  if (r.ok) {
    ++stats_.crafts;
    spend(agent::kCosts.craft_ticks, &ControllerStats::craft_ticks);
  }
  if (placed) pick_up(*placed, "crafting_table");
  if (!r.ok) {
    SkillResult f = fail(failure_of(r.error), r.message, needed_of(r));
    f.ticks = clock_.now() - t0;
    return f;
  }
  ItemCounts said;
  for (const auto& [name, n] : materials) said[name] = n;
  if (!materials.empty() && said != r.consumed)
    note(fmt::format("craft {}: the plan said {}, the recipe used {}", item, deps_counts(book_.names(), materials),
                     deps_counts(book_.names(), r.consumed)));
  SkillResult ok;
  ok.ok = true;
  ok.ticks = clock_.now() - t0;
  ok.gained = diff(before, inv_);
  note(fmt::format("crafted {} {}", r.produced, r.item));
  return ok;
}

SkillResult Controller::smelt(const std::string& item, int count, const ItemCounts& materials, const std::string& station) {
  (void)station;  // smelting always needs the furnace
  const uint64_t t0 = clock_.now();
  const Inventory before = inv_;
  std::vector<std::string> items = book_.names().resolve(item);
  if (!book_.is_item(items[0])) return fail(Failure::UnknownItem, fmt::format("'{}' is not an item", item));
  if (book_.smelting(items[0]).empty())
    return fail(Failure::NoRecipe, fmt::format("{} is not made in a furnace{}", item,
                                               book_.crafting(items[0]).empty() ? "" : "; it is crafted"));
  int need = 0, have = 0;
  if (std::string s = shortfall(book_.names(), inv_, materials, &need, &have); !s.empty())
    return fail(Failure::MissingMaterials, fmt::format("smelting {} needs {} {}, the inventory has {}", item, need, s, have),
                fmt::format("{} {}", need - have, s));
  std::string fuel;
  for (const auto& [name, n] : materials)
    for (const auto& m : book_.names().resolve(name))
      if (book_.fuel_ticks(m) > 0 && !book_.smelting_of(m) && inv_.has(m)) fuel = m;
  std::optional<Coord> placed;
  if (!station_nearby("furnace")) {
    placed = place_station("furnace");
    if (!placed)
      return fail(Failure::NoFurnace,
                  inv_.has("furnace") ? fmt::format("no room to place a furnace to smelt {}", item)
                                      : fmt::format("smelting {} needs a furnace, and the inventory has none", item),
                  "furnace");
  }
  CraftResult r = survival::smelt(book_, item, count, inv_, true, fuel);
  if (r.ok) {
    ++stats_.smelts;
    spend(agent::kCosts.smelt_ticks_per_item * uint64_t(std::max(1, r.produced)), &ControllerStats::smelt_ticks);
  }
  if (placed) pick_up(*placed, "furnace");
  if (!r.ok) {
    SkillResult f = fail(failure_of(r.error), r.message, needed_of(r));
    f.ticks = clock_.now() - t0;
    return f;
  }
  SkillResult ok;
  ok.ok = true;
  ok.ticks = clock_.now() - t0;
  ok.gained = diff(before, inv_);
  note(fmt::format("smelted {} {}", r.produced, r.item));
  return ok;
}

// ---------------------------------------------------------------------------
// Plans.

SkillResult Controller::run_step(const PlanStep& s) {
  switch (s.kind) {
    case StepKind::Mine: {
      SkillResult r = mine(s.item, s.count, s.tool);
      // The plan picked one member of a group (acacia_log) and none is near: take any member
      // (oak_log) and have the rest of the plan redone from what is now held.
      std::string group;
      if (!r.ok && r.failure == Failure::ResourceNotFound && book_.names().group_of(s.item, &group)) {
        r = mine(group, s.count, s.tool);
        replan_ = r.ok;
      }
      return r;
    }
    case StepKind::Kill: return kill(s.item, s.count, s.tool, s.source);
    case StepKind::Craft: return craft(s.item, s.count, s.inputs, s.tool);
    case StepKind::Smelt: return smelt(s.item, s.count, s.inputs, "furnace");
  }
  return fail(Failure::NoRecipe, "unknown step");
}

SkillResult Controller::run_plan(const ObtainPlan& plan) {
  const uint64_t t0 = clock_.now();
  const Inventory before = inv_;
  if (!plan.ok) return fail(Failure::NoRecipe, plan.reason);
  for (const PlanStep& s : plan.steps) {
    SkillResult r = run_step(s);
    if (r.ok && replan_) break;  // the caller plans again from the inventory
    if (!r.ok) {
      r.reason = fmt::format("step '{}' failed: {}", s.deps(book_.names()), r.reason);
      r.ticks = clock_.now() - t0;
      r.gained = diff(before, inv_);
      return r;
    }
  }
  SkillResult ok;
  ok.ok = true;
  ok.ticks = clock_.now() - t0;
  ok.gained = diff(before, inv_);
  return ok;
}

SkillResult Controller::obtain(const Obtainability& analysis, const std::string& name, int count) {
  const uint64_t t0 = clock_.now();
  const Inventory before = inv_;
  auto items = book_.names().resolve(name);
  const int goal = count;  // hold `count` (a DEPS task: "obtain a furnace")
  // Random drops can fall short of a plan's expectations: plan again from what is held.
  for (int attempt = 0; attempt < 8 && inv_.count_any(items) < goal; ++attempt) {
    replan_ = false;
    ObtainPlan p = analysis.plan(name, goal, inv_);
    SkillResult r = run_plan(p);
    if (!r.ok) {
      r.ticks = clock_.now() - t0;
      r.gained = diff(before, inv_);
      return r;
    }
  }
  SkillResult r;
  r.ticks = clock_.now() - t0;
  r.gained = diff(before, inv_);
  r.ok = inv_.count_any(items) >= goal;
  if (!r.ok) r.failure = Failure::ResourceNotFound, r.reason = fmt::format("still short of {} {} after re-planning", count, name);
  return r;
}

}  // namespace plank::survival
