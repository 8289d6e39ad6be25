// The DEPS loop as Plank code (stdlib/deps/loop.plank) driven by run_episode: modified loops
// change the episode as they say, errors in a loop file are positioned and never crash or
// hang, the round hook's exceptions reach the caller, and plans nest inside the loop program.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "agents/deps/intrinsics/episode_context.h"
#include "agents/deps/loop/episode.h"
#include "agents/deps/loop/loop_program.h"
#include "agents/host/host_context.h"
#include "compiler/engine/engine.h"
#include "compiler/engine/program_state.h"
#include "compiler/engine/run.h"
#include "deps/deps_test_util.h"
#include "runtime/heap.h"
#include "world/survival/controller.h"
#include "world/survival/task_run.h"

namespace plank::deps {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A loop file in a fresh temporary folder (removed with the object).
struct LoopFile {
  fs::path dir;
  fs::path path;
  explicit LoopFile(const std::string& text, const std::string& name = "loop.plank") {
    dir = fs::temp_directory_path() / ("plank_deps_loop_" + std::to_string(getpid()) + "_" + std::to_string(counter()++));
    fs::create_directories(dir);
    path = dir / name;
    std::ofstream(path, std::ios::binary) << text;
  }
  ~LoopFile() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  static int& counter() {
    static int n = 0;
    return n;
  }
};

std::string stdlib_loop() { return read(fs::path(PLANK_SOURCE_DIR) / "stdlib/deps/loop.plank"); }

// The stdlib loop with one line replaced (the test fails if the line is not there).
std::string stdlib_loop_with(const std::string& line, const std::string& replacement) {
  std::string text = stdlib_loop();
  size_t at = text.find(line);
  EXPECT_NE(at, std::string::npos) << line;
  if (at != std::string::npos) text.replace(at, line.size(), replacement);
  return text;
}

Task task_of(const std::string& text, uint64_t max_steps) {
  Task t = *parse_task(text, nullptr);
  t.max_steps = max_steps;
  return t;
}

TEST(DepsLoop, TheStdlibLoopIsTheDefaultAndPlankStdlibMovesIt) {
  EXPECT_EQ(fs::path(default_loop_path()).lexically_normal(),
            (fs::path(PLANK_SOURCE_DIR) / "stdlib/deps/loop.plank").lexically_normal());
  ::setenv("PLANK_STDLIB", "/elsewhere/stdlib", 1);
  EXPECT_EQ(default_loop_path(), "/elsewhere/stdlib/deps/loop.plank");
  ::unsetenv("PLANK_STDLIB");
}

TEST(DepsLoop, ARoundLimitInTheLoopFileEndsTheEpisodeThere) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  // Flawed iron pickaxe, seed 2: the stdlib loop needs two re-plans.
  Task t = task_of("obtain 1 iron_pickaxe", 6000);
  EpisodeOptions o;
  o.seed = 2;
  o.engine = "interp";
  o.initial = "flawed";
  std::string error;
  auto full = run_episode(*rules, t, o, {}, &error);
  ASSERT_TRUE(full) << error;
  ASSERT_TRUE(full->loop_error.empty()) << full->loop_error;
  ASSERT_TRUE(full->success) << full->end;
  ASSERT_EQ(full->rounds, 2);

  LoopFile one(stdlib_loop_with("MAX_REPLANS = 12", "MAX_REPLANS = 1"));
  o.loop = one.path.string();
  auto limited = run_episode(*rules, t, o, {}, &error);
  ASSERT_TRUE(limited) << error;
  ASSERT_TRUE(limited->loop_error.empty()) << limited->loop_error;
  EXPECT_FALSE(limited->success);
  EXPECT_EQ(limited->end, "max_rounds");
  EXPECT_EQ(limited->rounds, 1);
  ASSERT_EQ(limited->history.size(), 2u);
  // Up to the limit it is the same episode: same plans, same clock.
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(limited->history[i].plan, full->history[i].plan);
    EXPECT_EQ(limited->history[i].ticks_after, full->history[i].ticks_after);
  }
}

