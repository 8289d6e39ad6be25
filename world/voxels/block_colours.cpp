#include "world/voxels/block_colours.h"

#include <array>
#include <climits>

namespace plank::world {
namespace {

struct Dye {
  std::string_view word;
  Rgb rgb;
};

// Minecraft's sixteen dye colours (concrete tones: saturated, what wool and
// concrete look like in the game). Longer words first so "light_blue" is not
// read as "blue".
constexpr std::array<Dye, 16> kDyes{{
    {"light_blue", {58, 175, 217}}, {"light_gray", {142, 142, 134}}, {"magenta", {169, 48, 159}},
    {"orange", {224, 97, 0}},       {"yellow", {241, 175, 21}},      {"purple", {100, 32, 156}},
    {"white", {207, 213, 214}},     {"green", {73, 91, 36}},         {"black", {8, 10, 15}},
    {"brown", {96, 59, 31}},        {"lime", {94, 168, 24}},         {"pink", {213, 101, 142}},
    {"gray", {54, 57, 61}},         {"cyan", {21, 119, 136}},        {"blue", {44, 46, 143}},
    {"red", {142, 32, 32}},
}};

struct Rule {
  std::string_view pattern;  // '*' matches any run of characters
  Rgb rgb;
  std::string_view word;
};

// Name patterns, first match wins. Order matters: specific before general.
constexpr Rule kRules[] = {
    {"air", {0, 0, 0}, "none"},           {"cave_air", {0, 0, 0}, "none"},
    {"void_air", {0, 0, 0}, "none"},      {"grass_block", {106, 170, 64}, "green"},
    {"grass_path", {148, 122, 65}, "brown"}, {"*grass", {95, 160, 55}, "green"},
    {"fern", {80, 140, 50}, "green"},     {"dirt", {134, 96, 67}, "brown"},
    {"coarse_dirt", {119, 85, 59}, "brown"}, {"podzol", {91, 63, 24}, "brown"},
    {"farmland", {110, 75, 45}, "brown"}, {"mycelium", {111, 99, 105}, "gray"},
    {"water", {48, 92, 220}, "blue"},     {"lava", {230, 100, 20}, "orange"},
    {"ice", {145, 183, 253}, "light_blue"}, {"packed_ice", {141, 180, 250}, "light_blue"},
    {"snow*", {240, 250, 250}, "white"},  {"red_sand*", {190, 102, 33}, "orange"},
    {"sandstone*", {216, 203, 155}, "yellow"}, {"*sand", {219, 207, 163}, "yellow"},
    {"gravel", {131, 127, 126}, "gray"},  {"clay", {160, 166, 179}, "gray"},
    {"bedrock", {85, 85, 85}, "gray"},    {"obsidian", {20, 18, 30}, "black"},
    {"glass", {200, 225, 235}, "white"},  {"glass_pane", {200, 225, 235}, "white"},
    {"*_ore", {125, 125, 125}, "gray"},   {"cobblestone*", {122, 122, 122}, "gray"},
    {"*stone_brick*", {122, 121, 122}, "gray"}, {"*stone*", {125, 125, 125}, "gray"},
    {"andesite*", {136, 136, 137}, "gray"}, {"diorite*", {188, 188, 188}, "white"},
    {"granite*", {149, 103, 85}, "brown"}, {"*bricks", {150, 97, 83}, "red"},
    {"netherrack", {97, 38, 38}, "red"},  {"*leaves", {60, 130, 40}, "green"},
    {"birch_log", {216, 215, 210}, "white"}, {"*_log", {102, 81, 50}, "brown"},
    {"*_wood", {102, 81, 50}, "brown"},   {"*_stem", {90, 50, 70}, "purple"},
    {"oak_*", {162, 130, 78}, "brown"},   {"spruce_*", {114, 84, 48}, "brown"},
    {"birch_*", {192, 175, 121}, "yellow"}, {"jungle_*", {160, 115, 80}, "brown"},
    {"acacia_*", {168, 90, 50}, "orange"}, {"dark_oak_*", {66, 43, 20}, "brown"},
    {"crimson_*", {101, 48, 70}, "red"},  {"warped_*", {43, 104, 99}, "cyan"},
    {"pumpkin", {198, 118, 24}, "orange"}, {"melon", {111, 145, 30}, "green"},
    {"hay_block", {166, 136, 38}, "yellow"}, {"torch", {255, 216, 0}, "yellow"},
    {"gold_block", {246, 208, 61}, "yellow"}, {"iron_block", {220, 220, 220}, "white"},
    {"diamond_block", {98, 237, 228}, "cyan"}, {"emerald_block", {42, 203, 87}, "green"},
    {"lapis_block", {30, 67, 140}, "blue"}, {"redstone_block", {175, 24, 5}, "red"},
    {"coal_block", {16, 15, 15}, "black"}, {"quartz*", {235, 229, 222}, "white"},
};

// Fallbacks by minecraft-data material when no name rule matches.
constexpr Rule kMaterials[] = {
    {"rock", {125, 125, 125}, "gray"}, {"wood", {150, 115, 70}, "brown"}, {"dirt", {134, 96, 67}, "brown"},
    {"plant", {80, 150, 50}, "green"}, {"leaves", {60, 130, 40}, "green"}, {"wool", {220, 220, 220}, "white"},
    {"melon", {111, 145, 30}, "green"}, {"web", {220, 220, 220}, "white"},
};

bool glob(std::string_view pattern, std::string_view text) {
  if (pattern.empty()) return text.empty();
  if (pattern[0] == '*') {
    for (size_t i = 0; i <= text.size(); ++i)
      if (glob(pattern.substr(1), text.substr(i))) return true;
    return false;
  }
  return !text.empty() && pattern[0] == text[0] && glob(pattern.substr(1), text.substr(1));
}

// A dye word at the start of the name ("red_wool", "light_blue_concrete").
const Dye* dye_prefix(std::string_view name) {
  for (const auto& d : kDyes)
    if (name.size() > d.word.size() && name.substr(0, d.word.size()) == d.word && name[d.word.size()] == '_') return &d;
  return nullptr;
}

Rgb muted(Rgb c) {  // terracotta and glazed terracotta are dull versions of the dye
  return {uint8_t((c.r * 3 + 150) / 5), uint8_t((c.g * 3 + 110) / 5), uint8_t((c.b * 3 + 90) / 5)};
}

}  // namespace

std::string nearest_colour_word(Rgb rgb) {
  const Dye* best = &kDyes[0];
  int best_d = INT_MAX;
  for (const auto& d : kDyes) {
    int dr = rgb.r - d.rgb.r, dg = rgb.g - d.rgb.g, db = rgb.b - d.rgb.b;
    int dist = dr * dr + dg * dg + db * db;
    if (dist < best_d) best_d = dist, best = &d;
  }
  return std::string(best->word);
}

BlockColour block_colour(std::string_view name, std::string_view material) {
  if (const Dye* d = dye_prefix(name)) {
    bool dull = name.find("terracotta") != std::string_view::npos;
    return {dull ? muted(d->rgb) : d->rgb, std::string(d->word)};
  }
  for (const auto& r : kRules)
    if (glob(r.pattern, name)) return {r.rgb, std::string(r.word)};
  for (const auto& m : kMaterials)
    if (m.pattern == material) return {m.rgb, std::string(m.word)};
  // FNV-1a of the name -> a mid-tone colour: stable across runs and machines.
  uint32_t h = 2166136261u;
  for (char c : name) h = (h ^ uint8_t(c)) * 16777619u;
  Rgb rgb{uint8_t(70 + (h & 0x7f)), uint8_t(70 + ((h >> 8) & 0x7f)), uint8_t(70 + ((h >> 16) & 0x7f))};
  return {rgb, nearest_colour_word(rgb)};
}

}  // namespace plank::world
