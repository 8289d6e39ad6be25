// Building the relaxed program (relaxed_program.h).
#include "planning/lifted/relaxed_program.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <map>
#include <set>

#include "planning/ground/reachability.h"
#include "planning/lifted/object_patterns.h"

namespace plank::planning::lifted {
namespace {

using K = pddl::Formula::Kind;

struct Body {
  std::vector<RuleAtom> atoms;
  std::vector<std::pair<int, int>> equal, distinct;
  std::vector<RuleAtom> absent;
};

int term_of(const pddl::Term& t) { return t.is_variable ? t.index : object_term(t.index); }

RuleAtom rule_atom(const pddl::Atom& a) {
  RuleAtom r{a.predicate, {}};
  for (const auto& t : a.args) r.args.push_back(term_of(t));
  return r;
}

void used_variables(const pddl::Formula& f, std::set<int>& used, std::set<int>& bound) {
  for (const auto& v : f.bound) bound.insert(v.index);
  auto term = [&](const pddl::Term& t) {
    if (t.is_variable) used.insert(t.index);
  };
  if (f.kind == K::Atom)
    for (const auto& t : f.atom.args) term(t);
  if (f.kind == K::Equals) {
    term(f.left);
    term(f.right);
  }
  for (const auto& c : f.children) used_variables(c, used, bound);
}

std::vector<int> free_variables(const pddl::Formula& f) {
  std::set<int> used, bound;
  used_variables(f, used, bound);
  std::vector<int> out;
  for (int v : used)
    if (!bound.count(v)) out.push_back(v);
  return out;
}

class Builder {
 public:
  Builder(const pddl::Task& task, const std::vector<bool>& fluent, RelaxedProgram& p)
      : task_(task), fluent_(fluent), p_(p) {
    for (const auto& pred : task.predicates) {
      p_.arity.push_back(static_cast<int>(pred.parameters.size()));
      p_.names.push_back(pred.name);
    }
    // Types whose objects no formula names can have a generic object.
    std::vector<char> named(task.objects.size(), 0);
    auto mark = [&](const pddl::Formula& f, auto&& self) -> void {
      auto term = [&](const pddl::Term& t) {
        if (!t.is_variable) named[t.index] = 1;
      };
      if (f.kind == K::Atom)
        for (const auto& t : f.atom.args) term(t);
      if (f.kind == K::Equals) {
        term(f.left);
        term(f.right);
      }
      for (const auto& c : f.children) self(c, self);
    };
    mark(task.goal, mark);
    for (const auto& a : task.actions) {
      mark(a.precondition, mark);
      for (const auto& e : a.effects) {
        mark(e.condition, mark);
        for (const auto& l : e.literals)
          for (const auto& t : l.atom.args)
            if (!t.is_variable) named[t.index] = 1;
      }
    }
    p_.object_count = static_cast<int>(task.objects.size());
    generic_.assign(task.types.size(), -1);
    for (size_t t = 0; t < task.types.size(); ++t) {
      if (t == static_cast<size_t>(pddl::kObjectType)) continue;
      const auto& objects = task.objects_of_type[t];
      bool any_named = std::any_of(objects.begin(), objects.end(), [&](int o) { return named[o]; });
      if (objects.size() < 2 || any_named) continue;
      generic_[t] = p_.object_count++;
    }
    // A generic object belongs to its type and every type above it.
    generic_types_.assign(p_.object_count, {});
    for (size_t t = 0; t < task.types.size(); ++t)
      if (generic_[t] >= 0)
        for (size_t u = 0; u < task.types.size(); ++u)
          if (task.is_subtype(static_cast<int>(t), static_cast<int>(u))) generic_types_[generic_[t]].push_back(u);
    p_.generic_of.assign(task.objects.size(), -1);
    for (size_t o = 0; o < task.objects.size(); ++o)
      if (task.objects[o].types.size() == 1 && generic_[task.objects[o].types[0]] >= 0)
        p_.generic_of[o] = generic_[task.objects[o].types[0]];
  }

