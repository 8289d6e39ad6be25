// What DEPS skills act on while plan code runs: the survival controller, and
// the record of every skill call of the current plan run (its step number,
// the call, the controller's SkillResult). The intrinsics in skills.cpp reach
// it through core::Thread::host->deps. A failing skill stops the plan: the
// intrinsic raises SkillFailed and the record keeps which step failed.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "agents/deps/compile/goal.h"
#include "world/survival/controller.h"
#include "world/survival/obtainability.h"

namespace plank::deps {

struct StepRecord {
  int step = 0;                  // 1-based, in the order the plan called skills
  Goal goal;
  std::string call;              // goal.code()
  survival::SkillResult result;
};

class SkillExecutor {
 public:
  SkillExecutor(survival::Controller& controller, const survival::RecipeBook& book,
          const survival::Obtainability* analysis = nullptr);

  // Runs one goal through the controller (or only records it when dry) and records it.
  survival::SkillResult run(const Goal& goal);
  // ProgPrompt names and Code-as-Policies calls name no tool: the best one the
  // inventory holds for mining `item` ("" = the hand).
  std::string tool_for(const std::string& item) const;
  // Whether the inventory holds `n` of `item` (a DEPS group counts any member).
  bool has(const std::string& item, int n) const;
  // The inventory in DEPS names, groups merged: {'planks': 10, 'stick': 4}.
  survival::ItemCounts inventory() const;

  void begin_plan();             // clears the step records
  const std::vector<StepRecord>& steps() const { return steps_; }
  const StepRecord* failure() const;  // the last record when it failed

  // The learned horizon predictor as plan code's `horizon(obj)` and `select(goals)` ask it: the
  // predicted game ticks of obtaining `item` (mine or kill, as the predictor's goal table has it)
  // from the agent's state; nullopt for an item outside that table. Empty when the episode runs
  // without the predictor (set by run_episode with `--selector horizon`).
  std::function<std::optional<double>(const std::string& item)> horizon;
  std::vector<std::string> horizon_items;  // the table's items, for error messages

  // Dry runs record goals without acting (to read a plan's goals); `max_dry_steps` bounds loops.
  bool dry = false;
  int max_dry_steps = 500;

  survival::Controller& controller() { return controller_; }
  const survival::RecipeBook& book() const { return book_; }

 private:
  survival::Controller& controller_;
  const survival::RecipeBook& book_;
  const survival::Obtainability* analysis_;
  std::vector<StepRecord> steps_;
};

}  // namespace plank::deps
