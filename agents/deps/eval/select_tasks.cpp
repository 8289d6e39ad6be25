#include "agents/deps/eval/select_tasks.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <iterator>

#include "world/survival/mob_drops.h"
#include "world/survival/obtainability.h"
#include "world/survival/survival_data.h"
#include "world/survival/worldgen.h"

namespace plank::deps {

const std::vector<SelectFamily>& select_families() {
  // Budgets: about what the best candidate needs on most seeds of the explore world, so that a poor
  // choice (a kind of tree or animal the agent has to search the map for) runs out of ticks. Counts:
  // more than the nearest lone source holds -- a scrub tree (2-3 logs) or a lone animal (one or two
  // kills) -- and what one forest tree (4-9 logs) or one plains herd (4-7 animals) gives.
  // fuel: enough to smelt `count` items; what that is depends on the candidate (its fuel value),
  // and the cheapest per block -- coal -- needs a pickaxe the agent does not start with.
  static const std::vector<SelectFamily> families = {
      {"wood", 5, 1200},
      {"meat", 4, 1800},
      {"fuel", 16, 1800},
  };
  return families;
}

namespace {

// The fuels a furnace can burn that the generated world gives by breaking a block, each with the
// cheapest tool that harvests it ("" = the hand), for `smelts` items: as many of the item as burn
// that long. Fuels that burn less than one smelt (sticks, saplings, dead bushes) are left out: a
// player does not feed a furnace bush by bush. The order is the rules' (the fuel table's).
std::vector<Goal> fuel_candidates(const Rules& rules, int smelts) {
  std::vector<Goal> out;
  const std::vector<std::string> placed = survival::generated_block_types();
  for (const auto& [item, ticks] : rules.data->fuel_ticks) {
    if (ticks < survival::kSmeltTicks) continue;
    const auto* methods = rules.analysis->methods(item);
    if (!methods) continue;
    for (const survival::Obtainability::Method& m : *methods) {
      if (m.kind != survival::StepKind::Mine || std::find(placed.begin(), placed.end(), m.source) == placed.end())
        continue;
      std::string tool;
      double tool_cost = 0;
      for (const std::string& t : m.tools)
        if (double c = rules.analysis->cost(t); tool.empty() || c < tool_cost) tool = t, tool_cost = c;
      const int count = (smelts * survival::kSmeltTicks + ticks - 1) / ticks;
      out.push_back(Goal{Verb::Mine, item, count, {}, tool});
      break;
    }
  }
  return out;
}

}  // namespace

std::vector<Goal> family_candidates(const Rules& rules, const SelectFamily& family) {
  std::vector<Goal> out;
  const std::string name = family.name;
  if (name == "fuel") return fuel_candidates(rules, family.count);
  if (name == "wood") {
    const std::vector<std::string> placed = survival::generated_block_types();
    for (const std::string& log : rules.book->names().resolve("log"))
      if (std::find(placed.begin(), placed.end(), log) != placed.end())
        out.push_back(Goal{Verb::Mine, log, family.count, {}, ""});
  } else if (name == "meat") {
    for (const std::string& mob : survival::generated_mob_types())
      for (const survival::Drop& d : survival::mob_drops(*rules.book, mob))
        if (rules.book->smelting_of(d.item))
          out.push_back(Goal{Verb::Kill, d.item, family.count, {}, ""});
  }
  return out;
}

std::vector<SelectTask> select_tasks(const Rules& rules, int k) {
  std::vector<SelectTask> tasks;
  for (const SelectFamily& f : select_families()) {
    std::vector<Goal> all = family_candidates(rules, f);
    const int n = int(all.size());
    if (k < 2 || k > n) continue;
    // Every k-subset (bit masks in increasing order), each in its k rotations.
    for (unsigned mask = 0; mask < (1u << n); ++mask) {
      if (std::popcount(mask) != k) continue;
      std::vector<Goal> subset;
      for (int i = 0; i < n; ++i)
        if (mask & (1u << i)) subset.push_back(all[size_t(i)]);
      for (int r = 0; r < k; ++r) {
        SelectTask t;
        t.family = f.name;
        t.count = f.count;
        t.max_ticks = f.max_ticks;
        std::rotate_copy(subset.begin(), subset.begin() + r, subset.end(), std::back_inserter(t.candidates));
        std::string names;
        for (const Goal& g : t.candidates) names += (names.empty() ? "" : " | ") + g.item;
        t.name = fmt::format("{}: {}", f.name, names);
        tasks.push_back(std::move(t));
      }
    }
  }
  return tasks;
}

}  // namespace plank::deps
