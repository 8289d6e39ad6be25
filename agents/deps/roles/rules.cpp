#include "agents/deps/roles/rules.h"

#include <mutex>

#include "world/voxels/mcdata.h"

namespace plank::deps {

const Rules* load_rules(std::string* error) {
  static std::once_flag once;
  static std::unique_ptr<Rules> rules;
  static std::string load_error;
  std::call_once(once, [] {
    auto mc = world::load_mcdata(world::default_mcdata_dir(), &load_error);
    if (!mc) return;
    auto r = std::make_unique<Rules>();
    r->registry = world::BlockRegistry::from_mcdata(mc);
    r->data = survival::load_survival_data(survival::default_data_dir(), *mc, &load_error);
    if (!r->data) return;
    r->book = std::make_unique<survival::RecipeBook>(mc, r->data);
    r->analysis = std::make_unique<survival::Obtainability>(*r->book, *r->registry, survival::worldgen_sources());
    rules = std::move(r);
  });
  if (!rules && error) *error = load_error;
  return rules.get();
}

}  // namespace plank::deps
