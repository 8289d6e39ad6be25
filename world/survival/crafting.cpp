#include "world/survival/crafting.h"

#include <fmt/format.h>

#include <algorithm>

namespace plank::survival {

const char* craft_error_name(CraftError e) {
  switch (e) {
    case CraftError::None: return "none";
    case CraftError::UnknownItem: return "unknown item";
    case CraftError::NoRecipe: return "no recipe";
    case CraftError::MissingMaterials: return "missing materials";
    case CraftError::NeedsCraftingTable: return "needs a crafting table";
    case CraftError::NeedsFurnace: return "needs a furnace";
    case CraftError::NoFuel: return "no fuel";
  }
  return "?";
}

namespace {

CraftResult fail(CraftError e, std::string item, std::string message) {
  CraftResult r;
  r.error = e;
  r.item = std::move(item);
  r.message = std::move(message);
  return r;
}

std::string missing_text(const std::vector<Missing>& m) {
  std::string s;
  for (const auto& x : m) s += fmt::format("{}{} {} (have {})", s.empty() ? "" : ", ", x.need - x.have, x.item, x.have);
  return s;
}

}  // namespace

CraftResult craft(const RecipeBook& book, const std::string& name, int count, Inventory& inv, bool near_table) {
  if (count <= 0) return fail(CraftError::NoRecipe, name, fmt::format("cannot craft {} {}", count, name));
  std::vector<std::string> candidates;
  for (const auto& c : book.names().resolve(name))
    if (book.is_item(c)) candidates.push_back(c);
  if (candidates.empty()) return fail(CraftError::UnknownItem, name, fmt::format("'{}' is not a Minecraft item", name));

  // Best failure so far: a table problem beats missing materials (the materials are there).
  CraftResult best_fail;
  size_t best_missing = SIZE_MAX;
  bool any_recipe = false;
  for (const auto& item : candidates) {
    for (const CraftRecipe& r : book.crafting(item)) {
      any_recipe = true;
      int runs = (count + r.count - 1) / r.count;
      std::vector<Missing> missing;
      for (const auto& in : r.inputs) {
        int have = inv.count_any(in.any), need = in.count * runs;
        if (have < need) missing.push_back({in.label(), need, have});
      }
      if (missing.empty() && r.needs_table && !near_table) {
        if (best_missing != 0) {
          best_fail = fail(CraftError::NeedsCraftingTable, item,
                           fmt::format("{} needs a crafting table nearby (its recipe is {}x{}, the inventory grid is 2x2)",
                                       item, r.width, r.height));
          best_fail.recipe = &r;
          best_missing = 0;
        }
        continue;
      }
      if (!missing.empty()) {
        size_t total = 0;
        for (const auto& m : missing) total += size_t(m.need - m.have);
        if (total < best_missing) {
          best_missing = total;
          best_fail = fail(CraftError::MissingMaterials, item,
                           fmt::format("cannot craft {} {}: missing {}", count, item, missing_text(missing)));
          best_fail.missing = missing;
          best_fail.recipe = &r;
        }
        continue;
      }
      CraftResult ok;
      ok.ok = true;
      ok.item = item;
      ok.recipe = &r;
      for (const auto& in : r.inputs) {
        int need = in.count * runs;
        // Record which members were taken.
        for (const auto& m : in.any) {
          int take = std::min(need, inv.count(m));
          if (take > 0) inv.remove(m, take), ok.consumed[m] += take, need -= take;
        }
      }
      ok.produced = r.count * runs;
      inv.add(item, ok.produced);
      return ok;
    }
  }
  if (!any_recipe)
    return fail(CraftError::NoRecipe, name,
                fmt::format("{} has no crafting recipe{}", name,
                            book.smelting(candidates[0]).empty() ? "" : " (it is smelted in a furnace)"));
  return best_fail;
}

CraftResult smelt(const RecipeBook& book, const std::string& name, int count, Inventory& inv, bool near_furnace,
                  const std::string& fuel) {
  std::vector<std::string> candidates;
  for (const auto& c : book.names().resolve(name))
    if (book.is_item(c)) candidates.push_back(c);
  if (candidates.empty()) return fail(CraftError::UnknownItem, name, fmt::format("'{}' is not a Minecraft item", name));
  std::vector<const SmeltingRecipe*> recipes;
  for (const auto& c : candidates)
    for (const auto* s : book.smelting(c)) recipes.push_back(s);
  if (recipes.empty()) return fail(CraftError::NoRecipe, name, fmt::format("nothing smelts into {}", name));
  if (count <= 0) return fail(CraftError::NoRecipe, name, fmt::format("cannot smelt {} {}", count, name));
  if (!near_furnace)
    return fail(CraftError::NeedsFurnace, recipes[0]->output, fmt::format("smelting {} needs a furnace nearby", recipes[0]->output));

  // The first recipe whose input is in the inventory, else the first one.
  const SmeltingRecipe* r = recipes[0];
  for (const auto* s : recipes)
    if (inv.count(s->input) >= (count + s->count - 1) / s->count) { r = s; break; }
  int runs = (count + r->count - 1) / r->count;
  if (inv.count(r->input) < runs) {
    CraftResult f = fail(CraftError::MissingMaterials, r->output,
                         fmt::format("cannot smelt {} {}: missing {} {} (have {})", count, r->output,
                                     runs - inv.count(r->input), r->input, inv.count(r->input)));
    f.missing.push_back({r->input, runs, inv.count(r->input)});
    return f;
  }
  // Fuel: the named one, else the first of auto_order the inventory holds enough of
  // (after the input is set aside when the fuel is the input itself).
  auto units_for = [&](const std::string& f) {
    int t = book.fuel_ticks(f);
    return t == 0 ? 0 : (r->ticks * runs + t - 1) / t;
  };
  auto available = [&](const std::string& f) { return inv.count(f) - (f == r->input ? runs : 0); };
  std::string chosen;
  if (!fuel.empty()) {
    if (book.fuel_ticks(fuel) == 0) return fail(CraftError::NoFuel, r->output, fmt::format("{} does not burn", fuel));
    if (available(fuel) < units_for(fuel)) {
      CraftResult f = fail(CraftError::NoFuel, r->output,
                           fmt::format("smelting {} {} needs {} {} as fuel (have {})", runs, r->input, units_for(fuel), fuel,
                                       std::max(0, available(fuel))));
      f.missing.push_back({fuel, units_for(fuel), std::max(0, available(fuel))});
      return f;
    }
    chosen = fuel;
  } else {
    for (const auto& f : book.data().auto_fuels)
      if (available(f) >= units_for(f)) { chosen = f; break; }
    if (chosen.empty())
      return fail(CraftError::NoFuel, r->output,
                  fmt::format("smelting {} {} needs fuel: {} coal or charcoal, or {} planks or logs", runs, r->input,
                              units_for("coal"), units_for("oak_planks")));
  }
  CraftResult ok;
  ok.ok = true;
  ok.item = r->output;
  inv.remove(r->input, runs);
  ok.consumed[r->input] += runs;
  inv.remove(chosen, units_for(chosen));
  ok.consumed[chosen] += units_for(chosen);
  ok.produced = r->count * runs;
  inv.add(r->output, ok.produced);
  return ok;
}

}  // namespace plank::survival
