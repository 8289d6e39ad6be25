// :deps TASK and :inv over the DEPS loop (agents/deps/loop/episode.h, the loop in
// stdlib/deps/loop.plank, reloaded when the file changes): one episode
// in its own seeded survival world, shown round by round with a pause after
// each (Enter: the next round; :continue: the rest without pausing; :world,
// :inv: that round's world and inventory; :abort: stop the episode).
#include <fmt/format.h>

#include "agents/deps/compile/plan_runner.h"
#include "agents/deps/intrinsics/skill_executor.h"
#include "agents/deps/loop/episode.h"
#include "tools/plank/repl/deps_commands.h"
#include "tools/plank/repl/state.h"
#include "world/render/ascii.h"
#include "world/survival/controller.h"
#include "world/survival/worldgen.h"

namespace plank::repl {

namespace {

struct EpisodeStopped {};  // thrown from the round hook by :abort; caught in deps_command

// The pause between rounds. True: keep pausing after the next rounds.
bool pause_after_round(State& st, const deps::Round& r, const world::World& w) {
  while (true) {
    std::string line;
    auto read = st.reader->read("(deps) ", &line);
    if (read == LineReader::Read::Eof) throw EpisodeStopped{};
    if (read == LineReader::Read::Interrupt) {
      st.out("\n(Enter: the next round, :continue: all of them, :abort: stop)\n");
      continue;
    }
    std::string cmd = trim(line);
    if (cmd.empty() || cmd == ":next" || cmd == ":n" || cmd == ":step" || cmd == ":s") return true;
    st.reader->remember(cmd);
    if (cmd == ":continue" || cmd == ":c") return false;
    if (cmd == ":abort" || cmd == ":quit" || cmd == ":q") throw EpisodeStopped{};
    if (cmd == ":world") {
      render::ViewOptions v;
      v.max_extent = 48;
      st.out(render::render_ascii(w, v));
    } else if (cmd == ":inv") {
      st.out(deps::counts_text(r.description.inventory) + "\n");
    } else {
      st.err("between DEPS rounds: Enter (the next round), :continue, :world, :inv, :abort\n");
    }
  }
}

}  // namespace

void deps_command(State& st, const std::string& arg) {
  std::string error;
  auto task = deps::parse_task(arg, &error);
  if (!task) {
    st.err(fmt::format("usage: :deps TASK (e.g. :deps stone_pickaxe, :deps obtain 2 stick): {}\n", error));
    return;
  }
  const deps::Rules* rules = deps::load_rules(&error);
  if (!rules) {
    st.err(fmt::format("plank: error: {}\n", error));
    return;
  }
  if (!rules->analysis->obtainable(task->item)) {
    st.err(fmt::format("cannot plan for '{}': {}\n", task->item, rules->analysis->why_not(task->item)));
    return;
  }
  deps::EpisodeOptions options;
  options.engine = st.session->engine_name();
  int index = 0;
  bool pausing = true;
  auto hook = [&](const deps::Round& r, const world::World& w) {
    st.out(deps::round_text(*rules, r, index++, false));
    st.last_inventory = deps::counts_text(r.description.inventory);
    if (pausing) pausing = pause_after_round(st, r, w);
  };
  try {
    auto result = deps::run_episode(*rules, *task, options, hook, &error);
    if (!result) {
      st.err(fmt::format("plank: error: {}\n", error));
      return;
    }
    st.out(result->loop_output);  // the loop's own print()s
    if (!result->loop_error.empty()) {
      st.err(result->loop_error);
      return;
    }
    st.out(fmt::format("== result: {} {} after {} re-plan round(s), {} game ticks ({})\n",
                       result->success ? "obtained" : "did not obtain", task->text().substr(7), result->rounds,
                       result->ticks, result->end));
  } catch (const EpisodeStopped&) {
    st.out("the DEPS episode was stopped\n");
  }
}

// The REPL's own survival world: the DEPS skills (mine, craft, smelt, kill,
// equip) typed at the prompt, or in a plan run with :run, act on it.
struct SurvivalHost {
  std::unique_ptr<survival::Controller> controller;
  std::unique_ptr<deps::SkillExecutor> session;
};

void SurvivalHostDeleter::operator()(SurvivalHost* h) const { delete h; }

void survival_command(State& st, const std::string& arg) {
  uint64_t seed = 0;  // as `plank deps`
  if (!arg.empty()) {
    char* end = nullptr;
    seed = std::strtoull(arg.c_str(), &end, 10);
    if (*end != '\0') {
      st.err(fmt::format("usage: :survival [SEED] (a number), not '{}'\n", arg));
      return;
    }
  }
  std::string error;
  const deps::Rules* rules = deps::load_rules(&error);
  if (!rules) {
    st.err(fmt::format("plank: error: {}\n", error));
    return;
  }
  survival::WorldgenOptions wo;
  wo.seed = seed;
  st.set_world(survival::make_survival_world(rules->registry, wo));
  auto host = std::unique_ptr<SurvivalHost, SurvivalHostDeleter>(new SurvivalHost);
  host->controller = std::make_unique<survival::Controller>(*st.world, *rules->book);
  host->session = std::make_unique<deps::SkillExecutor>(*host->controller, *rules->book, rules->analysis.get());
  st.host.deps = host->session.get();
  st.survival = std::move(host);
  st.out(fmt::format("a survival world (seed {}): mine, craft, smelt, kill and equip act on it; :inv, :world\n", seed));
}

std::string plan_epilogue(const std::string& code) { return deps::plan_epilogue(code); }

void inventory_command(State& st, const std::string&) {
  if (st.survival) {
    std::string held = deps::counts_text(st.survival->session->inventory());
    st.out((held.empty() || held == "{}" ? "the inventory is empty" : held) + "\n");
    return;
  }
  if (st.last_inventory.empty()) {
    st.out("no inventory: :survival makes a survival world whose agent has one, and :deps TASK shows the episode's\n");
    return;
  }
  st.out(st.last_inventory + "\n");
}

}  // namespace plank::repl
