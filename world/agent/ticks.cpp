#include "world/agent/ticks.h"

#include <cmath>

namespace plank::agent {

double tool_speed(const world::BlockRegistry& registry, world::BlockId block, int tool_item_id) {
  const world::McData* data = registry.mcdata();
  if (!data || tool_item_id < 0) return 1;
  auto material = data->materials.find(registry[block].material);
  if (material == data->materials.end()) return 1;
  auto speed = material->second.find(tool_item_id);
  return speed == material->second.end() ? 1 : speed->second;
}

BreakCost break_cost(const world::BlockRegistry& registry, world::BlockId block, int tool_item_id,
                     const CostTable& costs) {
  const world::BlockType& type = registry[block];
  BreakCost cost;
  if (block == world::kAir || type.hardness < 0 || !type.diggable) return cost;
  cost.breakable = true;
  cost.harvests = registry.can_harvest(block, tool_item_id);
  double factor = cost.harvests ? costs.harvest_factor : costs.no_harvest_factor;
  cost.seconds = type.hardness * factor / tool_speed(registry, block, tool_item_id);
  // Round in ticks, guarding against 0.15 * 20 = 3.0000000000000004.
  double ticks = std::ceil(cost.seconds * kTicksPerSecond - 1e-9);
  cost.ticks = std::max<uint64_t>(costs.min_action_ticks, uint64_t(std::max(0.0, ticks)));
  return cost;
}

}  // namespace plank::agent
