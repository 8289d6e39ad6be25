// `plank plan` and `plank check` on PDDL: exit codes (0 plan, 3 unsolvable,
// 4 limit, 1 input errors, 2 usage), the IPC plan format, the JSON keys.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli/run_plank.h"

namespace plank::test {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

std::string ipc(const std::string& rel) { return shared_dir() + "/data/pddl/ipc-dev/" + rel; }

class CliPlan : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!fs::exists(ipc("gripper/domain.pddl"))) GTEST_SKIP() << "no shared data";
  }
};

TEST_F(CliPlan, PrintsAnIpcPlanEndingWithItsCostAndExitsZero) {
  auto r = run_plank("plan '" + ipc("gripper/domain.pddl") + "' '" + ipc("gripper/instance-8.pddl") + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream lines(r.out);
  std::string line, last;
  int actions = 0;
  while (std::getline(lines, line)) {
    if (line.empty()) continue;
    if (line[0] == '(') ++actions;
    last = line;
  }
  EXPECT_GT(actions, 10);
  EXPECT_THAT(last, HasSubstr("; cost = " + std::to_string(actions) + " (unit cost)"));
}

TEST_F(CliPlan, JsonHasTheDocumentedKeys) {
  auto r = run_plank("plan --json '" + ipc("blocks/domain.pddl") + "' '" + ipc("blocks/instance-4.pddl") + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  for (const char* key : {"solved", "plan", "cost", "expanded", "seconds", "grounded_actions"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_TRUE(j["solved"].get<bool>());
  EXPECT_EQ(j["cost"].get<long long>(), static_cast<long long>(j["plan"].size()));
  EXPECT_GT(j["grounded_actions"].get<int>(), 0);
}

TEST_F(CliPlan, ExitCodesSayUnsolvableLimitAndInputErrors) {
  fs::path dir = fs::temp_directory_path() / ("plank_plan_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "d.pddl") << "(define (domain d) (:predicates (p) (q)) (:action a :parameters () :precondition (p) :effect (q)))";
  std::ofstream(dir / "unsolvable.pddl") << "(define (problem x) (:domain d) (:init) (:goal (q)))";
  std::ofstream(dir / "typo.pddl") << "(define (problem x) (:domain d) (:init (p)) (:goal (qq)))";
  auto unsolvable = run_plank("plan '" + (dir / "d.pddl").string() + "' '" + (dir / "unsolvable.pddl").string() + "'");
  EXPECT_EQ(unsolvable.exit_code, 3) << unsolvable.err;
  auto typo = run_plank("plan '" + (dir / "d.pddl").string() + "' '" + (dir / "typo.pddl").string() + "'");
  EXPECT_EQ(typo.exit_code, 1);
  EXPECT_THAT(typo.err, HasSubstr("typo.pddl:1:53: error: undeclared predicate 'qq'; did you mean 'q'?"));
  auto limit = run_plank("plan --timeout 0.05 --search 'astar(blind())' '" + ipc("blocks/domain.pddl") + "' '" +
                         ipc("blocks/instance-55.pddl") + "'");
  EXPECT_EQ(limit.exit_code, 4) << limit.err;
  auto config = run_plank("plan --search 'gbfs(nope)' '" + ipc("blocks/domain.pddl") + "' '" +
                          ipc("blocks/instance-4.pddl") + "'");
  EXPECT_EQ(config.exit_code, 1);
  EXPECT_THAT(config.err, HasSubstr("unknown heuristic 'nope'"));
  EXPECT_EQ(run_plank("plan '" + ipc("blocks/domain.pddl") + "'").exit_code, 2);
  fs::remove_all(dir);
}

TEST_F(CliPlan, DumpsTheAstAndTheGroundedTask) {
  auto ast = run_plank("plan --dump=ast '" + ipc("gripper/domain.pddl") + "' '" + ipc("gripper/instance-8.pddl") + "'");
  ASSERT_EQ(ast.exit_code, 0);
  EXPECT_THAT(ast.out, HasSubstr("(:action pick"));
  auto grounded =
      run_plank("plan --dump=grounded '" + ipc("gripper/domain.pddl") + "' '" + ipc("gripper/instance-8.pddl") + "'");
  ASSERT_EQ(grounded.exit_code, 0);
  EXPECT_THAT(grounded.out, HasSubstr("operator (pick ball1 rooma left) cost 1"));
}

TEST_F(CliPlan, CheckReadsPddlFiles) {
  auto ok = run_plank("check '" + ipc("gripper/domain.pddl") + "' '" + ipc("gripper/instance-8.pddl") + "'");
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  auto alfred = shared_dir() + "/data/alfworld/alfworld/data/alfred.pddl";
  if (!fs::exists(alfred)) return;
  auto bad = run_plank("check --json '" + alfred + "'");
  EXPECT_EQ(bad.exit_code, 1);
  auto j = nlohmann::json::parse(bad.out);
  EXPECT_EQ(j["errors"].get<int>(), 6);
  EXPECT_EQ(j["diagnostics"][0]["line"].get<int>(), 113);
}

}  // namespace
}  // namespace plank::test