TEST(DepsLoop, ALoopThatNeverReplansRunsOneRound) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  // Written from scratch: the symbolic planner's plan, run once, reported, done.
  LoopFile once(
      "def episode():\n"
      "    task = deps_task()\n"
      "    planned = deps_plan_goals(task['item'], task['count'])\n"
      "    code = deps_plan_code(planned['goals'], {})\n"
      "    run = deps_run_plan(code)\n"
      "    print('ran', len(run['steps']), 'steps')\n"
      "    deps_round({'plan': code, 'note': 'the one plan', 'run': run, 'description': deps_describe(run),\n"
      "                'explanation': None})\n"
      "    deps_end('one_shot', 0)\n");
  EpisodeOptions o;
  o.seed = 1;
  o.engine = "interp";
  o.loop = once.path.string();
  std::string error;
  auto r = run_episode(*rules, task_of("obtain 1 wooden_pickaxe", 3000), o, {}, &error);
  ASSERT_TRUE(r) << error;
  ASSERT_TRUE(r->loop_error.empty()) << r->loop_error;
  EXPECT_TRUE(r->success);  // the driver checks the target itself
  EXPECT_EQ(r->end, "one_shot");
  ASSERT_EQ(r->history.size(), 1u);
  EXPECT_EQ(r->history[0].note, "the one plan");
  EXPECT_FALSE(r->history[0].explanation);
  EXPECT_EQ(r->loop_output, "ran " + std::to_string(r->history[0].run.steps.size()) + " steps\n");

  // The same loop on the paper's first stone-sword plan would need a re-plan: it fails, where the stdlib
  // loop repairs it.
  o.initial = "file";
  o.initial_path = "03.plank";
  o.initial_code = read(fs::path(PLANK_SOURCE_DIR) / "examples/deps/03_deps_stone_sword.plank");
  LoopFile no_replan(stdlib_loop_with("MAX_REPLANS = 12", "MAX_REPLANS = 0"));
  o.loop = no_replan.path.string();
  auto sword = run_episode(*rules, task_of("obtain 1 stone_sword", 3000), o, {}, &error);
  ASSERT_TRUE(sword) << error;
  EXPECT_FALSE(sword->success);
  EXPECT_EQ(sword->end, "max_rounds");
  ASSERT_EQ(sword->history.size(), 1u);
  ASSERT_TRUE(sword->history[0].explanation);
  EXPECT_EQ(sword->history[0].explanation->cause, "missing_tool");
  o.loop.clear();
  auto repaired = run_episode(*rules, task_of("obtain 1 stone_sword", 3000), o, {}, &error);
  ASSERT_TRUE(repaired) << error;
  EXPECT_TRUE(repaired->success) << repaired->end;
}

