#include "agents/deps/roles/pddl_planner.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <deque>
#include <limits>
#include <map>
#include <set>

#include "agents/deps/roles/planner.h"
#include "compiler/pddl/load.h"
#include "planning/limits.h"
#include "planning/planner.h"
#include "support/diagnostics.h"

namespace plank::deps {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// Methods kept per item: the cheapest and those within this factor of it.
constexpr double kMethodSlack = 1.5;
constexpr size_t kMethodsPerItem = 3;
// Member choices per craft (the product over its group ingredients) before the rest are dropped.
constexpr size_t kChoicesPerRecipe = 8;
// The CPU seconds one plan may take: the 71 tasks' plans take a few hundredths each.
constexpr double kPlanSeconds = 20;
// Smelts charged per fuel item: a smelt takes 200 ticks of fuel (survival data's fuel_ticks).
constexpr int kTicksPerSmelt = 200;

std::string num(int n) { return fmt::format("n{}", n); }

// The charge counter of one smelting recipe (an object of type item that no recipe names).
std::string charge_of(const std::string& output) { return "charge-" + output; }

class Writer {
 public:
  Writer(const Rules& rules, const survival::Inventory& inv) : rules_(rules), inv_(inv) {}

  // Adds `item` and, transitively, what making it needs.
  void need(const std::string& item) {
    if (item.empty() || !items_.insert(item).second) return;
    work_.push_back(item);
  }

  void close() {
    while (!work_.empty()) {
      std::string item = work_.front();
      work_.pop_front();
      add_methods(item);
    }
  }

  std::string domain() const {
    std::string s = "(define (domain deps-survival)\n  (:requirements :typing :negative-preconditions :existential-preconditions\n"
                    "    :universal-preconditions :conditional-effects :action-costs)\n  (:types item num)\n  (:constants\n   ";
    for (const auto& i : items_) s += " " + i;
    for (const auto& c : charges_) s += " " + charge_of(c);
    s += " - item\n   ";
    for (int n = 0; n <= max_; ++n) s += " " + num(n);
    s += " - num)\n  (:predicates (count ?i - item ?n - num) (sum ?a - num ?k - num ?b - num))\n"
         "  (:functions (total-cost) - number)\n";
    for (size_t i = 0; i < actions_.size(); ++i) s += action_text(i);
    return s + ")\n";
  }

  std::string problem(const std::vector<std::pair<std::string, int>>& goals) const {
    std::set<int> deltas;
    for (const auto& a : actions_) {
      deltas.insert(a.yield);
      for (const auto& [_, n] : a.inputs) deltas.insert(n);
    }
    for (const auto& [_, n] : goals) deltas.insert(n);
    std::string s = "(define (problem deps-obtain) (:domain deps-survival)\n  (:init (= (total-cost) 0)\n";
    for (const auto& i : items_) s += fmt::format("    (count {} {})\n", i, num(std::min(inv_.count(i), max_)));
    for (const auto& c : charges_) s += fmt::format("    (count {} {})\n", charge_of(c), num(0));
    for (int k : deltas)
      for (int a = 0; a + k <= max_; ++a) s += fmt::format("    (sum {} {} {})\n", num(a), num(k), num(a + k));
    s += "  )\n  (:goal (or";
    for (const auto& [item, n] : goals) s += "\n    " + at_least(item, n);
    return s + "))\n  (:metric minimize (total-cost)))\n";
  }

  void set_max(int m) { max_ = m; }
  bool known(const std::string& item) const { return items_.count(item) > 0; }
  std::vector<SurvivalAction> take_actions() { return std::move(actions_); }

