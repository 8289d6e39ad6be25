// Costed evaluation of the relaxed program (costed_datalog.h).
//
// Semi-naive as in planning/ground/datalog.cpp, with settle order in place of
// id order: when atom a settles it joins, in each body position it fits, with
// settled atoms only (positions before the trigger: settled before a; after
// it: a or before), so each instance is formed once, when its costliest
// (last settled) atom settles, and all its body costs are final then.
#include "planning/lifted/costed_datalog.h"

#include <algorithm>
#include <set>

#include "planning/ground/join_order.h"

namespace plank::planning::lifted {

CostedDatalog::CostedDatalog(const RelaxedProgram& program, int object_count)
    : program_(program), object_count_(object_count), atoms_(program.arity) {
  const size_t predicates = program.arity.size();
  triggers_.resize(predicates);
  body_predicate_.assign(predicates, 0);
  by_predicate_.resize(predicates);
  index_.resize(predicates);
  for (size_t r = 0; r < program.rules.size(); ++r) {
    const CostedRule& rule = program.rules[r];
    if (rule.body.empty()) {
      empty_body_rules_.push_back(static_cast<int>(r));
      continue;
    }
    for (size_t t = 0; t < rule.body.size(); ++t) {
      JoinPlan plan{static_cast<int>(r), static_cast<int>(t), greedy_join_order(rule.body, rule.variable_count, t)};
      for (int a : rule.body[t].args) {
        plan.constant.push_back(is_object_term(a) ? term_object(a) : -1);
        plan.allowed.push_back(is_object_term(a) || rule.allowed.empty() ? nullptr : rule.allowed[a]);
      }
      triggers_[rule.body[t].predicate].push_back(std::move(plan));
      body_predicate_[rule.body[t].predicate] = 1;
    }
  }
  for (size_t p = 0; p < predicates; ++p)
    if (body_predicate_[p]) index_[p].assign(program.arity[p], std::vector<std::vector<int>>(object_count));
  int goal_args = 0;
  goal_atom_ = atoms_.intern(program.goal_predicate, &goal_args);
}

void CostedDatalog::ensure(int atom) {
  if (static_cast<size_t>(atom) >= stamp_.size()) {
    size_t n = std::max<size_t>(atom + 1, stamp_.size() * 2);
    stamp_.resize(n, 0);
    cost_.resize(n);
    seq_.resize(n);
    support_.resize(n);
    mark_.resize(n, 0);
  }
  if (stamp_[atom] != epoch_) {
    stamp_[atom] = epoch_;
    cost_[atom] = kUnreachable;
    seq_[atom] = -1;
    support_[atom] = -1;
  }
}

void CostedDatalog::begin() {
  ++epoch_;
  for (auto* list : touched_) list->clear();
  touched_.clear();
  for (auto& b : buckets_) b.clear();
  bucket_ = 0;
  next_seq_ = 0;
  settled_count_ = 0;
  support_arena_.clear();
}

void CostedDatalog::push(int atom, int cost) {
  if (static_cast<size_t>(cost) >= buckets_.size()) buckets_.resize(cost + 1);
  buckets_[cost].push_back(atom);
  if (static_cast<size_t>(cost) < bucket_) bucket_ = cost;
}

void CostedDatalog::add_initial(int predicate, const int* args) {
  int atom = atoms_.intern(predicate, args);
  ensure(atom);
  if (cost_[atom] == 0) return;
  cost_[atom] = 0;
  push(atom, 0);
}

bool CostedDatalog::bind(const CostedRule& rule, const RuleAtom& pattern, int atom, std::vector<int>& undo) {
  const int* args = atoms_.args(atom);
  for (size_t i = 0; i < pattern.args.size(); ++i) {
    int a = pattern.args[i];
    if (is_object_term(a)) {
      if (term_object(a) != args[i]) return false;
      continue;
    }
    if (binding_[a] >= 0) {
      if (binding_[a] != args[i]) return false;
      continue;
    }
    const std::vector<char>* allowed = rule.allowed.empty() ? nullptr : rule.allowed[a];
    if (allowed && !(*allowed)[args[i]]) return false;
    binding_[a] = args[i];
    undo.push_back(a);
  }
  return true;
}

void CostedDatalog::emit(const CostedRule& rule, int rule_index, int body_cost) {
  auto value = [&](int t) { return is_object_term(t) ? term_object(t) : binding_[t]; };
  for (const auto& [x, y] : rule.distinct)
    if (value(x) == value(y)) return;
  for (const auto& pattern : rule.absent) {
    scratch_.clear();
    for (int a : pattern.args) scratch_.push_back(value(a));
    int id = atoms_.find(pattern.predicate, scratch_.data());
    if (id >= 0 && stamp_.size() > static_cast<size_t>(id) && stamp_[id] == epoch_ && cost_[id] == 0) return;
  }
  scratch_.clear();
  for (int a : rule.head.args) scratch_.push_back(value(a));
  int head = atoms_.intern(rule.head.predicate, scratch_.data());
  if (head == forbidden_) return;
  ensure(head);
  int cost = body_cost + rule.weight;
  if (cost >= cost_[head] || seq_[head] >= 0) return;
  cost_[head] = cost;
  support_[head] = static_cast<int>(support_arena_.size());
  support_arena_.push_back(rule_index);
  support_arena_.insert(support_arena_.end(), body_atoms_.begin(), body_atoms_.begin() + rule.body.size());
  push(head, cost);
}

void CostedDatalog::join(const CostedRule& rule, const JoinPlan& plan, size_t step, int current_seq, int body_cost) {
  if (step == plan.order.size()) {
    emit(rule, plan.rule, body_cost);
    return;
  }
  const int position = plan.order[step];
  const RuleAtom& pattern = rule.body[position];
  const int newest = position < plan.trigger ? current_seq - 1 : current_seq;
  const std::vector<int>* list = &by_predicate_[pattern.predicate];
  const auto& idx = index_[pattern.predicate];
  for (size_t i = 0; i < pattern.args.size(); ++i) {
    int a = pattern.args[i];
    int object = is_object_term(a) ? term_object(a) : binding_[a];
    if (object < 0) continue;
    const auto& candidates = idx[i][object];
    if (candidates.size() < list->size()) list = &candidates;
  }
  std::vector<int> undo;
  for (size_t k = 0; k < list->size(); ++k) {
    int atom = (*list)[k];
    if (seq_[atom] > newest) break;  // lists are in settle order
    undo.clear();
    if (bind(rule, pattern, atom, undo)) {
      body_atoms_[position] = atom;
      int c = max_ ? std::max(body_cost, cost_[atom]) : body_cost + cost_[atom];
      join(rule, plan, step + 1, current_seq, c);
    }
    for (int v : undo) binding_[v] = -1;
  }
}

void CostedDatalog::settle(int atom) {
  seq_[atom] = next_seq_++;
  ++settled_count_;
  const int predicate = atoms_.predicate(atom);
  auto add = [&](std::vector<int>& list) {
    if (list.empty()) touched_.push_back(&list);
    list.push_back(atom);
  };
  add(by_predicate_[predicate]);
  auto& idx = index_[predicate];
  if (!idx.empty()) {
    const int* args = atoms_.args(atom);
    for (size_t i = 0; i < idx.size(); ++i) add(idx[i][args[i]]);
  }
  std::vector<int> undo;
  // A copy: joins intern new atoms, which may move the table's storage.
  const std::vector<int> args(atoms_.args(atom), atoms_.args(atom) + atoms_.arity(predicate));
  for (const JoinPlan& plan : triggers_[predicate]) {
    bool fits = true;
    for (size_t i = 0; i < plan.constant.size() && fits; ++i)
      fits = plan.constant[i] >= 0 ? args[i] == plan.constant[i] : !plan.allowed[i] || (*plan.allowed[i])[args[i]];
    if (!fits) continue;
    const CostedRule& rule = program_.rules[plan.rule];
    binding_.assign(rule.variable_count, -1);
    body_atoms_.resize(std::max(body_atoms_.size(), rule.body.size()));
    undo.clear();
    if (bind(rule, rule.body[plan.trigger], atom, undo)) {
      body_atoms_[plan.trigger] = atom;
      join(rule, plan, 0, seq_[atom], cost_[atom]);
    }
  }
}

int CostedDatalog::run(bool max, size_t max_atoms_per_run) {
  max_ = max;
  for (int r : empty_body_rules_) {
    const CostedRule& rule = program_.rules[r];
    binding_.assign(rule.variable_count, -1);
    emit(rule, r, 0);
  }
  ensure(goal_atom_);
  while (bucket_ < buckets_.size()) {
    auto& bucket = buckets_[bucket_];
    if (bucket.empty()) {
      ++bucket_;
      continue;
    }
    int atom = bucket.back();
    bucket.pop_back();
    if (seq_[atom] >= 0 || cost_[atom] != static_cast<int>(bucket_)) continue;  // stale
    settle(atom);
    if (atom == goal_atom_) return cost_[atom];
    if (settled_count_ > max_atoms_per_run) break;
  }
  return kUnreachable;
}

int CostedDatalog::relaxed_plan(int task_predicates, std::vector<std::pair<int, std::vector<int>>>* helpful,
                                std::vector<int>* schema_instances) {
  if (seq_.size() <= static_cast<size_t>(goal_atom_) || stamp_[goal_atom_] != epoch_ || seq_[goal_atom_] < 0)
    return kUnreachable;
  ++mark_epoch_;
  std::set<std::pair<int, int>> counted;  // (rule, head atom)
  int h = 0;
  std::vector<int> stack{goal_atom_};
  while (!stack.empty()) {
    int atom = stack.back();
    stack.pop_back();
    if (mark_[atom] == mark_epoch_) continue;
    mark_[atom] = mark_epoch_;
    int off = support_[atom];
    if (off < 0) continue;  // initial
    const int r = support_arena_[off];
    const CostedRule& rule = program_.rules[r];
    bool applicable_now = true;
    for (size_t i = 0; i < rule.body.size(); ++i) {
      int b = support_arena_[off + 1 + i];
      applicable_now = applicable_now && cost_[b] == 0;
      stack.push_back(b);
    }
    if (rule.schema >= 0 && counted.insert({r, atom}).second) {
      h += rule.weight;
      if (schema_instances) {
        if (per_rule_.size() < program_.rules.size()) per_rule_.resize(program_.rules.size());
        if (per_rule_[r].first != mark_epoch_) per_rule_[r] = {mark_epoch_, 0};
        ++per_rule_[r].second;
        if (static_cast<size_t>(rule.schema) >= schema_instances->size()) schema_instances->resize(rule.schema + 1, 0);
        int& n = (*schema_instances)[rule.schema];
        n = std::max(n, per_rule_[r].second);
      }
      const int head = atoms_.predicate(atom);
      if (helpful && applicable_now && (head < task_predicates || program_.is_pattern[head])) {
        const int* args = atoms_.args(atom);
        helpful->push_back({atoms_.predicate(atom), std::vector<int>(args, args + atoms_.arity(atoms_.predicate(atom)))});
      }
    }
  }
  return h;
}

}  // namespace plank::planning::lifted
