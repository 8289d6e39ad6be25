// Counters (planning/lifted/counters.h): an inventory count stepped along a
// static successor chain is found with the direction each schema steps it,
// and the shortfall is what the relaxed plan consumes beyond what is held
// and produced. Then the lifted search gathers enough before it builds.
#include <gtest/gtest.h>

#include "planning/lifted/counters.h"
#include "planning/normalize.h"
#include "planning_test_util.h"

namespace plank::test {
namespace {

// Gather wood one unit at a time; each placed block uses one unit. The counts
// are objects n0..n5 chained by (succ ?a ?b): b = a + 1.
const char* kInventoryDomain = R"((define (domain inventory) (:requirements :typing :negative-preconditions)
  (:types num cell)
  (:predicates (has ?n - num) (succ ?a ?b - num) (built ?c - cell))
  (:action gather :parameters (?a ?b - num)
    :precondition (and (has ?a) (succ ?a ?b)) :effect (and (not (has ?a)) (has ?b)))
  (:action build :parameters (?c - cell ?a ?b - num)
    :precondition (and (has ?a) (succ ?b ?a) (not (built ?c))) :effect (and (built ?c) (not (has ?a)) (has ?b)))))";

std::string inventory_problem(int held) {
  return "(define (problem p) (:domain inventory) (:objects n0 n1 n2 n3 n4 n5 - num c0 c1 c2 - cell)"
         " (:init (has n" + std::to_string(held) + ") (succ n0 n1) (succ n1 n2) (succ n2 n3) (succ n3 n4) (succ n4 n5))"
         " (:goal (and (built c0) (built c1) (built c2))))";
}

TEST(Counters, TheShortfallIsWhatTheRelaxedPlanConsumesBeyondWhatIsHeldAndProduced) {
  for (int held : {0, 1, 2, 3, 4}) {
    auto t = load_text(kInventoryDomain, inventory_problem(held));
    ASSERT_TRUE(t->loaded.task) << render_text(t->sink.all());
    pddl::Task task = *t->loaded.task;
    planning::normalize(task);
    std::vector<bool> fluent(task.predicates.size(), false);
    fluent[task.predicate_index("has")] = fluent[task.predicate_index("built")] = true;
    planning::lifted::CounterModel counters(task, fluent);
    ASSERT_FALSE(counters.empty());
    planning::lifted::AtomTable atoms(std::vector<int>{1, 2, 1});
    std::vector<int> ids;
    for (const auto& g : task.init)
      if (fluent[g.predicate]) ids.push_back(atoms.intern(g.predicate, g.args.data()));
    std::sort(ids.begin(), ids.end());
    planning::lifted::StateView state;
    state.build(atoms, ids.data(), ids.size());
    std::vector<int> instances(task.actions.size(), 0);
    instances[task.action_index("build")] = 3;  // three cells to build
    instances[task.action_index("gather")] = held == 0 ? 1 : 0;  // a relaxed plan gathers only what it lacks
    const int produced = instances[task.action_index("gather")];
    EXPECT_EQ(counters.shortfall(state, atoms, instances), std::max(0, 3 - held - produced)) << "held " << held;
    // While short, one more unit (the next count) is what to go for.
    auto next = counters.next_units(state, atoms, instances);
    if (3 - held - produced > 0) {
      ASSERT_EQ(next.size(), 1u);
      EXPECT_EQ(next[0][1], task.object_index("n" + std::to_string(held + 1)));
    } else {
      EXPECT_TRUE(next.empty());
    }
  }
}

TEST(Counters, TheLiftedSearchGathersEnoughBeforeItBuilds) {
  const std::string problem = inventory_problem(0);
  auto t = load_text(kInventoryDomain, problem);
  ASSERT_TRUE(t->loaded.task);
  planning::PlanRequest r;
  r.force_lifted = true;
  r.timeout_seconds = 30;
  auto out = planning::plan(*t->loaded.task, r);
  ASSERT_EQ(out.status, planning::PlanOutcome::Status::Solved);
  EXPECT_EQ(out.mode, "lifted");
  if (!have_val()) return;
  std::string val;
  EXPECT_TRUE(val_accepts(kInventoryDomain, problem, planning::format_plan(out), &val)) << planning::format_plan(out) << val;
}

}  // namespace
}  // namespace plank::test
