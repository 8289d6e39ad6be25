// Best-first width search (planning/lifted/novelty.h, `--search "bfws(...)"`):
// the novelty tables rank literals and pairs as specified, the search returns
// plans VAL accepts, and on a plateau that greedy search with h_FF has to
// exhaust, width search finds the way off it within fewer expansions.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "planning/lifted/lifted_search.h"
#include "planning/lifted/novelty.h"
#include "planning/normalize.h"
#include "planning/planner.h"
#include "planning_test_util.h"

namespace plank::test {
namespace {

using Status = planning::PlanOutcome::Status;
using planning::lifted::NoveltyTable;

TEST(Novelty, NewLiteralsAreOneNewPairsTwoTheRestThree) {
  NoveltyTable t(2);
  // The first state of a partition is new in it, even with nothing changed.
  EXPECT_EQ(t.evaluate(7, {}, {}), 1);
  EXPECT_EQ(t.evaluate(7, {}, {}), 3);
  EXPECT_EQ(t.evaluate(7, {1, 2}, {1, 2}), 1);
  EXPECT_EQ(t.evaluate(7, {1, 2}, {1, 2}), 3);  // registered by the query before
  EXPECT_EQ(t.evaluate(7, {3}, {3}), 1);
  EXPECT_EQ(t.evaluate(7, {1, 3}, {3}), 2);     // 1 and 3 were never true together
  EXPECT_EQ(t.evaluate(7, {1, 3}, {1, 3}), 3);
  EXPECT_EQ(t.evaluate(7, {2, 3}, {}), 3);      // a new pair, but not with a fresh literal: not tested
  EXPECT_EQ(t.evaluate(7, {2, 3}, {2}), 2);     // the same pair with a fresh literal
  // Another partition knows none of it.
  EXPECT_EQ(t.evaluate(8, {1, 3}, {1}), 1);
  EXPECT_EQ(t.evaluate(8, {1, 2}, {2}), 1);
  EXPECT_EQ(t.evaluate(8, {1, 2, 3}, {1, 2, 3}), 2);  // 2 and 3 are new together
  EXPECT_EQ(t.evaluate(8, {1, 2, 3}, {1, 2, 3}), 3);
}

TEST(Novelty, WidthOneHasNoPairTest) {
  NoveltyTable t(1);
  EXPECT_EQ(t.evaluate(0, {4}, {4}), 1);
  EXPECT_EQ(t.evaluate(0, {5}, {5}), 1);
  EXPECT_EQ(t.evaluate(0, {4, 5}, {4, 5}), 2);  // a new pair, not looked at
  EXPECT_EQ(t.evaluate(1, {4, 5}, {4, 5}), 1);
}

TEST(Novelty, ManyLiteralsAndPairsStayExact) {
  // Enough to grow the tables several times: every pair is new exactly once.
  NoveltyTable t(2);
  std::vector<char> seen(300, 0);
  for (int a = 0; a < 300; ++a) {
    for (int b = a + 1; b < 300; b += 7) {
      // 1 when either literal is new, else 2: the pair is new.
      ASSERT_EQ(t.evaluate(3, {a, b}, {a, b}), seen[a] && seen[b] ? 2 : 1) << a << " " << b;
      seen[a] = seen[b] = 1;
    }
  }
  for (int a = 0; a < 300; ++a)
    for (int b = a + 1; b < 300; b += 7) ASSERT_EQ(t.evaluate(3, {a, b}, {a, b}), 3) << a << " " << b;
}

// A line of cells; moving burns a unit of fuel, the only pump is behind the
// agent, the goal ahead, further than the tank reaches. The delete relaxation
// never runs dry (a fuel level once held stays), so h_FF points ahead until
// the tank is empty; the way back to the pump raises it. Switches that
// nothing needs multiply every state on the plateau by 2^switches.
const char* kFuelDomain = R"((define (domain fuel) (:requirements :typing :negative-preconditions)
  (:types cell level switch)
  (:predicates (at ?c - cell) (adj ?a ?b - cell) (fuel ?l - level) (next ?l ?m - level) (pump ?c - cell)
               (full ?l - level) (on ?s - switch))
  (:action move :parameters (?a ?b - cell ?f ?g - level)
    :precondition (and (at ?a) (adj ?a ?b) (fuel ?f) (next ?g ?f))
    :effect (and (at ?b) (not (at ?a)) (fuel ?g) (not (fuel ?f))))
  (:action refuel :parameters (?c - cell ?f ?m - level)
    :precondition (and (at ?c) (pump ?c) (fuel ?f) (full ?m))
    :effect (and (not (fuel ?f)) (fuel ?m)))
  (:action flip-on :parameters (?s - switch) :precondition (not (on ?s)) :effect (on ?s))
  (:action flip-off :parameters (?s - switch) :precondition (on ?s) :effect (not (on ?s)))))";

