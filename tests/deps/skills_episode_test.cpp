// Plan code through the compiler against the real controller in a generated world: the paper's plan
// styles, the failing step and its record, and whole episodes (oracle, flawed + the loop, ablation).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "agents/deps/compile/plan_runner.h"
#include "agents/deps/loop/episode.h"
#include "compiler/engine/run.h"
#include "deps/deps_test_util.h"
#include "world/survival/controller.h"
#include "world/survival/task_run.h"

namespace plank::deps {
namespace {

std::string example(const std::string& name) {
  std::ifstream in(std::filesystem::path(PLANK_SOURCE_DIR) / "examples/deps" / name);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Fixture {
  std::unique_ptr<world::World> world;
  std::unique_ptr<survival::Controller> controller;
  std::unique_ptr<SkillExecutor> session;
  explicit Fixture(const Rules& r, uint64_t seed = 1) {
    world = make_episode_world(r, seed);
    controller = std::make_unique<survival::Controller>(*world, *r.book, survival::deps_task_controller());
    session = std::make_unique<SkillExecutor>(*controller, *r.book, r.analysis.get());
  }
  int count(const Rules& r, const std::string& item) {
    return controller->inventory().count_any(r.book->names().resolve(item));
  }
};

TEST(DepsSkills, ThePapersFirstStoneSwordPlanFailsAtStepFour) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  Fixture f(*rules);
  PlanRun run = run_plan(*f.session, example("03_deps_stone_sword.plank"), {"03.plank", "interp"});
  ASSERT_TRUE(run.compiled) << run.error;
  EXPECT_FALSE(run.finished);
  ASSERT_TRUE(run.skill_failed) << run.error;
  ASSERT_EQ(run.steps.size(), 4u);
  EXPECT_EQ(run.steps[3].call, "mine({'cobblestone':2}, null)");
  EXPECT_EQ(run.steps[3].result.failure, survival::Failure::MissingTool);
  EXPECT_NE(run.error.find("SkillFailed"), std::string::npos) << run.error;
  EXPECT_NE(run.error.find("03.plank:6"), std::string::npos) << run.error;  // the plan's own line
  EXPECT_EQ(f.count(*rules, "planks"), 10);
  EXPECT_EQ(f.count(*rules, "stick"), 4);
  // The paper's second re-plan then succeeds from that state.
  PlanRun fixed = run_plan(*f.session, example("05_deps_stone_sword_replan2.plank"), {"05.plank", "interp"});
  EXPECT_TRUE(fixed.finished) << fixed.error;
  EXPECT_EQ(f.count(*rules, "stone_sword"), 1);
}

TEST(DepsSkills, ProgPromptCodeAsPoliciesAndChatStylesRun) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  for (const char* name : {"02_deps_wooden_button.plank", "07_progprompt_wooden_button.plank",
                           "09_code_as_policies_wooden_button.plank", "08_progprompt_stone_sword.plank"}) {
    Fixture f(*rules);
    PlanRun run = run_plan(*f.session, example(name), {name, "interp"});
    EXPECT_TRUE(run.finished) << name << "\n" << run.error;
    std::string target = std::string(name).find("button") != std::string::npos ? "wooden_button" : "stone_sword";
    EXPECT_GE(f.count(*rules, target), 1) << name;
  }
  // The chat style (None, double quotes, trailing commas) parses and runs until the tool is missing.
  Fixture f(*rules);
  PlanRun chat = run_plan(*f.session, example("11_chat_model_style.plank"), {"11.plank", "jit"});
  ASSERT_TRUE(chat.compiled) << chat.error;
  EXPECT_TRUE(chat.skill_failed) << chat.error;
}

TEST(DepsSkills, BadArgumentsAreRuntimeErrorsNotCrashes) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  Fixture f(*rules);
  for (const char* code : {"mine({'log':3, 'sand':1}, null)\n", "mine({'log':-1}, null)\n", "mine(3)\n",
                           "craft({'planks':4}, materials = 'log')\n", "mine({'log':1}, tool = 5)\n",
                           "mine({'log':1}, wood = 1)\n", "inventory.has(3)\n", "len.has({'log':1})\n"}) {
    PlanRun run = run_plan(*f.session, code, {"bad.plank", "interp"});
    EXPECT_FALSE(run.finished) << code;
    EXPECT_FALSE(run.skill_failed) << code;
    // The checker knows the intrinsics' parameters: an unknown keyword is a compile error.
    EXPECT_TRUE(!run.compiled || run.error_kind == "TypeError" || run.error_kind == "ValueError" ||
                run.error_kind == "AttributeError")
        << code << run.error;
    EXPECT_TRUE(f.session->steps().empty()) << code;
  }
  PlanRun syntax = run_plan(*f.session, "mine({'log':1}, null\n", {"bad.plank", "interp"});
  EXPECT_FALSE(syntax.compiled);
  EXPECT_NE(syntax.error.find("bad.plank:"), std::string::npos) << syntax.error;
}

