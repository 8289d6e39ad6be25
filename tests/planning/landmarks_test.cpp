// Landmarks over the lifted relaxation (planning/lifted/landmarks.h): an atom
// every plan passes through is found, one that a detour avoids is not, the
// count falls as the landmarks are reached, and the lifted search with the
// landmark lists returns a plan VAL accepts.
#include <gtest/gtest.h>

#include <algorithm>

#include "planning/lifted/landmarks.h"
#include "planning/normalize.h"
#include "planning_test_util.h"

namespace plank::test {
namespace {

// Two routes from a to c (through b or through d); the key lies at c, the
// door at e beyond it. Every plan reaches c, holds the key and reaches e;
// none has to pass b or d.
const char* kKeyDomain = R"((define (domain key) (:requirements :typing)
  (:types loc)
  (:predicates (at ?l - loc) (conn ?a ?b - loc) (key-at ?l - loc) (door ?l - loc) (have-key) (open))
  (:action move :parameters (?a ?b - loc) :precondition (and (at ?a) (conn ?a ?b)) :effect (and (not (at ?a)) (at ?b)))
  (:action pick :parameters (?l - loc) :precondition (and (at ?l) (key-at ?l)) :effect (and (have-key) (not (key-at ?l))))
  (:action unlock :parameters (?l - loc) :precondition (and (at ?l) (door ?l) (have-key)) :effect (open))))";

const char* kKeyProblem = R"((define (problem p) (:domain key) (:objects a b c d e - loc)
  (:init (at a) (key-at c) (door e) (conn a b) (conn b a) (conn b c) (conn c b) (conn a d) (conn d a) (conn d c) (conn c d) (conn c e) (conn e c))
  (:goal (open))))";

struct Relaxation {
  pddl::Task task;
  std::vector<bool> fluent;
  planning::lifted::RelaxedProgram program;
  std::unique_ptr<planning::lifted::CostedDatalog> datalog;

  explicit Relaxation(const pddl::Task& t) : task(t) {
    planning::normalize(task);
    fluent.assign(task.predicates.size(), false);
    for (const auto& a : task.actions)
      for (const auto& e : a.effects)
        for (const auto& l : e.literals) fluent[l.atom.predicate] = true;
    program = planning::lifted::build_relaxed_program(task, fluent, planning::CostType::One);
    datalog = std::make_unique<planning::lifted::CostedDatalog>(program, program.object_count);
  }
  // Begins an evaluation from the initial state with `changes` applied
  // (predicate name, argument or "", holds).
  void seed(const std::vector<std::tuple<std::string, std::string, bool>>& changes) {
    datalog->begin();
    std::vector<std::pair<int, std::vector<int>>> atoms;
    for (const auto& g : task.init) atoms.push_back({g.predicate, g.args});
    for (const auto& [name, arg, holds] : changes) {
      std::pair<int, std::vector<int>> atom{task.predicate_index(name), {}};
      if (!arg.empty()) atom.second.push_back(task.object_index(arg));
      auto it = std::find(atoms.begin(), atoms.end(), atom);
      if (holds && it == atoms.end()) atoms.push_back(atom);
      if (!holds && it != atoms.end()) atoms.erase(it);
    }
    for (const auto& [p, args] : atoms) datalog->add_initial(p, args.data());
    for (const auto& [p, args] : program.type_facts) datalog->add_initial(p, args.data());
  }
  // A whole evaluation: the relaxed exploration and the relaxed plan.
  int evaluate(const std::vector<std::tuple<std::string, std::string, bool>>& changes) {
    seed(changes);
    int h = datalog->run(false, SIZE_MAX);
    datalog->relaxed_plan(static_cast<int>(task.predicates.size()), nullptr);
    return h;
  }
};

TEST(LiftedLandmarks, AtomsEveryPlanPassesThroughAreLandmarksAndADetourIsNot) {
  auto t = load_text(kKeyDomain, kKeyProblem);
  ASSERT_TRUE(t->loaded.task) << render_text(t->sink.all());
  Relaxation r(*t->loaded.task);
  ASSERT_LT(r.evaluate({}), planning::lifted::CostedDatalog::kUnreachable);
  planning::Limits limits(10, 0);
  planning::lifted::LandmarkCount landmarks;
  landmarks.find(*r.datalog, r.program, static_cast<int>(r.task.objects.size()),
                 static_cast<int>(r.task.predicates.size()), {}, limits, [&] { r.seed({}); });
  std::vector<std::string> names;
  for (const auto& o : r.task.objects) names.push_back(o.name);
  const std::string found = landmarks.describe(*r.datalog, r.program, names);
  for (const char* l : {"(goal)\n", "(open)\n", "(have-key)\n", "(at c)\n", "(at e)\n"})
    EXPECT_NE(found.find(l), std::string::npos) << l << " missing from\n" << found;
  for (const char* l : {"(at b)\n", "(at d)\n", "(at a)\n"})
    EXPECT_EQ(found.find(l), std::string::npos) << l << " is no landmark, in\n" << found;

  // The count along a plan: a, d, c (pick), e (unlock). It never rises and
  // ends at 0; walking to d reaches nothing.
  std::vector<uint64_t> reached(landmarks.words(), 0);
  auto count = [&](const std::vector<std::tuple<std::string, std::string, bool>>& changes) {
    r.evaluate(changes);
    return landmarks.count(*r.datalog, reached.data());
  };
  const int start = count({});
  EXPECT_EQ(start, static_cast<int>(landmarks.size()));
  const int at_d = count({{"at", "a", false}, {"at", "d", true}});
  EXPECT_EQ(at_d, start);
  const int at_c = count({{"at", "a", false}, {"at", "c", true}});
  EXPECT_EQ(at_c, start - 1);
  const int key = count({{"at", "a", false}, {"at", "c", true}, {"key-at", "c", false}, {"have-key", "", true}});
  EXPECT_EQ(key, start - 2);
  // Back at a with the key: c was reached, and the way to e needs it again.
  const int back = count({{"key-at", "c", false}, {"have-key", "", true}});
  EXPECT_EQ(back, key + 1);
  const int open = count({{"at", "a", false}, {"at", "e", true}, {"key-at", "c", false}, {"have-key", "", true}, {"open", "", true}});
  EXPECT_EQ(open, 0);
}

TEST(LiftedLandmarks, TheLiftedSearchWithLandmarkListsReturnsAValidPlan) {
  auto t = load_text(kKeyDomain, kKeyProblem);
  ASSERT_TRUE(t->loaded.task);
  planning::PlanRequest request;
  request.force_lifted = true;
  request.timeout_seconds = 30;
  auto out = planning::plan(*t->loaded.task, request);
  ASSERT_EQ(out.status, planning::PlanOutcome::Status::Solved);
  EXPECT_EQ(out.mode, "lifted");
  EXPECT_GE(out.cost, 5);  // two moves to c, pick, a move to e, unlock
  if (!have_val()) return;
  std::string val;
  EXPECT_TRUE(val_accepts(kKeyDomain, kKeyProblem, planning::format_plan(out), &val)) << planning::format_plan(out) << val;
}

}  // namespace
}  // namespace plank::test
