#include "world/survival/obtainability.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "world/survival/mining.h"
#include "world/survival/mob_drops.h"
#include "world/survival/worldgen.h"

namespace plank::survival {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}

const char* step_kind_name(StepKind k) {
  switch (k) {
    case StepKind::Mine: return "mine";
    case StepKind::Kill: return "kill";
    case StepKind::Craft: return "craft";
    case StepKind::Smelt: return "smelt";
  }
  return "?";
}

Sources worldgen_sources() {
  // Rough actions to walk to one and take it in a 128 x 128 generated world: surface blocks a few,
  // ores more the deeper and rarer they are (dig down through stone), mobs a walk and a chase.
  Sources s;
  for (const auto& b : generated_block_types()) s.blocks[b] = 4;
  for (const char* b : {"dirt", "grass_block", "sand", "gravel"}) s.blocks[b] = 2;
  s.blocks["stone"] = 3;
  s.blocks["coal_ore"] = 8, s.blocks["iron_ore"] = 15, s.blocks["gold_ore"] = 40, s.blocks["redstone_ore"] = 40;
  s.blocks["lapis_ore"] = 50, s.blocks["diamond_ore"] = 60, s.blocks["clay"] = 10;
  s.blocks.erase("water");
  s.blocks.erase("bedrock");
  for (const auto& m : generated_mob_types()) s.mobs[m] = 10;
  s.mobs["spider"] = 20;
  return s;
}

std::string PlanStep::deps(const NameMap& names) const {
  ItemCounts out{{item, count}};
  auto q = [](const std::string& s) { return s.empty() ? std::string("null") : "'" + s + "'"; };
  switch (kind) {
    case StepKind::Mine: return fmt::format("mine({}, {})", deps_counts(names, out), q(tool));
    case StepKind::Kill: return fmt::format("kill({}, '{}', {})", deps_counts(names, out), source, q(tool));
    case StepKind::Craft: return fmt::format("craft({}, {}, {})", deps_counts(names, out), deps_counts(names, inputs), q(tool));
    case StepKind::Smelt: return fmt::format("smelt({}, {}, {})", deps_counts(names, out), deps_counts(names, inputs), q(tool));
  }
  return "";
}

std::string ObtainPlan::str(const NameMap& names) const {
  if (!ok) return fmt::format("{}: unobtainable: {}\n", target, reason);
  std::string s;
  for (const auto& st : steps) s += st.deps(names) + ";\n";
  return s;
}

Obtainability::Obtainability(const RecipeBook& book, const world::BlockRegistry& reg, Sources sources, ObtainOptions options)
    : book_(book), reg_(reg), sources_(std::move(sources)), options_(options) {
  const bool hw = options_.hand_written_rules;
  // Blocks.
  for (const auto& [block, c] : sources_.blocks) {
    auto id = reg_.find(block);
    if (!id) continue;
    std::vector<std::string> tools = reg_.harvest_tool_names(*id);
    HarvestCheck h = can_harvest(reg_, *id, tools.empty() ? "" : tools[0]);
    if (!h.ok) continue;
    std::string probe = tools.empty() ? "" : h.min_tool;
    for (const Drop& d : block_drops(book_, reg_, *id, probe, hw)) {
      Method m{StepKind::Mine, d.item, block, "", d.expected(), {}, tools, {}, c};
      if (d.hand_written) m.rules.push_back(fmt::format("loot_corrections.json: {} -> {}", block, d.item));
      if (m.yield > 0) methods_[d.item].push_back(std::move(m));
    }
  }
  // Mobs.
  for (const auto& [mob, c] : sources_.mobs)
    for (const Drop& d : mob_drops(book_, mob, hw)) {
      Method m{StepKind::Kill, d.item, mob, "", d.expected(), {}, {}, {}, c};
      if (d.hand_written) m.rules.push_back(fmt::format("mob_drops.json: {} -> {}", mob, d.item));
      if (m.yield > 0) methods_[d.item].push_back(std::move(m));
    }
  // Crafting.
  for (const auto& [result, recipes] : book_.all_crafting())
    for (const CraftRecipe& r : recipes)
      methods_[result].push_back({StepKind::Craft, result, "", r.needs_table ? "crafting_table" : "", double(r.count),
                                  r.inputs, {}, {}, 1});
  // Smelting.
  if (hw)
    for (const SmeltingRecipe& s : book_.data().smelting)
      methods_[s.output].push_back({StepKind::Smelt, s.output, "", "furnace", double(s.count),
                                    {Ingredient{s.input, 1, {s.input}, ""}}, {},
                                    {fmt::format("smelting.json: {} -> {}", s.input, s.output)}, 1});
  // Relax to a fixed point (costs only fall; every method costs at least 1, so it ends).
  for (int pass = 0; pass < 200; ++pass) {
    bool changed = false;
    for (const auto& [item, list] : methods_)
      for (size_t i = 0; i < list.size(); ++i) {
        double c = method_cost(list[i]);
        auto it = cost_.find(item);
        if (c < kInf && (it == cost_.end() || c < it->second - 1e-9)) {
          cost_[item] = c, best_[item] = i, changed = true;
        }
      }
    if (!changed) break;
  }
}

