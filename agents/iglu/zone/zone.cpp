#include "agents/iglu/zone/zone.h"

#include <algorithm>
#include <cctype>

namespace plank::iglu {

bool inside_zone(int x, int y, int z) { return x >= 0 && x < kZoneX && y >= 0 && y < kZoneY && z >= 0 && z < kZoneZ; }

std::string_view colour_name(int colour) {
  if (colour < 1 || colour > kColours) return {};
  return world::kIgluColours[colour - 1];
}

std::optional<int> colour_from_name(std::string_view name) {
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  for (int c = 1; c <= kColours; ++c)
    if (lower == world::kIgluColours[c - 1]) return c;
  return std::nullopt;
}

std::string colour_names_text() {
  std::string out;
  for (int c = 1; c <= kColours; ++c) out += (c > 1 ? ", " : "") + std::string(colour_name(c));
  return out;
}

Block to_paper(Block b) { return {b.x - kPaperOffset, b.y, b.z - kPaperOffset, b.colour}; }
Block from_paper(Block b) { return {b.x + kPaperOffset, b.y, b.z + kPaperOffset, b.colour}; }

ZoneGrid ZoneGrid::of(const std::vector<Block>& blocks) {
  ZoneGrid g;
  for (const Block& b : blocks) g.set(b.x, b.y, b.z, b.colour);
  return g;
}

std::vector<Block> ZoneGrid::blocks() const {
  std::vector<Block> out;
  for (int x = 0; x < kZoneX; ++x)
    for (int y = 0; y < kZoneY; ++y)
      for (int z = 0; z < kZoneZ; ++z)
        if (int c = cells_[index(x, y, z)]) out.push_back({x, y, z, c});
  return out;
}

std::unique_ptr<world::World> make_zone_world(std::shared_ptr<const world::BlockRegistry> registry,
                                              const std::vector<Block>& blocks) {
  auto w = std::make_unique<world::World>(std::move(registry), world::WorldOptions{});
  for (const Block& b : blocks)
    if (inside_zone(b.x, b.y, b.z) && b.colour >= 1 && b.colour <= kColours)
      w->set_block({b.x, b.y, b.z}, w->registry().iglu(b.colour));
  return w;
}

std::vector<Block> zone_blocks(const world::World& world) {
  std::vector<Block> out;
  for (int x = 0; x < kZoneX; ++x)
    for (int y = 0; y < kZoneY; ++y)
      for (int z = 0; z < kZoneZ; ++z)
        if (int c = world.type_at({x, y, z}).iglu_colour) out.push_back({x, y, z, c});
  return out;
}

}  // namespace plank::iglu
