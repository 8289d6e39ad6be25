// Helpers for the planner's tests: check PDDL text into a Task, plan it, and
// validate plans with VAL (the IPC's validator, a peer tool in ../shared), so
// a test asserts that a plan is valid by someone else's reading of PDDL.
#pragma once
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "compiler/pddl/load.h"
#include "planning/planner.h"

namespace plank::test {

inline std::string planning_shared_dir() {
  const char* env = std::getenv("PLANK_SHARED");
  return env ? env : PLANK_SHARED_DIR;
}

struct TextTask {
  std::string domain, problem;
  DiagnosticSink sink;
  pddl::LoadedTask loaded;
};

inline std::unique_ptr<TextTask> load_text(const std::string& domain, const std::string& problem) {
  auto t = std::make_unique<TextTask>();
  t->domain = domain;
  t->problem = problem;
  t->loaded = pddl::load_task(SourceFile::from_string("domain.pddl", domain),
                              SourceFile::from_string("problem.pddl", problem), t->sink);
  return t;
}

inline std::string val_binary() {
  return (std::filesystem::path(planning_shared_dir()) / "tools/val/Validate").string();
}
inline bool have_val() { return std::filesystem::exists(val_binary()); }

// VAL's verdict on a plan: true when it prints "Plan valid".
inline bool val_accepts(const std::string& domain, const std::string& problem, const std::string& plan_text,
                        std::string* output = nullptr) {
  namespace fs = std::filesystem;
  static int counter = 0;
  fs::path dir = fs::temp_directory_path() / ("plank_val_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  fs::create_directories(dir);
  std::ofstream(dir / "d.pddl") << domain;
  std::ofstream(dir / "p.pddl") << problem;
  std::ofstream(dir / "plan") << plan_text;
  std::string cmd = "'" + val_binary() + "' '" + (dir / "d.pddl").string() + "' '" + (dir / "p.pddl").string() +
                    "' '" + (dir / "plan").string() + "' 2>&1";
  std::string out;
  if (FILE* pipe = ::popen(cmd.c_str(), "r")) {
    char buf[512];
    while (std::fgets(buf, sizeof buf, pipe)) out += buf;
    ::pclose(pipe);
  }
  fs::remove_all(dir);
  if (output) *output = out;
  return out.find("Plan valid") != std::string::npos;
}

// Gripper: two rooms, n balls, two grippers (the small domain most planner tests plan).
inline const char* const kGripper = R"((define (domain gripper-strips)
  (:predicates (room ?r) (ball ?b) (gripper ?g) (at-robby ?r) (at ?b ?r) (free ?g) (carry ?o ?g))
  (:action move :parameters (?from ?to)
    :precondition (and (room ?from) (room ?to) (at-robby ?from))
    :effect (and (at-robby ?to) (not (at-robby ?from))))
  (:action pick :parameters (?obj ?room ?gripper)
    :precondition (and (ball ?obj) (room ?room) (gripper ?gripper) (at ?obj ?room) (at-robby ?room) (free ?gripper))
    :effect (and (carry ?obj ?gripper) (not (at ?obj ?room)) (not (free ?gripper))))
  (:action drop :parameters (?obj ?room ?gripper)
    :precondition (and (ball ?obj) (room ?room) (gripper ?gripper) (carry ?obj ?gripper) (at-robby ?room))
    :effect (and (at ?obj ?room) (free ?gripper) (not (carry ?obj ?gripper)))))
)";

inline std::string gripper_problem(int balls) {
  std::string objects, init, goal;
  for (int i = 0; i < balls; ++i) {
    std::string b = "ball" + std::to_string(i);
    objects += " " + b;
    init += " (ball " + b + ") (at " + b + " rooma)";
    goal += " (at " + b + " roomb)";
  }
  return "(define (problem g) (:domain gripper-strips) (:objects rooma roomb left right" + objects +
         ") (:init (room rooma) (room roomb) (gripper left) (gripper right) (at-robby rooma) (free left) (free right)" +
         init + ") (:goal (and" + goal + ")))";
}

struct PlanTextOptions {
  double timeout = 60;  // seconds
  bool lifted = false;  // force the lifted search
};

// Checks the PDDL text (a test failure names the diagnostics) and plans it with `search`.
inline planning::PlanOutcome plan_text(const std::string& domain, const std::string& problem, const std::string& search,
                                       PlanTextOptions options = {}) {
  auto t = load_text(domain, problem);
  EXPECT_TRUE(t->loaded.task) << render_text(t->sink.all());
  if (!t->loaded.task) return {};
  planning::PlanRequest r;
  r.search = search;
  r.force_lifted = options.lifted;
  r.timeout_seconds = options.timeout;
  return planning::plan(*t->loaded.task, r);
}

// Solved, and (when VAL is here) valid by VAL's reading of the PDDL.
inline void expect_valid(const std::string& domain, const std::string& problem, const planning::PlanOutcome& out) {
  ASSERT_EQ(out.status, planning::PlanOutcome::Status::Solved);
  if (!have_val()) return;
  std::string val;
  EXPECT_TRUE(val_accepts(domain, problem, planning::format_plan(out), &val)) << planning::format_plan(out) << val;
}

// A search configuration that is refused: the message says what is wrong, at this offset of the string.
struct BadConfigCase {
  const char* search;
  const char* message;
  size_t offset;
};
inline void expect_config_errors(std::initializer_list<BadConfigCase> cases) {
  for (const BadConfigCase& c : cases) {
    auto out = plan_text(kGripper, gripper_problem(1), c.search);
    ASSERT_EQ(out.status, planning::PlanOutcome::Status::BadConfig) << c.search;
    EXPECT_NE(out.config_error.message.find(c.message), std::string::npos) << c.search << ": " << out.config_error.message;
    EXPECT_EQ(out.config_error.offset, c.offset) << c.search;
  }
}

}  // namespace plank::test
