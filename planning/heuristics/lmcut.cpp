// LM-cut (Helmert and Domshlak, 2009): repeatedly find a cut of operators
// that every relaxed plan must cross (a disjunctive action landmark), add its
// cheapest cost to h and subtract it from the cut's costs, until the relaxed
// goal costs nothing. Admissible. Needs STRIPS operators: conditions that are
// conjunctions of literals and unconditional effects (negative literals are
// propositions of their own, as in the relaxed graph).
#include "planning/heuristics/lmcut.h"

#include <algorithm>
#include <climits>

namespace plank::planning {
namespace {
constexpr int kInfinity = INT_MAX / 2;
}

bool LmCut::applies_to(const GroundTask& task) { return !task.has_formulas() && !task.has_conditional_effects(); }

LmCut::LmCut(const GroundTask& task) : task_(task) {
  const int facts = static_cast<int>(task.facts.size());
  props_ = 2 * facts + 2;  // literals, then "always true", then the goal
  true_prop_ = 2 * facts;
  goal_prop_ = 2 * facts + 1;
  auto literal = [](int f, bool neg) { return 2 * f + (neg ? 1 : 0); };
  auto add_op = [&](std::vector<int> pre, std::vector<int> eff, int cost) {
    if (pre.empty()) pre.push_back(true_prop_);
    ops_.push_back({std::move(pre), std::move(eff), cost});
  };
  for (const auto& op : task.operators) {
    std::vector<int> pre, eff;
    for (int f : op.precondition.positive) pre.push_back(literal(f, false));
    for (int f : op.precondition.negative) pre.push_back(literal(f, true));
    for (const auto& e : op.effects) {
      for (int f : e.add) eff.push_back(literal(f, false));
      for (int f : e.del) eff.push_back(literal(f, true));
    }
    add_op(std::move(pre), std::move(eff), op.cost);
  }
  std::vector<int> goal_pre;
  for (int f : task.goal.positive) goal_pre.push_back(literal(f, false));
  for (int f : task.goal.negative) goal_pre.push_back(literal(f, true));
  add_op(std::move(goal_pre), {goal_prop_}, 0);

  precondition_of_.assign(props_, {});
  achievers_.assign(props_, {});
  for (size_t o = 0; o < ops_.size(); ++o) {
    for (int p : ops_[o].pre) precondition_of_[p].push_back(static_cast<int>(o));
    for (int p : ops_[o].eff) achievers_[p].push_back(static_cast<int>(o));
  }
  prop_cost_.resize(props_);
  op_cost_.resize(ops_.size());
  op_unsatisfied_.resize(ops_.size());
  supporter_.resize(ops_.size());
  op_hmax_.resize(ops_.size());
  in_zone_.resize(props_);
  reached_.resize(props_);
}

void LmCut::compute_hmax(const uint64_t* state) {
  auto greater = [](const std::pair<int, int>& a, const std::pair<int, int>& b) { return a.first > b.first; };
  heap_.clear();
  std::fill(prop_cost_.begin(), prop_cost_.end(), kInfinity);
  for (size_t o = 0; o < ops_.size(); ++o) {
    op_unsatisfied_[o] = static_cast<int>(ops_[o].pre.size());
    op_hmax_[o] = -1;
    supporter_[o] = -1;
  }
  auto reach = [&](int p, int c) {
    if (c < prop_cost_[p]) {
      prop_cost_[p] = c;
      heap_.push_back({c, p});
      std::push_heap(heap_.begin(), heap_.end(), greater);
    }
  };
  reach(true_prop_, 0);
  const int facts = static_cast<int>(task_.facts.size());
  for (int f = 0; f < facts; ++f) reach(2 * f + (holds_fact(state, f) ? 0 : 1), 0);
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end(), greater);
    auto [c, p] = heap_.back();
    heap_.pop_back();
    if (c > prop_cost_[p]) continue;
    for (int o : precondition_of_[p]) {
      // The last precondition in is the most expensive one: the supporter.
      if (--op_unsatisfied_[o] == 0) {
        supporter_[o] = p;
        op_hmax_[o] = c;
        int through = c + op_cost_[o];
        for (int e : ops_[o].eff) reach(e, through);
      }
    }
  }
}

int LmCut::evaluate(const uint64_t* state, std::vector<int>*) {
  for (size_t o = 0; o < ops_.size(); ++o) op_cost_[o] = ops_[o].cost;
  compute_hmax(state);
  if (prop_cost_[goal_prop_] >= kInfinity) return kDeadEnd;
  long long h = 0;
  std::vector<int> cut, stack;
  while (prop_cost_[goal_prop_] != 0) {
    // The goal zone: props from which the goal is reached through zero-cost
    // operators, following supporters backwards.
    std::fill(in_zone_.begin(), in_zone_.end(), 0);
    stack.assign(1, goal_prop_);
    in_zone_[goal_prop_] = 1;
    while (!stack.empty()) {
      int p = stack.back();
      stack.pop_back();
      for (int o : achievers_[p]) {
        if (op_cost_[o] != 0 || supporter_[o] < 0) continue;
        int s = supporter_[o];
        if (!in_zone_[s]) {
          in_zone_[s] = 1;
          stack.push_back(s);
        }
      }
    }
    // Forward from the state along supporters, stopping at the zone: the
    // operators that cross into it form the cut.
    std::fill(reached_.begin(), reached_.end(), 0);
    cut.clear();
    stack.clear();
    auto start = [&](int p) {
      if (!reached_[p] && !in_zone_[p]) {
        reached_[p] = 1;
        stack.push_back(p);
      }
    };
    start(true_prop_);
    const int facts = static_cast<int>(task_.facts.size());
    for (int f = 0; f < facts; ++f) start(2 * f + (holds_fact(state, f) ? 0 : 1));
    while (!stack.empty()) {
      int p = stack.back();
      stack.pop_back();
      for (int o : precondition_of_[p]) {
        if (supporter_[o] != p) continue;
        bool crosses = false;
        for (int e : ops_[o].eff) crosses = crosses || in_zone_[e];
        if (crosses) {
          cut.push_back(o);
          continue;
        }
        for (int e : ops_[o].eff) start(e);
      }
    }
    if (cut.empty()) break;  // cannot happen with a finite, positive goal cost
    std::sort(cut.begin(), cut.end());
    cut.erase(std::unique(cut.begin(), cut.end()), cut.end());
    int m = kInfinity;
    for (int o : cut) m = std::min(m, op_cost_[o]);
    if (m <= 0) break;
    h += m;
    for (int o : cut) op_cost_[o] -= m;
    compute_hmax(state);
  }
  return h >= kInfinity ? kDeadEnd : static_cast<int>(h);
}

}  // namespace plank::planning
