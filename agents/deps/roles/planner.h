// Plan and Select, the last two roles of DEPS, and the initial plans.
//
// The symbolic planner plans over the recipe and tool graph
// (survival::Obtainability) from the current inventory. As a re-planner it
// repairs the previous plan with what the explanation says is missing:
// obtain it first (a sub-plan from the inventory), make the failed step name
// the right tool or station, then carry on with the rest of the previous plan
// -- as the paper's LLM fixes the bug it was told about; a repair that would
// come up short later (checked on a copy of the inventory) is planned again
// from the inventory instead. Without an explainer
// ("re-plan from failure only") it only knows which step failed and retries
// from there. Plans it writes are goal lists, emitted as plan code.
//
// The selector orders goals that are executable in parallel: at a point of
// a plan, the gathering goals (mine / kill) whose tool is held or made by a
// goal already done. Gathering only adds to the inventory, so such a goal may
// run as soon as its tool exists; crafts and smelts keep their order (they
// take a tick or two wherever the agent stands). `fixed` keeps plan order,
// `random` picks among the ready goals at random (seeded), `nearest` the one
// whose source the controller can reach in the fewest ticks from where the
// previous goal left the agent, `horizon` asks a learned horizon predictor
// (run_episode fills the slot with agents/deps/eval/learned_horizon.h's in the
// explore world).
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "agents/deps/compile/goal.h"
#include "agents/deps/roles/describe.h"
#include "agents/deps/roles/rules.h"
#include "world/voxels/world.h"

namespace plank::deps {

// Goals that bring `item` (DEPS or 1.16.5 name) to `total` held, from `inventory`; nullopt when unobtainable.
std::optional<std::vector<Goal>> obtain_goals(const Rules& rules, const std::string& item, int total,
                                              const survival::Inventory& inventory, std::string* why = nullptr);

// The steps of a symbolic plan as goals: DEPS names except where a step needs an exact item, gathering
// goals for the same item and tool joined into one. `asked` is the item the plan is for.
std::vector<Goal> goals_from_steps(const Rules& rules, const std::vector<survival::PlanStep>& steps,
                                   const std::string& asked);

// A planner backend: obtain_goals's signature. `--planner symbolic` is obtain_goals itself; `--planner pddl`
// is pddl_obtain_goals (agents/deps/roles/pddl_planner.h).
using ObtainGoals = std::function<std::optional<std::vector<Goal>>(
    const Rules& rules, const std::string& item, int total, const survival::Inventory& inventory, std::string* why)>;

struct Repair {
  std::vector<Goal> goals;
  std::string note;  // how the plan was changed, for the trace
};

// previous: the goals of the plan that ran, when known (Plank wrote it, or a dry run read it); failed_index
// its failed goal (0-based) or -1 when the plan ended without failing. `obtain` plans the sub-plans and the
// plans from scratch (empty: obtain_goals, the symbolic planner).
std::optional<Repair> repair_plan(const Rules& rules, const std::string& target, int target_count,
                                  const std::optional<std::vector<Goal>>& previous, int failed_index,
                                  const Explanation& explanation, bool use_explanation,
                                  const survival::Inventory& inventory, const ObtainGoals& obtain = {});

// ---- Select
struct HorizonPredictor {
  virtual ~HorizonPredictor() = default;
  // Expected game ticks to achieve `goal` from the world's current state.
  virtual double horizon(const world::World& world, const Goal& goal) const = 0;
};

struct SelectorOptions {
  std::string kind = "fixed";  // fixed | random | nearest | horizon
  uint64_t seed = 0;
  const HorizonPredictor* predictor = nullptr;
};
// Empty when the kind is known (and, for horizon, a predictor is given); else the error sentence.
std::string check_selector(const SelectorOptions& options);
const std::vector<std::string>& selector_kinds();

// Where the agent would gather a goal's item if it stood at `from`, and the game ticks reaching and
// gathering one should cost (the episode asks the controller: survival::Controller::estimate_mine /
// estimate_kill); nullopt when no source is in range.
struct SourceEstimate {
  world::Coord at;
  double ticks = 0;
};
using SourceEstimator = std::function<std::optional<SourceEstimate>(const Goal& goal, world::Coord from)>;

// For each goal, the earlier goals it needs: those that make an item it consumes or its tool / station.
std::vector<std::vector<size_t>> goal_dependencies(const Rules& rules, const std::vector<Goal>& goals);
// The choices a plan leaves a selector: wherever two or more gathering goals are ready at once (plan
// order otherwise), their indices.
std::vector<std::vector<size_t>> parallel_sets(const Rules& rules, const std::vector<Goal>& goals);
// Reorders `goals` (see above); `from` is where the agent stands, `estimate` serves `nearest`.
void select_order(const Rules& rules, const world::World& world, world::Coord from, const SelectorOptions& options,
                  const SourceEstimator& estimate, std::vector<Goal>& goals);

// ---- Initial plans
// The errors language models make in the paper, injected into an oracle plan.
enum class FlawKind { MissingCraftingTable, WrongToolTier, TooFewMaterials, WrongOrder, MissingSmelting };
const char* flaw_name(FlawKind k);
struct Flawed {
  std::vector<Goal> goals;
  std::vector<std::string> flaws;  // "missing_crafting_table: removed step 4 craft({'crafting_table':1}, ...)"
};
// 1 flaw for plans of up to 8 goals, 2 up to 16, 3 beyond; kinds drawn among those the plan admits,
// deterministically from `seed` and the target.
Flawed make_flawed(const std::vector<Goal>& oracle, const std::string& target, uint64_t seed);

}  // namespace plank::deps
