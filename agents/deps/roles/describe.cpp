#include "agents/deps/roles/describe.h"

#include <fmt/format.h>

#include <cmath>

#include "world/survival/mining.h"

namespace plank::deps {

using survival::Failure;

Description describe(const PlanRun& run, const survival::ItemCounts& inventory) {
  Description d;
  d.inventory = inventory;
  for (const StepRecord& s : run.steps)
    if (s.result.ok) d.succeeded.push_back(s.step);
  if (run.skill_failed) d.failed = run.steps.back();
  if (!run.finished && !run.skill_failed) {
    d.plan_error = true;
    d.plan_error_text = run.error.substr(0, run.error.find('\n'));
  }
  std::string s;
  if (!d.succeeded.empty()) s = fmt::format("I succeed on step {}", fmt::join(d.succeeded, ", "));
  if (d.failed) {
    s += fmt::format("{}I fail on step {} \"{}\".", s.empty() ? "" : ", but ", d.failed->step, d.failed->call);
  } else if (d.plan_error) {
    s += fmt::format("{}my plan stops with an error: {}.", s.empty() ? "" : ", but ", d.plan_error_text);
  } else {
    s += s.empty() ? "I finish a plan with no steps." : ".";
  }
  if (!s.empty()) s[0] = char(std::toupper(static_cast<unsigned char>(s[0])));
  d.text = s + (inventory.empty() ? " My inventory is empty." : " My inventory now has " + counts_text(inventory) + ".");
  return d;
}

namespace {

const char* doing(Verb v) {
  switch (v) {
    case Verb::Mine: return "mining";
    case Verb::Craft: return "crafting";
    case Verb::Smelt: return "smelting";
    case Verb::Kill: return "hunting for";
    case Verb::Equip: return "equipping";
  }
  return "";
}

// "3 planks" / "planks" / "wooden_pickaxe" -> (item, count); the first of a comma-separated list.
std::pair<std::string, int> parse_needed(const std::string& needed) {
  std::string first = needed.substr(0, needed.find(','));
  while (!first.empty() && first.front() == ' ') first.erase(0, 1);
  size_t space = first.find(' ');
  if (space != std::string::npos && std::isdigit(static_cast<unsigned char>(first[0])))
    return {first.substr(space + 1), std::atoi(first.c_str())};
  return {first, 1};
}

// The cheapest tool that harvests what `item` is mined from (the analysis's Mine method's block):
// mining's own answer, can_harvest().min_tool.
std::string tool_needed(const Rules& rules, const std::string& item) {
  for (const std::string& name : rules.book->names().resolve(item))
    if (const auto* ms = rules.analysis->methods(name))
      for (const auto& m : *ms)
        if (auto block = m.kind == survival::StepKind::Mine ? rules.registry->find(m.source) : std::nullopt)
          if (std::string t = survival::can_harvest(*rules.registry, *block, "").min_tool; !t.empty()) return t;
  return "";
}

// The first recipe input the inventory lacks for `count` of `item`.
std::pair<std::string, int> shortfall(const Rules& rules, const Goal& g, const survival::Inventory& inv) {
  const auto& names = rules.book->names();
  for (const std::string& item : names.resolve(g.item)) {
    if (g.verb == Verb::Craft) {
      for (const auto& r : rules.book->crafting(item)) {
        int runs = (g.count + r.count - 1) / r.count;
        for (const auto& in : r.inputs) {
          int have = inv.count_any(in.any.empty() ? std::vector<std::string>{in.item} : in.any);
          if (have < in.count * runs) return {names.to_deps(in.item), in.count * runs - have};
        }
      }
    } else if (g.verb == Verb::Smelt) {
      for (const auto* r : rules.book->smelting(item)) {
        int have = inv.count(r->input);
        if (have < g.count) return {names.to_deps(r->input), g.count - have};
      }
    }
  }
  return {"", 0};
}

}  // namespace

Explanation explain(const Rules& rules, const Description& d, const std::string& target, int target_count,
                    const survival::Inventory& inventory) {
  Explanation e;
  if (d.plan_error) {
    e.cause = "plan_error";
    e.text = "Because my plan stops with an error (" + d.plan_error_text + "), so I plan again from my inventory.";
    return e;
  }
  if (!d.failed) {
    e.cause = "incomplete";
    e.needed = target;
    e.needed_count = target_count;
    e.text = fmt::format("Because the plan ends before I have {} {}, so I need to obtain the rest.", target_count, target);
    return e;
  }
  const Goal& g = d.failed->goal;
  const survival::SkillResult& r = d.failed->result;
  e.cause = survival::failure_name(r.failure);
  auto [needed, count] = parse_needed(r.needed);
  switch (r.failure) {
    case Failure::MissingTool:
    case Failure::ToolTierTooLow: {
      if (needed.empty()) needed = tool_needed(rules, g.item);
      e.needed = needed, e.needed_count = 1, e.rewrite_tool = true;
      std::string have = g.tool.empty() ? "" : g.tool;
      if (r.failure == Failure::ToolTierTooLow || (!have.empty() && inventory.has(have)))
        e.text = fmt::format("Because {} {} needs to use the tool {}, but I only have {}.", doing(g.verb), g.item, needed,
                             have.empty() ? "my hand" : have);
      else
        e.text = fmt::format("Because {} {} needs to use the tool {}, but I do not have it.", doing(g.verb), g.item, needed);
      break;
    }
    case Failure::NoCraftingTable:
    case Failure::NoFurnace: {
      e.needed = r.failure == Failure::NoCraftingTable ? "crafting_table" : "furnace";
      e.needed_count = 1, e.rewrite_tool = true;
      e.text = fmt::format("Because the action needs to use the tool {}, but I do not have it.", e.needed);
      break;
    }
    case Failure::MissingMaterials: {
      if (needed.empty()) std::tie(needed, count) = shortfall(rules, g, inventory);
      e.needed = needed, e.needed_count = std::max(count, 1);
      e.text = fmt::format("Because {} {} needs {} more {} in my inventory. So I need to obtain {} first.", doing(g.verb),
                           g.item, e.needed_count, needed, needed);
      break;
    }
    case Failure::NoFuel: {
      e.needed = needed.empty() ? "coal" : needed;
      e.needed_count = std::max(1, count);
      // A fuel the plan names among the materials is the one the furnace burns, and of a group (planks) it
      // burns one kind: let it pick what the inventory holds enough of, and obtain more only if all kinds
      // together fall short.
      for (const auto& [item, n] : g.materials) {
        const auto members = rules.book->names().resolve(item);
        if (members.empty() || rules.book->fuel_ticks(members.front()) == 0 || rules.book->smelting_of(members.front()))
          continue;
        e.drop_material = item;
        e.needed = item;
        e.needed_count = std::max(0, n - inventory.count_any(members));
        e.text = fmt::format("Because smelting {} burns {} {} as fuel, but I hold {} of one kind. So I let the furnace "
                             "burn what I have{}.",
                             g.item, n, item, "too few", e.needed_count ? " and obtain more" : "");
        return e;
      }
      e.text = fmt::format("Because smelting {} needs fuel, but I have none. So I need to obtain {} first.", g.item, e.needed);
      break;
    }
    case Failure::NoRecipe:
    case Failure::UnknownItem: {
      e.needed = g.item, e.needed_count = g.count;
      e.recoverable = rules.analysis->obtainable(g.item);
      e.text = e.recoverable ? fmt::format("Because {} cannot be had by {} it ({}); I obtain it the way it is made.",
                                           g.item, doing(g.verb), r.reason)
                             : fmt::format("Because {} is not something this world offers ({}).", g.item, r.reason);
      break;
    }
    case Failure::ResourceNotFound:
      // The controller gives up on that source; another may be reachable, so the step is tried again.
      e.text = fmt::format("Because I could not reach any {} ({}), so I try again from another place.", g.item, r.reason);
      break;
    case Failure::OutOfTicks:
      e.recoverable = false;
      e.text = "Because the episode ran out of time.";
      break;
    case Failure::None: e.text = "Because the step failed without a reason."; break;
  }
  return e;
}

}  // namespace plank::deps