  int new_predicate(int arity, const std::string& name) {
    p_.arity.push_back(arity);
    p_.names.push_back(name);
    return static_cast<int>(p_.arity.size()) - 1;
  }

  const std::vector<char>* allowed(const pddl::TypeSet& t) {
    if (t.size() == 1 && t[0] == pddl::kObjectType) return nullptr;
    auto it = allowed_.find(t);
    if (it != allowed_.end()) return it->second;
    auto& bitmap = allowed_storage_.emplace_back(p_.object_count, 0);
    for (int o : task_.objects_of(t)) bitmap[o] = 1;
    for (int g = static_cast<int>(task_.objects.size()); g < p_.object_count; ++g)
      for (int u : generic_types_[g])
        if (std::find(t.begin(), t.end(), u) != t.end()) bitmap[g] = 1;
    allowed_[t] = &bitmap;
    return &bitmap;
  }

  int type_predicate(const pddl::TypeSet& t) {
    auto it = type_predicates_.find(t);
    if (it != type_predicates_.end()) return it->second;
    std::string name = "type";
    for (int x : t) name += "-" + task_.types[x].name;
    int pred = new_predicate(1, name);
    for (int o : task_.objects_of(t)) p_.type_facts.push_back({pred, {o}});
    type_predicates_[t] = pred;
    return pred;
  }

  // The scope a rule is built in: the action's (or goal's) variables.
  struct Scope {
    std::vector<pddl::TypeSet> types;
    std::vector<const std::vector<char>*> allowed;
    int schema = -1;
  };

  // False when the formula can never hold.
  bool translate(const pddl::Formula& f, Scope& scope, Body& body) {
    switch (f.kind) {
      case K::True: return true;
      case K::False: return false;
      case K::Atom: body.atoms.push_back(rule_atom(f.atom)); return true;
      case K::Equals: body.equal.push_back({term_of(f.left), term_of(f.right)}); return true;
      case K::Not: {
        const pddl::Formula& inner = f.children[0];
        if (inner.kind == K::Equals) body.distinct.push_back({term_of(inner.left), term_of(inner.right)});
        if (inner.kind == K::Atom && !fluent_[inner.atom.predicate]) body.absent.push_back(rule_atom(inner.atom));
        return true;
      }
      case K::And:
        for (const auto& c : f.children)
          if (!translate(c, scope, body)) return false;
        return true;
      case K::Or: {
        std::vector<int> fv = free_variables(f);
        int aux = new_predicate(static_cast<int>(fv.size()), "or" + std::to_string(p_.arity.size()));
        RuleAtom head{aux, fv};
        bool any = false;
        for (const auto& c : f.children) {
          Body sub;
          if (!translate(c, scope, sub)) continue;
          any = true;
          add_rule(head, sub, scope, 0, -1);
        }
        if (!any) return false;
        body.atoms.push_back(head);
        return true;
      }
      case K::Exists: {
        if (auto pattern = match_object_pattern(f)) {
          auto kept = patterns_.find(pattern->key());
          if (kept != patterns_.end() && kept->second >= 0) {
            RuleAtom atom{kept->second, {}};
            for (const auto& t : pattern->slots()) atom.args.push_back(term_of(t));
            body.atoms.push_back(std::move(atom));
            return true;
          }
        }
        std::vector<int> fv = free_variables(f);
        if (!fv.empty()) return true;  // relaxed to true (see the header)
        int aux = new_predicate(0, "exists" + std::to_string(p_.arity.size()));
        Body sub;
        if (!translate(f.children[0], scope, sub)) return false;
        add_rule({aux, {}}, sub, scope, 0, -1);
        body.atoms.push_back({aux, {}});
        return true;
      }
      case K::Forall: return true;
    }
    return true;
  }

