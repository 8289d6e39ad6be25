// Describe and Explain, the first two roles of DEPS.
//
// Describe turns a plan run into the paper's descriptor sentence ("I succeed
// on step 1, 2, 3, but I fail on step 4 "mine({'cobblestone':2}, null)". My
// inventory now has 10 planks, 4 stick.") and a structured form.
//
// Explain finds the cause from the failed goal's preconditions and the state:
// the controller's Failure, what it says would fix it, the recipe book and
// the inventory. The result names the missing item and count, which the
// planner then obtains ("Because mining cobblestone needs to use the tool
// wooden_pickaxe, but I do not have it.").
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "agents/deps/compile/plan_runner.h"
#include "agents/deps/roles/rules.h"

namespace plank::deps {

struct Description {
  std::vector<int> succeeded;          // step numbers
  std::optional<StepRecord> failed;    // the failed step, if one failed
  bool plan_error = false;             // the plan did not compile or raised something other than SkillFailed
  std::string plan_error_text;         // first line of that error
  survival::ItemCounts inventory;      // DEPS names
  std::string text;
};

Description describe(const PlanRun& run, const survival::ItemCounts& inventory);

// Causes: the controller's failure names ("missing_tool", "tool_tier_too_low", "no_crafting_table",
// "no_furnace", "missing_materials", "no_fuel", "no_recipe", "unknown_item", "resource_not_found"
// (retried: the controller skips the source it could not reach), "out_of_ticks"), "plan_error" and
// "incomplete" (the plan ended without the target).
struct Explanation {
  std::string cause;
  std::string needed;        // the item that fixes it ("" when nothing can)
  int needed_count = 0;
  bool rewrite_tool = false; // the failed step must name `needed` as its tool or station
  std::string drop_material; // the failed step should not name this material (a fuel the furnace picks itself)
  bool recoverable = true;
  std::string text;
};

Explanation explain(const Rules& rules, const Description& d, const std::string& target, int target_count,
                    const survival::Inventory& inventory);

}  // namespace plank::deps
