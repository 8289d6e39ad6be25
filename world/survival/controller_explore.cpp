// Explore mode (ControllerOptions::known, issue 30): looking around as the agent moves, and the
// exploration move a skill makes when the map holds nothing it can use. The search for the nearest
// known source and the walks themselves are controller_world.cpp's.
#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <numbers>

#include "world/survival/controller.h"
#include "world/survival/controller_detail.h"
#include "world/survival/worldgen.h"

namespace plank::survival {

using world::Coord;
using namespace controller_detail;

namespace {
// The eight headings an exploration may take, clockwise from east.
constexpr int kHeadings[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
}  // namespace

void Controller::look() {
  if (!options_.known) return;
  const Coord f = feet();
  options_.known->observe(w_, {f.x + 0.5, f.y + world::kEyeHeight, f.z + 0.5});
  since_look_ = 0;
}

void Controller::moved_through(Coord f) {
  if (!options_.known || ++since_look_ < options_.look_every) return;
  options_.known->observe(w_, {f.x + 0.5, f.y + world::kEyeHeight, f.z + 0.5});
  since_look_ = 0;
}

bool Controller::buried_sources(const std::vector<Source>& sources, const std::vector<bool>& usable, int* depth_y) {
  static const std::vector<std::string> underground = underground_block_types(), generated = generated_block_types();
  const auto& reg = w_.registry();
  const Coord f = feet();
  const int surface = std::max(top_y(f.x, f.z), f.y - 1);
  int depth = INT_MIN;
  for (size_t i = 0; i < sources.size(); ++i) {
    if (!usable[i]) continue;
    const std::string& name = reg[sources[i].block].name;
    if (std::find(underground.begin(), underground.end(), name) == underground.end()) {
      // Not the generator's rock or ore (a log, sand, a block a person placed): look on the surface.
      if (std::find(generated.begin(), generated.end(), name) != generated.end()) return false;
      continue;
    }
    int want = surface - 5;  // rock: just under the soil
    for (const OreRule& r : ore_rules())
      if (name == r.block) want = (r.min_y + r.max_y) / 2;  // an ore: the middle of its band
    depth = std::max(depth, std::min(want, surface - 5));
  }
  if (depth == INT_MIN) return false;
  *depth_y = depth;
  return true;
}

bool Controller::explore_step(bool underground, int depth_y) {
  if (!options_.known) return false;
  const KnownMap& map = *options_.known;
  const Coord f = feet();
  const uint64_t t0 = clock_.now();
  std::string why;
  // Underground and above the wanted depth: a shaft (a dug staircase) down to it.
  if (underground && f.y > depth_y + 1) {
    const int* h = kHeadings[heading_];
    Coord goal{f.x + h[0] * 3, depth_y, f.z + h[1] * 3};
    note(fmt::format("exploring: digging down to y {} for what lies underground", depth_y));
    bool ok = tunnel(goal, 1, false, false, &why);
    if (!ok) note(fmt::format("exploring: the way down failed: {}", why));
    if (clock_.now() > t0) return ++explorations_, true;
    return false;
  }
  // Otherwise: the heading whose ground a leg away the map knows least (underground: the cells at
  // the agent's level), keeping the last heading on a tie so the agent does not dither.
  const int leg = underground ? std::max(8, options_.explore_leg * 2 / 3) : options_.explore_leg;
  auto probe = [&](int32_t x, int32_t z) -> Coord {
    return underground ? Coord{x, f.y, z} : Coord{x, top_y(x, z), z};
  };
  int order[8];
  int scores[8];
  for (int k = 0; k < 8; ++k) {
    order[k] = k;
    const int* h = kHeadings[k];
    const double norm = (h[0] && h[1]) ? std::numbers::sqrt2 / 2 : 1.0;
    const int32_t cx = f.x + int32_t(std::lround(h[0] * leg * norm)), cz = f.z + int32_t(std::lround(h[1] * leg * norm));
    int score = 0;
    if (!map.box().contains({cx, map.box().min.y, cz})) {
      scores[k] = -1;
      continue;
    }
    for (int dz = -8; dz <= 8; dz += 4)
      for (int dx = -8; dx <= 8; dx += 4) {
        Coord c = probe(cx + dx, cz + dz);
        if (c.y == INT_MIN || !map.box().contains(c)) continue;
        score += map.known(c) ? 0 : 2;
      }
    scores[k] = score + (k == heading_ ? 1 : 0);
  }
  std::stable_sort(order, order + 8, [&](int a, int b) { return scores[a] > scores[b]; });
  for (int tries = 0; tries < 3; ++tries) {
    const int k = order[tries];
    if (scores[k] <= 1) break;  // nothing unknown that way
    const int* h = kHeadings[k];
    const double norm = (h[0] && h[1]) ? std::numbers::sqrt2 / 2 : 1.0;
    Coord dest{f.x + int32_t(std::lround(h[0] * leg * norm)), 0, f.z + int32_t(std::lround(h[1] * leg * norm))};
    bool ok;
    if (underground) {
      dest.y = f.y;
      note(fmt::format("exploring: tunnelling to ({}, {}, {})", dest.x, dest.y, dest.z));
      ok = tunnel(dest, 1, false, false, &why);
    } else {
      int top = top_y(dest.x, dest.z);
      if (top == INT_MIN) continue;
      dest.y = top + 1;
      note(fmt::format("exploring: walking to ({}, {}, {})", dest.x, dest.y, dest.z));
      ok = go_near(dest, 3, 0, &why);
    }
    heading_ = k;
    if (!ok) note(fmt::format("exploring: {}", why.empty() ? "no way" : why));
    if (clock_.now() > t0) return ++explorations_, true;
  }
  return false;
}

}  // namespace plank::survival
