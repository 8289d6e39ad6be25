#include "world/survival/mining.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <mutex>

namespace plank::survival {

int tool_tier(const std::string& item) {
  if (tool_kind(item).empty() || item == "shears") return 0;
  if (item.rfind("wooden_", 0) == 0 || item.rfind("golden_", 0) == 0) return 1;
  if (item.rfind("stone_", 0) == 0) return 2;
  if (item.rfind("iron_", 0) == 0) return 3;
  if (item.rfind("diamond_", 0) == 0) return 4;
  if (item.rfind("netherite_", 0) == 0) return 5;
  return 0;
}

std::string tool_kind(const std::string& item) {
  if (item == "shears") return "shears";
  for (const char* k : {"_pickaxe", "_axe", "_shovel", "_hoe", "_sword"}) {
    std::string s = k;
    if (item.size() > s.size() && item.compare(item.size() - s.size(), s.size(), s) == 0) return s.substr(1);
  }
  return "";
}

namespace {

std::string article(const std::string& w) { return std::string("aeiou").find(w[0]) != std::string::npos ? "an" : "a"; }

}  // namespace

HarvestCheck can_harvest(const world::BlockRegistry& reg, world::BlockId block, const std::string& tool) {
  const world::BlockType& t = reg[block];
  HarvestCheck h;
  if (t.hardness < 0 || !t.diggable) {
    h.reason = fmt::format("{} cannot be broken", t.name);
    return h;
  }
  if (t.harvest_tools.empty()) return h.ok = true, h;
  std::vector<std::string> names = reg.harvest_tool_names(block);
  // The lowest tier among the non-golden tools (golden tools wear out fast; nobody plans with them).
  int best = 99;
  for (const auto& n : names)
    if (n.rfind("golden_", 0) != 0 && tool_tier(n) < best) best = tool_tier(n), h.min_tool = n;
  if (h.min_tool.empty() && !names.empty()) h.min_tool = names[0];
  h.ok = !tool.empty() && std::find(names.begin(), names.end(), tool) != names.end();
  if (!h.ok)
    h.reason = fmt::format("{} needs {} {} or better to drop anything ({})", t.name, article(h.min_tool), h.min_tool,
                           tool.empty() ? "mined by hand" : fmt::format("have {} {}", article(tool), tool));
  return h;
}

std::vector<Drop> block_drops(const RecipeBook& book, const world::BlockRegistry& reg, world::BlockId block,
                              const std::string& tool, bool use_corrections) {
  const world::BlockType& t = reg[block];
  if (!can_harvest(reg, block, tool).ok) return {};
  if (use_corrections) {
    const auto& corr = book.data().loot_corrections;
    if (auto it = corr.find(t.name); it != corr.end()) return it->second;
  }
  // minecraft-data splits silk-touch alternatives into dropChance halves: without silk touch
  // the noSilkTouch entries are what drops, so their chances are renormalised to sum to 1.
  double no_silk_total = 0;
  for (const auto& d : t.loot)
    if (d.no_silk_touch) no_silk_total += d.drop_chance;
  std::vector<Drop> out;
  for (const auto& d : t.loot) {
    if (d.silk_touch) continue;
    Drop drop{d.item, d.min_count, d.max_count, d.drop_chance, false};
    if (d.no_silk_touch && no_silk_total > 0) drop.chance = std::min(1.0, d.drop_chance / no_silk_total);
    out.push_back(drop);
  }
  return out;
}

ItemCounts roll(const std::vector<Drop>& drops, world::Rng& rng, bool exclusive) {
  ItemCounts out;
  if (exclusive) {
    double u = rng.unit(), acc = 0;
    for (const auto& d : drops) {
      acc += d.chance;
      if (u < acc || &d == &drops.back()) {
        int n = d.min + int(rng.below(uint64_t(d.max - d.min + 1)));
        if (n > 0) out[d.item] += n;
        break;
      }
    }
    return out;
  }
  for (const auto& d : drops) {
    if (d.chance < 1 && rng.unit() >= d.chance) continue;
    int n = d.min + int(rng.below(uint64_t(d.max - d.min + 1)));
    if (n > 0) out[d.item] += n;
  }
  return out;
}

ItemCounts roll_block_drops(const RecipeBook& book, const world::BlockRegistry& reg, world::BlockId block,
                            const std::string& tool, world::Rng& rng) {
  const auto& ex = book.data().exclusive_loot;
  bool exclusive = std::find(ex.begin(), ex.end(), reg[block].name) != ex.end();
  return roll(block_drops(book, reg, block, tool), rng, exclusive);
}

std::string best_tool(const world::BlockRegistry& reg, world::BlockId block, const Inventory& inv) {
  std::vector<std::string> names = reg.harvest_tool_names(block);
  std::string best;
  int tier = -1;
  if (names.empty()) {
    // Anything harvests it: use the best tool of the kind the material favours, if any.
    const world::BlockType& t = reg[block];
    std::string kind = t.material == "rock" ? "pickaxe" : t.material == "wood" ? "axe"
                     : (t.material == "dirt" || t.material == "sand" || t.material == "gravel") ? "shovel" : "";
    if (kind.empty()) return "";
    for (const auto& [item, n] : inv.items())
      if (tool_kind(item) == kind && tool_tier(item) > tier) tier = tool_tier(item), best = item;
    return best;
  }
  for (const auto& n : names)
    if (inv.has(n) && tool_tier(n) > tier) tier = tool_tier(n), best = n;
  return best;
}

struct BlockSourceCache {
  std::mutex mutex;
  // (registry, wanted items) -> sources; entries are never erased, so references stay valid.
  std::map<std::pair<const world::BlockRegistry*, std::string>, std::vector<BlockSource>> sources;
};

BlockSourceCache& RecipeBook::source_cache() const {
  static std::mutex made;  // books are shared between threads (tests, evaluations)
  std::lock_guard<std::mutex> lock(made);
  if (!source_cache_) source_cache_ = std::make_shared<BlockSourceCache>();
  return *source_cache_;
}

const std::vector<BlockSource>& block_sources(const RecipeBook& book, const world::BlockRegistry& reg,
                                              const std::vector<std::string>& items) {
  BlockSourceCache& cache = book.source_cache();
  std::string key;
  for (const auto& i : items) key += i + ",";
  std::lock_guard<std::mutex> lock(cache.mutex);
  auto [it, fresh] = cache.sources.try_emplace({&reg, key});
  if (!fresh) return it->second;
  for (size_t id = 1; id < reg.size(); ++id) {
    HarvestCheck h = can_harvest(reg, world::BlockId(id), "");
    if (!h.ok && h.min_tool.empty()) continue;  // unbreakable
    double yield = 0;
    for (const Drop& d : block_drops(book, reg, world::BlockId(id), h.ok ? "" : h.min_tool))
      if (std::find(items.begin(), items.end(), d.item) != items.end()) yield += d.expected();
    if (yield >= 0.01) it->second.push_back({world::BlockId(id), yield, h.ok ? "" : h.min_tool});
  }
  return it->second;
}

}  // namespace plank::survival
