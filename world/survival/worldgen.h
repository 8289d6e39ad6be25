// Seeded survival-world generation for DEPS tasks. A height map over five
// biomes (plains, forest, savanna, desert, mountains) from value noise; each
// biome's soil and trees (oak and birch in forest, sparse oak in plains,
// acacia in savanna, cactus and dead bushes in desert, spruce on mountains);
// lakes and beaches; bedrock, stone with gravel, granite, diorite and andesite
// blobs; ores by depth and rarity after the game's 1.16 ore features; optional
// worm caves; herds of cows, pigs, sheep and chickens, and spiders.
//
// Minecraft's frame: bedrock at y = 0, sea level 62. Everything is written
// through World::set_block / add_entity (a void-ground World: every cell is
// written), so the undo log and the renderer see it. Every random choice is a
// hash of (seed, position, purpose) or a per-chunk Rng seeded that way, so the
// same seed and area give the identical world, and a chunk's content does not
// depend on the area around it (except features clipped at the area's edge).
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "world/voxels/world.h"

namespace plank::survival {

enum class Biome : uint8_t { Plains, Forest, Savanna, Desert, Mountains };
const char* biome_name(Biome b);

struct OreRule {
  const char* block;
  int veins_per_chunk;  // tries per 16x16 chunk column
  int size;             // random-walk steps of one vein (its most blocks)
  int min_y, max_y;     // inclusive
};
// coal 20 x 17 in y 5..127; iron 20 x 9 in 5..63; gold 2 x 9 in 5..31; redstone 8 x 8 in 5..15;
// lapis 1 x 7 in 5..30; diamond 1 x 8 in 5..15 (the game's 1.16 counts and sizes, floors raised to 5).
const std::vector<OreRule>& ore_rules();

struct WorldgenOptions {
  uint64_t seed = 1;
  int32_t x0 = -64, z0 = -64;  // the area's north-west corner
  int32_t size_x = 128, size_z = 128;
  int sea_level = 62;
  bool caves = true;
  double tree_density = 1.0, mob_density = 1.0;
  // The explore world (issue 30): each passive species keeps to one or two biomes (cows on plains
  // and savanna, sheep on plains and mountains, pigs in forest, chickens in forest and savanna), in
  // half as many herds, which gather where the grazing is open: 4-7 animals on the plains, one or
  // two elsewhere; and the open land (plains, savanna) grows scrub, trees of 2-3 logs. So what is
  // near depends on where the agent stands, and the nearest source may not hold enough.
  bool uneven = false;
  // Rivers (the explore world): meandering channels of water 4-8 blocks wide in valleys, outside the
  // mountains, crossed only at fords (sand bars at sea level). The agent does not swim, so a tree
  // seen across a river may be a long walk away: what is near in a straight line is not always near.
  bool rivers = false;
};

struct WorldgenReport {
  double seconds = 0;
  size_t cells_written = 0;
  world::Box box;                               // the generated cells
  std::map<std::string, size_t> blocks;         // block name -> cells of it (after caves and trees)
  std::map<std::string, int> mobs;              // mob type -> count
  std::map<std::string, int> trees;             // tree kind -> count
  std::map<std::string, int> biome_columns;     // biome name -> columns
  int min_surface = 0, max_surface = 0;
};

// Terrain facts at a column (pure functions of seed and position).
Biome biome_at(uint64_t seed, int32_t x, int32_t z);
int surface_height(uint64_t seed, int32_t x, int32_t z, int sea_level = 62);  // y of the top solid block
// Rivers (WorldgenOptions::rivers): how far a column lies from the nearest river's centre line, in
// units of the channel's half width (below 1: in the channel; 1-3: its valley sides), or +inf away
// from rivers; and whether the column is a ford (the channel's bed raised to sea level).
double river_offset(uint64_t seed, int32_t x, int32_t z);
bool river_ford(uint64_t seed, int32_t x, int32_t z);

// Writes the area into `world` (which should have no ground: WorldOptions{.ground = false}).
// The agent is put on the surface at the area's centre.
WorldgenReport generate(world::World& world, const WorldgenOptions& options);

// A void-ground World with options.seed, generated.
std::unique_ptr<world::World> make_survival_world(std::shared_ptr<const world::BlockRegistry> registry,
                                                  const WorldgenOptions& options, WorldgenReport* report = nullptr);

// FNV-1a over every cell's block name in `box` (x, then z, then y order) and every entity's
// type and position inside it: equal worlds hash equal.
uint64_t world_hash(const world::World& world, const world::Box& box);

// The block types and mob types generate() can place, for the obtainability analysis.
std::vector<std::string> generated_block_types();
// Those of them found mostly below the surface: the rock (stone and its blobs) and the ores. An
// exploring agent digs for these (Controller, explore mode) instead of walking to look for them.
std::vector<std::string> underground_block_types();
std::vector<std::string> generated_mob_types();

}  // namespace plank::survival
