// Shared set-up for the survival tests: minecraft-data, the hand-written data, one RecipeBook.
#pragma once
#include <gtest/gtest.h>

#include <memory>

#include "test_util.h"
#include "world/survival/recipe_book.h"
#include "world/survival/survival_data.h"

namespace plank::survival::test {

struct Rules {
  std::shared_ptr<const world::BlockRegistry> registry;
  std::shared_ptr<const SurvivalData> data;
  std::unique_ptr<RecipeBook> book;
  std::string error;
};

inline const Rules& rules() {
  static Rules r = [] {
    Rules r;
    r.registry = world::test::mc_registry();
    if (!r.registry) return r;
    std::shared_ptr<const world::McData> mc(r.registry, r.registry->mcdata());  // aliasing: lives with the registry
    r.data = load_survival_data(default_data_dir(), *mc, &r.error);
    if (r.data) r.book = std::make_unique<RecipeBook>(mc, r.data);
    return r;
  }();
  return r;
}

#define PLANK_REQUIRE_RULES(var)                                                          \
  const auto& var = ::plank::survival::test::rules();                                     \
  if (!var.registry) GTEST_SKIP() << ::plank::world::test::mc_skip_reason();              \
  ASSERT_TRUE(var.book) << var.error

}  // namespace plank::survival::test
