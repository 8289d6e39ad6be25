// Runs plan code through the real compiler (compiler/engine/run.h): parse,
// check, lower, interpreter or JIT, with the DEPS SkillExecutor attached as the
// host. A plan file is a module; when it defines plan functions and never
// calls one, the last one is called with the live `inventory` as its
// `inventory` parameter (the paper's plans are `def obtain_1_x(inventory = {}):`
// bodies that nobody calls). A bare item name in `return stone_sword` (as
// the paper's prompts write it) names that item rather than raising NameError.
// Both are appended as compiled lines after the source, so line numbers in
// messages are the plan's own.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "agents/deps/intrinsics/skill_executor.h"

namespace plank::deps {

struct PlanRun {
  bool compiled = false;     // false: syntax or check errors (`error` holds the diagnostics)
  bool finished = false;     // ran to its end without an error
  bool skill_failed = false; // a skill raised SkillFailed (the session's last record)
  std::string error_kind;    // RuntimeError kind when neither finished nor compile error
  std::string error;         // diagnostics or the runtime error, as `plank run` prints them
  std::string output;        // what the plan printed
  std::vector<StepRecord> steps;
};

struct PlanRunOptions {
  std::string path = "<plan>";
  std::string engine;          // "interp", "jit", "": engine::default_engine(OneShot)
  int64_t max_steps = 2000000; // statements: a plan that loops without calling skills stops
};

PlanRun run_plan(SkillExecutor& session, const std::string& code, const PlanRunOptions& options = {});

// The lines appended to `code` (empty when none are needed). Exposed for tests.
std::string plan_epilogue(const std::string& code);

}  // namespace plank::deps
