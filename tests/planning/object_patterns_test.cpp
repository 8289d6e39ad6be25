// Object patterns in the lifted relaxation (planning/lifted/object_patterns.h):
// "some block present at (x, y)" kept where blocks move only as a whole, so
// the relaxed plan places the support a placement needs; dropped where an
// action moves one coordinate of a present block; and the lifted search with
// the patterns kept returns a plan VAL accepts.
#include <gtest/gtest.h>

#include "planning/lifted/costed_datalog.h"
#include "planning/lifted/object_patterns.h"
#include "planning/lifted/relaxed_program.h"
#include "planning/normalize.h"
#include "planning_test_util.h"

namespace plank::test {
namespace {

// A tower on the ground block g at (x0, y0): a block is placed only on a
// present block, so a block at (x0, y2) needs one at (x0, y1) first.
std::string tower_domain(bool slide) {
  std::string d = R"((define (domain tower) (:requirements :typing :negative-preconditions :existential-preconditions)
  (:types block pos)
  (:predicates (present ?b - block) (at-x ?b - block ?x - pos) (at-y ?b - block ?y - pos) (below ?a ?b - pos) (next ?a ?b - pos))
  (:action place :parameters (?b - block ?x ?y ?down - pos)
    :precondition (and (not (present ?b)) (below ?down ?y)
                       (exists (?s - block) (and (present ?s) (at-x ?s ?x) (at-y ?s ?down))))
    :effect (and (present ?b) (at-x ?b ?x) (at-y ?b ?y)))
  (:action take :parameters (?b - block ?x ?y - pos)
    :precondition (and (present ?b) (at-x ?b ?x) (at-y ?b ?y))
    :effect (and (not (present ?b)) (not (at-x ?b ?x)) (not (at-y ?b ?y)))))";
  if (slide) {
    // Moves a present block sideways: one coordinate changes, the object stays.
    d += R"(
  (:action slide :parameters (?b - block ?x ?x2 - pos)
    :precondition (and (present ?b) (at-x ?b ?x) (next ?x ?x2))
    :effect (and (not (at-x ?b ?x)) (at-x ?b ?x2))))";
  }
  return d + ")";
}

// The goal: a block at (x0, `height`).
std::string tower_problem(const std::string& height) {
  return R"x((define (problem p) (:domain tower)
  (:objects g b1 b2 b3 - block x0 x1 y0 y1 y2 - pos)
  (:init (present g) (at-x g x0) (at-y g y0) (below y0 y1) (below y1 y2) (next x0 x1) (next x1 x0))
  (:goal (exists (?b - block) (and (present ?b) (at-x ?b x0) (at-y ?b )x" +
         height + ")))))";
}
const std::string kTowerProblem = tower_problem("y2");

struct Relaxed {
  pddl::Task task;
  planning::lifted::RelaxedProgram program;
  int h = 0;
};

// The initial state's relaxed plan cost (h_FF).
Relaxed initial_h(const pddl::Task& loaded, bool object_patterns) {
  Relaxed r;
  r.task = loaded;
  planning::normalize(r.task);
  std::vector<bool> fluent = planning::fluent_predicates(r.task);
  r.program = planning::lifted::build_relaxed_program(r.task, fluent, planning::CostType::One, object_patterns);
  planning::lifted::CostedDatalog datalog(r.program, r.program.object_count);
  datalog.begin();
  for (const auto& g : r.task.init) datalog.add_initial(g.predicate, g.args.data());
  for (const auto& [p, args] : r.program.type_facts) datalog.add_initial(p, args.data());
  if (datalog.run(false, SIZE_MAX) >= planning::lifted::CostedDatalog::kUnreachable) {
    r.h = -1;
    return r;
  }
  r.h = datalog.relaxed_plan(static_cast<int>(r.task.predicates.size()), nullptr);
  return r;
}

bool keeps_a_pattern(const planning::lifted::RelaxedProgram& p) {
  return std::find(p.is_pattern.begin(), p.is_pattern.end(), 1) != p.is_pattern.end();
}

TEST(ObjectPatterns, TheRelaxedPlanPlacesTheSupportAPlacementNeeds) {
  // A block at y1 takes one placement, one at y2 two (y1 first): the kept
  // pattern's h is the plan's length; without it, h is the same for both
  // heights (the goal's present, at-x and at-y, each from a relaxed placement
  // of the generic block, none of them on a support).
  auto low = load_text(tower_domain(false), tower_problem("y1"));
  auto high = load_text(tower_domain(false), tower_problem("y2"));
  ASSERT_TRUE(low->loaded.task && high->loaded.task) << render_text(high->sink.all());
  Relaxed kept_low = initial_h(*low->loaded.task, true), kept_high = initial_h(*high->loaded.task, true);
  Relaxed dropped_low = initial_h(*low->loaded.task, false), dropped_high = initial_h(*high->loaded.task, false);
  EXPECT_FALSE(keeps_a_pattern(dropped_high.program));
  EXPECT_TRUE(keeps_a_pattern(kept_high.program));
  EXPECT_EQ(kept_low.h, 1);
  EXPECT_EQ(kept_high.h, 2);
  EXPECT_EQ(dropped_low.h, dropped_high.h);
}

TEST(ObjectPatterns, APatternWhoseObjectsMoveOneCoordinateAtATimeIsNotKept) {
  auto t = load_text(tower_domain(true), kTowerProblem);
  ASSERT_TRUE(t->loaded.task) << render_text(t->sink.all());
  Relaxed kept = initial_h(*t->loaded.task, true);
  EXPECT_FALSE(keeps_a_pattern(kept.program));
  // Dropped, as without the option: the same h (an over-approximation still).
  EXPECT_EQ(kept.h, initial_h(*t->loaded.task, false).h);
}

TEST(ObjectPatterns, TheLiftedSearchWithPatternsReturnsAValidPlan) {
  auto t = load_text(tower_domain(false), kTowerProblem);
  ASSERT_TRUE(t->loaded.task) << render_text(t->sink.all());
  planning::PlanRequest request;
  request.force_lifted = true;
  request.object_patterns = true;
  request.timeout_seconds = 10;
  planning::PlanOutcome out = planning::plan(*t->loaded.task, request);
  ASSERT_EQ(out.status, planning::PlanOutcome::Status::Solved);
  EXPECT_EQ(out.plan.size(), 2u);
  if (!have_val()) GTEST_SKIP() << "VAL not found";
  std::string why;
  EXPECT_TRUE(val_accepts(t->domain, t->problem, planning::format_plan(out), &why)) << why;
}

}  // namespace
}  // namespace plank::test
