// Lifted successor generation (successors.h).
#include "planning/lifted/successors.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <map>

#include "planning/quantifier_guard.h"

namespace plank::planning::lifted {
namespace {

using K = pddl::Formula::Kind;

void collect_types(const pddl::Formula& f, std::vector<pddl::TypeSet>& types) {
  for (const auto& v : f.bound) types[v.index] = v.type;
  for (const auto& c : f.children) collect_types(c, types);
}

void collect_objects(const pddl::Formula& f, std::vector<char>& out) {
  auto term = [&](const pddl::Term& t) {
    if (!t.is_variable) out[t.index] = 1;
  };
  if (f.kind == K::Atom)
    for (const auto& t : f.atom.args) term(t);
  if (f.kind == K::Equals) {
    term(f.left);
    term(f.right);
  }
  for (const auto& c : f.children) collect_objects(c, out);
}

}  // namespace

LiftedSuccessors::LiftedSuccessors(const pddl::Task& task, AtomTable& atoms) : task_(task), atoms_(atoms) {
  fluent_.assign(task.predicates.size(), false);
  for (const auto& a : task.actions)
    for (const auto& e : a.effects)
      for (const auto& l : e.literals) fluent_[l.atom.predicate] = true;
  for (const auto& a : task.actions)
    plain_.push_back(std::all_of(a.effects.begin(), a.effects.end(), [](const pddl::ConditionalEffect& e) {
      return e.forall.empty() && e.condition.kind == pddl::Formula::Kind::True;
    }));

  // The static atoms, once.
  std::vector<int> statics;
  std::vector<int> init_count(task.predicates.size(), 0);
  for (const auto& g : task.init) {
    ++init_count[g.predicate];
    if (!fluent_[g.predicate]) statics.push_back(atoms_.intern(g.predicate, g.args.data()));
  }
  statics_.build(atoms_, statics.data(), statics.size());

  // Per schema: join atoms in a good order, the rest, variable types.
  for (const auto& action : task.actions) {
    Schema s;
    s.types.assign(action.variable_count, pddl::TypeSet{pddl::kObjectType});
    for (const auto& p : action.parameters) s.types[p.index] = p.type;
    collect_types(action.precondition, s.types);
    for (const auto& e : action.effects) {
      for (const auto& v : e.forall) s.types[v.index] = v.type;
      collect_types(e.condition, s.types);
    }
    std::vector<const pddl::Formula*> conjuncts;
    if (action.precondition.kind == K::And) {
      for (const auto& c : action.precondition.children) conjuncts.push_back(&c);
    } else if (action.precondition.kind != K::True) {
      conjuncts.push_back(&action.precondition);
    }
    std::vector<const pddl::Atom*> atoms_to_join;
    for (const auto* c : conjuncts) {
      if (c->kind == K::Atom) {
        atoms_to_join.push_back(&c->atom);
      } else {
        s.rest.push_back(c);
      }
    }
    // Greedy order: most variables already bound, then the smallest relation.
    std::vector<char> bound(action.variable_count, 0), used(atoms_to_join.size(), 0);
    for (size_t k = 0; k < atoms_to_join.size(); ++k) {
      int best = -1;
      long best_score = LONG_MIN;
      for (size_t j = 0; j < atoms_to_join.size(); ++j) {
        if (used[j]) continue;
        int bound_args = 0, free_args = 0;
        for (const auto& t : atoms_to_join[j]->args) {
          if (!t.is_variable || bound[t.index]) ++bound_args;
          else ++free_args;
        }
        long score = static_cast<long>(bound_args) * 1'000'000 - static_cast<long>(free_args) * 100'000 -
                     init_count[atoms_to_join[j]->predicate];
        if (score > best_score) {
          best_score = score;
          best = static_cast<int>(j);
        }
      }
      used[best] = 1;
      s.join.push_back(atoms_to_join[best]);
      for (const auto& t : atoms_to_join[best]->args)
        if (t.is_variable) bound[t.index] = 1;
    }
    for (const auto& t : s.types) s.allowed.push_back(allowed_of(t));
    schemas_.push_back(std::move(s));
  }

  // Symmetry: objects named by constants, static atoms or the goal are pinned.
  pinned_.assign(task.objects.size(), 0);
  for (size_t o = 0; o < task.objects.size(); ++o)
    if (task.objects[o].constant) pinned_[o] = 1;
  for (const auto& g : task.init)
    if (!fluent_[g.predicate])
      for (int o : g.args) pinned_[o] = 1;
  collect_objects(task.goal, pinned_);
  for (const auto& a : task.actions) {
    collect_objects(a.precondition, pinned_);
    for (const auto& e : a.effects) {
      collect_objects(e.condition, pinned_);
      for (const auto& l : e.literals)
        for (const auto& t : l.atom.args)
          if (!t.is_variable) pinned_[t.index] = 1;
    }
  }
  std::map<std::vector<pddl::TypeId>, int> classes;
  for (const auto& o : task.objects) object_class_.push_back(classes.emplace(o.types, classes.size()).first->second);
  first_free_.assign(classes.size(), -1);
}

const std::vector<char>* LiftedSuccessors::allowed_of(const pddl::TypeSet& t) {
  if (t.size() == 1 && t[0] == pddl::kObjectType) return nullptr;
  for (const auto& [set, bitmap] : allowed_index_)
    if (set == t) return bitmap;
  allowed_storage_.emplace_back(task_.objects.size(), 0);
  auto& bitmap = allowed_storage_.back();
  for (int o : task_.objects_of(t)) bitmap[o] = 1;
  // allowed_storage_ is a deque: these pointers stay valid as it grows.
  allowed_index_.push_back({t, &bitmap});
  return &bitmap;
}

std::vector<int> LiftedSuccessors::initial_state() {
  std::vector<int> out;
  for (const auto& g : task_.init)
    if (fluent_[g.predicate]) out.push_back(atoms_.intern(g.predicate, g.args.data()));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

bool LiftedSuccessors::holds(int predicate, const int* args) const {
  int id = atoms_.find(predicate, args);
  if (id < 0) return false;
  return fluent_[predicate] ? state_->holds(id) : statics_.holds(id);
}

std::pair<const int*, const int*> LiftedSuccessors::with(int predicate, int position, int object) const {
  return fluent_[predicate] ? state_->with(predicate, position, object) : statics_.with(predicate, position, object);
}

std::pair<const int*, const int*> LiftedSuccessors::of(int predicate) const {
  return fluent_[predicate] ? state_->of(predicate) : statics_.of(predicate);
}

bool LiftedSuccessors::eval(const pddl::Formula& f) {
  switch (f.kind) {
    case K::True: return true;
    case K::False: return false;
    case K::Atom: {
      args_.clear();
      for (const auto& t : f.atom.args) args_.push_back(t.is_variable ? binding_[t.index] : t.index);
      return holds(f.atom.predicate, args_.data());
    }
    case K::Equals: {
      auto v = [&](const pddl::Term& t) { return t.is_variable ? binding_[t.index] : t.index; };
      return v(f.left) == v(f.right);
    }
    case K::Not: return !eval(f.children[0]);
    case K::And:
      for (const auto& c : f.children)
        if (!eval(c)) return false;
      return true;
    case K::Or:
      for (const auto& c : f.children)
        if (eval(c)) return true;
      return false;
    case K::Exists:
    case K::Forall: {
      bool r = quantified(f, 0);
      for (const auto& v : f.bound) binding_[v.index] = -1;
      return r;
    }
  }
  return false;
}

// exists: some binding makes the body true; forall: every binding does.
bool LiftedSuccessors::quantified(const pddl::Formula& f, size_t var) {
  const bool exists = f.kind == K::Exists;
  if (var == f.bound.size()) return eval(f.children[0]);
  const pddl::Variable& v = f.bound[var];
  std::vector<int> guarded;
  if (guard_candidates(f, v, guarded)) {
    for (int o : guarded) {
      binding_[v.index] = o;
      if (quantified(f, var + 1) == exists) return exists;
    }
    return !exists;
  }
  for (int o : task_.objects_of(v.type)) {
    binding_[v.index] = o;
    if (quantified(f, var + 1) == exists) return exists;
  }
  return !exists;
}

// Guarded quantifiers (quantifier_guard.h): the candidates are read from the
// state's index (the grounder reads the same guard from the reachable model).
bool LiftedSuccessors::guard_candidates(const pddl::Formula& f, const pddl::Variable& v, std::vector<int>& out) {
  const QuantifierGuard guard = find_guard(f, v, binding_);
  if (!guard.atom) return false;
  auto [begin, end] = guard.pivot >= 0 ? with(guard.atom->predicate, guard.pivot, guard.pivot_object)
                                       : of(guard.atom->predicate);
  const std::vector<char>* allowed = allowed_of(v.type);
  for (const int* it = begin; it != end; ++it) {
    const int* args = atoms_.args(*it);
    if (agrees_with_guard(guard, args, binding_) && (!allowed || (*allowed)[args[guard.position]]))
      out.push_back(args[guard.position]);
  }
  return true;
}

void LiftedSuccessors::enumerate_free(int schema, size_t param, std::vector<LiftedAction>& out) {
  const pddl::Action& action = task_.actions[schema];
  if (param == action.parameters.size()) {
    for (const auto* r : schemas_[schema].rest)
      if (!eval(*r)) return;
    LiftedAction a{schema, {}};
    for (const auto& p : action.parameters) a.args.push_back(binding_[p.index]);
    out.push_back(std::move(a));
    return;
  }
  const pddl::Variable& p = action.parameters[param];
  if (binding_[p.index] >= 0) {
    enumerate_free(schema, param + 1, out);
    return;
  }
  for (int o : task_.objects_of(p.type)) {
    // Skip all but the first of the interchangeable free objects of a class.
    int first = first_free_[object_class_[o]];
    if (!pinned_[o] && first >= 0 && o != first && free_[o]) continue;
    binding_[p.index] = o;
    enumerate_free(schema, param + 1, out);
  }
  binding_[p.index] = -1;
}

void LiftedSuccessors::join(int schema, size_t step, std::vector<LiftedAction>& out) {
  const Schema& s = schemas_[schema];
  if (step == s.join.size()) {
    enumerate_free(schema, 0, out);
    return;
  }
  const pddl::Atom& pattern = *s.join[step];
  // Candidates: the atoms with the first bound argument, or all of the predicate.
  std::pair<const int*, const int*> range{nullptr, nullptr};
  bool found = false;
  for (size_t i = 0; i < pattern.args.size() && !found; ++i) {
    const pddl::Term& t = pattern.args[i];
    int value = t.is_variable ? binding_[t.index] : t.index;
    if (value < 0) continue;
    range = with(pattern.predicate, static_cast<int>(i), value);
    found = true;
  }
  if (!found) range = of(pattern.predicate);
  std::vector<int> newly;
  for (const int* it = range.first; it != range.second; ++it) {
    const int* args = atoms_.args(*it);
    newly.clear();
    bool ok = true;
    for (size_t i = 0; i < pattern.args.size() && ok; ++i) {
      const pddl::Term& t = pattern.args[i];
      if (!t.is_variable) {
        ok = args[i] == t.index;
      } else if (binding_[t.index] >= 0) {
        ok = args[i] == binding_[t.index];
      } else {
        const std::vector<char>* allowed = s.allowed[t.index];
        ok = !allowed || (*allowed)[args[i]];
        if (ok) {
          binding_[t.index] = args[i];
          newly.push_back(t.index);
        }
      }
    }
    if (ok) join(schema, step + 1, out);
    for (int v : newly) binding_[v] = -1;
  }
}

void LiftedSuccessors::applicable(const StateView& state, std::vector<LiftedAction>& out) {
  out.clear();
  state_ = &state;
  // Which objects are free here (named by no atom of the state and not pinned).
  free_.assign(task_.objects.size(), 1);
  for (int a : state.ids()) {
    const int* args = atoms_.args(a);
    for (int i = 0, n = atoms_.arity(atoms_.predicate(a)); i < n; ++i) free_[args[i]] = 0;
  }
  std::fill(first_free_.begin(), first_free_.end(), -1);
  for (size_t o = 0; o < task_.objects.size(); ++o) {
    if (pinned_[o] || !free_[o]) continue;
    int& first = first_free_[object_class_[o]];
    if (first < 0) first = static_cast<int>(o);
  }
  for (size_t a = 0; a < task_.actions.size(); ++a) {
    binding_.assign(task_.actions[a].variable_count, -1);
    join(static_cast<int>(a), 0, out);
  }
}

void LiftedSuccessors::collect_effects(const LiftedAction& action) {
  const pddl::Action& a = task_.actions[action.schema];
  binding_.assign(a.variable_count, -1);
  for (size_t i = 0; i < a.parameters.size(); ++i) binding_[a.parameters[i].index] = action.args[i];
  adds_.clear();
  dels_.clear();
  for (const auto& effect : a.effects) {
    // Every binding of the effect's forall variables, condition read in the state.
    std::vector<size_t> index(effect.forall.size(), 0);
    std::vector<const std::vector<int>*> domains;
    bool empty = false;
    for (const auto& v : effect.forall) {
      domains.push_back(&task_.objects_of(v.type));
      empty = empty || domains.back()->empty();
    }
    if (empty) continue;
    for (;;) {
      for (size_t i = 0; i < effect.forall.size(); ++i) binding_[effect.forall[i].index] = (*domains[i])[index[i]];
      if (eval(effect.condition)) {
        for (const auto& l : effect.literals) {
          args_.clear();
          for (const auto& t : l.atom.args) args_.push_back(t.is_variable ? binding_[t.index] : t.index);
          int id = atoms_.intern(l.atom.predicate, args_.data());
          (l.negated ? dels_ : adds_).push_back(id);
        }
      }
      size_t k = 0;
      while (k < index.size() && ++index[k] == domains[k]->size()) index[k++] = 0;
      if (k == index.size()) break;
    }
  }
  std::sort(dels_.begin(), dels_.end());
  std::sort(adds_.begin(), adds_.end());
  adds_.erase(std::unique(adds_.begin(), adds_.end()), adds_.end());
}

void LiftedSuccessors::merge_effects(const int* ids, size_t n, std::vector<int>& out) {
  out.clear();
  // (state - dels) + adds: an atom both deleted and added stays.
  for (size_t i = 0; i < n; ++i)
    if (!std::binary_search(dels_.begin(), dels_.end(), ids[i])) out.push_back(ids[i]);
  merged_.clear();
  merged_.reserve(out.size() + adds_.size());
  std::set_union(out.begin(), out.end(), adds_.begin(), adds_.end(), std::back_inserter(merged_));
  out.swap(merged_);
}

void LiftedSuccessors::apply(const StateView& state, const LiftedAction& action, std::vector<int>& out,
                             std::vector<int>* added) {
  state_ = &state;
  collect_effects(action);
  merge_effects(state.ids().data(), state.ids().size(), out);
  if (added) {
    added->clear();
    for (int x : adds_)
      if (!state.holds(x)) added->push_back(x);
  }
}

void LiftedSuccessors::apply_plain(const int* ids, size_t n, const LiftedAction& action, std::vector<int>& out) {
  state_ = nullptr;  // never read: the schema's effects are unconditional
  collect_effects(action);
  merge_effects(ids, n, out);
}

bool LiftedSuccessors::is_goal(const StateView& state) {
  state_ = &state;
  binding_.assign(std::max(task_.goal_variable_count, 1), -1);
  return eval(task_.goal);
}

int LiftedSuccessors::cost(const LiftedAction& action) const {
  if (!task_.metric_total_cost) return 1;
  const pddl::Action& a = task_.actions[action.schema];
  double c = a.cost.constant;
  for (const auto& term : a.cost.terms) {
    pddl::GroundAtom key{term.function, {}};
    for (const auto& t : term.args) {
      if (!t.is_variable) {
        key.args.push_back(t.index);
        continue;
      }
      int value = -1;
      for (size_t i = 0; i < a.parameters.size(); ++i)
        if (a.parameters[i].index == t.index) value = action.args[i];
      key.args.push_back(value);
    }
    auto it = task_.function_values.find(key);
    if (it == task_.function_values.end()) return -1;
    c += it->second;
  }
  return static_cast<int>(std::llround(c));
}

std::string LiftedSuccessors::name(const LiftedAction& action) const {
  std::string s = "(" + task_.actions[action.schema].name;
  for (int o : action.args) s += " " + task_.objects[o].name;
  return s + ")";
}

}  // namespace plank::planning::lifted
