#include "world/survival/recipe_book.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace plank::survival {

namespace {

std::string item_name(const world::McData& mc, int id) {
  return id >= 0 && size_t(id) < mc.items.size() ? mc.items[id].name : fmt::format("item#{}", id);
}

// One recipe with exact inputs.
CraftRecipe convert(const world::McData& mc, const world::McRecipe& r) {
  CraftRecipe c;
  c.result = item_name(mc, r.result_id);
  c.count = r.result_count;
  std::map<std::string, int> counts;
  if (r.shaped()) {
    c.height = int(r.shape.size());
    for (const auto& row : r.shape) {
      c.width = std::max(c.width, int(row.size()));
      for (int id : row)
        if (id != 0) ++counts[item_name(mc, id)];
    }
    c.needs_table = c.width > 2 || c.height > 2;
  } else {
    for (int id : r.ingredients) ++counts[item_name(mc, id)];
    c.needs_table = r.ingredients.size() > 4;
  }
  for (const auto& [item, n] : counts) c.inputs.push_back({item, n, {item}, ""});
  return c;
}

std::string key_of(const CraftRecipe& c) {
  std::string k = fmt::format("{}x{}|{}|", c.count, c.needs_table, c.result);
  for (const auto& i : c.inputs) k += fmt::format("{}:{};", i.label(), i.count);
  return k;
}

}  // namespace

RecipeBook::RecipeBook(std::shared_ptr<const world::McData> mc, std::shared_ptr<const SurvivalData> data)
    : mc_(std::move(mc)), data_(std::move(data)) {
  std::map<std::string, std::vector<CraftRecipe>> raw;
  for (const auto& r : mc_->recipes) {
    CraftRecipe c = convert(*mc_, r);
    raw[c.result].push_back(std::move(c));
  }
  const NameMap& names = data_->names;
  for (auto& [result, list] : raw) {
    // Items used anywhere in this result's recipes.
    std::set<std::string> used;
    for (const auto& c : list)
      for (const auto& i : c.inputs) used.insert(i.item);
    std::set<std::string> seen;
    auto& out = crafting_[result];
    for (auto& c : list) {
      for (auto& in : c.inputs) {
        std::string g;
        const auto* members = names.group_of(in.item, &g);
        if (!members) continue;
        bool all = std::all_of(members->begin(), members->end(), [&](const std::string& m) { return used.count(m) > 0; });
        if (all) {
          in.any = *members;
          // The recipe's own variant first, so exact matches are preferred.
          std::stable_partition(in.any.begin(), in.any.end(), [&](const std::string& m) { return m == in.item; });
          in.group = g;
        }
      }
      if (seen.insert(key_of(c)).second) out.push_back(std::move(c));
    }
  }
}

const std::vector<CraftRecipe>& RecipeBook::crafting(const std::string& result) const {
  static const std::vector<CraftRecipe> none;
  auto it = crafting_.find(result);
  return it == crafting_.end() ? none : it->second;
}

std::vector<const SmeltingRecipe*> RecipeBook::smelting(const std::string& output) const {
  std::vector<const SmeltingRecipe*> out;
  for (const auto& s : data_->smelting)
    if (s.output == output) out.push_back(&s);
  return out;
}

const SmeltingRecipe* RecipeBook::smelting_of(const std::string& input) const {
  for (const auto& s : data_->smelting)
    if (s.input == input) return &s;
  return nullptr;
}

int RecipeBook::fuel_ticks(const std::string& item) const {
  auto it = data_->fuel_ticks.find(item);
  return it == data_->fuel_ticks.end() ? 0 : it->second;
}

std::string deps_counts(const NameMap& names, const ItemCounts& counts) {
  std::string s;
  for (const auto& [item, n] : counts) s += fmt::format("{}'{}':{}", s.empty() ? "" : ", ", names.to_deps(item), n);
  return "{" + s + "}";
}

}  // namespace plank::survival
