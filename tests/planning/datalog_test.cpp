// The Datalog engine against brute force: transitive closure and a join with
// constants, filters and types give exactly the atoms a naive fixpoint gives,
// and each rule instance is found once.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "planning/ground/datalog.h"

namespace plank::planning {
namespace {

TEST(Datalog, TransitiveClosureMatchesANaiveFixpoint) {
  std::mt19937 rng(7);
  for (int round = 0; round < 20; ++round) {
    const int n = 12;
    std::set<std::pair<int, int>> edges;
    for (int k = 0; k < 18; ++k) edges.insert({static_cast<int>(rng() % n), static_cast<int>(rng() % n)});
    // edge = 0, path = 1: path(x, y) :- edge(x, y).  path(x, z) :- path(x, y), edge(y, z).
    Datalog d(2, n);
    for (auto [a, b] : edges) d.add_fact(0, {a, b});
    Rule base;
    base.head = {1, {0, 1}};
    base.body = {{0, {0, 1}}};
    base.variable_count = 2;
    d.add_rule(base);
    Rule step;
    step.head = {1, {0, 2}};
    step.body = {{1, {0, 1}}, {0, {1, 2}}};
    step.variable_count = 3;
    d.add_rule(step);
    ASSERT_EQ(d.run(1'000'000, {}), Datalog::Outcome::Fixpoint);

    std::set<std::pair<int, int>> path = edges;
    for (bool grew = true; grew;) {
      grew = false;
      for (auto [x, y] : std::set<std::pair<int, int>>(path))
        for (auto [y2, z] : edges)
          if (y == y2 && path.insert({x, z}).second) grew = true;
    }
    std::set<std::pair<int, int>> got;
    for (int atom : d.atoms_of(1)) got.insert({d.args_of(atom)[0], d.args_of(atom)[1]});
    EXPECT_EQ(got, path);
    // Each instance once: the base rule fires per edge, the step rule per (path, edge) join.
    size_t joins = 0;
    for (auto [x, y] : path)
      for (auto [y2, z] : edges) joins += y == y2;
    EXPECT_EQ(d.rule_instances(), edges.size() + joins);
  }
}

TEST(Datalog, ConstantsFiltersAndTypesRestrictTheJoin) {
  const int n = 6;
  Datalog d(3, n);
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b) d.add_fact(0, {a, b});  // r(a, b) for all
  d.add_fact(1, {2});                                   // blocked(2)
  std::vector<char> even(n, 0);
  for (int o = 0; o < n; o += 2) even[o] = 1;
  // out(x, y) :- r(x, y), r(y, 3), x != y, not blocked(y), x even.
  Rule rule;
  rule.head = {2, {0, 1}};
  rule.body = {{0, {0, 1}}, {0, {1, object_term(3)}}};
  rule.distinct = {{0, 1}};
  rule.absent = {{1, {1}}};
  rule.allowed = {&even, nullptr};
  rule.variable_count = 2;
  d.add_rule(rule);
  ASSERT_EQ(d.run(1'000'000, {}), Datalog::Outcome::Fixpoint);
  std::set<std::pair<int, int>> got, want;
  for (int atom : d.atoms_of(2)) got.insert({d.args_of(atom)[0], d.args_of(atom)[1]});
  for (int x = 0; x < n; x += 2)
    for (int y = 0; y < n; ++y)
      if (x != y && y != 2) want.insert({x, y});
  EXPECT_EQ(got, want);
}

TEST(Datalog, StopsWhenTheModelOutgrowsItsBudget) {
  Datalog d(2, 50);
  for (int a = 0; a < 50; ++a) d.add_fact(0, {a});
  Rule pairs;
  pairs.head = {1, {0, 1}};
  pairs.body = {{0, {0}}, {0, {1}}};
  pairs.variable_count = 2;
  d.add_rule(pairs);
  EXPECT_EQ(d.run(1000, {}), Datalog::Outcome::TooLarge);
}

}  // namespace
}  // namespace plank::planning
