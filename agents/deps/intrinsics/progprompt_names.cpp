// The ProgPrompt action library: verb_item for every goal the symbolic
// planner's plans of the 71 DEPS tasks use (DEPS 1.11 names), as ProgPrompt's
// `from actions import ...` line lists them. DepsSkills.ProgPromptNamesCoverOraclePlans
// re-derives the goals from the planner and fails when one is missing here.
#include "agents/deps/intrinsics/skills.h"

namespace plank::deps {

const std::vector<std::string>& progprompt_names() {
  static const std::vector<std::string> names = {
      "craft_bed", "craft_boat", "craft_bowl", "craft_bucket", "craft_carpet", "craft_cauldron", "craft_chest",
      "craft_chest_minecart", "craft_cobblestone_wall", "craft_crafting_table", "craft_fence",
      "craft_fence_gate", "craft_furnace", "craft_furnace_minecart", "craft_heavy_weighted_pressure_plate",
      "craft_hopper", "craft_hopper_minecart", "craft_iron_axe", "craft_iron_bars", "craft_iron_boots",
      "craft_iron_chestplate", "craft_iron_door", "craft_iron_helmet", "craft_iron_hoe", "craft_iron_leggings",
      "craft_iron_nugget", "craft_iron_pickaxe", "craft_iron_shovel", "craft_iron_sword", "craft_iron_trapdoor",
      "craft_item_frame", "craft_leather_boots", "craft_leather_chestplate", "craft_leather_helmet",
      "craft_leather_leggings", "craft_lever", "craft_minecart", "craft_oak_planks", "craft_oak_stairs", "craft_painting",
      "craft_planks", "craft_rail", "craft_sandstone", "craft_shears", "craft_shield", "craft_sign",
      "craft_stick", "craft_stone_axe", "craft_stone_hoe", "craft_stone_pickaxe", "craft_stone_pressure_plate",
      "craft_stone_shovel", "craft_stone_slab", "craft_stone_stairs", "craft_stone_sword", "craft_torch",
      "craft_trapdoor", "craft_tripwire_hook", "craft_wooden_axe", "craft_wooden_button", "craft_wooden_door",
      "craft_wooden_hoe", "craft_wooden_pickaxe", "craft_wooden_pressure_plate", "craft_wooden_shovel",
      "craft_wooden_slab", "craft_wooden_sword", "kill_beef", "kill_leather", "kill_mutton", "kill_porkchop",
      "kill_wool", "mine_coal", "mine_cobblestone", "mine_diamond", "mine_iron_ore", "mine_log", "mine_oak_log", "mine_sand",
      "smelt_cooked_beef", "smelt_cooked_mutton", "smelt_cooked_porkchop", "smelt_iron_ingot", "smelt_stone",
  };
  return names;
}

}  // namespace plank::deps