// Cells c0 (the pump) .. c<cells-1> (the goal), the agent at c<start> with
// <fuel> units, a tank of <cells> units.
std::string fuel_problem(int cells, int start, int fuel, int switches) {
  std::string objects, init = " (pump c0) (at c" + std::to_string(start) + ") (fuel l" + std::to_string(fuel) + ")";
  for (int i = 0; i < cells; ++i) {
    objects += " c" + std::to_string(i);
    if (i + 1 < cells) {
      std::string a = "c" + std::to_string(i), b = "c" + std::to_string(i + 1);
      init += " (adj " + a + " " + b + ") (adj " + b + " " + a + ")";
    }
  }
  objects += " - cell";
  for (int i = 0; i <= cells; ++i) {
    objects += " l" + std::to_string(i);
    if (i > 0) init += " (next l" + std::to_string(i - 1) + " l" + std::to_string(i) + ")";
  }
  objects += " - level";
  init += " (full l" + std::to_string(cells) + ")";
  for (int i = 0; i < switches; ++i) objects += " s" + std::to_string(i);
  if (switches > 0) objects += " - switch";
  return "(define (problem f) (:domain fuel) (:objects" + objects + ") (:init" + init + ") (:goal (at c" +
         std::to_string(cells - 1) + ")))";
}

TEST(WidthSearch, FindsPlansVALAccepts) {
  for (const char* search : {"bfws(ff)", "bfws(ff(), width=1)", "bfws(add(), landmarks=false)",
                             "bfws(ff(cost_type=one), preferred=[ff(cost_type=one)])", "bfws(ff, partition=landmarks)",
                             "bfws(ff, preferred=[ff()], landmark_preferred=true)"}) {
    for (const auto& [domain, problem] : std::vector<std::pair<std::string, std::string>>{
             {kGripper, gripper_problem(4)}, {kFuelDomain, fuel_problem(8, 2, 3, 2)}}) {
      auto out = plan_text(domain, problem, search);
      EXPECT_EQ(out.mode, "lifted") << search;  // width search runs lifted, asked or not
      expect_valid(domain, problem, out);
    }
  }
}

TEST(LandmarkPreferred, LiftedSearchFindsPlansVALAcceptsAndGroundedSearchRefusesIt) {
  const char* search = "lazy_greedy([ff(cost_type=one)], preferred=[ff(cost_type=one)], landmark_preferred=true)";
  for (const auto& [domain, problem] : std::vector<std::pair<std::string, std::string>>{
           {kGripper, gripper_problem(4)}, {kFuelDomain, fuel_problem(8, 2, 3, 2)}}) {
    auto out = plan_text(domain, problem, search, {.lifted = true});
    EXPECT_EQ(out.mode, "lifted");
    expect_valid(domain, problem, out);
  }
  auto grounded = plan_text(kGripper, gripper_problem(1), search);
  ASSERT_EQ(grounded.status, Status::BadConfig);
  EXPECT_THAT(grounded.config_error.message, ::testing::HasSubstr("add --lifted"));
}

