// minecraft-data (npm, MIT, pinned 3.117.0), Java 1.16.5: the only source of
// blocks, items, recipes, harvest tools, hardness, loot and entity kinds.
// scripts/fetch-minecraft-data.sh writes the flat folder this reads; nothing
// here is copied by hand. Fields are kept close to the JSON so a reader of
// minecraft-data's docs recognises them.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace plank::world {

struct McBlock {
  int id = 0;
  std::string name, display_name;
  double hardness = 0;         // -1: unbreakable (bedrock)
  double resistance = 0;
  bool diggable = true;
  bool transparent = false;
  bool solid = true;           // boundingBox == "block": stops rays and feet
  std::string material;        // key into materials (rock, wood, dirt, ...); may be empty
  std::vector<int> harvest_tools;  // item ids that can harvest it; empty: any tool or hand
  int stack_size = 64;
};

struct McItem {
  int id = 0;
  std::string name, display_name;
  int stack_size = 64;
  int max_durability = 0;      // 0: not a tool
};

struct McLootDrop {
  std::string item;
  double drop_chance = 1;
  int min_count = 1, max_count = 1;
  bool silk_touch = false;     // only with silk touch
  bool no_silk_touch = false;  // only without it
};

struct McRecipe {
  int result_id = 0;
  int result_count = 1;
  // Shaped: rows of item ids (0 = empty slot, since air is never an ingredient).
  std::vector<std::vector<int>> shape;
  // Shapeless: one id per ingredient (repeats allowed).
  std::vector<int> ingredients;
  bool shaped() const { return !shape.empty(); }
};

struct McEntity {
  int id = 0;
  std::string name, display_name, type, category;
  double width = 0, height = 0;
};

struct McData {
  std::string dir;
  std::string minecraft_version;  // "1.16.5"
  std::vector<McBlock> blocks;    // index == id (minecraft-data ids are dense)
  std::vector<McItem> items;      // index == id
  std::vector<McRecipe> recipes;
  std::vector<McEntity> entities;
  std::map<std::string, std::vector<McLootDrop>> block_loot;   // block name -> drops
  std::map<std::string, std::vector<McLootDrop>> entity_loot;  // entity name -> drops
  // material -> (tool item id -> dig speed multiplier)
  std::map<std::string, std::map<int, double>> materials;
  std::map<std::string, int> food_points;                      // item name -> food points

  const McItem* item(const std::string& name) const;
  const McEntity* entity(const std::string& name) const;
};

// $PLANK_MCDATA if set, else the installed copy, else the folder configured as PLANK_MCDATA_DIR
// (support/data_paths.h).
std::string default_mcdata_dir();

// Reads the folder; on failure returns null and sets *error to a sentence that
// names the file and says how to get it (never throws, never aborts). A folder is read once per
// process: later calls with the same path share the first successful load (the data is immutable).
std::shared_ptr<const McData> load_mcdata(const std::string& dir, std::string* error);

}  // namespace plank::world