 private:
  static std::string at_least(const std::string& x, int k) {
    if (k <= 0) return "(and)";
    return fmt::format("(exists (?a ?b - num) (and (count {} ?a) (sum ?b {} ?a)))", x, num(k));
  }
  static std::string room(const std::string& x, int k) {
    return fmt::format("(exists (?a ?b - num) (and (count {} ?a) (sum ?a {} ?b)))", x, num(k));
  }
  static std::string held(const std::string& x) { return fmt::format("(not (count {} n0))", x); }
  static std::string take(const std::string& x, int k) {
    return fmt::format("(forall (?a ?b - num) (when (and (count {0} ?a) (sum ?b {1} ?a)) (and (not (count {0} ?a)) (count {0} ?b))))",
                       x, num(k));
  }
  static std::string give(const std::string& x, int k) {
    return fmt::format("(forall (?a ?b - num) (when (and (count {0} ?a) (sum ?a {1} ?b)) (and (not (count {0} ?a)) (count {0} ?b))))",
                       x, num(k));
  }

  std::string action_text(size_t i) const {
    const SurvivalAction& a = actions_[i];
    std::vector<std::string> pre, eff;
    std::string name;
    switch (a.kind) {
      case SurvivalAction::Kind::Gather:
        name = fmt::format("a{}-{}-{}", i, survival::step_kind_name(a.step), a.item);
        if (!a.tool.empty()) pre.push_back(held(a.tool));
        pre.push_back(room(a.item, a.yield));
        eff.push_back(give(a.item, a.yield));
        break;
      case SurvivalAction::Kind::Craft:
      case SurvivalAction::Kind::Smelt:
        name = fmt::format("a{}-{}-{}", i, survival::step_kind_name(a.step), a.item);
        if (!a.tool.empty()) pre.push_back(held(a.tool));
        for (const auto& [in, n] : a.inputs) pre.push_back(at_least(in, n)), eff.push_back(take(in, n));
        if (a.kind == SurvivalAction::Kind::Smelt)
          pre.push_back(at_least(charge_of(a.item), 1)), eff.push_back(take(charge_of(a.item), 1));
        pre.push_back(room(a.item, a.yield));
        eff.push_back(give(a.item, a.yield));
        break;
      case SurvivalAction::Kind::Fuel: {
        const std::string& fuel = a.inputs.begin()->first;
        name = fmt::format("a{}-fuel-{}-with-{}", i, a.item, fuel);
        pre.push_back(at_least(fuel, 1));
        eff.push_back(take(fuel, 1));
        pre.push_back(room(charge_of(a.item), a.yield));
        eff.push_back(give(charge_of(a.item), a.yield));
        break;
      }
    }
    eff.push_back(fmt::format("(increase (total-cost) {})", a.cost));
    std::string s = fmt::format("  (:action {}\n   :parameters ()\n   :precondition (and", name);
    for (const auto& p : pre) s += "\n     " + p;
    s += ")\n   :effect (and";
    for (const auto& e : eff) s += "\n     " + e;
    return s + "))\n";
  }

  // The cheapest of `any` and the ones the inventory holds.
  std::vector<std::string> choices(const std::vector<std::string>& any) const {
    std::vector<std::string> out;
    std::string best;
    if (rules_.analysis->any_cost(any, &best) < kInf) out.push_back(best);
    for (const auto& a : any)
      if (inv_.count(a) > 0 && std::find(out.begin(), out.end(), a) == out.end()) out.push_back(a);
    return out;
  }

  void add_methods(const std::string& item) {
    const auto* all = rules_.analysis->methods(item);
    if (!all) return;
    std::vector<std::pair<double, const survival::Obtainability::Method*>> ranked;
    for (const auto& m : *all) {
      double c = rules_.analysis->method_cost(m);
      if (c < kInf && m.yield > 0) ranked.push_back({c, &m});
    }
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (size_t r = 0; r < ranked.size() && r < kMethodsPerItem; ++r)
      if (ranked[r].first <= ranked[0].first * kMethodSlack) add_method(item, *ranked[r].second);
  }