const std::vector<Obtainability::Method>* Obtainability::methods(const std::string& item) const {
  auto it = methods_.find(item);
  return it == methods_.end() ? nullptr : &it->second;
}

double Obtainability::cost(const std::string& item) const {
  auto it = cost_.find(item);
  return it == cost_.end() ? kInf : it->second;
}

double Obtainability::any_cost(const std::vector<std::string>& items, std::string* best) const {
  double c = kInf;
  for (const auto& i : items)
    if (cost(i) < c) c = cost(i), *best = i;
  return c;
}

double Obtainability::fuel_cost_per_smelt(std::string* best) const {
  double c = kInf;
  for (const auto& [fuel, ticks] : book_.data().fuel_ticks) {
    double f = cost(fuel) * 200.0 / ticks;
    if (f < c) c = f, *best = fuel;
  }
  return c;
}

double Obtainability::method_cost(const Method& m) const {
  double c = m.action_cost;
  std::string dummy;
  for (const auto& in : m.inputs) c += in.count * any_cost(in.any, &dummy);
  if (m.kind == StepKind::Smelt) c += fuel_cost_per_smelt(&dummy);
  c /= m.yield;
  // Tools and stations are made once; their cost is counted in full (a heuristic for choosing).
  if (!m.station.empty()) c += cost(m.station);
  if (!m.tools.empty()) c += any_cost(m.tools, &dummy);
  return c;
}

bool Obtainability::obtainable(const std::string& name) const {
  for (const auto& i : book_.names().resolve(name))
    if (cost(i) < kInf) return true;
  return false;
}

std::string Obtainability::reason(const std::string& item, int depth) const {
  if (!book_.is_item(item)) return fmt::format("'{}' is not a Minecraft 1.16.5 item", item);
  auto ms = methods(item);
  if (!ms || ms->empty())
    return fmt::format("nothing in this world yields {} (no recipe, no smelting, no block or mob drops it)", item);
  if (depth > 2) return fmt::format("{} is unobtainable", item);
  const Method& m = ms->front();
  std::string dummy;
  for (const auto& in : m.inputs)
    if (any_cost(in.any, &dummy) == kInf)
      return fmt::format("{} needs {}: {}", item, in.label(), reason(in.item, depth + 1));
  if (!m.station.empty() && cost(m.station) == kInf) return fmt::format("{} needs a {}: {}", item, m.station, reason(m.station, depth + 1));
  if (!m.tools.empty() && any_cost(m.tools, &dummy) == kInf)
    return fmt::format("{} needs {}: {}", item, m.tools[0], reason(m.tools[0], depth + 1));
  if (m.kind == StepKind::Smelt) return fmt::format("{} is smelted, and no fuel is obtainable", item);
  return fmt::format("{} is unobtainable", item);
}

std::string Obtainability::why_not(const std::string& name) const {
  if (obtainable(name)) return "";
  auto items = book_.names().resolve(name);
  return reason(items.front(), 0);
}

bool Obtainability::obtain_any(const std::vector<std::string>& items, int n, Inventory& inv, ObtainPlan& plan,
                               int depth) const {
  int have = inv.count_any(items);
  if (have >= n) return true;
  std::string best;
  if (any_cost(items, &best) == kInf) {
    plan.reason = reason(items.front(), 0);
    return false;
  }
  // Among equally good members, build on what is held: a member already in the inventory, or
  // one whose way of making uses something held (acacia_planks when acacia logs are held).
  auto uses_held = [&](const std::string& i) {
    if (inv.count(i) > 0) return true;
    auto bi = best_.find(i);
    if (bi == best_.end()) return false;
    for (const auto& in : methods_.at(i)[bi->second].inputs)
      if (inv.count_any(in.any) > 0) return true;
    return false;
  };
  if (!uses_held(best))
    for (const auto& i : items)
      if (cost(i) <= cost(best) * 1.5 && uses_held(i)) {
        best = i;
        break;
      }
  return obtain(best, inv.count(best) + (n - have), inv, plan, depth);
}

