// DEPS's planner over PDDL (`plank deps ... --planner pddl`): the survival
// domain written in PDDL from the same recipe data the symbolic planner uses
// (survival::Obtainability's methods: mining, killing, crafting, smelting),
// the problem from the agent's inventory, planned by Plank's planner
// (planning::plan), and the plan read back as DEPS goals.
//
// The encoding. Items are counted: `(count ITEM NUM)` holds for exactly one
// number object n0..nMAX per item, and `(sum ?a ?k ?b)` (a + k = b, all
// within 0..MAX) is static. An action adds or takes a fixed amount, so it has
// no parameters: its precondition asks `(exists (?a ?b) (and (count X ?a)
// (sum ?b nK ?a)))` (at least K held) and its effect is a `forall`/`when`
// that moves the count (Plank's grounder keeps only the bindings the static
// `sum` allows, so each action grounds to one operator). One action per
// method and choice: per tool a mining method accepts, per member of a group
// ingredient ("any planks"), per fuel a smelt may burn. Fuel is counted in
// smelts: a fuel action burns one fuel item into fuel_ticks / 200 smelts of
// "charge" for one smelting recipe, so the fuel a plan gathers is what its
// smelts burn. Action costs are Obtainability's rough actions per item.
//
// Only what the target can need is written: from the target, each item's
// methods within 1.5 times the cheapest (at most three), their tools,
// stations, inputs and fuels, the cheapest member of a group and the members
// the inventory holds. The search's own relevance analysis prunes the rest.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "agents/deps/compile/goal.h"
#include "agents/deps/roles/rules.h"
#include "world/survival/inventory.h"
#include "world/survival/obtainability.h"

namespace plank::deps {

// What one generated action does, so that a plan's action names map back to steps.
struct SurvivalAction {
  enum class Kind { Gather, Craft, Smelt, Fuel };
  Kind kind = Kind::Gather;
  survival::StepKind step = survival::StepKind::Mine;  // Gather: Mine or Kill; Craft; Smelt
  std::string item;             // what it yields (Fuel: the smelting recipe's output it charges)
  int yield = 1;                // items per action (Fuel: smelts of charge)
  std::string source;           // Gather: block or mob
  std::string tool;             // Gather: the tool held ("" the hand); Craft: "crafting_table" or ""; Smelt: "furnace"
  survival::ItemCounts inputs;  // Craft / Smelt: per action (Fuel: the fuel burnt)
  int cost = 1;
};

struct SurvivalPddl {
  std::string domain, problem;          // PDDL text
  std::vector<SurvivalAction> actions;  // the domain's action `a<i>-...` is actions[i]
  int max_count = 0;                    // the largest number object
};

// The PDDL task for holding `total` of `item` (DEPS or 1.16.5 name) from `inventory`; nullopt and *why
// when the item is unobtainable.
std::optional<SurvivalPddl> survival_pddl(const Rules& rules, const std::string& item, int total,
                                          const survival::Inventory& inventory, std::string* why);

// A plan of the domain's actions ("(a3-craft-stick)", in order) as the steps it takes, consecutive runs of
// one craft or smelt joined into one step and each smelt given the fuel burnt for it.
std::vector<survival::PlanStep> steps_of_plan(const SurvivalPddl& task, const std::vector<std::string>& plan);

// The backend: obtain_goals's contract (planner.h, ObtainGoals) with the plan found by Plank's planner.
std::optional<std::vector<Goal>> pddl_obtain_goals(const Rules& rules, const std::string& item, int total,
                                                   const survival::Inventory& inventory, std::string* why);

}  // namespace plank::deps