  // Substitutes equalities, adds type atoms, then splits by variable elimination.
  void add_rule(RuleAtom head, Body body, const Scope& scope, int weight, int schema) {
    const int n = static_cast<int>(scope.types.size());
    std::vector<int> subst(n);
    for (int v = 0; v < n; ++v) subst[v] = v;
    auto resolve = [&](int t) {
      while (!is_object_term(t) && subst[t] != t) t = subst[t];
      return t;
    };
    for (const auto& [x, y] : body.equal) {
      int a = resolve(x), b = resolve(y);
      if (a == b) continue;
      if (is_object_term(a) && is_object_term(b)) return;  // never holds
      if (is_object_term(a)) std::swap(a, b);
      subst[a] = b;
    }
    auto apply = [&](RuleAtom& r) {
      for (int& t : r.args) t = resolve(t);
    };
    apply(head);
    for (auto& a : body.atoms) apply(a);
    for (auto& a : body.absent) apply(a);
    for (auto& [x, y] : body.distinct) {
      x = resolve(x);
      y = resolve(y);
    }
    // Variables the head or a filter needs but no atom binds: their type.
    std::set<int> bound;
    for (const auto& a : body.atoms)
      for (int t : a.args)
        if (!is_object_term(t)) bound.insert(t);
    std::vector<int> needed(head.args.begin(), head.args.end());
    for (const auto& a : body.absent) needed.insert(needed.end(), a.args.begin(), a.args.end());
    for (const auto& [x, y] : body.distinct) {
      needed.push_back(x);
      needed.push_back(y);
    }
    std::set<int> filtered;  // variables a filter needs: never generic
    for (size_t i = head.args.size(); i < needed.size(); ++i) filtered.insert(needed[i]);
    for (int& t : head.args) {
      if (is_object_term(t) || bound.count(t) || filtered.count(t)) continue;
      const pddl::TypeSet& type = scope.types[t];
      if (schema >= 0 && type.size() == 1 && generic_[type[0]] >= 0) t = object_term(generic_[type[0]]);
    }
    for (int t : needed) {
      if (is_object_term(t) || bound.count(t)) continue;
      bool in_head = std::find(head.args.begin(), head.args.end(), t) != head.args.end();
      bool in_filter = filtered.count(t) > 0;
      if (!in_head && !in_filter) continue;  // was made generic
      bound.insert(t);
      body.atoms.push_back({type_predicate(scope.types[t]), {t}});
    }
    decompose(head, std::move(body), scope, weight, schema);
  }

