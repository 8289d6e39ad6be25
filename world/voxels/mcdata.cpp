#include "world/voxels/mcdata.h"
#include "support/data_paths.h"
#include "support/json_integer.h"

#include <fmt/format.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>

namespace plank::world {
namespace {

using json = nlohmann::json;

struct LoadError {
  std::string message;
};

// The whole file is read first: nlohmann's parser over a string is several times faster than over an
// istream, which it reads a character at a time through the stream buffer (blocks.json and recipes.json
// are megabytes, read by every process that opens a world).
json read_json(const std::string& dir, const std::string& key) {
  std::string path = dir + "/" + key + ".json";
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw LoadError{fmt::format("cannot read {} (run scripts/fetch-minecraft-data.sh, or set PLANK_MCDATA to the "
                                "folder it writes)", path)};
  std::ostringstream text;
  text << in.rdbuf();
  try {
    return json::parse(std::move(text).str());
  } catch (const json::exception& e) {
    throw LoadError{fmt::format("{} is not valid JSON: {}", path, e.what())};
  }
}

template <typename T>
T get_or(const json& j, const char* key, T fallback) {
  auto it = j.find(key);
  return it == j.end() || it->is_null() ? fallback : it->get<T>();
}

std::vector<McLootDrop> parse_drops(const json& drops) {
  std::vector<McLootDrop> out;
  for (const auto& d : drops) {
    McLootDrop drop;
    drop.item = d.at("item").get<std::string>();
    drop.drop_chance = get_or<double>(d, "dropChance", 1.0);
    if (auto r = d.find("stackSizeRange"); r != d.end() && r->is_array() && !r->empty()) {
      drop.min_count = (*r)[0].is_null() ? 1 : json_int((*r)[0], "drop count");
      drop.max_count = r->size() > 1 && !(*r)[1].is_null() ? json_int((*r)[1], "drop count") : drop.min_count;
    }
    drop.silk_touch = get_or<bool>(d, "silkTouch", false);
    drop.no_silk_touch = get_or<bool>(d, "noSilkTouch", false);
    out.push_back(std::move(drop));
  }
  return out;
}

void load_blocks(McData& d) {
  for (const auto& b : read_json(d.dir, "blocks")) {
    McBlock block;
    block.id = json_int(b.at("id"), "block id");
    block.name = b.at("name").get<std::string>();
    block.display_name = get_or<std::string>(b, "displayName", block.name);
    block.hardness = get_or<double>(b, "hardness", -1.0);
    block.resistance = get_or<double>(b, "resistance", 0.0);
    block.diggable = get_or<bool>(b, "diggable", true);
    block.transparent = get_or<bool>(b, "transparent", false);
    block.solid = get_or<std::string>(b, "boundingBox", "block") == "block";
    block.material = get_or<std::string>(b, "material", "");
    block.stack_size = get_or<int>(b, "stackSize", 64);
    if (auto h = b.find("harvestTools"); h != b.end() && h->is_object())
      for (const auto& [id, ok] : h->items())
        if (ok.get<bool>()) block.harvest_tools.push_back(std::stoi(id));
    if (block.id < 0 || block.id > 65000) throw LoadError{fmt::format("blocks.json: block id {} out of range", block.id)};
    if (size_t(block.id) >= d.blocks.size()) d.blocks.resize(block.id + 1);
    d.blocks[block.id] = std::move(block);
  }
}

void load_items(McData& d) {
  for (const auto& i : read_json(d.dir, "items")) {
    McItem item;
    item.id = json_int(i.at("id"), "item id");
    item.name = i.at("name").get<std::string>();
    item.display_name = get_or<std::string>(i, "displayName", item.name);
    item.stack_size = get_or<int>(i, "stackSize", 64);
    item.max_durability = get_or<int>(i, "maxDurability", 0);
    if (item.id < 0 || item.id > 65000) throw LoadError{fmt::format("items.json: item id {} out of range", item.id)};
    if (size_t(item.id) >= d.items.size()) d.items.resize(item.id + 1);
    d.items[item.id] = std::move(item);
  }
}

int slot_id(const json& e) { return e.is_null() ? 0 : e.is_number() ? json_int(e, "recipe slot") : json_int(e.at("id"), "recipe slot id"); }

void load_recipes(McData& d) {
  // Keep the parsed document in a variable: items() only views it.
  const json recipes = read_json(d.dir, "recipes");
  for (const auto& [key, list] : recipes.items()) {
    for (const auto& r : list) {
      McRecipe recipe;
      const auto& result = r.at("result");
      recipe.result_id = result.is_number() ? json_int(result, "recipe result") : json_int(result.at("id"), "recipe result id");
      recipe.result_count = result.is_number() ? 1 : get_or<int>(result, "count", 1);
      if (auto s = r.find("inShape"); s != r.end())
        for (const auto& row : *s) {
          recipe.shape.emplace_back();
          for (const auto& e : row) recipe.shape.back().push_back(slot_id(e));
        }
      if (auto s = r.find("ingredients"); s != r.end())
        for (const auto& e : *s) recipe.ingredients.push_back(slot_id(e));
      d.recipes.push_back(std::move(recipe));
    }
  }
}

void load_entities(McData& d) {
  for (const auto& e : read_json(d.dir, "entities")) {
    McEntity entity;
    entity.id = json_int(e.at("id"), "entity id");
    entity.name = e.at("name").get<std::string>();
    entity.display_name = get_or<std::string>(e, "displayName", entity.name);
    entity.type = get_or<std::string>(e, "type", "");
    entity.category = get_or<std::string>(e, "category", "");
    entity.width = get_or<double>(e, "width", 0.0);
    entity.height = get_or<double>(e, "height", 0.0);
    d.entities.push_back(std::move(entity));
  }
}

void load_rest(McData& d) {
  for (const auto& b : read_json(d.dir, "blockLoot")) d.block_loot[b.at("block").get<std::string>()] = parse_drops(b.at("drops"));
  for (const auto& e : read_json(d.dir, "entityLoot"))
    d.entity_loot[e.at("entity").get<std::string>()] = parse_drops(e.at("drops"));
  const json materials = read_json(d.dir, "materials");
  for (const auto& [material, tools] : materials.items())
    for (const auto& [tool, speed] : tools.items()) d.materials[material][std::stoi(tool)] = speed.get<double>();
  for (const auto& f : read_json(d.dir, "foods")) d.food_points[f.at("name").get<std::string>()] = get_or<int>(f, "foodPoints", 0);
  d.minecraft_version = read_json(d.dir, "version").at("minecraftVersion").get<std::string>();
}

}  // namespace

const McItem* McData::item(const std::string& name) const {
  for (const auto& i : items)
    if (i.name == name) return &i;
  return nullptr;
}

const McEntity* McData::entity(const std::string& name) const {
  for (const auto& e : entities)
    if (e.name == name) return &e;
  return nullptr;
}

std::string default_mcdata_dir() { return data_path(DataItem::MinecraftData); }

namespace {

std::shared_ptr<const McData> read_mcdata(const std::string& dir, std::string* error) {
  auto d = std::make_shared<McData>();
  d->dir = dir;
  try {
    if (dir.empty()) throw LoadError{"no minecraft-data folder: set PLANK_MCDATA or configure with -DPLANK_MCDATA_DIR"};
    load_blocks(*d);
    load_items(*d);
    load_recipes(*d);
    load_entities(*d);
    load_rest(*d);
  } catch (const LoadError& e) {
    if (error) *error = e.message;
    return nullptr;
  } catch (const std::exception& e) {
    // A field of an unexpected type: the pinned version should never do this.
    if (error) *error = fmt::format("minecraft-data in {} has an unexpected shape: {}", dir, e.what());
    return nullptr;
  }
  return d;
}

}  // namespace

std::shared_ptr<const McData> load_mcdata(const std::string& dir, std::string* error) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const McData>> loaded;
  std::lock_guard lock(mutex);
  if (auto it = loaded.find(dir); it != loaded.end()) return it->second;
  auto d = read_mcdata(dir, error);
  if (d) loaded.emplace(dir, d);  // a failure is not kept: the folder may be fetched later
  return d;
}

}  // namespace plank::world