TEST(DepsLoop, ErrorsInALoopFileArePositionedNeverCrashes) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  Task t = task_of("obtain 1 stick", 3000);
  EpisodeOptions o;
  o.engine = "interp";
  auto world = make_episode_world(*rules, 0);  // generated once, copied per episode
  o.world = world.get();
  std::string error;
  auto loop_error = [&](const std::string& text) {
    LoopFile f(text, "my_loop.plank");
    o.loop = f.path.string();
    auto r = run_episode(*rules, t, o, {}, &error);
    EXPECT_TRUE(r) << error;
    if (!r) return std::string();
    EXPECT_FALSE(r->success);
    EXPECT_EQ(r->end, "loop_error");
    // Messages name the file as given.
    std::string s = r->loop_error;
    EXPECT_NE(s.find(f.path.string()), std::string::npos) << s;
    for (size_t at; (at = s.find(f.path.string())) != std::string::npos;)
      s.replace(at, f.path.string().size(), "my_loop.plank");
    return s;
  };

  std::string syntax = loop_error("def episode():\n    task = deps_task(\n    deps_end('x', 0)\n");
  EXPECT_NE(syntax.find("my_loop.plank:2:"), std::string::npos) << syntax;
  EXPECT_NE(syntax.find("^"), std::string::npos) << syntax;

  std::string runtime = loop_error("def episode():\n    task = deps_task()\n    n = task['no_such_key']\n");
  EXPECT_NE(runtime.find("my_loop.plank:3:5: error: KeyError: 'no_such_key'"), std::string::npos) << runtime;
  EXPECT_NE(runtime.find("n = task['no_such_key']\n      ^~~~~~~~~~~~~~~~~~~~~~~\n"), std::string::npos) << runtime;
  EXPECT_NE(runtime.find("  in episode at my_loop.plank:3"), std::string::npos) << runtime;

  // Wrong values handed to an intrinsic are the loop's errors, with what was expected.
  std::string bad_goal = loop_error("def episode():\n    deps_select([{'verb': 'dig', 'item': 'log', 'count': 1}])\n");
  EXPECT_NE(bad_goal.find("ValueError: goals[0]['verb'] is 'dig' (expected mine, craft"), std::string::npos) << bad_goal;
  std::string bad_handle = loop_error("def episode():\n    deps_describe({'id': 7})\n");
  EXPECT_NE(bad_handle.find("is not a plan run of this episode"), std::string::npos) << bad_handle;

  EXPECT_NE(loop_error("def run():\n    pass\n").find("defines no episode()"), std::string::npos);
  EXPECT_NE(loop_error("x = 1 / 0\ndef episode():\n    pass\n").find("my_loop.plank:1:1: error: ZeroDivisionError"),
            std::string::npos);
  std::string twice = loop_error("def episode():\n    deps_end('a', 0)\n    deps_end('b', 0)\n");
  EXPECT_NE(twice.find("deps_end() was already called"), std::string::npos) << twice;

  // A loop that never ends stops: by the statement budget, or by the bound on plan runs.
  EXPECT_NE(loop_error("def episode():\n    while True:\n        pass\n").find("BudgetExceeded"), std::string::npos);
  std::string runs = loop_error("def episode():\n    while True:\n        deps_run_plan('')\n");
  EXPECT_NE(runs.find("runs at most 1000 plans an episode"), std::string::npos) << runs;

  o.loop = "/nonexistent/loop.plank";
  auto missing = run_episode(*rules, t, o, {}, &error);
  ASSERT_TRUE(missing) << error;
  EXPECT_NE(missing->loop_error.find("cannot read the DEPS loop file '/nonexistent/loop.plank'"), std::string::npos);

  // A loop that returns without deps_end() still gives a result.
  LoopFile silent("def episode():\n    pass\n");
  o.loop = silent.path.string();
  auto quiet = run_episode(*rules, t, o, {}, &error);
  ASSERT_TRUE(quiet) << error;
  EXPECT_TRUE(quiet->loop_error.empty()) << quiet->loop_error;
  EXPECT_EQ(quiet->end, "loop_returned");
  EXPECT_TRUE(quiet->history.empty());
}

TEST(DepsLoop, TheLoopIntrinsicsNeedAnEpisode) {
  host::register_host_intrinsics();
  engine::RunOptions o;
  o.path = "plain.plank";
  o.source = "deps_task()\n";
  o.engine = "interp";
  std::string out, err;
  o.out = &out, o.err = &err;
  EXPECT_EQ(engine::run_program(o).exit_code, 1);
  EXPECT_NE(err.find("drives a DEPS episode"), std::string::npos) << err;
}

struct Stop {};

TEST(DepsLoop, WhatTheRoundHookThrowsReachesTheCallerAndTheLoopGoesOn) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  Task t = task_of("obtain 1 stone_sword", 3000);
  EpisodeOptions o;
  o.engine = "interp";
  o.initial = "file";
  o.initial_path = "03.plank";
  o.initial_code = read(fs::path(PLANK_SOURCE_DIR) / "examples/deps/03_deps_stone_sword.plank");
  std::string error;
  int rounds = 0;
  RoundHook stop_after_first = [&](const Round&, const world::World&) {
    ++rounds;
    throw Stop{};  // the REPL's :abort does this
  };
  EXPECT_THROW(run_episode(*rules, t, o, stop_after_first, &error), Stop);
  EXPECT_EQ(rounds, 1);
  EXPECT_EQ(engine::interruptible_thread(), nullptr);
  // The loop program is reused by the next episode.
  auto r = run_episode(*rules, t, o, {}, &error);
  ASSERT_TRUE(r) << error;
  EXPECT_TRUE(r->success) << r->end << r->loop_error;
}

