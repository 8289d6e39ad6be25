#include <gtest/gtest.h>

#include <algorithm>

#include "test_util.h"
#include "world/voxels/block_registry.h"

namespace plank::world {
namespace {

using test::id;

TEST(BlockRegistry, BuiltinHasAirAndTheSixIgluColours) {
  auto r = BlockRegistry::builtin();
  EXPECT_EQ((*r)[kAir].name, "air");
  EXPECT_FALSE((*r)[kAir].solid);
  const char* words[] = {"blue", "green", "red", "orange", "purple", "yellow"};
  for (int c = 1; c <= 6; ++c) {
    const BlockType& t = (*r)[r->iglu(c)];
    EXPECT_EQ(t.iglu_colour, c);
    EXPECT_EQ(t.colour.word, words[c - 1]);
    EXPECT_EQ(r->find(std::string("iglu:") + std::to_string(c)), r->iglu(c));
    EXPECT_EQ(r->find(std::string("iglu_") + words[c - 1]), r->iglu(c));
  }
  EXPECT_FALSE(r->find("iglu:7"));
  EXPECT_FALSE(r->find("no_such_block"));
}

TEST(BlockRegistry, LoadsMinecraftData) {
  PLANK_REQUIRE_MCDATA(r);
  EXPECT_EQ(r->mcdata()->minecraft_version, "1.16.5");
  EXPECT_GT(r->size(), 700u);
  const BlockType& stone = (*r)[id(*r, "stone")];
  EXPECT_EQ(stone.mc_id, 1);
  EXPECT_DOUBLE_EQ(stone.hardness, 1.5);
  EXPECT_TRUE(stone.solid);
  EXPECT_EQ(stone.colour.word, "gray");
  EXPECT_EQ(r->find("minecraft:stone"), r->find("stone"));
  EXPECT_EQ((*r)[id(*r, "red_wool")].colour.word, "red");
  EXPECT_EQ((*r)[id(*r, "light_blue_wool")].colour.word, "light_blue");
  EXPECT_FALSE((*r)[id(*r, "water")].solid);
}

TEST(BlockRegistry, HarvestToolsComeFromMinecraftData) {
  PLANK_REQUIRE_MCDATA(r);
  BlockId diamond_ore = id(*r, "diamond_ore");
  auto tools = r->harvest_tool_names(diamond_ore);
  EXPECT_NE(std::find(tools.begin(), tools.end(), "iron_pickaxe"), tools.end());
  EXPECT_NE(std::find(tools.begin(), tools.end(), "diamond_pickaxe"), tools.end());
  EXPECT_EQ(std::find(tools.begin(), tools.end(), "stone_pickaxe"), tools.end());
  const McData& data = *r->mcdata();
  EXPECT_TRUE(r->can_harvest(diamond_ore, data.item("iron_pickaxe")->id));
  EXPECT_FALSE(r->can_harvest(diamond_ore, data.item("stone_pickaxe")->id));
  EXPECT_FALSE(r->can_harvest(diamond_ore, -1));
  EXPECT_TRUE(r->can_harvest(id(*r, "dirt"), -1));  // no harvest tools: the hand works
}

TEST(BlockRegistry, LootComesFromBlockLootNotBlocksDrops) {
  PLANK_REQUIRE_MCDATA(r);
  const auto& loot = (*r)[id(*r, "stone")].loot;
  auto cobble = std::find_if(loot.begin(), loot.end(), [](const McLootDrop& d) { return d.item == "cobblestone"; });
  ASSERT_NE(cobble, loot.end());
  EXPECT_TRUE(cobble->no_silk_touch);
}

TEST(McData, RecipesEntitiesAndMaterials) {
  PLANK_REQUIRE_MCDATA(r);
  const McData& d = *r->mcdata();
  int pickaxe = d.item("wooden_pickaxe")->id;
  auto it = std::find_if(d.recipes.begin(), d.recipes.end(), [&](const McRecipe& x) { return x.result_id == pickaxe; });
  ASSERT_NE(it, d.recipes.end());
  ASSERT_TRUE(it->shaped());
  EXPECT_EQ(it->shape.size(), 3u);
  EXPECT_EQ(it->shape[1][1], d.item("stick")->id);
  ASSERT_NE(d.entity("pig"), nullptr);
  EXPECT_EQ(d.entity("pig")->type, "mob");
  EXPECT_GT(d.materials.at("rock").at(d.item("iron_pickaxe")->id), 1.0);
}

TEST(McData, MissingFolderIsAClearError) {
  std::string error;
  EXPECT_EQ(load_mcdata("/nonexistent/plank-mcdata", &error), nullptr);
  EXPECT_NE(error.find("/nonexistent/plank-mcdata/blocks.json"), std::string::npos) << error;
  EXPECT_NE(error.find("fetch-minecraft-data"), std::string::npos) << error;
}

}  // namespace
}  // namespace plank::world
