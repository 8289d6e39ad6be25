#include "world/render/view.h"

#include <algorithm>

namespace plank::render {

using namespace world;

Box view_box(const World& world, const ViewOptions& o) {
  Box content;
  world.store().for_each_changed([&](Coord c, BlockId) { content.add(c); });
  for (const Entity& e : world.entities()) {
    Coord c = cell_of(e.pose.pos);
    content.add(c);
    content.add({c.x, c.y + 1, c.z});  // players are two blocks tall
  }
  const GroundProfile& g = world.store().ground();
  Box box = content;
  box.min.x -= o.margin, box.min.z -= o.margin, box.max.x += o.margin, box.max.z += o.margin;
  if (!g.layers.empty()) {
    box.min.y = std::min(box.min.y - 1, g.top_y - o.ground_depth + 1);
    box.max.y = std::max(box.max.y, g.top_y);
  }
  // Clamp around the centre rather than a corner, so the middle of a big scene stays in view.
  auto clamp = [&](int32_t& lo, int32_t& hi) {
    if (hi - lo + 1 <= o.max_extent) return;
    int32_t mid = lo + (hi - lo) / 2;
    lo = mid - o.max_extent / 2, hi = lo + o.max_extent - 1;
  };
  clamp(box.min.x, box.max.x), clamp(box.min.y, box.max.y), clamp(box.min.z, box.max.z);
  return box;
}

}  // namespace plank::render
