#include "agents/deps/roles/planner.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <set>

#include "world/survival/crafting.h"
#include "world/survival/mining.h"

namespace plank::deps {

namespace {

// Plans use DEPS names ('log', 'planks': any member will do) except for items some step needs exactly
// (the oak fence takes oak planks, which take oak logs): those keep their 1.16.5 names.
std::set<std::string> exact_items(const survival::RecipeBook& book, const std::vector<survival::PlanStep>& steps,
                                  const std::string& asked) {
  const auto& names = book.names();
  std::set<std::string> exact;
  if (names.group_of(asked)) exact.insert(asked);  // a specific member was asked for
  for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
    if (it->kind != survival::StepKind::Craft) continue;
    const bool whole = exact.count(it->item) > 0;
    for (const auto& r : book.crafting(it->item))
      for (const auto& in : r.inputs)
        // An exact ingredient matters when the product is itself exact or has no variants (oak_fence);
        // oak planks need oak logs, but planks of any kind need logs of any kind.
        if (names.group_of(in.item) && it->inputs.count(in.item) &&
            (whole || (in.group.empty() && !names.group_of(it->item))))
          exact.insert(in.item);
  }
  return exact;
}

std::string plan_name(const survival::NameMap& names, const std::set<std::string>& exact, const std::string& item) {
  return exact.count(item) ? item : names.to_deps(item);
}

Goal goal_of(const survival::PlanStep& s, const survival::NameMap& names, const std::set<std::string>& exact) {
  Goal g;
  g.item = plan_name(names, exact, s.item);
  g.count = s.count;
  switch (s.kind) {
    case survival::StepKind::Mine: g.verb = Verb::Mine; g.tool = s.tool; break;
    case survival::StepKind::Kill: g.verb = Verb::Kill; g.tool = s.tool; break;
    case survival::StepKind::Craft: g.verb = Verb::Craft; break;
    case survival::StepKind::Smelt: g.verb = Verb::Smelt; break;
  }
  if (g.verb == Verb::Craft || g.verb == Verb::Smelt) {
    g.tool = s.tool;
    for (const auto& [item, n] : s.inputs) g.materials[plan_name(names, exact, item)] += n;
  }
  return g;
}

bool gathering(const Goal& g) { return g.verb == Verb::Mine || g.verb == Verb::Kill; }

// Whether `goals` would run from `inv` as far as the inventory can tell: every tool and station named
// is held when its step comes, every craft and smelt finds its inputs (survival::craft / smelt on a
// copy), gathering brings what it asks for. A repair that makes what the failed step lacks out of
// what a later step needs (planks from the logs kept for the fuel) fails here, not three rounds on.
bool runs_through(const Rules& rules, const std::vector<Goal>& goals, survival::Inventory inv) {
  const auto& names = rules.book->names();
  for (const Goal& g : goals) {
    const bool station = g.tool == "crafting_table" || g.tool == "furnace";
    if (!g.tool.empty() && !station && !inv.count_any(names.resolve(g.tool))) return false;
    switch (g.verb) {
      case Verb::Mine:
      case Verb::Kill: inv.add(names.resolve(g.item).front(), g.count); break;
      case Verb::Craft:
        if (!survival::craft(*rules.book, g.item, g.count, inv, inv.has("crafting_table")).ok) return false;
        break;
      case Verb::Smelt: {
        std::string fuel;  // the fuel the step names, as the controller's smelt picks it
        for (const auto& [name, n] : g.materials)
          for (const auto& m : names.resolve(name))
            if (rules.book->fuel_ticks(m) > 0 && !rules.book->smelting_of(m) && inv.has(m)) fuel = m;
        if (!survival::smelt(*rules.book, g.item, g.count, inv, inv.has("furnace"), fuel).ok) return false;
        break;
      }
      case Verb::Equip: break;
    }
  }
  return true;
}

}  // namespace

std::vector<Goal> goals_from_steps(const Rules& rules, const std::vector<survival::PlanStep>& steps,
                                   const std::string& asked) {
  std::vector<Goal> goals;
  std::set<std::string> exact = exact_items(*rules.book, steps, asked);
  for (const auto& s : steps) {
    Goal g = goal_of(s, rules.book->names(), exact);
    // One trip instead of several: a gathering goal joins an earlier one for the same item with the same
    // tool (gathering consumes nothing, and that tool was already held there).
    auto same = std::find_if(goals.begin(), goals.end(), [&](const Goal& e) {
      return gathering(g) && e.verb == g.verb && e.item == g.item && e.tool == g.tool;
    });
    if (same != goals.end()) same->count += g.count;
    else goals.push_back(g);
  }
  return goals;
}