  // Variable elimination: while a variable the head and filters do not need
  // remains, join the atoms that mention it into an auxiliary atom over their
  // other variables (the variable with the fewest such neighbours first).
  void decompose(const RuleAtom& head, Body body, const Scope& scope, int weight, int schema) {
    std::set<int> keep;
    for (int t : head.args)
      if (!is_object_term(t)) keep.insert(t);
    for (const auto& a : body.absent)
      for (int t : a.args)
        if (!is_object_term(t)) keep.insert(t);
    for (const auto& [x, y] : body.distinct) {
      if (!is_object_term(x)) keep.insert(x);
      if (!is_object_term(y)) keep.insert(y);
    }
    std::vector<RuleAtom> atoms = std::move(body.atoms);
    for (;;) {
      std::map<int, std::set<int>> neighbours;  // eliminable variable -> variables it meets
      for (const auto& a : atoms)
        for (int t : a.args) {
          if (is_object_term(t) || keep.count(t)) continue;
          auto& nb = neighbours[t];
          for (int u : a.args)
            if (!is_object_term(u) && u != t) nb.insert(u);
        }
      if (neighbours.empty()) break;
      int best = -1;
      size_t best_size = SIZE_MAX, best_atoms = SIZE_MAX;
      for (const auto& [v, nb] : neighbours) {
        // With absorption, ties go to the smaller join: the support pattern
        // shifted by a step (two atoms) before the agent's coordinates
        // (three), so that the latter absorb the former (absorb_covered).
        size_t joined_atoms = 0;
        if (absorb_)
          for (const auto& a : atoms) joined_atoms += std::find(a.args.begin(), a.args.end(), v) != a.args.end();
        if (nb.size() < best_size || (nb.size() == best_size && joined_atoms < best_atoms)) {
          best = v;
          best_size = nb.size();
          best_atoms = joined_atoms;
        }
      }
      std::vector<RuleAtom> joined, rest;
      for (auto& a : atoms) {
        bool has = std::find(a.args.begin(), a.args.end(), best) != a.args.end();
        (has ? joined : rest).push_back(std::move(a));
      }
      std::vector<int> vars(neighbours[best].begin(), neighbours[best].end());
      if (absorb_) absorb_covered(vars, joined, rest);
      // Schemas repeat the same joins (every move schema projects the agent's
      // position the same way): one auxiliary predicate per distinct join.
      std::string key = canonical_key(vars, joined, scope);
      auto known = aux_by_key_.find(key);
      if (known != aux_by_key_.end()) {
        rest.push_back({known->second, vars});
        atoms = std::move(rest);
        continue;
      }
      int aux = new_predicate(static_cast<int>(vars.size()), "join" + std::to_string(p_.arity.size()));
      aux_by_key_[key] = aux;
      CostedRule r;
      r.head = {aux, vars};
      r.body = std::move(joined);
      r.allowed = scope.allowed;
      r.variable_count = static_cast<int>(scope.types.size());
      p_.rules.push_back(std::move(r));
      rest.push_back({aux, vars});
      atoms = std::move(rest);
    }
    CostedRule r;
    r.head = head;
    r.body = std::move(atoms);
    r.distinct = std::move(body.distinct);
    r.absent = std::move(body.absent);
    r.allowed = scope.allowed;
    r.variable_count = static_cast<int>(scope.types.size());
    r.weight = weight;
    r.schema = schema;
    p_.rules.push_back(std::move(r));
  }

  // Moves into the join every other atom whose variables the join keeps: a
  // semi-join that bounds the auxiliary relation by that atom. A placement's
  // head needs the agent's x, y and z; joined alone, the agent's coordinates
  // (each a separate relaxed atom) give their product, joined with the
  // support pattern over the same three variables, at most one atom per
  // support. Same atoms, same costs (each body atom still counted once).
  static void absorb_covered(const std::vector<int>& vars, std::vector<RuleAtom>& joined, std::vector<RuleAtom>& rest) {
    std::vector<RuleAtom> kept;
    for (auto& a : rest) {
      bool any = false, covered = true;
      for (int t : a.args) {
        if (is_object_term(t)) continue;
        any = true;
        covered = covered && std::find(vars.begin(), vars.end(), t) != vars.end();
      }
      (any && covered ? joined : kept).push_back(std::move(a));
    }
    rest = std::move(kept);
  }

  // The join up to renaming variables: head variables numbered by position,
  // the others by first appearance, each with its type's bitmap.
  static std::string canonical_key(const std::vector<int>& head_vars, const std::vector<RuleAtom>& body,
                                   const Scope& scope) {
    std::map<int, int> name;
    std::string key = std::to_string(head_vars.size()) + "|";
    auto id = [&](int v) {
      auto it = name.find(v);
      if (it != name.end()) return it->second;
      int n = static_cast<int>(name.size());
      name[v] = n;
      key += "v" + std::to_string(n) + ":" + std::to_string(reinterpret_cast<uintptr_t>(scope.allowed[v])) + ";";
      return n;
    };
    for (int v : head_vars) id(v);
    for (const auto& a : body) {
      key += std::to_string(a.predicate) + "(";
      for (int t : a.args) key += (is_object_term(t) ? "o" + std::to_string(term_object(t)) : "x" + std::to_string(id(t))) + ",";
      key += ")";
    }
    return key;
  }

  Scope scope_of(const std::vector<pddl::TypeSet>& types, int schema) {
    Scope s;
    s.types = types;
    for (const auto& t : types) s.allowed.push_back(allowed(t));
    s.schema = schema;
    return s;
  }

