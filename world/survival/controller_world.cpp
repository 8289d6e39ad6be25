// The controller's view of the world and its moves (controller.h): the column heights it
// caches, the search for the nearest block that drops an item, breaking blocks, walking with A*,
// the digging A* (with pillaring) for buried targets and for climbing out, and passive mobs
// wandering as the clock advances. The skills that use these are in controller.cpp.
#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <limits>
#include <cmath>
#include <queue>
#include <unordered_map>

#include "world/survival/controller_detail.h"
#include "world/survival/mining.h"

namespace plank::survival {

using world::BlockId;
using world::Coord;
using world::kAir;
using namespace controller_detail;

namespace {
constexpr const char* kPassiveMobs[] = {"cow", "pig", "sheep", "chicken"};
}  // namespace

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

// Whether the open cell c (its column's top solid cell at `top`) is under the open sky or only
// under a tree's crown, as opposed to in a cave: a walk can reach the first, not the second.
bool Controller::under_sky(Coord c, int top) {
  for (int32_t y = c.y + 1; y <= top; ++y)
    if (BlockId b = w_.block({c.x, y, c.z}); paths_->solid({c.x, y, c.z}) && !canopy_[b]) return false;
  return true;
}

const std::vector<Controller::Source>& Controller::sources_of(const std::vector<std::string>& items) {
  return block_sources(book_, w_.registry(), items);
}

std::optional<Controller::Target> Controller::nearest(const std::vector<Source>& sources,
                                                      const std::vector<bool>& usable, Coord f) {
  const auto& reg = w_.registry();
  std::vector<int> by_id(reg.size(), -1);
  double max_yield = 0;
  for (size_t i = 0; i < sources.size(); ++i)
    if (usable[i]) by_id[sources[i].block] = int(i), max_yield = std::max(max_yield, sources[i].yield);
  if (max_yield == 0) return std::nullopt;
  const double walk = double(agent::kCosts.walk()) / 1000.0;
  // Rock is priced as stone with the best pickaxe held: a level down is a break and a fall, a level
  // up (pillaring out of a shaft) a jump and a placed block, a block of tunnel two breaks (feet and
  // head) and a step.
  std::string pick = best_tool(reg, reg.find("stone").value_or(kAir), inv_);
  const double stone = double(agent::break_cost(reg, reg.find("stone").value_or(kAir), item_id(pick)).ticks);
  const double down_level = stone + double(agent::kCosts.fall_one_ticks);
  const double up_level = double(agent::kCosts.pillar_ticks) + walk / 2;
  const double tunnel_block = 2 * stone + walk;
  // Underground (down a shaft or in a tunnel) the agent first climbs to where it can step out,
  // unless it goes on digging from where it is: that is what makes the next block of a vein
  // cheaper than a fresh shaft from the surface.
  int ground = INT_MAX;
  for (Coord d : {Coord{1, 0, 0}, Coord{-1, 0, 0}, Coord{0, 0, 1}, Coord{0, 0, -1}})
    if (int t = top_y(f.x + d.x, f.z + d.z); t != INT_MIN) ground = std::min(ground, t);
  const int depth = ground == INT_MAX ? 0 : std::max(0, ground - f.y);
  const double climb = depth * up_level;
  const int surface_y = f.y + depth;
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
        // A column's first buried match ends it (lower buried ones cost more) after a few more
        // cells, in which only exposed matches count: the trunk below a tree's leafy top.
        int buried_at[16][16];
        for (auto& row : buried_at) std::fill(std::begin(row), std::end(row), INT_MAX);
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
                const int y = cy * 16 + ly;
                if (buried_at[lx][lz] != INT_MAX && buried_at[lx][lz] - y > 8) continue;
                Coord c{cx * 16 + lx, y, cz * 16 + lz};
                int s = by_id[chunk ? chunk->get(world::Chunk::index(lx, ly, lz)) : w_.natural(c)];
                if (s < 0) continue;
                if (options_.known && !options_.known->known(c)) continue;  // explore mode: only blocks seen
                double h = std::hypot(double(c.x - f.x), double(c.z - f.z));
                if (h > options_.search_radius || bad_.count(c)) continue;
                // Open to the air on a side or on top (beyond the generated area is void, not air to
                // stand in); `sky`: that air is above its column's ground, so walking reaches it.
                bool exposed = false, sky = false;
                for (Coord d : {Coord{1, 0, 0}, Coord{-1, 0, 0}, Coord{0, 0, 1}, Coord{0, 0, -1}, kUp}) {
                  Coord n = c + d;
                  if (!paths_->passable(n)) continue;
                  int t = top_y(n.x, n.z);
                  exposed = exposed || t != INT_MIN;
                  sky = sky || (t != INT_MIN && under_sky(n, t));
                }
                if (!exposed) {
                  if (buried_at[lx][lz] != INT_MAX) continue;
                  buried_at[lx][lz] = c.y;
                }
                const int dy = c.y - f.y;
                const bool beside = manhattan(c, f) <= 6;  // in the agent's own shaft or tunnel
                // The three ways there (Route); an exposed block in a cave is priced as buried.
                double cost = std::numeric_limits<double>::infinity();
                Route route = Route::Above;
                auto consider = [&](Route r, double ticks) {
                  if (ticks < cost) cost = ticks, route = r;
                };
                int top = top_y(c.x, c.z);
                // Under a lake: there is no digging down through water.
                if (std::find(unsafe_.begin(), unsafe_.end(), w_.block({c.x, top, c.z})) == unsafe_.end())
                  consider(Route::Above,
                           climb + h * walk + std::abs(top + 1 - surface_y) * walk + std::max(0, top - c.y) * down_level);
                if (exposed && (sky || beside)) consider(Route::Walk, (beside ? 0 : climb) + (h + std::abs(dy)) * walk);
                if (depth > 0 && manhattan(c, f) <= 48)
                  consider(Route::Tunnel, h * tunnel_block + std::abs(dy) * (dy < 0 ? down_level : up_level));
                if (cost == std::numeric_limits<double>::infinity()) continue;
                cost /= sources[size_t(s)].yield;
                if (!best || cost < best->cost) best = Target{c, size_t(s), route, cost};
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
  std::vector<int64_t> break_by_block(reg.size(), -1);
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
    int64_t& by_block = break_by_block[id];  // the inventory, hence the tool, is fixed during a search
    if (by_block < 0) by_block = 1000 * int64_t(agent::break_cost(reg, id, item_id(best_tool(reg, id, inv_))).ticks);
    return v = by_block;
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
  // A way that exists is found within a few hundred nodes a block of distance; a search that
  // fails would otherwise fill its whole box.
  const size_t budget = std::min(options_.path_budget, size_t(4000 + 300 * manhattan(start, goal)));
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
    if (++expanded > budget) break;
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
  ++stats_.dig_searches;
  stats_.dig_nodes += expanded;
  if (!end) {
    ++stats_.dig_failures;
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
    if (trail_.size() < kMaxTrail) trail_.push_back(to);
    moved_through(to);
    if (m.pillar) {
      inv_.remove(block);
      w_.set_block(from, *w_.registry().find(block));
      touched_column(from.x, from.z);
    }
    if (!paths_->solid({to.x, to.y - 1, to.z})) return *why = "the floor gave way", false;
    stats_.walked += 1;
    spend(uint64_t((m.ticks + 999) / 1000), &ControllerStats::walk_ticks);
  }
  look();  // where the dig ends
  return true;
}

// Walk with A* to within `tolerance` of `goal` (or, with reach > 0, to where the goal block is
// in reach). When no path is found (the agent is down a shaft, the goal is sealed in rock),
// dig a way: up to the surface first, then straight toward the goal.
bool Controller::go_near(Coord goal, int tolerance, double reach, std::string* why) {
  ++stats_.walks;
  for (int attempt = 0; attempt < 5; ++attempt) {
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
    stats_.path_nodes += path.expanded;
    if (path.found()) {
      ++stats_.walks_astar;
      for (size_t k = 1; k < path.cells.size() && trail_.size() < kMaxTrail; ++k) trail_.push_back(path.cells[k]);
      for (size_t k = 1; k < path.cells.size(); ++k) moved_through(path.cells[k]);
      if (path.cells.size() > 1) {
        world::Pose pose = w_.agent().pose;
        Coord end = path.cells.back();
        pose.pos = {end.x + 0.5, double(end.y), end.z + 0.5};
        w_.set_pose(w_.agent().id, pose);
        stats_.walked += double(path.cells.size() - 1);
        look();  // where the walk ends
      }
      spend(path.ticks(), &ControllerStats::walk_ticks);
      return true;
    }
    if (path.status == agent::PathStatus::GoalNotWalkable && reach > 0) return *why = path.reason, false;
    note(fmt::format("no walk: {}; digging", path.reason));
    const bool to_block = reach > 0;
    const int within = to_block ? 1 : tolerance;
    // Underground: dig up to the surface toward the goal, then try A* again.
    if (attempt == 0 && !(open_air(start) && start.y > top_y(start.x, start.z))) {
      if (!tunnel(goal, within, to_block, /*stop_at_surface=*/true, why)) return false;
      continue;
    }
    // On the surface and still no path: dig straight there when it is near; when it is far (the
    // agent is in a hollow it dropped into, or water is in the way), dig 16 blocks toward it on
    // the ground and try walking again.
    if (manhattan(start, goal) <= 40) return tunnel(goal, within, to_block, false, why);
    double dx = goal.x - start.x, dz = goal.z - start.z, d = std::hypot(dx, dz);
    Coord step{start.x + int32_t(std::lround(dx / d * 16)), 0, start.z + int32_t(std::lround(dz / d * 16))};
    int ground = top_y(step.x, step.z);
    if (ground == INT_MIN) return *why = path.reason, false;
    step.y = ground + 1;
    if (!tunnel(step, 2, false, false, why)) return false;
  }
  return *why = fmt::format("no way found to ({}, {}, {})", goal.x, goal.y, goal.z), false;
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
  while (f.y > kBottomY && !paths_->solid({f.x, f.y - 1, f.z}) && fallen < 64) --f.y, ++fallen;
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

}  // namespace plank::survival
