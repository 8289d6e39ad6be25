// Backward relevance analysis (relevance.h).
//
// Relevance is per literal: the goal's literals are relevant; an operator is
// relevant when one of its effects makes a relevant literal true (adds a fact
// relevant positively, deletes one relevant negatively), and then its
// precondition and that effect's condition are relevant too. A plan never
// needs another operator: dropping one from a plan only leaves facts as they
// were, and no relevant condition wants them changed.
//
// The relevant operators must still be simulated exactly, so every fact they
// change that matters is kept, with the conditions of the effects on it.
#include "planning/ground/relevance.h"

#include <algorithm>
#include <deque>

namespace plank::planning {
namespace {

struct Marker {
  const GroundTask& task;
  std::vector<char> pos, neg;  // relevant literals
  std::deque<std::pair<int, bool>> queue;
  std::vector<char> formula_seen;  // formulas are shared between conditions: walk each once

  void mark(int fact, bool negated) {
    auto& flags = negated ? neg : pos;
    if (flags[fact]) return;
    flags[fact] = 1;
    queue.push_back({fact, negated});
  }

  void mark_formula(int node) {
    if (formula_seen[node]) return;
    formula_seen[node] = 1;
    const FormulaNode& n = task.formula_nodes[node];
    if (n.kind == FormulaNode::Kind::Literal) {
      mark(n.fact, n.negated);
      return;
    }
    for (int i = 0; i < n.count; ++i) mark_formula(task.formula_children[n.first + i]);
  }