  void add_method(const std::string& item, const survival::Obtainability::Method& m) {
    using survival::StepKind;
    if (m.kind == StepKind::Mine || m.kind == StepKind::Kill) {
      std::vector<std::string> tools = m.tools.empty() ? std::vector<std::string>{""} : choices(m.tools);
      for (const auto& tool : tools) {
        need(tool);
        SurvivalAction a;
        a.kind = SurvivalAction::Kind::Gather;
        a.step = m.kind;
        a.item = item;
        a.source = m.source;
        a.tool = tool;
        a.cost = std::max(1, int(std::ceil(m.action_cost / m.yield - 1e-9)));
        actions_.push_back(std::move(a));
      }
      return;
    }
    need(m.station);
    // Every combination of the ingredients' members, up to kChoicesPerRecipe.
    std::vector<survival::ItemCounts> combos{{}};
    for (const auto& in : m.inputs) {
      std::vector<survival::ItemCounts> next;
      for (const auto& c : combos)
        for (const auto& member : choices(in.any)) {
          if (next.size() >= kChoicesPerRecipe) break;
          survival::ItemCounts with = c;
          with[member] += in.count;
          next.push_back(std::move(with));
        }
      combos = std::move(next);
    }
    for (const auto& inputs : combos) {
      if (inputs.count(item)) continue;  // a recipe that takes what it makes adds nothing to plan with
      for (const auto& [in, _] : inputs) need(in);
      SurvivalAction a;
      a.kind = m.kind == StepKind::Craft ? SurvivalAction::Kind::Craft : SurvivalAction::Kind::Smelt;
      a.step = m.kind;
      a.item = item;
      a.yield = std::max(1, int(m.yield));
      a.tool = m.station;
      a.inputs = inputs;
      a.cost = std::max(1, int(std::ceil(m.action_cost)));
      actions_.push_back(std::move(a));
    }
    if (m.kind == StepKind::Smelt && charges_.insert(item).second) add_fuels(item);
  }

  // Fuel actions for one smelting recipe: the cheapest fuel and the automatic fuels the inventory holds.
  void add_fuels(const std::string& output) {
    const auto& book = *rules_.book;
    std::vector<std::string> fuels;
    std::string best;
    if (rules_.analysis->fuel_cost_per_smelt(&best) < kInf && !best.empty()) fuels.push_back(best);
    for (const auto& f : book.data().auto_fuels)
      if (inv_.count(f) > 0 && std::find(fuels.begin(), fuels.end(), f) == fuels.end()) fuels.push_back(f);
    for (const auto& f : fuels) {
      int smelts = book.fuel_ticks(f) / kTicksPerSmelt;
      if (smelts < 1) continue;
      need(f);
      SurvivalAction a;
      a.kind = SurvivalAction::Kind::Fuel;
      a.step = survival::StepKind::Smelt;
      a.item = output;
      a.yield = smelts;
      a.inputs[f] = 1;
      a.cost = 1;
      actions_.push_back(std::move(a));
    }
  }

  const Rules& rules_;
  const survival::Inventory& inv_;
  std::set<std::string> items_;    // every item the task counts
  std::set<std::string> charges_;  // smelting outputs with a charge counter
  std::deque<std::string> work_;
  std::vector<SurvivalAction> actions_;
  int max_ = 32;
};

// The number objects go up to the most the plan can need: 32 covers every recipe's batch and the
// 71 tasks' plans; a larger target raises it.
int max_count_for(int total) { return std::max(32, total + 16); }

}  // namespace

std::optional<SurvivalPddl> survival_pddl(const Rules& rules, const std::string& item, int total,
                                          const survival::Inventory& inventory, std::string* why) {
  const auto& book = *rules.book;
  std::vector<std::string> members;
  for (const auto& i : book.names().resolve(item))
    if (book.is_item(i)) members.push_back(i);
  if (members.empty()) {
    if (why) *why = fmt::format("'{}' is neither a Minecraft 1.16.5 item nor a DEPS name in item_names_1_11.json", item);
    return std::nullopt;
  }
  if (!rules.analysis->obtainable(item) && inventory.count_any(members) < total) {
    if (why) *why = rules.analysis->why_not(item);
    return std::nullopt;
  }
  Writer w(rules, inventory);
  int max = max_count_for(total);
  w.set_max(max);
  // The goal, as the symbolic planner counts it: what is held of any member counts, and the rest is
  // made of one member (the cheapest, or one already held).
  int have = inventory.count_any(members);
  std::vector<std::pair<std::string, int>> goals;
  std::string best;
  if (rules.analysis->any_cost(members, &best) < kInf) goals.push_back({best, 0});
  for (const auto& m : members)
    if (inventory.count(m) > 0 && m != best) goals.push_back({m, 0});
  for (auto& [m, n] : goals) {
    n = std::min(max, inventory.count(m) + std::max(0, total - have));
    w.need(m);
  }
  w.close();
  SurvivalPddl t;
  t.domain = w.domain();
  t.problem = w.problem(goals);
  t.actions = w.take_actions();
  t.max_count = max;
  return t;
}

