// The relaxed AND/OR graph and h_max, h_add, h_FF on it (relaxed.h).
#include "planning/heuristics/relaxed.h"

#include <algorithm>
#include <climits>

namespace plank::planning {
namespace {

constexpr int kInfinity = INT_MAX / 2;

int saturating_add(int a, int b) { return a >= kInfinity - b ? kInfinity : a + b; }

int transformed_cost(int cost, CostType type) {
  switch (type) {
    case CostType::Normal: return cost;
    case CostType::One: return 1;
    case CostType::PlusOne: return cost + 1;
  }
  return cost;
}

class GraphBuilder {
 public:
  GraphBuilder(const GroundTask& task, RelaxedGraph& g) : task_(task), g_(g) {
    formula_node_.assign(task.formula_nodes.size(), -1);
  }

  int add_node(RelaxedGraph::Type type, int weight, std::vector<int> kids, int op = -1) {
    int id = static_cast<int>(g_.type.size());
    g_.type.push_back(type);
    g_.weight.push_back(weight);
    g_.operator_of.push_back(op);
    kids_.push_back(std::move(kids));
    return id;
  }

  int formula(int node) {
    const FormulaNode& n = task_.formula_nodes[node];
    if (n.kind == FormulaNode::Kind::Literal) return g_.literal(n.fact, n.negated);
    if (formula_node_[node] >= 0) return formula_node_[node];
    std::vector<int> kids;
    for (int i = 0; i < n.count; ++i) kids.push_back(formula(task_.formula_children[n.first + i]));
    int id = add_node(n.kind == FormulaNode::Kind::And ? RelaxedGraph::Type::And : RelaxedGraph::Type::Or, 0,
                      std::move(kids));
    formula_node_[node] = id;
    return id;
  }

  std::vector<int> condition_children(const Condition& c) {
    std::vector<int> kids;
    for (int f : c.positive) kids.push_back(g_.literal(f, false));
    for (int f : c.negative) kids.push_back(g_.literal(f, true));
    if (c.formula >= 0) kids.push_back(formula(c.formula));
    return kids;
  }

  std::vector<std::vector<int>> kids_;  // children per node, before CSR