TEST(DepsLoop, PlansRunNestedInTheLoopProgramOnBothEngines) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  if (!engine::jit_available()) GTEST_SKIP() << "the JIT is not built";
  Task t = task_of("obtain 1 stone_pickaxe", 3000);
  EpisodeOptions o;
  o.seed = 4;
  o.initial = "flawed";
  std::string error;
  o.engine = "interp";
  auto interp = run_episode(*rules, t, o, {}, &error);
  o.engine = "jit";
  auto jit = run_episode(*rules, t, o, {}, &error);
  ASSERT_TRUE(interp && jit) << error;
  EXPECT_TRUE(jit->loop_error.empty()) << jit->loop_error;
  EXPECT_EQ(jit->success, interp->success);
  EXPECT_EQ(jit->ticks, interp->ticks);
  ASSERT_EQ(jit->history.size(), interp->history.size());
  for (size_t i = 0; i < jit->history.size(); ++i) EXPECT_EQ(jit->history[i].plan, interp->history[i].plan);
  EXPECT_EQ(engine::interruptible_thread(), nullptr);
}

// The intrinsics root every value they build: the stdlib loop, run with the collector at every
// allocation, gives the same episode as run_episode.
TEST(DepsLoop, TheLoopIntrinsicsSurviveACollectionAtEveryAllocation) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  Task t = task_of("obtain 1 stone_pickaxe", 3000);
  EpisodeOptions o;
  o.seed = 4;
  o.engine = "interp";
  o.initial = "flawed";
  std::string error;
  auto expected = run_episode(*rules, t, o, {}, &error);
  ASSERT_TRUE(expected) << error;
  ASSERT_GE(expected->history.size(), 2u);  // a repair, so every intrinsic of the symbolic path runs

  // run_episode's set-up, with a ProgramState of our own whose heap collects at every allocation.
  auto world = make_episode_world(*rules, o.seed);
  survival::ControllerOptions co = survival::deps_task_controller();
  co.search_radius = int(o.world_size * 0.71) + 1;
  survival::Controller controller(*world, *rules->book, co);
  controller.set_tick_budget(3000);
  SkillExecutor skills(controller, *rules->book, rules->analysis.get());
  EpisodeContext episode(*rules, t, o, *world, controller, skills, 3000, nullptr, nullptr);
  core::HostContext host;
  host.deps_episode = &episode;
  engine::ProgramStateOptions po;
  po.engine = "interp";
  po.debug = false;
  po.capabilities = core::kCapWorld;
  po.host = &host;
  engine::ProgramState program(po);
  program.thread().heap->set_stress(true);
  ASSERT_TRUE(program.run(stdlib_loop(), "loop.plank", false).ok());
  engine::InputResult r = program.call(kLoopEntry);
  program.thread().heap->set_stress(false);
  ASSERT_TRUE(r.ok()) << r.messages;
  EXPECT_EQ(episode.result.end, expected->end);
  EXPECT_EQ(episode.result.rounds, expected->rounds);
  EXPECT_EQ(episode.result.flaws, expected->flaws);
  ASSERT_EQ(episode.result.history.size(), expected->history.size());
  for (size_t i = 0; i < expected->history.size(); ++i) {
    EXPECT_EQ(episode.result.history[i].plan, expected->history[i].plan);
    EXPECT_EQ(episode.result.history[i].note, expected->history[i].note);
    EXPECT_EQ(episode.result.history[i].description.text, expected->history[i].description.text);
    EXPECT_EQ(episode.result.history[i].ticks_after, expected->history[i].ticks_after);
  }
}

}  // namespace
}  // namespace plank::deps