  void mark_condition(const Condition& c) {
    for (int f : c.positive) mark(f, false);
    for (int f : c.negative) mark(f, true);
    if (c.formula >= 0) mark_formula(c.formula);
  }
};

void formula_facts(const GroundTask& task, int node, std::vector<int>& out) {
  const FormulaNode& n = task.formula_nodes[node];
  if (n.kind == FormulaNode::Kind::Literal) {
    out.push_back(n.fact);
    return;
  }
  for (int i = 0; i < n.count; ++i) formula_facts(task, task.formula_children[n.first + i], out);
}

void condition_facts(const GroundTask& task, const Condition& c, std::vector<int>& out) {
  out.insert(out.end(), c.positive.begin(), c.positive.end());
  out.insert(out.end(), c.negative.begin(), c.negative.end());
  if (c.formula >= 0) formula_facts(task, c.formula, out);
}

// Copies formula node `node` of `from` into `to`, renaming facts; a node
// shared by several conditions is copied once (copied[node] remembers it).
int copy_formula(const GroundTask& from, int node, const std::vector<int>& rename, std::vector<int>& copied,
                 GroundTask& to) {
  if (copied[node] >= 0) return copied[node];
  FormulaNode n = from.formula_nodes[node];
  if (n.kind == FormulaNode::Kind::Literal) {
    n.fact = rename[n.fact];
  } else {
    std::vector<int> kids;
    for (int i = 0; i < n.count; ++i)
      kids.push_back(copy_formula(from, from.formula_children[n.first + i], rename, copied, to));
    n.first = static_cast<int>(to.formula_children.size());
    to.formula_children.insert(to.formula_children.end(), kids.begin(), kids.end());
  }
  to.formula_nodes.push_back(n);
  copied[node] = static_cast<int>(to.formula_nodes.size()) - 1;
  return copied[node];
}

Condition rename_condition(const GroundTask& from, const Condition& c, const std::vector<int>& rename,
                           std::vector<int>& copied, GroundTask& to) {
  Condition out;
  for (int f : c.positive) out.positive.push_back(rename[f]);
  for (int f : c.negative) out.negative.push_back(rename[f]);
  std::sort(out.positive.begin(), out.positive.end());
  std::sort(out.negative.begin(), out.negative.end());
  if (c.formula >= 0) out.formula = copy_formula(from, c.formula, rename, copied, to);
  return out;
}

}  // namespace

void prune_irrelevant(GroundTask& task) {
  const size_t facts = task.facts.size();
  // Who makes each literal true.
  std::vector<std::vector<std::pair<int, int>>> adders(facts), deleters(facts);
  for (size_t o = 0; o < task.operators.size(); ++o)
    for (size_t e = 0; e < task.operators[o].effects.size(); ++e) {
      for (int f : task.operators[o].effects[e].add) adders[f].push_back({static_cast<int>(o), static_cast<int>(e)});
      for (int f : task.operators[o].effects[e].del) deleters[f].push_back({static_cast<int>(o), static_cast<int>(e)});
    }

  Marker m{task, std::vector<char>(facts, 0), std::vector<char>(facts, 0), {},
           std::vector<char>(task.formula_nodes.size(), 0)};
  std::vector<char> relevant_op(task.operators.size(), 0);
  std::vector<std::vector<char>> relevant_effect(task.operators.size());
  for (size_t o = 0; o < task.operators.size(); ++o) relevant_effect[o].assign(task.operators[o].effects.size(), 0);
  m.mark_condition(task.goal);
  while (!m.queue.empty()) {
    auto [fact, negated] = m.queue.front();
    m.queue.pop_front();
    for (auto [o, e] : negated ? deleters[fact] : adders[fact]) {
      const Operator& op = task.operators[o];
      if (!relevant_op[o]) {
        relevant_op[o] = 1;
        m.mark_condition(op.precondition);
      }
      if (!relevant_effect[o][e]) {
        relevant_effect[o][e] = 1;
        m.mark_condition(op.effects[e].condition);
      }
    }
  }

  // Facts to simulate: the relevant ones, and the conditions of effects on them.
  std::vector<char> keep(facts, 0);
  for (size_t f = 0; f < facts; ++f) keep[f] = m.pos[f] || m.neg[f];
  for (bool changed = true; changed;) {
    changed = false;
    std::vector<int> scratch;
    for (size_t o = 0; o < task.operators.size(); ++o) {
      if (!relevant_op[o]) continue;
      for (const Effect& e : task.operators[o].effects) {
        bool touches = false;
        for (int f : e.add) touches = touches || keep[f];
        for (int f : e.del) touches = touches || keep[f];
        if (!touches) continue;
        scratch.clear();
        condition_facts(task, e.condition, scratch);
        for (int f : scratch)
          if (!keep[f]) keep[f] = 1, changed = true;
      }
    }
  }

  std::vector<int> rename(facts, -1);
  std::vector<int> copied(task.formula_nodes.size(), -1);
  GroundTask out;
  out.lifted = task.lifted;
  out.unit_cost = task.unit_cost;
  for (size_t f = 0; f < facts; ++f)
    if (keep[f]) {
      rename[f] = static_cast<int>(out.facts.size());
      out.facts.push_back(task.facts[f]);
    }
  for (int f : task.initial)
    if (keep[f]) out.initial.push_back(rename[f]);
  std::sort(out.initial.begin(), out.initial.end());
  out.goal = rename_condition(task, task.goal, rename, copied, out);
  for (size_t o = 0; o < task.operators.size(); ++o) {
    if (!relevant_op[o]) continue;
    const Operator& op = task.operators[o];
    Operator kept;
    kept.schema = op.schema;
    kept.args = op.args;
    kept.cost = op.cost;
    kept.precondition = rename_condition(task, op.precondition, rename, copied, out);
    for (const Effect& e : op.effects) {
      Effect ne;
      for (int f : e.add)
        if (keep[f]) ne.add.push_back(rename[f]);
      for (int f : e.del)
        if (keep[f]) ne.del.push_back(rename[f]);
      if (ne.add.empty() && ne.del.empty()) continue;
      ne.condition = rename_condition(task, e.condition, rename, copied, out);
      kept.effects.push_back(std::move(ne));
    }
    out.operators.push_back(std::move(kept));
  }
  task = std::move(out);
}

}  // namespace plank::planning
