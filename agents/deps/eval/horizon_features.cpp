#include "agents/deps/eval/horizon_features.h"

#include <algorithm>
#include <cmath>

#include "agents/deps/eval/select_tasks.h"
#include "world/survival/mob_drops.h"
#include "world/survival/obtainability.h"

namespace plank::deps {
namespace {

// The terrain channels, in order; the goal channels follow.
enum Terrain { kKnown, kWater, kGrass, kSand, kRock, kHeight, kTerrainChannels };
const char* const kTerrainNames[kTerrainChannels] = {"known", "water", "grass", "sand", "rock", "height"};

constexpr int kBand = 24;  // blocks above and below the feet that the crop looks at

enum class Ground : uint8_t { None, Canopy, Water, Grass, Sand, Rock, Other };

Ground classify(const std::string& name) {
  if (name == "air") return Ground::None;
  if (name.find("leaves") != std::string::npos || name.find("_log") != std::string::npos) return Ground::Canopy;
  if (name == "water") return Ground::Water;
  if (name == "grass_block" || name == "dirt") return Ground::Grass;
  if (name == "sand" || name == "sandstone" || name == "cactus" || name == "dead_bush") return Ground::Sand;
  if (name == "stone" || name == "snow_block" || name == "gravel" || name == "granite" || name == "diorite" ||
      name == "andesite")
    return Ground::Rock;
  return Ground::Other;
}

uint8_t share(int n, int of) { return uint8_t(std::lround(255.0 * n / std::max(1, of))); }

// The generated blocks whose breaking gives `item` (the rules' mine methods): coal_ore for coal.
std::vector<std::string> mined_from(const Rules& rules, const std::string& item) {
  std::vector<std::string> out;
  if (const auto* methods = rules.analysis->methods(item))
    for (const survival::Obtainability::Method& m : *methods)
      if (m.kind == survival::StepKind::Mine) out.push_back(m.source);
  return out;
}

}  // namespace

std::vector<HorizonGoal> horizon_goals(const Rules& rules) {
  std::vector<HorizonGoal> goals;
  for (const SelectFamily& f : select_families())
    for (const Goal& g : family_candidates(rules, f))
      goals.push_back(HorizonGoal{int(goals.size()), f.name, g, f.max_ticks});
  return goals;
}

std::vector<std::string> horizon_channels(const Rules& rules) {
  std::vector<std::string> names(std::begin(kTerrainNames), std::end(kTerrainNames));
  for (const HorizonGoal& g : horizon_goals(rules)) names.push_back(g.goal.item);
  return names;
}

const std::vector<std::string>& horizon_goal_extras() {
  static const std::vector<std::string> names = {"seen", "estimate", "water", "cluster", "tool", "chain"};
  return names;
}

HorizonFeatures horizon_features(const Rules& rules, const world::World& world, const survival::KnownMap& known,
                                 survival::Controller& controller) {
  const std::vector<HorizonGoal> goals = horizon_goals(rules);
  const int channels = kTerrainChannels + int(goals.size());
  const auto& reg = world.registry();
  // Per block id: its ground class, and the mine goals whose item breaking it gives (coal: coal_ore;
  // oak_log: the wood family's and the fuel family's goals).
  std::vector<Ground> ground(reg.size());
  std::vector<std::vector<int>> mine_goals(reg.size());
  for (size_t id = 0; id < reg.size(); ++id) ground[id] = classify(reg[world::BlockId(id)].name);
  for (const HorizonGoal& g : goals) {
    if (g.goal.verb != Verb::Mine) continue;
    for (const std::string& block : mined_from(rules, g.goal.item))
      if (auto id = reg.find(block)) mine_goals[*id].push_back(g.id);
  }

  HorizonFeatures out;
  out.crop.assign(size_t(kHorizonGrid * kHorizonGrid * channels), 0);
  const world::Coord feet = world::cell_of(controller.position());
  // A column's known ground in the agent's height band: the top known cell that is not air, a leaf
  // or a log (None when nothing is known there); every known cell above it and below, down the band,
  // is shown to `each` (the crop counts the goals' blocks in them).
  auto column_ground = [&](int32_t x, int32_t z, auto&& each, int32_t* at) {
    Ground found = Ground::None;
    for (int32_t y = feet.y + kBand; y >= feet.y - kBand; --y) {
      const world::Coord c{x, y, z};
      if (!known.known(c)) continue;
      const world::BlockId b = world.block(c);
      each(b);
      if (found != Ground::None) continue;
      const Ground g = ground[b];
      if (g == Ground::None || g == Ground::Canopy) continue;
      found = g;
      *at = y;
    }
    return found;
  };
  const int half = kHorizonGrid * kHorizonCell / 2;
  const int columns = kHorizonCell * kHorizonCell;
  for (int row = 0; row < kHorizonGrid; ++row)
    for (int col = 0; col < kHorizonGrid; ++col) {
      int counts[kTerrainChannels] = {};
      double height_sum = 0;
      std::vector<int> blocks(goals.size(), 0);
      for (int dz = 0; dz < kHorizonCell; ++dz)
        for (int dx = 0; dx < kHorizonCell; ++dx) {
          const int32_t x = feet.x - half + col * kHorizonCell + dx, z = feet.z - half + row * kHorizonCell + dz;
          int32_t ground_y = 0;
          const Ground g = column_ground(x, z, [&](world::BlockId b) {
            for (int g : mine_goals[b]) ++blocks[size_t(g)];
          }, &ground_y);
          if (g == Ground::None) continue;
          ++counts[kKnown];
          height_sum += ground_y - feet.y;
          if (g == Ground::Water) ++counts[kWater];
          if (g == Ground::Grass) ++counts[kGrass];
          if (g == Ground::Sand) ++counts[kSand];
          if (g == Ground::Rock) ++counts[kRock];
        }
      uint8_t* cell = &out.crop[size_t((row * kHorizonGrid + col) * channels)];
      for (int ch = kKnown; ch < kHeight; ++ch) cell[ch] = share(counts[ch], columns);
      cell[kHeight] = counts[kKnown] ? uint8_t(std::clamp(128.0 + 4.0 * height_sum / counts[kKnown], 0.0, 255.0)) : 128;
      for (size_t g = 0; g < goals.size(); ++g)
        if (goals[g].goal.verb == Verb::Mine) cell[kTerrainChannels + g] = uint8_t(std::min(255, blocks[g] * 64));
    }
  // Mobs seen, where they stand now, counted in the goal channels of the drops they give.
  for (const world::Entity& e : world.entities()) {
    if (e.kind != world::EntityKind::Mob || !known.seen_mob(e.id)) continue;
    const world::Coord at = world::cell_of(e.pose.pos);
    const int col = (at.x - (feet.x - half)) / kHorizonCell, row = (at.z - (feet.z - half)) / kHorizonCell;
    if (at.x < feet.x - half || at.z < feet.z - half || col >= kHorizonGrid || row >= kHorizonGrid) continue;
    const std::vector<survival::Drop> drops = survival::mob_drops(*rules.book, e.type);
    for (const HorizonGoal& g : goals) {
      if (g.goal.verb != Verb::Kill) continue;
      if (std::none_of(drops.begin(), drops.end(), [&](const survival::Drop& d) { return d.item == g.goal.item; }))
        continue;
      uint8_t& v = out.crop[size_t((row * kHorizonGrid + col) * channels + kTerrainChannels + g.id)];
      v = uint8_t(std::min(255, v + 64));
    }
  }
  for (const HorizonGoal& g : goals)
    out.inventory.push_back(uint8_t(std::min(255, controller.inventory().count(g.goal.item))));

  // The goal extras: the controller's estimate of each goal's nearest known source, and what lies
  // on the way to it and around it.
  out.extras.assign(goals.size() * kHorizonGoalExtras, 0);
  for (const HorizonGoal& g : goals) {
    uint8_t* x = &out.extras[size_t(g.id) * kHorizonGoalExtras];
    // What the goal needs beyond its source, which the distance does not show: a tool not held, and
    // the steps of the rules' plan for the goal from what is held (1: just gather it).
    const survival::Inventory& held = controller.inventory();
    x[4] = !g.goal.tool.empty() && held.count(g.goal.tool) == 0 ? 255 : 0;
    const survival::ObtainPlan plan = rules.analysis->plan(g.goal.item, g.goal.count, held);
    x[5] = uint8_t(std::min<size_t>(255, 32 * (plan.ok ? plan.steps.size() : 8)));
    const bool kill = g.goal.verb == Verb::Kill;
    auto e = kill ? controller.estimate_kill(g.goal.item, "", feet) : controller.estimate_mine(g.goal.item, g.goal.tool, feet);
    if (!e) continue;
    x[0] = 255;
    x[1] = uint8_t(std::clamp(std::lround(32 * std::log1p(std::max(0.0, e->ticks))), 0L, 255L));
    // The straight line's columns, one a block, without the agent's own and the source's.
    const double dx = e->at.x - feet.x, dz = e->at.z - feet.z;
    const int steps = int(std::ceil(std::max(std::abs(dx), std::abs(dz))));
    int seen = 0, water = 0;
    int32_t unused = 0;
    for (int i = 1; i < steps; ++i) {
      const int32_t cx = feet.x + int32_t(std::lround(dx * i / steps)), cz = feet.z + int32_t(std::lround(dz * i / steps));
      const Ground gr = column_ground(cx, cz, [](world::BlockId) {}, &unused);
      if (gr == Ground::None) continue;
      ++seen;
      water += gr == Ground::Water;
    }
    x[2] = share(water, seen);
    // Further sources around it: known blocks of the goal's kind, or seen mobs that drop its item.
    int around = 0;
    constexpr int kAround = 8;
    if (kill) {
      for (const world::Entity& m : world.entities()) {
        if (m.kind != world::EntityKind::Mob || !known.seen_mob(m.id)) continue;
        const world::Coord at = world::cell_of(m.pose.pos);
        if (at == e->at || std::max(std::abs(at.x - e->at.x), std::abs(at.z - e->at.z)) > kAround) continue;
        const std::vector<survival::Drop> drops = survival::mob_drops(*rules.book, m.type);
        around += std::any_of(drops.begin(), drops.end(), [&](const survival::Drop& d) { return d.item == g.goal.item; });
      }
    } else {
      for (int32_t y = e->at.y - kAround; y <= e->at.y + kAround; ++y)
        for (int32_t z = e->at.z - kAround; z <= e->at.z + kAround; ++z)
          for (int32_t xx = e->at.x - kAround; xx <= e->at.x + kAround; ++xx) {
            const world::Coord c{xx, y, z};
            if (c == e->at || !known.known(c)) continue;
            const std::vector<int>& of = mine_goals[world.block(c)];
            around += std::find(of.begin(), of.end(), g.id) != of.end();
          }
    }
    x[3] = uint8_t(std::min(255, 16 * around));
  }
  return out;
}

}  // namespace plank::deps
