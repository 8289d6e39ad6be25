// What the DEPS loop's intrinsics act on while a loop program (stdlib/deps/loop.plank)
// runs one episode: the rules, the task and options, the world's controller and
// the skill executor plans run on, the llm planner when there is one, and what
// the loop has reported so far. run_episode (agents/deps/loop/episode.cpp) fills
// one per episode and attaches it as core::HostContext::deps_episode; the loop's
// intrinsics (loop_intrinsics.cpp) reach it through the running thread's host.
//
// Plan runs and descriptions are C++ records the loop holds by handle: the dicts
// the intrinsics return carry an `id`, an index into `runs` / `descriptions`.
#pragma once
#include <cstddef>
#include <cstdint>
#include <exception>
#include <vector>

#include "agents/deps/loop/episode.h"

namespace plank::deps {

struct EpisodeContext {
  EpisodeContext(const Rules& rules, const Task& task, const EpisodeOptions& options, world::World& world,
                 survival::Controller& controller, SkillExecutor& skills, uint64_t budget, LlmPlanner* llm,
                 const RoundHook* hook)
      : rules(rules), task(task), options(options), world(world), controller(controller), skills(skills),
        budget(budget), llm(llm), hook(hook) {}

  const Rules& rules;
  const Task& task;
  const EpisodeOptions& options;
  world::World& world;
  survival::Controller& controller;
  SkillExecutor& skills;
  uint64_t budget;              // game ticks
  LlmPlanner* llm;              // the llm planner, when options.planner is "llm"; else null
  const RoundHook* hook;

  struct RunRecord {
    PlanRun run;
    size_t log_from = 0, log_to = 0;  // the controller's log lines the run wrote
  };
  std::vector<RunRecord> runs;
  std::vector<Description> descriptions;
  int plans_run = 0;            // plan runs and dry runs, bounded by kMaxPlanRuns

  EpisodeResult result;         // history (deps_round), flaws (deps_flaw), end and rounds (deps_end)
  bool ended = false;           // deps_end was called
  std::exception_ptr hook_error;  // thrown by the hook: rethrown by run_episode once the loop has unwound

  // A loop that never ends the episode still stops: each plan run is compiled code, so this bounds
  // the time a runaway loop can take (the stdlib loop runs at most 14 an episode).
  static constexpr int kMaxPlanRuns = 1000;
};

}  // namespace plank::deps
