#include "world/voxels/block_registry.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <mutex>

namespace plank::world {

BlockId BlockRegistry::add(BlockType t) {
  t.id = BlockId(types_.size());
  if (t.colour.word.empty()) t.colour = block_colour(t.name, t.material);
  by_name_[t.name] = t.id;
  types_.push_back(std::move(t));
  return types_.back().id;
}

void BlockRegistry::add_iglu_blocks() {
  // IGLU's blocks are plain coloured cubes; wool is their nearest Minecraft kin,
  // so they share wool's colours, hardness and material.
  int colour = 1;
  for (auto word : kIgluColours) {
    BlockType t;
    t.name = "iglu_" + std::string(word);
    t.display_name = "IGLU " + std::string(word);
    t.colour = block_colour(std::string(word) + "_wool", "wool");
    t.hardness = 0.8;
    t.material = "wool";
    t.iglu_colour = colour++;
    iglu_ids_.push_back(add(std::move(t)));
  }
}

std::shared_ptr<const BlockRegistry> BlockRegistry::from_mcdata(std::shared_ptr<const McData> data) {
  auto r = std::make_shared<BlockRegistry>();
  for (const auto& b : data->blocks) {
    BlockType t;
    t.name = b.name.empty() ? "unused_" + std::to_string(r->types_.size()) : b.name;
    t.display_name = b.display_name;
    t.solid = b.solid;
    t.transparent = b.transparent;
    t.hardness = b.hardness;
    t.diggable = b.diggable;
    t.material = b.material;
    t.harvest_tools = b.harvest_tools;
    if (auto it = data->block_loot.find(b.name); it != data->block_loot.end()) t.loot = it->second;
    t.mc_id = b.id;
    r->add(std::move(t));  // ids stay minecraft-data's: blocks.json is dense from 0 (air)
  }
  r->add_iglu_blocks();
  r->data_ = std::move(data);
  return r;
}

std::shared_ptr<const BlockRegistry> BlockRegistry::builtin() {
  static const auto registry = [] {
    auto r = std::make_shared<BlockRegistry>();
    struct Row { const char* name; bool solid; double hardness; const char* material; };
    // Values match minecraft-data 1.16.5 so tests agree whichever registry they get.
    const Row rows[] = {{"air", false, 0, ""},          {"stone", true, 1.5, "rock"},   {"dirt", true, 0.5, "dirt"},
                        {"grass_block", true, 0.6, "dirt"}, {"bedrock", true, -1, ""},  {"water", false, 100, ""},
                        {"sand", true, 0.5, "dirt"},    {"oak_log", true, 2, "wood"},   {"oak_planks", true, 2, "wood"},
                        {"oak_leaves", true, 0.2, "leaves"}, {"glass", true, 0.3, ""}, {"cobblestone", true, 2, "rock"}};
    for (const auto& row : rows) {
      BlockType t;
      t.name = row.name;
      t.display_name = row.name;
      t.solid = row.solid;
      t.transparent = !row.solid || t.name == "glass" || t.name == "oak_leaves";
      t.hardness = row.hardness;
      t.material = row.material;
      r->add(std::move(t));
    }
    r->add_iglu_blocks();
    return r;
  }();
  return registry;
}

std::shared_ptr<const BlockRegistry> BlockRegistry::load_default(std::string* warning) {
  // One registry per minecraft-data folder and process, like the data it is built from.
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const BlockRegistry>> built;
  const std::string dir = default_mcdata_dir();
  std::string error;
  {
    std::lock_guard lock(mutex);
    if (auto it = built.find(dir); it != built.end()) return it->second;
  }
  if (auto data = load_mcdata(dir, &error)) {
    auto registry = from_mcdata(std::move(data));
    std::lock_guard lock(mutex);
    return built.emplace(dir, std::move(registry)).first->second;
  }
  if (warning) *warning = error + "; using the built-in block list";
  return builtin();
}

std::optional<BlockId> BlockRegistry::find(std::string_view name) const {
  if (name.starts_with("minecraft:")) name.remove_prefix(10);
  if (name.starts_with("iglu:")) {
    int colour = 0;
    auto digits = name.substr(5);
    auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), colour);
    if (ec != std::errc() || p != digits.data() + digits.size() || colour < 1 || colour > 6) return std::nullopt;
    return iglu(colour);
  }
  auto it = by_name_.find(std::string(name));
  if (it == by_name_.end()) return std::nullopt;
  return it->second;
}

bool BlockRegistry::can_harvest(BlockId block, int tool_item_id) const {
  const auto& tools = types_[block].harvest_tools;
  return tools.empty() || std::find(tools.begin(), tools.end(), tool_item_id) != tools.end();
}

std::vector<std::string> BlockRegistry::harvest_tool_names(BlockId block) const {
  std::vector<std::string> names;
  for (int id : types_[block].harvest_tools)
    names.push_back(data_ && size_t(id) < data_->items.size() ? data_->items[id].name : std::to_string(id));
  return names;
}

}  // namespace plank::world