 private:
  const GroundTask& task_;
  RelaxedGraph& g_;
  std::vector<int> formula_node_;
};

}  // namespace

RelaxedGraph RelaxedGraph::build(const GroundTask& task, CostType cost_type) {
  RelaxedGraph g;
  GraphBuilder b(task, g);
  const int facts = static_cast<int>(task.facts.size());
  for (int f = 0; f < 2 * facts; ++f) b.add_node(Type::Or, 0, {});
  // Achievers are children of the literals they make true; collected here.
  std::vector<std::vector<int>> achievers(2 * facts);
  for (size_t o = 0; o < task.operators.size(); ++o) {
    const Operator& op = task.operators[o];
    int pre = b.add_node(Type::And, 0, b.condition_children(op.precondition));
    g.precondition_node.push_back(pre);
    for (const Effect& e : op.effects) {
      std::vector<int> kids{pre};
      std::vector<int> cond = b.condition_children(e.condition);
      kids.insert(kids.end(), cond.begin(), cond.end());
      int node = b.add_node(Type::And, transformed_cost(op.cost, cost_type), std::move(kids), static_cast<int>(o));
      for (int f : e.add) achievers[g.literal(f, false)].push_back(node);
      for (int f : e.del) achievers[g.literal(f, true)].push_back(node);
    }
  }
  g.goal = b.add_node(Type::And, 0, b.condition_children(task.goal));
  for (int l = 0; l < 2 * facts; ++l) b.kids_[l] = std::move(achievers[l]);

  const size_t n = g.type.size();
  g.child_begin.assign(n + 1, 0);
  std::vector<int> parent_count(n, 0);
  for (size_t i = 0; i < n; ++i) {
    g.child_begin[i + 1] = g.child_begin[i] + static_cast<int>(b.kids_[i].size());
    for (int c : b.kids_[i]) ++parent_count[c];
  }
  g.children.reserve(g.child_begin[n]);
  for (size_t i = 0; i < n; ++i) g.children.insert(g.children.end(), b.kids_[i].begin(), b.kids_[i].end());
  g.parent_begin.assign(n + 1, 0);
  for (size_t i = 0; i < n; ++i) g.parent_begin[i + 1] = g.parent_begin[i] + parent_count[i];
  g.parents.assign(g.parent_begin[n], 0);
  std::vector<int> fill(g.parent_begin.begin(), g.parent_begin.end() - 1);
  for (size_t i = 0; i < n; ++i)
    for (int c : b.kids_[i]) g.parents[fill[c]++] = static_cast<int>(i);
  return g;
}

RelaxedHeuristic::RelaxedHeuristic(const GroundTask& task, Kind kind, CostType cost_type)
    : task_(task), kind_(kind), graph_(RelaxedGraph::build(task, cost_type)), successors_(task) {
  for (const auto& op : task.operators) op_cost_.push_back(transformed_cost(op.cost, cost_type));
  const size_t n = graph_.type.size();
  cost_.resize(n);
  remaining_.resize(n);
  supporter_.resize(n);
  marked_.assign(n, 0);
  op_marked_.assign(task.operators.size(), 0);
}

std::string RelaxedHeuristic::name() const {
  switch (kind_) {
    case Kind::Max: return "hmax";
    case Kind::Add: return "add";
    case Kind::FF: return "ff";
  }
  return "relaxed";
}

void RelaxedHeuristic::explore(const uint64_t* state) {
  const int n = static_cast<int>(graph_.type.size());
  auto greater = [](const std::pair<int, int>& a, const std::pair<int, int>& b) { return a.first > b.first; };
  heap_.clear();
  auto push = [&](int node, int c) {
    heap_.push_back({c, node});
    std::push_heap(heap_.begin(), heap_.end(), greater);
  };
  // cost_ doubles as the accumulator of an AND node until all its children are in.
  for (int i = 0; i < n; ++i) {
    supporter_[i] = -1;
    int kids = graph_.child_begin[i + 1] - graph_.child_begin[i];
    if (graph_.type[i] == RelaxedGraph::Type::And) {
      remaining_[i] = kids;
      cost_[i] = 0;
      if (kids == 0) {
        cost_[i] = graph_.weight[i];
        push(i, cost_[i]);
      }
    } else {
      remaining_[i] = -1;
      cost_[i] = kInfinity;
    }
  }
  const int facts = static_cast<int>(task_.facts.size());
  for (int f = 0; f < facts; ++f) {
    int seeded = graph_.literal(f, !holds_fact(state, f));
    cost_[seeded] = 0;
    push(seeded, 0);
  }
  const bool is_max = kind_ == Kind::Max;
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end(), greater);
    auto [c, node] = heap_.back();
    heap_.pop_back();
    if (c > cost_[node] || (graph_.type[node] == RelaxedGraph::Type::And && remaining_[node] != 0)) continue;
    if (graph_.type[node] == RelaxedGraph::Type::And) remaining_[node] = -1;  // popped once
    if (node == graph_.goal) return;
    for (int k = graph_.parent_begin[node]; k < graph_.parent_begin[node + 1]; ++k) {
      int p = graph_.parents[k];
      if (graph_.type[p] == RelaxedGraph::Type::Or) {
        if (c < cost_[p]) {
          cost_[p] = c;
          supporter_[p] = node;
          push(p, c);
        }
        continue;
      }
      if (remaining_[p] <= 0) continue;
      cost_[p] = is_max ? std::max(cost_[p], c) : saturating_add(cost_[p], c);
      if (--remaining_[p] == 0) {
        cost_[p] = saturating_add(cost_[p], graph_.weight[p]);
        push(p, cost_[p]);
      }
    }
  }
}

int RelaxedHeuristic::relaxed_plan_cost(const uint64_t* state, std::vector<int>* preferred) {
  ++mark_epoch_;
  int h = 0;
  stack_.clear();
  stack_.push_back(graph_.goal);
  while (!stack_.empty()) {
    int node = stack_.back();
    stack_.pop_back();
    if (marked_[node] == mark_epoch_) continue;
    marked_[node] = mark_epoch_;
    if (graph_.type[node] == RelaxedGraph::Type::Or) {
      if (supporter_[node] >= 0) stack_.push_back(supporter_[node]);
      continue;
    }
    int op = graph_.operator_of[node];
    if (op >= 0 && op_marked_[op] != mark_epoch_) {
      op_marked_[op] = mark_epoch_;
      h = saturating_add(h, op_cost_[op]);
      if (preferred && successors_.holds(task_.operators[op].precondition, state)) preferred->push_back(op);
    }
    for (int k = graph_.child_begin[node]; k < graph_.child_begin[node + 1]; ++k) stack_.push_back(graph_.children[k]);
  }
  return h;
}

int RelaxedHeuristic::evaluate(const uint64_t* state, std::vector<int>* preferred) {
  explore(state);
  int goal_cost = remaining_[graph_.goal] == -1 ? cost_[graph_.goal] : kInfinity;
  if (goal_cost >= kInfinity) return kDeadEnd;
  if (kind_ != Kind::FF) return goal_cost;
  return relaxed_plan_cost(state, preferred);
}

}  // namespace plank::planning