std::optional<std::vector<Goal>> obtain_goals(const Rules& rules, const std::string& item, int total,
                                              const survival::Inventory& inventory, std::string* why) {
  survival::ObtainPlan p = rules.analysis->plan(item, total, inventory);
  if (!p.ok) {
    if (why) *why = p.reason;
    return std::nullopt;
  }
  return goals_from_steps(rules, p.steps, item);
}

std::optional<Repair> repair_plan(const Rules& rules, const std::string& target, int target_count,
                                  const std::optional<std::vector<Goal>>& previous, int failed_index,
                                  const Explanation& e, bool use_explanation, const survival::Inventory& inv,
                                  const ObtainGoals& obtain) {
  const auto& names = rules.book->names();
  auto plan_for = [&](const Rules& r, const std::string& item, int total, const survival::Inventory& held) {
    return obtain ? obtain(r, item, total, held, nullptr) : deps::obtain_goals(r, item, total, held);
  };
  auto from_scratch = [&](const std::string& note) -> std::optional<Repair> {
    auto goals = plan_for(rules, target, target_count, inv);
    if (!goals) return std::nullopt;
    return Repair{*goals, note};
  };
  if (!e.recoverable) return std::nullopt;
  if (e.cause == "plan_error" || e.cause == "incomplete" || !previous || failed_index < 0 ||
      failed_index >= int(previous->size()))
    return from_scratch("planned again from the inventory");
  const std::vector<Goal>& prev = *previous;
  std::vector<Goal> rest(prev.begin() + failed_index + 1, prev.end());
  Goal failed = prev[failed_index];
  if (!use_explanation || e.cause == "resource_not_found") {
    std::vector<Goal> goals{failed};
    goals.insert(goals.end(), rest.begin(), rest.end());
    return Repair{goals, fmt::format("retried from step {} ({})", failed_index + 1,
                                     use_explanation ? "another source may be reachable" : "no explanation of the failure")};
  }
  std::vector<Goal> goals;
  std::string note;
  if (e.cause == "no_recipe" || e.cause == "unknown_item") {
    int have = inv.count_any(names.resolve(failed.item));
    auto sub = plan_for(rules, failed.item, have + failed.count, inv);
    if (!sub) return from_scratch("planned again from the inventory");
    goals = *sub;
    note = fmt::format("replaced step {} with a plan for {} {}", failed_index + 1, failed.count, failed.item);
  } else {
    int have = inv.count_any(names.resolve(e.needed));
    int total = e.rewrite_tool ? std::max(have, 1) : have + e.needed_count;
    auto sub = plan_for(rules, e.needed, total, inv);
    if (!sub) return from_scratch("planned again from the inventory");
    goals = *sub;
    if (e.rewrite_tool) failed.tool = e.needed;
    if (!e.drop_material.empty()) failed.materials.erase(e.drop_material);
    goals.push_back(failed);
    if (!sub->empty())
      note = fmt::format("added {} step(s) to obtain {} {} before step {}", sub->size(),
                         e.rewrite_tool ? 1 : e.needed_count, e.needed, failed_index + 1);
    if (e.rewrite_tool) note += fmt::format("{}step {} now uses {}", note.empty() ? "" : "; ", failed_index + 1, e.needed);
    if (!e.drop_material.empty())
      note += fmt::format("{}step {} no longer names {} as its fuel", note.empty() ? "" : "; ", failed_index + 1,
                          e.drop_material);
  }
  goals.insert(goals.end(), rest.begin(), rest.end());
  // (A fuel rewrite is left as it is: the furnace then burns what the controller picks.)
  if (e.drop_material.empty() && !runs_through(rules, goals, inv))
    return from_scratch(fmt::format("{}; that plan would run short later, so planned again from the inventory", note));
  return Repair{goals, note};
}

// ------------------------------------------------------------------ select
const std::vector<std::string>& selector_kinds() {
  static const std::vector<std::string> k = {"fixed", "random", "nearest", "horizon"};
  return k;
}

std::string check_selector(const SelectorOptions& o) {
  const auto& k = selector_kinds();
  if (std::find(k.begin(), k.end(), o.kind) == k.end())
    return fmt::format("unknown selector '{}' (expected fixed, random, nearest or horizon)", o.kind);
  if (o.kind == "horizon" && !o.predictor)
    return "the horizon selector needs a learned horizon predictor (its weights: --horizon-model; it runs in "
           "--world-mode explore)";
  return "";
}

