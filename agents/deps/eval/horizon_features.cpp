#include "agents/deps/eval/horizon_features.h"

#include <algorithm>
#include <cmath>

#include "agents/deps/eval/select_tasks.h"
#include "world/survival/mob_drops.h"

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

HorizonFeatures horizon_features(const Rules& rules, const world::World& world, const survival::KnownMap& known,
                                 const survival::Controller& controller) {
  const std::vector<HorizonGoal> goals = horizon_goals(rules);
  const int channels = kTerrainChannels + int(goals.size());
  const auto& reg = world.registry();
  // Per block id: its ground class, and which mine goal's block it is (-1: none).
  std::vector<Ground> ground(reg.size());
  std::vector<int> mine_goal(reg.size(), -1);
  for (size_t id = 0; id < reg.size(); ++id) {
    ground[id] = classify(reg[world::BlockId(id)].name);
    for (const HorizonGoal& g : goals)
      if (g.goal.verb == Verb::Mine && reg[world::BlockId(id)].name == g.goal.item) mine_goal[id] = g.id;
  }

  HorizonFeatures out;
  out.crop.assign(size_t(kHorizonGrid * kHorizonGrid * channels), 0);
  const world::Coord feet = world::cell_of(controller.position());
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
          bool found = false;
          for (int32_t y = feet.y + kBand; y >= feet.y - kBand; --y) {
            const world::Coord c{x, y, z};
            if (!known.known(c)) continue;
            const world::BlockId b = world.block(c);
            if (mine_goal[b] >= 0) ++blocks[size_t(mine_goal[b])];
            if (found) continue;
            const Ground g = ground[b];
            if (g == Ground::None || g == Ground::Canopy) continue;
            found = true;
            ++counts[kKnown];
            height_sum += y - feet.y;
            if (g == Ground::Water) ++counts[kWater];
            if (g == Ground::Grass) ++counts[kGrass];
            if (g == Ground::Sand) ++counts[kSand];
            if (g == Ground::Rock) ++counts[kRock];
          }
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
  return out;
}

}  // namespace plank::deps
