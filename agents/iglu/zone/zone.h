// The IGLU build zone: 11 (x) x 9 (y, height) x 11 (z) cells holding blocks of
// six colours (1 blue, 2 green, 3 red, 4 orange, 5 purple, 6 yellow), in the
// data set's frame (x, z 0..10; y 0 is the layer on the ground; east = +x,
// south = +z). The paper's builder speaks another frame, x and z from -5 to 5
// (zone x = paper x + 5), which only the reply's reader and writer see.
//
// ZoneGrid is the dense grid the F1 and the protocol check against; the zone
// as a Plank world (so that rendering and programs work on it) is
// make_zone_world / zone_blocks, with zone cell (x, y, z) at world (x, y, z)
// over a flat ground whose top is y = -1.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "world/voxels/world.h"

namespace plank::iglu {

inline constexpr int kZoneX = 11, kZoneY = 9, kZoneZ = 11;
inline constexpr int kPaperOffset = 5;  // zone x = paper x + 5, zone z = paper z + 5
inline constexpr int kColours = 6;

// One cell in the zone frame; colour 1..6.
struct Block {
  int x = 0, y = 0, z = 0, colour = 0;
  friend bool operator==(const Block&, const Block&) = default;
  friend auto operator<=>(const Block&, const Block&) = default;
};

bool inside_zone(int x, int y, int z);

// "blue" for 1 ... "yellow" for 6 (world's kIgluColours, the one table); "" outside 1..6.
std::string_view colour_name(int colour);
// The id of a colour name, any case ("Red" -> 3); nullopt for anything else.
std::optional<int> colour_from_name(std::string_view name);
// "blue, green, red, orange, purple, yellow": what a message says is accepted.
std::string colour_names_text();

Block to_paper(Block b);    // zone frame -> the paper's (x, z shifted by -5)
Block from_paper(Block b);  // the paper's -> zone frame

// The dense zone: colour id per cell, 0 for air.
class ZoneGrid {
 public:
  ZoneGrid() { cells_.fill(0); }
  static ZoneGrid of(const std::vector<Block>& blocks);  // blocks outside the zone are ignored
  int at(int x, int y, int z) const { return inside_zone(x, y, z) ? cells_[index(x, y, z)] : 0; }
  void set(int x, int y, int z, int colour) {
    if (inside_zone(x, y, z)) cells_[index(x, y, z)] = uint8_t(colour);
  }
  std::vector<Block> blocks() const;  // sorted by (x, y, z), as the data set lists them
  friend bool operator==(const ZoneGrid&, const ZoneGrid&) = default;

 private:
  static int index(int x, int y, int z) { return (y * kZoneX + x) * kZoneZ + z; }
  std::array<uint8_t, kZoneX * kZoneY * kZoneZ> cells_;
};

// A flat world (ground top y = -1) holding the blocks as the registry's IGLU blocks.
std::unique_ptr<world::World> make_zone_world(std::shared_ptr<const world::BlockRegistry> registry,
                                              const std::vector<Block>& blocks);
// The IGLU blocks inside the zone of a world; anything else there (a stone a
// program placed) is not a zone block and is left out.
std::vector<Block> zone_blocks(const world::World& world);

}  // namespace plank::iglu