std::vector<std::vector<size_t>> goal_dependencies(const Rules& rules, const std::vector<Goal>& goals) {
  const auto& names = rules.book->names();
  auto members = [&](const std::string& item) {
    std::vector<std::string> m = names.resolve(item);
    std::sort(m.begin(), m.end());
    return m;
  };
  auto overlap = [](const std::vector<std::string>& a, const std::vector<std::string>& b) {
    for (const auto& x : a)
      if (std::binary_search(b.begin(), b.end(), x)) return true;
    return false;
  };
  std::vector<std::vector<std::string>> makes(goals.size());
  for (size_t i = 0; i < goals.size(); ++i) makes[i] = members(goals[i].item);
  std::vector<std::vector<size_t>> deps(goals.size());
  for (size_t j = 0; j < goals.size(); ++j) {
    std::vector<std::vector<std::string>> needs;
    for (const auto& [item, n] : goals[j].materials) needs.push_back(members(item));
    if (!goals[j].tool.empty()) needs.push_back(members(goals[j].tool));
    for (size_t i = 0; i < j; ++i)
      for (const auto& need : needs)
        if (overlap(need, makes[i])) {
          deps[j].push_back(i);
          break;
        }
  }
  return deps;
}

namespace {

// List scheduling: crafts and smelts in plan order as soon as what they need is done; otherwise one of
// the gathering goals that are ready, as `pick` chooses (an index into the ready list). A plan whose next
// craft waits on nothing ready (a goal it needs comes later) keeps the rest of its order.
template <typename Pick>
std::vector<size_t> schedule(const Rules& rules, const std::vector<Goal>& goals, Pick pick,
                             std::vector<std::vector<size_t>>* choices = nullptr) {
  const auto deps = goal_dependencies(rules, goals);
  std::vector<bool> done(goals.size());
  std::vector<size_t> order;
  auto ready = [&](size_t k) {
    return std::all_of(deps[k].begin(), deps[k].end(), [&](size_t i) { return bool(done[i]); });
  };
  auto emit = [&](size_t k) { done[k] = true, order.push_back(k); };
  while (order.size() < goals.size()) {
    size_t craft = 0;
    while (craft < goals.size() && (done[craft] || gathering(goals[craft]))) ++craft;
    if (craft < goals.size() && ready(craft)) {
      emit(craft);
      continue;
    }
    std::vector<size_t> open;
    for (size_t k = 0; k < goals.size(); ++k)
      if (!done[k] && gathering(goals[k]) && ready(k)) open.push_back(k);
    if (open.empty()) {
      for (size_t k = 0; k < goals.size(); ++k)
        if (!done[k]) emit(k);
      break;
    }
    if (choices && open.size() >= 2) choices->push_back(open);
    emit(open.size() == 1 ? open[0] : open[pick(open)]);
  }
  return order;
}

}  // namespace

std::vector<std::vector<size_t>> parallel_sets(const Rules& rules, const std::vector<Goal>& goals) {
  std::vector<std::vector<size_t>> choices;
  schedule(rules, goals, [](const std::vector<size_t>&) { return size_t(0); }, &choices);
  return choices;
}

void select_order(const Rules& rules, const world::World& world, world::Coord from, const SelectorOptions& o,
                  const SourceEstimator& estimate, std::vector<Goal>& goals) {
  if (o.kind == "fixed") return;
  std::mt19937_64 rng(o.seed * 0x9E3779B97F4A7C15ull + 17);
  world::Coord at = from;  // where the agent should be after the goals picked so far
  auto cheapest = [&](const std::vector<size_t>& open) {
    size_t best = 0;
    double best_score = std::numeric_limits<double>::infinity();
    std::optional<SourceEstimate> best_est;
    for (size_t k = 0; k < open.size(); ++k) {
      double score = std::numeric_limits<double>::infinity();
      std::optional<SourceEstimate> est;
      if (o.kind == "horizon") {
        score = o.predictor->horizon(world, goals[open[k]]);
      } else if (estimate && (est = estimate(goals[open[k]], at))) {
        score = est->ticks;
      }
      if (score < best_score) best_score = score, best = k, best_est = est;
    }
    if (best_est) at = best_est->at;
    return best;
  };
  auto order = o.kind == "random"
                   ? schedule(rules, goals, [&](const std::vector<size_t>& open) { return size_t(rng() % open.size()); })
                   : schedule(rules, goals, cheapest);
  std::vector<Goal> out;
  for (size_t k : order) out.push_back(goals[k]);
  goals = std::move(out);
}