  // The object patterns of the formula's positive parts (object_patterns.h):
  // each shape once, kept when the task moves its objects as a whole, with
  // the rule that reads it off the evaluated state's objects.
  void register_patterns(const pddl::Formula& f) {
    if (f.kind == K::Exists) {
      if (auto pattern = match_object_pattern(f)) {
        const std::string key = pattern->key();
        if (patterns_.count(key)) return;
        if (!moves_as_whole(task_, fluent_, *pattern)) {
          patterns_[key] = -1;
          return;
        }
        const int pred = new_predicate(static_cast<int>(pattern->slots().size()), "exists-pattern" + std::to_string(p_.arity.size()));
        patterns_[key] = pred;
        if (p_.is_pattern.size() <= static_cast<size_t>(pred)) p_.is_pattern.resize(pred + 1, 0);
        p_.is_pattern[pred] = 1;
        kept_.push_back({*pattern, pred});
        state_rule(*pattern, pred);
        return;
      }
    }
    if (f.kind == K::And || f.kind == K::Or || f.kind == K::Exists)
      for (const auto& c : f.children) register_patterns(c);
  }

  // The pattern from the state's real objects: E(slots) :- q(v), c(.., v, ..)...
  // with v never a generic object (their placements are the effect rules).
  void state_rule(const ObjectPattern& pattern, int pred) {
    Scope scope;
    RuleAtom head{pred, {}};
    Body body;
    const int v = static_cast<int>(pattern.slots().size());
    int next = 0;
    for (const auto& c : pattern.coordinates) {
      RuleAtom atom{c.predicate, {}};
      const auto& params = task_.predicates[c.predicate].parameters;
      for (size_t i = 0; i < params.size(); ++i) {
        if (static_cast<int>(i) == c.position) {
          atom.args.push_back(v);
          continue;
        }
        scope.types.push_back(params[i]);
        scope.allowed.push_back(allowed(params[i]));
        head.args.push_back(next);
        atom.args.push_back(next++);
      }
      body.atoms.push_back(std::move(atom));
    }
    scope.types.push_back(pattern.type);
    scope.allowed.push_back(real_objects(pattern.type));
    body.atoms.push_back({pattern.present, {v}});
    add_rule(head, std::move(body), scope, 0, -1);
  }

  // The pattern atoms the effect adds (placements), as effect rules.
  void pattern_effect_rules(const pddl::Action& action, const pddl::ConditionalEffect& effect, const Body& cond,
                            const Scope& scope, int weight, int schema) {
    for (const auto& [pattern, pred] : kept_) {
      auto slots = added_slots(task_, action, effect, pattern);
      if (!slots) continue;
      RuleAtom head{pred, {}};
      for (const auto& t : *slots) head.args.push_back(term_of(t));
      if (p_.pattern_effects.size() <= static_cast<size_t>(schema)) p_.pattern_effects.resize(schema + 1);
      p_.pattern_effects[schema].push_back({pred, head.args});
      add_rule(head, cond, scope, weight, schema);
    }
  }

  // A type's objects without the generic ones.
  const std::vector<char>* real_objects(const pddl::TypeSet& t) {
    auto& bitmap = allowed_storage_.emplace_back(p_.object_count, 0);
    for (int o : task_.objects_of(t)) bitmap[o] = 1;
    return &bitmap;
  }

  std::deque<std::vector<char>> allowed_storage_;

