// The reachability program (reachability.h). For each action schema, one rule
// per relaxed alternative of its precondition derives its instances; for each
// add effect, one rule per alternative of its condition derives the atom from
// the instance. Variables no positive atom binds get a type atom, whose facts
// list the objects of the type.
#include "planning/ground/reachability.h"

#include <algorithm>
#include <set>

#include "planning/ground/relaxed_condition.h"

namespace plank::planning::detail {
namespace {

void collect_formula_types(const pddl::Formula& f, std::vector<pddl::TypeSet>& types) {
  for (const auto& v : f.bound) types[v.index] = v.type;
  for (const auto& c : f.children) collect_formula_types(c, types);
}

int term_of(const pddl::Term& t) { return t.is_variable ? t.index : object_term(t.index); }

RuleAtom rule_atom(int predicate, const std::vector<pddl::Term>& args) {
  RuleAtom r{predicate, {}};
  for (const auto& t : args) r.args.push_back(term_of(t));
  return r;
}

// Applies the alternative's equalities as a substitution of variables;
// false when two distinct objects are required equal.
bool substitute_equalities(const RelaxedConjunction& c, std::vector<int>& subst) {
  auto resolve = [&](int t) {
    while (!is_object_term(t) && subst[t] != t) t = subst[t];
    return t;
  };
  for (const auto& [x, y] : c.equal) {
    int a = resolve(term_of(x)), b = resolve(term_of(y));
    if (a == b) continue;
    if (is_object_term(a) && is_object_term(b)) return false;
    if (is_object_term(a)) std::swap(a, b);
    subst[a] = b;  // a is a variable
  }
  for (size_t v = 0; v < subst.size(); ++v) subst[v] = resolve(static_cast<int>(v));
  return true;
}

}  // namespace

std::vector<pddl::TypeSet> variable_types(const pddl::Action& action) {
  std::vector<pddl::TypeSet> types(action.variable_count, pddl::TypeSet{pddl::kObjectType});
  for (const auto& p : action.parameters) types[p.index] = p.type;
  collect_formula_types(action.precondition, types);
  for (const auto& e : action.effects) {
    for (const auto& v : e.forall) types[v.index] = v.type;
    collect_formula_types(e.condition, types);
  }
  return types;
}

ReachabilityProgram plan_reachability(const pddl::Task& task) {
  ReachabilityProgram p;
  const int predicates = static_cast<int>(task.predicates.size());
  p.action_predicate_base = predicates;
  p.type_predicate_base = predicates + static_cast<int>(task.actions.size());
  std::set<pddl::TypeSet> sets;
  for (const auto& a : task.actions)
    for (const auto& t : variable_types(a)) sets.insert(t);
  int next = p.type_predicate_base;
  for (const auto& s : sets) {
    p.type_predicates[s] = next++;
    auto& bitmap = p.allowed_sets.emplace_back(task.objects.size(), 0);
    for (pddl::ObjectId o : task.objects_of(s)) bitmap[o] = 1;
    p.allowed[s] = &bitmap;
  }
  p.predicate_count = next;
  return p;
}

void load_reachability(const pddl::Task& task, const std::vector<bool>& fluent, ReachabilityProgram& program,
                       Datalog& datalog) {
  for (const auto& atom : task.init) datalog.add_fact(atom.predicate, atom.args);
  for (const auto& [set, predicate] : program.type_predicates)
    for (pddl::ObjectId o : task.objects_of(set)) datalog.add_fact(predicate, {o});

  for (size_t a = 0; a < task.actions.size(); ++a) {
    const pddl::Action& action = task.actions[a];
    const std::vector<pddl::TypeSet> types = variable_types(action);
    std::vector<const std::vector<char>*> allowed;
    for (const auto& t : types) allowed.push_back(t == pddl::TypeSet{pddl::kObjectType} ? nullptr : program.allowed[t]);
    const int instance_predicate = program.action_predicate_base + static_cast<int>(a);

    // Completes a rule: substitution, then type atoms for variables that the
    // head or a filter needs and no positive atom binds.
    auto finish = [&](Rule rule, const RelaxedConjunction& c, const std::vector<RuleAtom>& extra_body) -> bool {
      std::vector<int> subst(action.variable_count);
      for (int v = 0; v < action.variable_count; ++v) subst[v] = v;
      if (!substitute_equalities(c, subst)) return false;
      auto apply = [&](int t) { return is_object_term(t) ? t : subst[t]; };
      auto apply_atom = [&](RuleAtom r) {
        for (int& t : r.args) t = apply(t);
        return r;
      };
      rule.head = apply_atom(rule.head);
      for (const auto& b : extra_body) rule.body.push_back(apply_atom(b));
      for (const auto& atom : c.atoms) rule.body.push_back(apply_atom(rule_atom(atom.predicate, atom.args)));
      for (const auto& atom : c.absent_static) rule.absent.push_back(apply_atom(rule_atom(atom.predicate, atom.args)));
      for (const auto& [x, y] : c.distinct) rule.distinct.push_back({apply(term_of(x)), apply(term_of(y))});
      std::vector<char> bound(action.variable_count, 0);
      for (const auto& b : rule.body)
        for (int t : b.args)
          if (!is_object_term(t)) bound[t] = 1;
      std::vector<int> needed;
      for (int t : rule.head.args) needed.push_back(t);
      for (const auto& r : rule.absent) needed.insert(needed.end(), r.args.begin(), r.args.end());
      for (const auto& [x, y] : rule.distinct) {
        needed.push_back(x);
        needed.push_back(y);
      }
      for (int t : needed) {
        if (is_object_term(t) || bound[t]) continue;
        bound[t] = 1;
        rule.body.push_back({program.type_predicates.at(types[t]), {t}});
      }
      rule.allowed = allowed;
      rule.variable_count = action.variable_count;
      datalog.add_rule(std::move(rule));
      return true;
    };

    std::vector<int> params;
    for (const auto& p : action.parameters) params.push_back(p.index);
    for (const auto& alt : relax(action.precondition, fluent)) {
      Rule rule;
      rule.head = {instance_predicate, params};
      finish(std::move(rule), alt, {});
    }
    const RuleAtom instance{instance_predicate, params};
    for (const auto& effect : action.effects) {
      std::vector<RelaxedConjunction> alts = relax(effect.condition, fluent);
      for (const auto& literal : effect.literals) {
        if (literal.negated) continue;
        for (const auto& alt : alts) {
          Rule rule;
          rule.head = rule_atom(literal.atom.predicate, literal.atom.args);
          finish(std::move(rule), alt, {instance});
        }
      }
    }
  }
}

}  // namespace plank::planning::detail