// ------------------------------------------------------------------ flawed plans
const char* flaw_name(FlawKind k) {
  switch (k) {
    case FlawKind::MissingCraftingTable: return "missing_crafting_table";
    case FlawKind::WrongToolTier: return "wrong_tool_tier";
    case FlawKind::TooFewMaterials: return "too_few_materials";
    case FlawKind::WrongOrder: return "wrong_order";
    case FlawKind::MissingSmelting: return "missing_smelting";
  }
  return "?";
}

namespace {

std::string lower_tool(const std::string& tool) {
  int tier = survival::tool_tier(tool);
  std::string kind = survival::tool_kind(tool);
  if (tier <= 1 || kind.empty()) return "";
  static const char* materials[] = {"", "wooden", "stone", "iron", "diamond"};
  return fmt::format("{}_{}", materials[std::min(tier - 1, 4)], kind);
}

// Candidates (goal indices) for each kind of flaw.
std::vector<size_t> candidates(const std::vector<Goal>& g, FlawKind k) {
  std::vector<size_t> out;
  for (size_t i = 0; i < g.size(); ++i) {
    switch (k) {
      case FlawKind::MissingCraftingTable:
        if (g[i].verb == Verb::Craft && g[i].item == "crafting_table") out.push_back(i);
        break;
      case FlawKind::WrongToolTier:
        if (g[i].verb == Verb::Mine && !g[i].tool.empty()) out.push_back(i);
        break;
      case FlawKind::TooFewMaterials:
        if (gathering(g[i]) && g[i].count >= 2) out.push_back(i);
        break;
      case FlawKind::WrongOrder:
        // a step whose product the next step consumes
        if (i + 1 < g.size() && g[i + 1].materials.count(g[i].item)) out.push_back(i);
        break;
      case FlawKind::MissingSmelting:
        if (g[i].verb == Verb::Smelt) out.push_back(i);
        break;
    }
  }
  return out;
}

}  // namespace

Flawed make_flawed(const std::vector<Goal>& oracle, const std::string& target, uint64_t seed) {
  Flawed f{oracle, {}};
  uint64_t h = 1469598103934665603ull ^ seed;
  for (char c : target) h = (h ^ uint8_t(c)) * 1099511628211ull;
  std::mt19937_64 rng(h);
  const int want = oracle.size() <= 8 ? 1 : oracle.size() <= 16 ? 2 : 3;
  static const FlawKind kinds[] = {FlawKind::MissingCraftingTable, FlawKind::WrongToolTier, FlawKind::TooFewMaterials,
                                   FlawKind::WrongOrder, FlawKind::MissingSmelting};
  std::vector<Goal>& g = f.goals;
  for (int n = 0; n < want; ++n) {
    std::vector<FlawKind> open;
    for (FlawKind k : kinds)
      if (!candidates(g, k).empty()) open.push_back(k);
    if (open.empty()) break;
    FlawKind k = open[rng() % open.size()];
    auto c = candidates(g, k);
    size_t i = c[rng() % c.size()];
    std::string was = g[i].code();
    switch (k) {
      case FlawKind::MissingCraftingTable:
      case FlawKind::MissingSmelting:
        g.erase(g.begin() + i);
        f.flaws.push_back(fmt::format("{}: removed {}", flaw_name(k), was));
        break;
      case FlawKind::WrongToolTier: {
        std::string right = g[i].tool, lower = lower_tool(right);
        g[i].tool = lower;
        // The model also forgets to make the right tool: drop its first craft.
        for (size_t j = 0; j < i; ++j)
          if (g[j].verb == Verb::Craft && g[j].item == right) {
            g.erase(g.begin() + j);
            break;
          }
        f.flaws.push_back(fmt::format("{}: {} mines with {} and the plan never makes {}", flaw_name(k), was,
                                      lower.empty() ? "no tool" : lower, right));
        break;
      }
      case FlawKind::TooFewMaterials:
        g[i].count = std::max(1, g[i].count / 2);
        f.flaws.push_back(fmt::format("{}: {} asks for {}", flaw_name(k), was, g[i].count));
        break;
      case FlawKind::WrongOrder:
        std::swap(g[i], g[i + 1]);
        f.flaws.push_back(fmt::format("{}: {} comes after the step that uses it", flaw_name(k), was));
        break;
    }
  }
  return f;
}

}  // namespace plank::deps