 private:
  const pddl::Task& task_;
  const std::vector<bool>& fluent_;
  RelaxedProgram& p_;
  std::map<pddl::TypeSet, const std::vector<char>*> allowed_;
  std::map<pddl::TypeSet, int> type_predicates_;
  std::map<std::string, int> aux_by_key_;
  std::map<std::string, int> patterns_;  // object pattern key -> relaxed predicate, -1: not kept
  std::vector<std::pair<ObjectPattern, int>> kept_;
 public:
  bool absorb_ = false;  // with object patterns (absorb_covered)
 private:
  std::vector<int> generic_;                  // per type: its generic object, or -1
  std::vector<std::vector<int>> generic_types_;  // per object id: a generic's types (empty for real objects)
};

void collect_goal_types(const pddl::Formula& f, std::vector<pddl::TypeSet>& types) {
  for (const auto& v : f.bound) types[v.index] = v.type;
  for (const auto& c : f.children) collect_goal_types(c, types);
}

}  // namespace

RelaxedProgram build_relaxed_program(const pddl::Task& task, const std::vector<bool>& fluent, CostType cost_type,
                                     bool object_patterns) {
  RelaxedProgram p;
  Builder b(task, fluent, p);
  b.absorb_ = object_patterns;
  for (const auto& action : task.actions) {
    if (!object_patterns) break;
    b.register_patterns(action.precondition);
    for (const auto& effect : action.effects) b.register_patterns(effect.condition);
  }
  if (object_patterns) b.register_patterns(task.goal);
  for (size_t a = 0; a < task.actions.size(); ++a) {
    const pddl::Action& action = task.actions[a];
    auto scope = b.scope_of(detail::variable_types(action), static_cast<int>(a));
    Body pre;
    if (!b.translate(action.precondition, scope, pre)) continue;
    int cost = 1;
    if (cost_type != CostType::One && task.metric_total_cost) {
      cost = action.cost.terms.empty() ? static_cast<int>(action.cost.constant) : 1;
      if (cost_type == CostType::PlusOne) ++cost;
    }
    for (const auto& effect : action.effects) {
      Body cond = pre;
      if (!b.translate(effect.condition, scope, cond)) continue;
      b.pattern_effect_rules(action, effect, cond, scope, cost, static_cast<int>(a));
      for (const auto& literal : effect.literals) {
        if (literal.negated) continue;
        b.add_rule(rule_atom(literal.atom), cond, scope, cost, static_cast<int>(a));
      }
    }
  }
  std::vector<pddl::TypeSet> goal_types(std::max(task.goal_variable_count, 1), pddl::TypeSet{pddl::kObjectType});
  collect_goal_types(task.goal, goal_types);
  auto scope = b.scope_of(goal_types, -1);
  p.goal_predicate = b.new_predicate(0, "goal");
  Body goal;
  if (b.translate(task.goal, scope, goal)) b.add_rule({p.goal_predicate, {}}, goal, scope, 0, -1);
  p.is_pattern.resize(p.arity.size(), 0);
  p.pattern_effects.resize(task.actions.size());
  p.allowed_storage.assign(b.allowed_storage_.begin(), b.allowed_storage_.end());
  // The rules point into the builder's storage; repoint them into the program's.
  std::map<const std::vector<char>*, const std::vector<char>*> moved;
  for (size_t i = 0; i < b.allowed_storage_.size(); ++i) moved[&b.allowed_storage_[i]] = &p.allowed_storage[i];
  for (auto& r : p.rules)
    for (auto& a : r.allowed)
      if (a) a = moved.at(a);
  return p;
}

std::string RelaxedProgram::dump() const {
  auto atom = [&](const RuleAtom& a) {
    std::string s = names[a.predicate] + "(";
    for (size_t i = 0; i < a.args.size(); ++i) {
      if (i) s += ", ";
      s += is_object_term(a.args[i]) ? "#" + std::to_string(term_object(a.args[i])) : "?" + std::to_string(a.args[i]);
    }
    return s + ")";
  };
  std::string out;
  for (const auto& r : rules) {
    out += atom(r.head) + " :- ";
    for (size_t i = 0; i < r.body.size(); ++i) out += (i ? ", " : "") + atom(r.body[i]);
    if (r.weight) out += "  [" + std::to_string(r.weight) + "]";
    out += "\n";
  }
  return out;
}

}  // namespace plank::planning::lifted