std::vector<survival::PlanStep> steps_of_plan(const SurvivalPddl& task, const std::vector<std::string>& plan) {
  std::vector<survival::PlanStep> steps;
  std::map<std::string, survival::ItemCounts> fuel_burnt;  // per smelting output, not yet given to a smelt
  for (const auto& text : plan) {
    // "(a12-craft-stick)" -> 12
    size_t at = text.find('a');
    if (at == std::string::npos) continue;
    size_t end = at + 1;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
    if (end == at + 1) continue;
    size_t index = std::stoul(text.substr(at + 1, end - at - 1));
    if (index >= task.actions.size()) continue;
    const SurvivalAction& a = task.actions[index];
    if (a.kind == SurvivalAction::Kind::Fuel) {
      for (const auto& [f, n] : a.inputs) fuel_burnt[a.item][f] += n;
      continue;
    }
    survival::PlanStep* last = steps.empty() ? nullptr : &steps.back();
    const bool joins = last && a.kind != SurvivalAction::Kind::Gather && last->kind == a.step && last->item == a.item &&
                       last->tool == a.tool;
    if (!joins) {
      survival::PlanStep s;
      s.kind = a.step;
      s.item = a.item;
      s.source = a.source;
      s.tool = a.tool;
      steps.push_back(std::move(s));
      last = &steps.back();
    }
    last->count += a.yield;
    last->actions += 1;
    for (const auto& [in, n] : a.inputs) last->inputs[in] += n;
    if (a.kind == SurvivalAction::Kind::Smelt) {
      for (const auto& [f, n] : fuel_burnt[a.item]) last->inputs[f] += n, last->fuel = f;
      fuel_burnt.erase(a.item);
    }
  }
  return steps;
}

std::optional<std::vector<Goal>> pddl_obtain_goals(const Rules& rules, const std::string& item, int total,
                                                   const survival::Inventory& inventory, std::string* why) {
  auto task = survival_pddl(rules, item, total, inventory, why);
  if (!task) return std::nullopt;
  DiagnosticSink sink;
  auto loaded = pddl::load_task(SourceFile::from_string("deps-survival-domain.pddl", task->domain),
                                SourceFile::from_string("deps-survival-problem.pddl", task->problem), sink);
  if (!loaded.task) {
    // The generator wrote PDDL its own front end rejects: a bug here, reported rather than hidden.
    if (why) *why = "the generated survival PDDL does not check:\n" + render_text(sink.all());
    return std::nullopt;
  }
  planning::PlanRequest request;
  request.search = "lazy_greedy([ff()], preferred=[ff()])";
  // The limit is the process's CPU time (planning/limits.h), so it is set from what is spent so far.
  request.timeout_seconds = planning::Limits::cpu_seconds_used() + kPlanSeconds;
  planning::PlanOutcome out = planning::plan(*loaded.task, request);
  if (out.status != planning::PlanOutcome::Status::Solved) {
    if (why)
      *why = out.status == planning::PlanOutcome::Status::Unsolvable
                 ? fmt::format("no plan in the survival PDDL reaches {} {} from the inventory", total, item)
                 : fmt::format("the PDDL planner found no plan for {} {} within its limits", total, item);
    return std::nullopt;
  }
  return goals_from_steps(rules, steps_of_plan(*task, out.plan), item);
}

}  // namespace plank::deps