TEST(DepsSkills, NoWorldAttachedIsAClearError) {
  host::register_host_intrinsics();
  engine::RunOptions o;
  o.path = "plain.plank";
  o.source = "mine({'log':1}, null)\n";
  o.engine = "interp";
  std::string out, err;
  o.out = &out, o.err = &err;
  engine::RunResult r = engine::run_program(o);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(err.find("plank deps"), std::string::npos) << err;
}

TEST(DepsEpisode, OracleFlawedAndAblation) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  Task t = *parse_task("obtain 1 stone_pickaxe", nullptr);
  t.max_steps = 3000;
  EpisodeOptions o;
  o.seed = 1;
  o.engine = "interp";
  std::string error;
  auto oracle = run_episode(*rules, t, o, {}, &error);
  ASSERT_TRUE(oracle) << error;
  EXPECT_TRUE(oracle->success) << oracle->end;
  EXPECT_EQ(oracle->rounds, 0);
  EXPECT_GT(oracle->ticks, 0u);
  EXPECT_LE(oracle->ticks, 3000u);

  // Flawed plans over several seeds: the loop repairs them in a few rounds.
  o.initial = "flawed";
  int repaired = 0, replans = 0;
  for (uint64_t seed : {0, 1, 4, 7}) {
    o.seed = seed;
    auto r = run_episode(*rules, t, o, {}, &error);
    ASSERT_TRUE(r) << error;
    EXPECT_FALSE(r->flaws.empty());
    repaired += r->success;
    replans += r->rounds;
    EXPECT_EQ(r->history.size(), size_t(r->rounds) + 1);
    for (size_t i = 0; i + 1 < r->history.size(); ++i) EXPECT_TRUE(r->history[i].explanation);
  }
  EXPECT_GE(repaired, 3);
  EXPECT_GT(replans, 0);

  // Without the explainer a plan that lacks a tool cannot be repaired.
  o.explainer = false;
  o.seed = 0;
  o.initial = "file";
  o.initial_code = example("03_deps_stone_sword.plank");
  o.initial_path = "03.plank";
  Task sword = *parse_task("obtain 1 stone_sword", nullptr);
  auto blind = run_episode(*rules, sword, o, {}, &error);
  ASSERT_TRUE(blind) << error;
  EXPECT_FALSE(blind->success);
  o.explainer = true;
  auto full = run_episode(*rules, sword, o, {}, &error);
  ASSERT_TRUE(full) << error;
  EXPECT_TRUE(full->success) << full->end;
  EXPECT_GE(full->rounds, 1);
  ASSERT_TRUE(full->history[0].explanation);
  EXPECT_EQ(full->history[0].explanation->cause, "missing_tool");
}

TEST(DepsEpisode, TaskText) {
  EXPECT_EQ(parse_task("obtain 1 stone_sword", nullptr)->item, "stone_sword");
  EXPECT_EQ(parse_task("Obtain wooden slab.", nullptr)->item, "wooden_slab");
  EXPECT_EQ(parse_task("obtain 3 stick", nullptr)->count, 3);
  std::string error;
  EXPECT_FALSE(parse_task("obtain 3", &error));
  EXPECT_NE(error.find("obtain 1 stone_sword"), std::string::npos);
}

}  // namespace
}  // namespace plank::deps
