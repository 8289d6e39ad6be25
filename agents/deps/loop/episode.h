// One DEPS episode: a seeded survival world, an initial plan, then rounds of
// run -> describe -> explain -> re-plan until the task's target is in the
// inventory, the tick budget is spent, or the planner has nothing to offer.
// The rounds' control flow is Plank code, stdlib/deps/loop.plank (or the file
// EpisodeOptions::loop names): run_episode builds the episode's world and
// controller, attaches them to the loop program (HostContext::deps_episode),
// calls its `episode()` and collects the rounds it reports. The heavy parts
// are the intrinsics of agents/deps/intrinsics/loop_intrinsics.cpp.
// Ticks: one step of the paper's budget (tasks.json max_steps: 3000 for MT1)
// is one MineDojo env step, which is one game tick (20 per second), so the
// controller's clock is capped at max_steps ticks.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agents/deps/compile/plan_runner.h"
#include "agents/deps/roles/describe.h"
#include "agents/deps/roles/llm_planner.h"
#include "agents/deps/roles/planner.h"
#include "agents/deps/roles/rules.h"

namespace plank::deps {

class LearnedHorizon;  // agents/deps/eval/learned_horizon.h

struct Task {
  std::string item;     // DEPS name ("stone_sword")
  int count = 1;
  std::string group;    // "MT1".. when from tasks.json
  uint64_t max_steps = 0;
  std::string text() const;  // "obtain 1 stone_sword"
};
// "obtain 1 stone_sword", "Obtain stone sword.", "stone_sword" -> Task; nullopt and *error otherwise.
std::optional<Task> parse_task(const std::string& text, std::string* error);

struct EpisodeOptions {
  uint64_t seed = 0;
  std::string initial = "oracle";    // oracle | flawed | file | llm (the llm planner's first plan)
  std::string initial_code;          // the plan FILE's text when initial == "file"
  std::string initial_path;          // its name in messages
  SelectorOptions selector;
  std::string planner = "symbolic";  // symbolic | pddl (roles/pddl_planner.h) | llm
  LlmOptions llm;                    // for the llm planner
  bool explainer = true;             // false: re-plan from the failure alone
  std::string loop;                  // the loop file; "": default_loop_path() (stdlib/deps/loop.plank)
  uint64_t tick_budget = 0;          // 0: from the task's max_steps (3000 when unknown)
  std::string engine;                // for plan code
  int world_size = 192;              // blocks, square, centred on the origin (survival::deps_task_world's)
  std::string world_mode = "known";  // known: the controller knows the whole world; explore: it sees only what
                                     // is near (survival::KnownMap) in a world of uneven resources (issue 30)
  const world::World* world = nullptr;  // a world made by make_episode_world to copy (eval: one per seed)
  // The learned horizon predictor (`--selector horizon`, explore world only): it orders parallel
  // gathering goals and answers plan code's horizon() and select().
  std::shared_ptr<LearnedHorizon> horizon;
};

// Empty when the episode's selector can run (horizon: a predictor is loaded and the world is
// explored); else the error sentence.
std::string check_episode_selector(const EpisodeOptions& o);

// The generated world of an episode: survival::deps_task_world(seed) (world_mode "explore":
// survival::deps_explore_world(seed)), `size` blocks square.
std::unique_ptr<world::World> make_episode_world(const Rules& rules, uint64_t seed, int size = 192,
                                                 const std::string& world_mode = "known");
// Empty when `mode` is known or explore; else the error sentence.
std::string check_world_mode(const std::string& mode);
// What an exploring agent can know in a world of `size` blocks square made by make_episode_world.
world::Box episode_area(int size);

struct Round {
  std::string plan;                  // plan code
  std::string note;                  // how it came about ("initial oracle plan", "added 3 steps to ...")
  PlanRun run;
  Description description;
  std::optional<Explanation> explanation;  // when the round did not finish the task
  uint64_t ticks_after = 0;
  std::vector<std::string> controller_log;  // what the controller did in this round (--trace)
};

struct EpisodeResult {
  Task task;
  uint64_t seed = 0;
  bool success = false;
  int rounds = 0;                    // re-plans used (0: the initial plan finished the task)
  uint64_t ticks = 0;
  std::string end;                   // why it ended, as the loop said: "success", "out_of_ticks", "max_rounds",
                                     // "no_progress", "no_plan: ...", "llm_error: ...", "loop_error"
  std::vector<std::string> flaws;    // for flawed initial plans
  std::vector<Round> history;
  std::string loop_error;            // the loop file did not load or raised: rendered (file:line:col, caret)
  std::string loop_output;           // what the loop program printed
};

// A round as `plank deps` and the REPL's :deps print it: the plan code, each step's outcome (what it
// gained, in DEPS names), the plan's own output, the descriptor's and explainer's sentences, with
// `trace` the controller's log, and the clock.
std::string round_text(const Rules& rules, const Round& round, int index, bool trace);

// Called after each round (tracing, rendering). May be empty.
using RoundHook = std::function<void(const Round&, const world::World&)>;

// Errors in the options (unknown selector, llm planner) are returned in *error with no episode run.
// A loop file that cannot be read, does not compile or raises gives a result with `loop_error` set.
// An exception thrown by `hook` (the REPL's :abort) ends the loop and is rethrown here.
std::optional<EpisodeResult> run_episode(const Rules& rules, const Task& task, const EpisodeOptions& options,
                                         const RoundHook& hook, std::string* error);

}  // namespace plank::deps
