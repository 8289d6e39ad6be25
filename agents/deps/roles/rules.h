// The survival rules a DEPS episode needs, loaded once per process:
// minecraft-data's block registry, the hand-written survival data, the recipe
// book and the obtainability analysis (the symbolic planner's graph).
#pragma once
#include <memory>
#include <string>

#include "world/survival/obtainability.h"
#include "world/survival/recipe_book.h"
#include "world/voxels/block_registry.h"

namespace plank::deps {

struct Rules {
  std::shared_ptr<const world::BlockRegistry> registry;
  std::shared_ptr<const survival::SurvivalData> data;
  std::unique_ptr<survival::RecipeBook> book;
  std::unique_ptr<survival::Obtainability> analysis;
};

// Null and *error (a sentence naming the file and the fix) when minecraft-data or world/data is missing.
const Rules* load_rules(std::string* error);

}  // namespace plank::deps