TEST(WidthSearch, ProvesUnsolvableTasksUnsolvable) {
  // The pump out of reach: the tank runs dry before the goal, whatever is tried.
  std::string problem = fuel_problem(8, 2, 3, 1);
  problem.replace(problem.find("(pump c0)"), 9, "");
  EXPECT_EQ(plan_text(kFuelDomain, problem, "bfws(ff)").status, Status::Unsolvable);
}

// The lifted search's state space (grounding would drop the switches as
// irrelevant to the goal; the lifted search keeps every action): greedy
// search on h_FF alone, then width search, on the same states and h.
planning::lifted::LiftedResult search_lifted(const std::string& problem, planning::lifted::LiftedOptions options) {
  auto t = load_text(kFuelDomain, problem);
  EXPECT_TRUE(t->loaded.task) << render_text(t->sink.all());
  if (!t->loaded.task) return {};
  pddl::Task task = *t->loaded.task;
  planning::normalize(task);
  planning::Limits limits(60, 0);
  return planning::lifted::lifted_search(task, limits, options);
}

std::string plan_text_of(const planning::lifted::LiftedResult& r) {
  std::string s;
  for (const auto& step : r.plan) s += step + "\n";
  return s;
}

TEST(WidthSearch, LeavesAPlateauThatGreedySearchExhausts) {
  const std::string problem = fuel_problem(12, 3, 5, 8);
  planning::lifted::LiftedOptions greedy_options;
  greedy_options.novelty = false;
  greedy_options.landmarks = false;
  planning::lifted::LiftedOptions width_options = greedy_options;
  width_options.bfws_width = 2;
  width_options.preferred = false;
  width_options.landmarks = true;
  auto greedy = search_lifted(problem, greedy_options);
  auto width = search_lifted(problem, width_options);
  ASSERT_EQ(greedy.status, planning::SearchResult::Status::Solved);
  ASSERT_EQ(width.status, planning::SearchResult::Status::Solved);
  if (have_val()) {
    EXPECT_TRUE(val_accepts(kFuelDomain, problem, plan_text_of(greedy)));
    EXPECT_TRUE(val_accepts(kFuelDomain, problem, plan_text_of(width)));
  }
  // Greedy search expands the switches' combinations of the states ahead of
  // the agent before it turns back; width search ranks most of them later.
  // Within N = 2,500 expansions greedy search has not found the plan; width
  // search has, with either partition. (Measured: 3,596 against 1,493 and
  // 971. Both grow with the switches: novelty cuts the count by a factor, it
  // does not remove the combinations; docs/planning.md.)
  constexpr size_t kN = 2500;
  EXPECT_GT(greedy.stats.expanded, kN);
  EXPECT_LE(width.stats.expanded, kN);
  width_options.bfws_partition = planning::lifted::LiftedOptions::Partition::Landmarks;
  auto coarse = search_lifted(problem, width_options);
  ASSERT_EQ(coarse.status, planning::SearchResult::Status::Solved);
  if (have_val()) {
    EXPECT_TRUE(val_accepts(kFuelDomain, problem, plan_text_of(coarse)));
  }
  EXPECT_LE(coarse.stats.expanded, kN);
}

TEST(WidthSearch, BadConfigurationsPointAtTheirMistake) {
  expect_config_errors({{"bfws(ff, width=3)", "width is 1 or 2", 15},
                        {"bfws(lmcut())", "ordered by ff() or add()", 5},
                        {"bfws(ff, landmark=true)", "unknown option 'landmark'", 18},
                        {"bfws(ff, preferred=[add()])", "add() gives no preferred operators", 19},
                        {"bfws(ff, partition=g)", "partition is h", 19},
                        {"bfws(ff, landmark_preferred=true)", "needs a preferred list", 28}});
}

}  // namespace
}  // namespace plank::test
