// Block types: ids, names, colours and the game facts (hardness, harvest tools,
// drops) the survival layer will need. Built from minecraft-data plus the six
// IGLU colour blocks; a tiny built-in registry serves tests and pictures when
// minecraft-data is absent.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "world/voxels/block_colours.h"
#include "world/voxels/mcdata.h"

namespace plank::world {

using BlockId = uint16_t;
inline constexpr BlockId kAir = 0;  // id 0 is air in every registry

struct BlockType {
  BlockId id = 0;
  std::string name, display_name;
  BlockColour colour;
  bool solid = true;        // stops rays, holds up the agent
  bool transparent = false;
  double hardness = 0;      // -1: unbreakable
  bool diggable = true;
  std::string material;
  std::vector<int> harvest_tools;  // minecraft-data item ids; empty: anything harvests it
  std::vector<McLootDrop> loot;    // from blockLoot (blocks.json's drops is wrong for 1.16)
  int mc_id = -1;           // minecraft-data id, -1 for Plank's own blocks
  int iglu_colour = 0;      // 1..6 for the IGLU colour blocks, else 0
};

// IGLU's colour ids: 1 blue, 2 green, 3 red, 4 orange, 5 purple, 6 yellow.
inline constexpr std::string_view kIgluColours[] = {"blue", "green", "red", "orange", "purple", "yellow"};

class BlockRegistry {
 public:
  // minecraft-data's blocks keep their ids; the IGLU blocks ("iglu_blue", ...) follow.
  static std::shared_ptr<const BlockRegistry> from_mcdata(std::shared_ptr<const McData> data);
  // air, stone, dirt, grass_block, bedrock, water, sand, oak_log, oak_planks,
  // oak_leaves, glass and the IGLU blocks: enough for tests and example scenes.
  static std::shared_ptr<const BlockRegistry> builtin();
  // minecraft-data from default_mcdata_dir(), else builtin() with *warning set.
  static std::shared_ptr<const BlockRegistry> load_default(std::string* warning);

  const BlockType& operator[](BlockId id) const { return types_[id]; }
  size_t size() const { return types_.size(); }
  // Accepts "stone", "minecraft:stone", and the IGLU colours as "iglu_red" or "iglu:3".
  std::optional<BlockId> find(std::string_view name) const;
  BlockId iglu(int colour) const { return iglu_ids_.at(colour - 1); }  // colour in 1..6
  const McData* mcdata() const { return data_.get(); }  // null for builtin()
  bool is_builtin() const { return data_ == nullptr; }

  // Facts for the survival layer.
  bool can_harvest(BlockId block, int tool_item_id) const;  // tool -1: bare hand
  std::vector<std::string> harvest_tool_names(BlockId block) const;

 private:
  BlockId add(BlockType t);
  void add_iglu_blocks();
  std::vector<BlockType> types_;
  std::unordered_map<std::string, BlockId> by_name_;
  std::vector<BlockId> iglu_ids_;
  std::shared_ptr<const McData> data_;
};

}  // namespace plank::world
