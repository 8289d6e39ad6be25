// DEPS's skills as Plank intrinsics (category "deps", capability world):
// mine, craft, smelt, kill, equip, `inventory` with its method `has`, and the
// ProgPrompt names (mine_log(num = 1), craft_planks(num = 4), ...) that map
// onto the same skills. They act on core::Thread::host->deps.
#pragma once
#include <string>
#include <vector>

namespace plank::deps {

// Appends the skills to the intrinsics table (register_intrinsics in intrinsics.h calls it once).
void register_skills();

// The ProgPrompt action names, "verb_item" (craft_planks, mine_log, smelt_iron_ingot, kill_leather):
// every goal of the oracle plans of the 71 DEPS tasks has one (tests/deps checks it).
const std::vector<std::string>& progprompt_names();

}  // namespace plank::deps
