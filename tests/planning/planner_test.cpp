// The planner end to end on small tasks that use each ADL feature: every plan
// found is valid per VAL; the optimal configurations agree on the optimal
// cost; unsolvable tasks are proven so; limits end a run with their status.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "planning/planner.h"
#include "planning/planning_test_util.h"

namespace plank::test {
namespace {

using Status = planning::PlanOutcome::Status;

TEST(Planner, EveryConfigurationFindsAValidGripperPlan) {
  const std::string problem = gripper_problem(4);
  for (const char* search : {planning::kDefaultSearch, "gbfs(ff)", "eager_greedy([add()], preferred=[ff()])",
                             "lazy_greedy([add()])", "wastar(ff(), w=3)", "lazy_wastar([ff()], w=2, preferred=[ff()])",
                             "astar(lmcut())", "astar(hmax())", "astar(blind())", "gbfs(goalcount())"}) {
    SCOPED_TRACE(search);
    auto out = plan_text(kGripper, problem, search);
    expect_valid(kGripper, problem, out);
  }
}

TEST(Planner, OptimalConfigurationsAgreeOnTheOptimalCost) {
  // Gripper with n balls and two grippers: ceil(n/2) round trips of pick, pick, move, drop, drop, move back.
  for (int balls : {1, 2, 3, 4}) {
    const std::string problem = gripper_problem(balls);
    long long costs[3];
    int i = 0;
    for (const char* search : {"astar(lmcut())", "astar(hmax())", "astar(blind())"}) {
      auto out = plan_text(kGripper, problem, search);
      ASSERT_EQ(out.status, Status::Solved) << search;
      costs[i++] = out.cost;
    }
    int trips = (balls + 1) / 2;
    long long optimal = 2 * balls + 2 * trips - 1;
    EXPECT_EQ(costs[0], optimal) << balls;
    EXPECT_EQ(costs[1], optimal) << balls;
    EXPECT_EQ(costs[2], optimal) << balls;
  }
}

// Conditional effects under forall, disjunctive, existential, universal and
// implied preconditions, equality, negative preconditions, action costs.
const char* kAdlDomain = R"((define (domain adl)
  (:requirements :adl :action-costs)
  (:types switch lamp - object)
  (:constants l1 l2 - lamp)
  (:predicates (on ?s - switch) (wired ?s - switch ?l - lamp) (lit ?l - lamp) (broken ?l - lamp) (done))
  (:functions (total-cost) - number (effort ?s - switch) - number)
  (:action flip-on :parameters (?s - switch)
    :precondition (not (on ?s))
    :effect (and (on ?s) (increase (total-cost) (effort ?s))
                 (forall (?l - lamp) (when (and (wired ?s ?l) (not (broken ?l))) (lit ?l)))))
  (:action flip-off :parameters (?s - switch)
    :precondition (on ?s)
    :effect (and (not (on ?s)) (increase (total-cost) 1)
                 (forall (?l - lamp) (when (wired ?s ?l) (not (lit ?l))))))
  (:action repair :parameters (?l - lamp)
    :precondition (and (broken ?l) (exists (?s - switch) (and (wired ?s ?l) (not (on ?s)))))
    :effect (and (not (broken ?l)) (increase (total-cost) 2)))
  (:action finish :parameters ()
    :precondition (and (forall (?l - lamp) (imply (not (broken ?l)) (lit ?l)))
                       (or (lit l1) (lit l2)))
    :effect (and (done) (increase (total-cost) 0))))
)";

const char* kAdlProblem = R"((define (problem p) (:domain adl)
  (:objects s1 s2 - switch l3 - lamp)
  (:init (= (total-cost) 0) (= (effort s1) 5) (= (effort s2) 1)
         (wired s1 l1) (wired s1 l2) (wired s2 l3) (broken l2) (on s2))
  (:goal (and (done) (not (broken l2))))
  (:metric minimize (total-cost))))";

TEST(Planner, AdlFeaturesGiveValidPlans) {
  for (const char* search : {planning::kDefaultSearch, "gbfs(add())", "astar(hmax())", "astar(blind())"}) {
    SCOPED_TRACE(search);
    auto out = plan_text(kAdlDomain, kAdlProblem, search);
    expect_valid(kAdlDomain, kAdlProblem, out);
    EXPECT_FALSE(out.unit_cost);
  }
  // The cheapest: repair l2 (2), flip-on s1 (5), finish: 7; s2 is already on and l3 lit? No: l3
  // starts unlit with s2 on, so s2 must go off (1) and on again (1): 9.
  auto best = plan_text(kAdlDomain, kAdlProblem, "astar(blind())");
  ASSERT_EQ(best.status, Status::Solved);
  EXPECT_EQ(best.cost, 9);
  auto hmax = plan_text(kAdlDomain, kAdlProblem, "astar(hmax())");
  EXPECT_EQ(hmax.cost, 9);
}

TEST(Planner, LmCutRefusesConditionalEffectsAndSaysWhatWorks) {
  auto out = plan_text(kAdlDomain, kAdlProblem, "astar(lmcut())");
  ASSERT_EQ(out.status, Status::BadConfig);
  EXPECT_THAT(out.config_error.message, ::testing::HasSubstr("conditional effects"));
  EXPECT_THAT(out.config_error.expected, ::testing::Contains("hmax()"));
}

