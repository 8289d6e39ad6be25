// Any bytes as the arguments a plan passes to DEPS's skills: the first byte
// picks a skill (mine, craft, smelt, kill, equip, a ProgPrompt name,
// inventory.has), the rest is the text of its argument list, and the call is
// compiled and run by the interpreter against a dry SkillExecutor (goals are
// recorded, nothing acts). Every conversion (obj as a dict or a name, counts,
// materials, tools, keywords after positionals) must end in a recorded goal or
// a Plank error; never a crash. With the first byte odd, the rest is run as a
// whole plan instead.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "agents/deps/compile/plan_runner.h"
#include "agents/deps/loop/episode.h"
#include "agents/deps/roles/rules.h"
#include "agents/host/register_intrinsics.h"
#include "world/survival/task_run.h"

namespace {

struct Session {
  std::unique_ptr<plank::world::World> world;
  std::unique_ptr<plank::survival::Controller> controller;
  std::unique_ptr<plank::deps::SkillExecutor> executor;
};

// Null when minecraft-data or world/data is absent (then there is nothing to run).
Session* session() {
  static std::unique_ptr<Session> s = []() -> std::unique_ptr<Session> {
    plank::host::register_host_intrinsics();
    std::string error;
    const plank::deps::Rules* rules = plank::deps::load_rules(&error);
    if (!rules) return nullptr;
    auto out = std::make_unique<Session>();
    out->world = plank::deps::make_episode_world(*rules, 1, 32);
    out->controller = std::make_unique<plank::survival::Controller>(*out->world, *rules->book,
                                                                   plank::survival::deps_task_controller());
    out->executor = std::make_unique<plank::deps::SkillExecutor>(*out->controller, *rules->book, rules->analysis.get());
    out->executor->dry = true;
    out->executor->max_dry_steps = 50;
    return out;
  }();
  return s.get();
}

const char* const kCallees[] = {"mine", "craft", "smelt", "kill", "equip", "craft_planks", "mine_log",
                                "smelt_iron_ingot", "inventory().has"};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Session* s = session();
  if (!s || size == 0) return 0;
  const std::string rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::string code = data[0] % 2 ? rest
                                 : std::string(kCallees[(data[0] / 2) % std::size(kCallees)]) + "(" + rest + ")\n";
  plank::deps::PlanRunOptions options;
  options.path = "<fuzz>";
  options.engine = "interp";
  options.max_steps = 20000;
  s->executor->begin_plan();
  plank::deps::PlanRun run = plank::deps::run_plan(*s->executor, code, options);
  if (!run.compiled && run.error.empty()) std::abort();           // a compile error is explained
  if (run.compiled && !run.finished && run.error.empty()) std::abort();  // so is a runtime one
  return 0;
}