bool Obtainability::obtain(const std::string& item, int n, Inventory& inv, ObtainPlan& plan, int depth) const {
  if (inv.count(item) >= n) return true;
  if (depth > 40) {
    plan.reason = fmt::format("the plan for {} nests too deep", item);
    return false;
  }
  auto bi = best_.find(item);
  if (bi == best_.end()) {
    plan.reason = reason(item, 0);
    return false;
  }
  const Method& m = methods_.at(item)[bi->second];
  // Prerequisites first (kept), then the inputs; an input's own making may eat another input
  // (sticks eat planks), so the inputs are checked again until all are there.
  if (!m.station.empty() && !obtain(m.station, 1, inv, plan, depth + 1)) return false;
  std::string tool;
  if (!m.tools.empty()) {
    for (const auto& t : m.tools)
      if (inv.has(t) && (tool.empty() || tool_tier(t) > tool_tier(tool))) tool = t;
    if (tool.empty()) {
      any_cost(m.tools, &tool);
      if (!obtain(tool, 1, inv, plan, depth + 1)) return false;
    }
  }
  int need = n - inv.count(item);
  int runs = int(std::ceil(need / m.yield - 1e-9));
  std::string fuel;
  int fuel_units = 0;
  for (int pass = 0; pass < 6; ++pass) {
    bool all = true;
    for (const auto& in : m.inputs) {
      if (!obtain_any(in.any, in.count * runs, inv, plan, depth + 1)) return false;
    }
    if (m.kind == StepKind::Smelt) {
      // A fuel already held (after setting the input aside), else the cheapest to get.
      fuel.clear();
      for (const auto& f : book_.data().auto_fuels) {
        int units = (200 * runs + book_.fuel_ticks(f) - 1) / book_.fuel_ticks(f);
        if (inv.count(f) - (f == m.inputs[0].item ? runs : 0) >= units) { fuel = f, fuel_units = units; break; }
      }
      if (fuel.empty()) {
        fuel_cost_per_smelt(&fuel);
        if (fuel.empty()) { plan.reason = "no fuel is obtainable"; return false; }
        fuel_units = (200 * runs + book_.fuel_ticks(fuel) - 1) / book_.fuel_ticks(fuel);
        if (!obtain(fuel, inv.count(fuel) + fuel_units, inv, plan, depth + 1)) return false;
      }
    }
    for (const auto& in : m.inputs) all = all && inv.count_any(in.any) >= in.count * runs;
    if (m.kind == StepKind::Smelt) all = all && inv.count(fuel) - (fuel == m.inputs[0].item ? runs : 0) >= fuel_units;
    if (all) break;
    if (pass == 5) {
      plan.reason = fmt::format("could not gather the inputs of {} together", item);
      return false;
    }
  }
  PlanStep st;
  st.kind = m.kind;
  st.item = item;
  st.actions = runs;
  st.source = m.source;
  st.rules = m.rules;
  switch (m.kind) {
    case StepKind::Mine:
    case StepKind::Kill:
      st.count = need;
      st.tool = tool;
      inv.add(item, need);
      plan.raw[item] += need;
      break;
    case StepKind::Craft:
    case StepKind::Smelt:
      for (const auto& in : m.inputs) {
        int k = in.count * runs;
        for (const auto& a : in.any) {
          int take = std::min(k, inv.count(a));
          if (take > 0) inv.remove(a, take), st.inputs[a] += take, k -= take;
        }
      }
      st.count = int(m.yield) * runs;
      st.tool = m.station;
      if (m.kind == StepKind::Smelt) {
        inv.remove(fuel, fuel_units);
        st.inputs[fuel] += fuel_units;
        st.fuel = fuel;
        st.rules.push_back(fmt::format("fuels.json: {}", fuel));
      }
      inv.add(item, st.count);
      break;
  }
  for (const auto& r : st.rules) plan.hand_written_rules.insert(r);
  plan.steps.push_back(std::move(st));
  return true;
}

ObtainPlan Obtainability::plan(const std::string& name, int count, const Inventory& start) const {
  ObtainPlan p;
  p.target = name;
  std::vector<std::string> items;
  for (const auto& i : book_.names().resolve(name))
    if (book_.is_item(i)) items.push_back(i);
  if (items.empty()) {
    p.reason = fmt::format("'{}' is neither a Minecraft 1.16.5 item nor a DEPS name in item_names_1_11.json", name);
    return p;
  }
  p.cost = any_cost(items, &p.item);
  if (p.cost == kInf) {
    p.item = items.front();
    p.reason = why_not(name);
    return p;
  }
  Inventory inv = start;
  int have = inv.count_any(items);
  p.ok = have >= count || obtain(p.item, inv.count(p.item) + (count - have), inv, p, 0);
  if (!p.ok) p.steps.clear();
  return p;
}

}  // namespace plank::survival