TEST(Planner, UnsolvableTasksAreProvenSo) {
  // Unreachable even with deletes ignored: the grounder sees it.
  const std::string relaxed_dead = R"((define (problem p) (:domain gripper-strips) (:objects a b ball1 left)
      (:init (room a) (room b) (gripper left) (at-robby a) (free left)) (:goal (at ball1 b))))";
  EXPECT_EQ(plan_text(kGripper, relaxed_dead, planning::kDefaultSearch).status, Status::Unsolvable);
  // Reachable relaxed, unreachable for real: the search runs out of states.
  const char* domain = R"((define (domain oneway) (:constants a c) (:predicates (at ?x) (link ?x ?y) (key))
    (:action go :parameters (?x ?y) :precondition (and (at ?x) (link ?x ?y)) :effect (and (at ?y) (not (at ?x))))
    (:action grab :parameters () :precondition (at a) :effect (and (key) (not (at a)) (at c)))))";
  const char* problem = R"((define (problem p) (:domain oneway) (:objects b)
    (:init (at a) (link a b) (link c c)) (:goal (and (at b) (key)))))";
  for (const char* search : {planning::kDefaultSearch, "astar(blind())", "gbfs(ff)", "astar(lmcut())"})
    EXPECT_EQ(plan_text(domain, problem, search).status, Status::Unsolvable) << search;
}

TEST(Planner, ATimeLimitEndsTheRunWithItsStatus) {
  auto out = plan_text(kGripper, gripper_problem(14), "astar(blind())", {.timeout = 0.2});
  EXPECT_EQ(out.status, Status::OutOfTime);
  EXPECT_LT(out.seconds, 3.0);
}

TEST(Planner, BadConfigurationsPointAtTheirMistake) {
  expect_config_errors({{"gbfs(fff)", "unknown heuristic 'fff'", 5},
                        {"astr(ff)", "unknown search engine", 0},
                        {"gbfs(ff", "ends before ')'", 7},
                        {"lazy_greedy([ff()], prefered=[ff()])", "unknown option 'prefered'", 29},
                        {"astar(ff(cost_type=two))", "cost_type is normal, one or plusone", 19}});
}

}  // namespace
}  // namespace plank::test

namespace plank::test {
namespace {

planning::PlanOutcome plan_lifted(const std::string& domain, const std::string& problem) {
  auto t = load_text(domain, problem);
  EXPECT_TRUE(t->loaded.task) << render_text(t->sink.all());
  if (!t->loaded.task) return {};
  planning::PlanRequest r;
  r.force_lifted = true;
  r.timeout_seconds = 30;
  return planning::plan(*t->loaded.task, r);
}

TEST(LiftedPlanner, FindsValidPlansWithoutGrounding) {
  for (const auto& [domain, problem] : std::vector<std::pair<std::string, std::string>>{
           {kGripper, gripper_problem(5)}, {kAdlDomain, kAdlProblem}}) {
    auto out = plan_lifted(domain, problem);
    EXPECT_EQ(out.mode, "lifted");
    expect_valid(domain, problem, out);
  }
}

TEST(LiftedPlanner, ProvesUnsolvableTasksUnsolvable) {
  const char* domain = R"((define (domain oneway) (:constants a c) (:predicates (at ?x) (link ?x ?y) (key))
    (:action go :parameters (?x ?y) :precondition (and (at ?x) (link ?x ?y)) :effect (and (at ?y) (not (at ?x))))
    (:action grab :parameters () :precondition (at a) :effect (and (key) (not (at a)) (at c)))))";
  const char* problem = R"((define (problem p) (:domain oneway) (:objects b)
    (:init (at a) (link a b) (link c c)) (:goal (and (at b) (key)))))";
  EXPECT_EQ(plan_lifted(domain, problem).status, Status::Unsolvable);
}

// Objects no atom mentions are interchangeable: with many of them the lifted
// search still finds the plan, branching over one of each kind.
TEST(LiftedPlanner, InterchangeableObjectsDoNotMultiplyTheSearch) {
  const char* domain = R"((define (domain tokens) (:requirements :typing :negative-preconditions)
    (:types token cell)
    (:predicates (placed ?t - token ?c - cell) (used ?t - token) (filled ?c - cell))
    (:action put :parameters (?t - token ?c - cell)
      :precondition (and (not (used ?t)) (not (filled ?c)))
      :effect (and (placed ?t ?c) (used ?t) (filled ?c)))))";
  std::string objects, goal;
  for (int i = 0; i < 60; ++i) objects += " t" + std::to_string(i);
  for (int i = 0; i < 6; ++i) goal += " (filled c" + std::to_string(i) + ")";
  std::string problem = "(define (problem p) (:domain tokens) (:objects" + objects +
                        " - token c0 c1 c2 c3 c4 c5 - cell) (:init) (:goal (and" + goal + ")))";
  auto out = plan_lifted(domain, problem);
  expect_valid(domain, problem, out);
  EXPECT_EQ(out.plan.size(), 6u);
  // One free token per expansion, not sixty: successors are (cells left) per state.
  EXPECT_LE(out.search.generated, 6u * 7u);
}

}  // namespace
}  // namespace plank::test
