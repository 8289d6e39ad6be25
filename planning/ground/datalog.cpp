// Semi-naive Datalog evaluation (datalog.h).
//
// Atoms get ids in the order they are found and are processed in that order.
// When atom a is processed it is joined, in every rule body position it fits,
// with processed atoms only: positions before the trigger take atoms older
// than a, positions after it take a or older. So an instance whose youngest
// body atom is a is found exactly when a is processed, and exactly once.
#include "planning/ground/datalog.h"

#include <algorithm>

#include "planning/ground/join_order.h"

namespace plank::planning {

Datalog::Datalog(int predicate_count, int object_count)
    : object_count_(object_count),
      arity_(predicate_count, -1),
      triggers_(predicate_count),
      by_predicate_(predicate_count),
      index_(predicate_count) {
  hash_table_.assign(1024, 0);
}

void Datalog::declare_arity(int predicate, size_t arity) {
  if (arity_[predicate] < 0) arity_[predicate] = static_cast<int>(arity);
}

void Datalog::add_rule(Rule rule) {
  declare_arity(rule.head.predicate, rule.head.args.size());
  for (const auto& b : rule.body) {
    declare_arity(b.predicate, b.args.size());
    auto& idx = index_[b.predicate];
    if (idx.empty()) idx.assign(b.args.size(), std::vector<std::vector<int>>(object_count_));
  }
  for (const auto& a : rule.absent) declare_arity(a.predicate, a.args.size());
  int id = static_cast<int>(rules_.size());
  // Join order per trigger: greedily the atom with most variables bound so far.
  for (size_t t = 0; t < rule.body.size(); ++t) {
    JoinPlan plan{id, static_cast<int>(t), greedy_join_order(rule.body, rule.variable_count, t)};
    triggers_[rule.body[t].predicate].push_back(std::move(plan));
  }
  if (rule.body.empty()) empty_body_.push_back({id, -1, {}});
  rules_.push_back(std::move(rule));
}

int Datalog::find(int predicate, const int* args) const {
  int arity = arity_[predicate] < 0 ? 0 : arity_[predicate];
  size_t mask = hash_table_.size() - 1;
  for (size_t slot = hash_atom(predicate, args, arity) & mask;; slot = (slot + 1) & mask) {
    uint32_t entry = hash_table_[slot];
    if (entry == 0) return -1;
    int atom = static_cast<int>(entry - 1);
    if (predicate_of(atom) == predicate && std::equal(args, args + arity, args_of(atom))) return atom;
  }
}

int Datalog::intern(int predicate, const int* args) {
  int arity = arity_[predicate];
  size_t mask = hash_table_.size() - 1;
  size_t slot = hash_atom(predicate, args, arity) & mask;
  for (;; slot = (slot + 1) & mask) {
    uint32_t entry = hash_table_[slot];
    if (entry == 0) break;
    int atom = static_cast<int>(entry - 1);
    if (predicate_of(atom) == predicate && std::equal(args, args + arity, args_of(atom))) return -1;
  }
  int id = static_cast<int>(offsets_.size());
  offsets_.push_back(static_cast<uint32_t>(arena_.size()));
  arena_.push_back(predicate);
  arena_.insert(arena_.end(), args, args + arity);
  hash_table_[slot] = static_cast<uint32_t>(id + 1);
  if (offsets_.size() * 2 > hash_table_.size()) {
    std::vector<uint32_t> bigger(hash_table_.size() * 2, 0);
    size_t big_mask = bigger.size() - 1;
    for (uint32_t entry : hash_table_) {
      if (entry == 0) continue;
      int atom = static_cast<int>(entry - 1);
      size_t s = hash_atom(predicate_of(atom), args_of(atom), arity_of(atom)) & big_mask;
      while (bigger[s] != 0) s = (s + 1) & big_mask;
      bigger[s] = entry;
    }
    hash_table_ = std::move(bigger);
  }
  return id;
}

int Datalog::add_fact(int predicate, const std::vector<int>& args) {
  declare_arity(predicate, args.size());
  int id = intern(predicate, args.data());
  return id >= 0 ? id : find(predicate, args.data());
}

const std::vector<int>& Datalog::candidates(const RuleAtom& pattern) const {
  const std::vector<int>* best = &by_predicate_[pattern.predicate];
  const auto& idx = index_[pattern.predicate];
  for (size_t i = 0; i < pattern.args.size(); ++i) {
    int a = pattern.args[i];
    int object = is_object_term(a) ? term_object(a) : binding_[a];
    if (object < 0) continue;
    const auto& list = idx[i][object];
    if (list.size() < best->size()) best = &list;
  }
  return *best;
}

bool Datalog::bind_atom(const Rule& rule, const RuleAtom& pattern, int atom, std::vector<int>& undo) {
  const int* args = args_of(atom);
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

void Datalog::emit(const Rule& rule) {
  auto value = [&](int term) { return is_object_term(term) ? term_object(term) : binding_[term]; };
  for (const auto& [x, y] : rule.distinct)
    if (value(x) == value(y)) return;
  for (const auto& pattern : rule.absent) {
    scratch_.clear();
    for (int a : pattern.args) scratch_.push_back(value(a));
    if (find(pattern.predicate, scratch_.data()) >= 0) return;
  }
  ++instances_;
  scratch_.clear();
  for (int a : rule.head.args) scratch_.push_back(value(a));
  intern(rule.head.predicate, scratch_.data());
}

void Datalog::join(const Rule& rule, const JoinPlan& plan, size_t step, int current) {
  if (step == plan.order.size()) {
    emit(rule);
    return;
  }
  int position = plan.order[step];
  const RuleAtom& pattern = rule.body[position];
  // Before the trigger: strictly older atoms; after it: the current one too.
  int newest = position < plan.trigger ? current - 1 : current;
  const std::vector<int>& list = candidates(pattern);
  std::vector<int> undo;
  for (size_t k = 0; k < list.size(); ++k) {
    int atom = list[k];
    if (atom > newest) break;  // lists are in id order
    undo.clear();
    if (bind_atom(rule, pattern, atom, undo)) join(rule, plan, step + 1, current);
    for (int v : undo) binding_[v] = -1;
  }
}

void Datalog::process(int atom) {
  int predicate = predicate_of(atom);
  by_predicate_[predicate].push_back(atom);
  auto& idx = index_[predicate];
  if (!idx.empty()) {
    const int* args = args_of(atom);
    for (size_t i = 0; i < idx.size(); ++i) idx[i][args[i]].push_back(atom);
  }
  std::vector<int> undo;
  for (const JoinPlan& plan : triggers_[predicate]) {
    const Rule& rule = rules_[plan.rule];
    binding_.assign(rule.variable_count, -1);
    undo.clear();
    if (bind_atom(rule, rule.body[plan.trigger], atom, undo)) join(rule, plan, 0, atom);
  }
}

Datalog::Outcome Datalog::run(size_t max_atoms, const std::function<bool()>& should_stop) {
  for (const JoinPlan& plan : empty_body_) {
    const Rule& rule = rules_[plan.rule];
    binding_.assign(rule.variable_count, -1);
    emit(rule);
  }
  size_t next_check = processed_ + 4096;
  while (processed_ < offsets_.size()) {
    process(static_cast<int>(processed_++));
    if (offsets_.size() > max_atoms) return Outcome::TooLarge;
    if (processed_ >= next_check) {
      next_check = processed_ + 4096;
      if (should_stop && should_stop()) return Outcome::Stopped;
    }
  }
  return Outcome::Fixpoint;
}

}  // namespace plank::planning
