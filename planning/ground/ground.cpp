// Grounding (ground.h): reachability, instantiation, relevance.
#include "planning/ground/ground.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "planning/ground/reachability.h"
#include "planning/ground/relevance.h"
#include "planning/normalize.h"
#include "planning/quantifier_guard.h"

namespace plank::planning {
namespace {

using K = pddl::Formula::Kind;

// A ground formula while it is built: simplified as it goes.
struct GroundFormula {
  // Node: a formula already in the task's arena (`fact` holds its id), shared
  // by every operator whose quantified condition grounds to the same thing.
  enum class Kind { True, False, Literal, And, Or, Node };
  Kind kind = Kind::True;
  bool negated = false;
  int fact = -1;
  std::vector<GroundFormula> children;
};

GroundFormula constant(bool v) {
  GroundFormula g;
  g.kind = v ? GroundFormula::Kind::True : GroundFormula::Kind::False;
  return g;
}

class Instantiator {
 public:
  Instantiator(const pddl::Task& task, const std::vector<bool>& fluent, const Datalog& model,
               const detail::ReachabilityProgram& program, GroundTask& out)
      : task_(task), fluent_(fluent), model_(model), program_(program), out_(out),
        fact_of_atom_(model.size(), -1) {}

  void run(const std::function<bool()>& should_stop) {
    out_.unit_cost = !task_.metric_total_cost;
    size_t checked = 0;
    for (size_t a = 0; a < task_.actions.size(); ++a) {
      const pddl::Action& action = task_.actions[a];
      types_ = detail::variable_types(action);
      const int predicate = program_.action_predicate_base + static_cast<int>(a);
      for (int atom : model_.atoms_of(predicate)) {
        if (++checked % 1024 == 0 && should_stop && should_stop()) {
          stopped = true;
          return;
        }
        binding_.assign(action.variable_count, -1);
        const int* args = model_.args_of(atom);
        bool typed = true;
        for (size_t i = 0; i < action.parameters.size(); ++i) {
          binding_[action.parameters[i].index] = args[i];
          if (!of_type(args[i], action.parameters[i].type)) typed = false;
        }
        if (typed) instantiate(static_cast<int>(a), action);
      }
    }
    binding_.clear();
    GroundFormula goal = ground(task_.goal);
    goal_reachable = to_condition(goal, out_.goal);
    for (const auto& atom : task_.init) {
      if (!fluent_[atom.predicate]) continue;
      int id = model_.find(atom.predicate, atom.args.data());
      if (id >= 0) out_.initial.push_back(fact(id));
    }
    std::sort(out_.initial.begin(), out_.initial.end());
    out_.initial.erase(std::unique(out_.initial.begin(), out_.initial.end()), out_.initial.end());
  }

  bool stopped = false;
  bool goal_reachable = true;

 private:
  bool of_type(pddl::ObjectId o, const pddl::TypeSet& set) const {
    if (set.size() == 1 && set[0] == pddl::kObjectType) return true;
    auto it = program_.allowed.find(set);
    if (it != program_.allowed.end()) return (*it->second)[o] != 0;
    const auto& objects = task_.objects_of(set);
    return std::binary_search(objects.begin(), objects.end(), o);
  }

  int fact(int atom) {
    int& f = fact_of_atom_[atom];
    if (f < 0) {
      f = static_cast<int>(out_.facts.size());
      pddl::GroundAtom g{model_.predicate_of(atom), {}};
      g.args.assign(model_.args_of(atom), model_.args_of(atom) + model_.arity_of(atom));
      out_.facts.push_back(std::move(g));
    }
    return f;
  }

  // The model atom of a lifted atom under the current binding, -1 if unreachable.
  int lookup(const pddl::Atom& atom) {
    args_.clear();
    for (const auto& t : atom.args) args_.push_back(t.is_variable ? binding_[t.index] : t.index);
    return model_.find(atom.predicate, args_.data());
  }

  pddl::ObjectId value(const pddl::Term& t) const { return t.is_variable ? binding_[t.index] : t.index; }

  GroundFormula literal(const pddl::Atom& atom, bool negated) {
    int id = lookup(atom);
    // Static atoms are decided now; a fluent one the analysis never reaches is false forever.
    if (id < 0) return constant(negated);
    if (!fluent_[atom.predicate]) return constant(!negated);
    GroundFormula g;
    g.kind = GroundFormula::Kind::Literal;
    g.negated = negated;
    g.fact = fact(id);
    return g;
  }

  GroundFormula ground(const pddl::Formula& f) {
    switch (f.kind) {
      case K::True: return constant(true);
      case K::False: return constant(false);
      case K::Atom: return literal(f.atom, false);
      case K::Equals: return constant(value(f.left) == value(f.right));
      case K::Not: {
        const pddl::Formula& inner = f.children[0];
        if (inner.kind == K::Equals) return constant(value(inner.left) != value(inner.right));
        return literal(inner.atom, true);
      }
      case K::And:
      case K::Or: {
        bool is_and = f.kind == K::And;
        GroundFormula out;
        out.kind = is_and ? GroundFormula::Kind::And : GroundFormula::Kind::Or;
        for (const auto& c : f.children)
          if (!combine(out, ground(c), is_and)) return constant(!is_and);
        return finish(std::move(out), is_and);
      }
      case K::Exists:
      case K::Forall: {
        // A quantified condition depends only on its free variables; many
        // operators share their values (MinePlanner: every block and count
        // with the same positions), so it is grounded and emitted once.
        QuantifierKey key{&f, {}};
        for (int v : free_variables(f)) key.values.push_back(binding_[v]);
        auto hit = quantifier_memo_.find(key);
        if (hit != quantifier_memo_.end()) return hit->second;
        bool is_and = f.kind == K::Forall;
        GroundFormula out;
        out.kind = is_and ? GroundFormula::Kind::And : GroundFormula::Kind::Or;
        GroundFormula result;
        if (!expand(f, 0, out, is_and)) {
          result = constant(!is_and);
        } else {
          result = finish(std::move(out), is_and);
        }
        for (const auto& v : f.bound) binding_[v.index] = -1;
        if (result.kind == GroundFormula::Kind::And || result.kind == GroundFormula::Kind::Or) {
          GroundFormula node;
          node.kind = GroundFormula::Kind::Node;
          node.fact = emit_formula(result);
          result = node;
        }
        quantifier_memo_.emplace(std::move(key), result);
        return result;
      }
    }
    return constant(true);
  }

  // Adds child to an and (or) under construction; false when the whole is decided (false for and, true for or).
  static bool combine(GroundFormula& into, GroundFormula child, bool is_and) {
    using GK = GroundFormula::Kind;
    if (child.kind == (is_and ? GK::True : GK::False)) return true;
    if (child.kind == (is_and ? GK::False : GK::True)) return false;
    if (child.kind == into.kind) {
      for (auto& g : child.children) into.children.push_back(std::move(g));
    } else {
      into.children.push_back(std::move(child));
    }
    return true;
  }

  static GroundFormula finish(GroundFormula g, bool is_and) {
    if (g.children.empty()) return constant(is_and);
    if (g.children.size() == 1) return std::move(g.children[0]);
    return g;
  }

  // Binds the quantifier's variables one after the other; false when decided.
  bool expand(const pddl::Formula& f, size_t var, GroundFormula& out, bool is_and) {
    if (var == f.bound.size()) return combine(out, ground(f.children[0]), is_and);
    const pddl::Variable& v = f.bound[var];
    std::vector<pddl::ObjectId> guarded;
    const std::vector<pddl::ObjectId>* domain = &task_.objects_of(v.type);
    if (guard_candidates(f, v, guarded)) domain = &guarded;
    for (pddl::ObjectId o : *domain) {
      binding_[v.index] = o;
      if (!expand(f, var + 1, out, is_and)) return false;
    }
    return true;
  }

  // A guard decides the quantifier's body for most objects without grounding
  // it: in (exists (?b) (and (p ?b x) ...)) every ?b without a reachable
  // (p ?b x) makes the body false, which changes nothing in an or; in
  // (forall (?b) (or (not (p ?b x)) ...)) it makes the body true, which
  // changes nothing in an and. So only objects with a reachable guard atom
  // are bound: read from the model's index instead of trying every object
  // (MinePlanner quantifies over every block in every precondition).
  bool guard_candidates(const pddl::Formula& f, const pddl::Variable& v, std::vector<pddl::ObjectId>& out) {
    const QuantifierGuard guard = find_guard(f, v, binding_);
    if (!guard.atom) return false;
    // The candidates: objects in the guard's position of a model atom that agrees on the bound arguments.
    const std::vector<int>& atoms = guard.pivot >= 0
                                        ? model_.atoms_with(guard.atom->predicate, guard.pivot, guard.pivot_object)
                                        : model_.atoms_of(guard.atom->predicate);
    for (int atom : atoms) {
      const int* args = model_.args_of(atom);
      if (agrees_with_guard(guard, args, binding_) && of_type(args[guard.position], v.type))
        out.push_back(args[guard.position]);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return true;
  }

  int emit_formula(const GroundFormula& g) {
    if (g.kind == GroundFormula::Kind::Node) return g.fact;
    FormulaNode node;
    switch (g.kind) {
      case GroundFormula::Kind::Literal:
        node.kind = FormulaNode::Kind::Literal;
        node.negated = g.negated;
        node.fact = g.fact;
        break;
      default: {
        node.kind = g.kind == GroundFormula::Kind::And ? FormulaNode::Kind::And : FormulaNode::Kind::Or;
        std::vector<int> kids;
        for (const auto& c : g.children) kids.push_back(emit_formula(c));
        node.first = static_cast<int>(out_.formula_children.size());
        node.count = static_cast<int>(kids.size());
        out_.formula_children.insert(out_.formula_children.end(), kids.begin(), kids.end());
      }
    }
    out_.formula_nodes.push_back(node);
    return static_cast<int>(out_.formula_nodes.size()) - 1;
  }

  // False when the formula can never hold.
  bool to_condition(const GroundFormula& g, Condition& c) {
    using GK = GroundFormula::Kind;
    if (g.kind == GK::False) return false;
    if (g.kind == GK::True) return true;
    std::vector<const GroundFormula*> rest;
    auto take = [&](const GroundFormula& x) {
      if (x.kind == GK::Literal) {
        (x.negated ? c.negative : c.positive).push_back(x.fact);
      } else {
        rest.push_back(&x);
      }
    };
    if (g.kind == GK::And) {
      for (const auto& x : g.children) take(x);
    } else {
      take(g);
    }
    for (auto* v : {&c.positive, &c.negative}) {
      std::sort(v->begin(), v->end());
      v->erase(std::unique(v->begin(), v->end()), v->end());
    }
    for (int f : c.positive)
      if (std::binary_search(c.negative.begin(), c.negative.end(), f)) return false;
    if (rest.size() == 1) {
      c.formula = emit_formula(*rest[0]);
    } else if (!rest.empty()) {
      GroundFormula both;
      both.kind = GK::And;
      for (auto* r : rest) both.children.push_back(*r);
      c.formula = emit_formula(both);
    }
    return true;
  }

  // An operator's cost, or -1 when a cost function has no value for its arguments
  // (then no plan may use it: its cost is undefined).
  int cost(const pddl::Action& action) {
    if (out_.unit_cost) return 1;
    double c = action.cost.constant;
    for (const auto& term : action.cost.terms) {
      pddl::GroundAtom key{term.function, {}};
      for (const auto& t : term.args) key.args.push_back(value(t));
      auto it = task_.function_values.find(key);
      if (it == task_.function_values.end()) return -1;
      c += it->second;
    }
    return static_cast<int>(std::llround(c));
  }

  void instantiate(int schema, const pddl::Action& action) {
    Operator op;
    op.schema = schema;
    for (const auto& p : action.parameters) op.args.push_back(binding_[p.index]);
    if (!to_condition(ground(action.precondition), op.precondition)) return;
    op.cost = cost(action);
    if (op.cost < 0) return;
    for (const auto& effect : action.effects) instantiate_effect(effect, 0, op);
    if (op.effects.empty()) return;  // changes nothing: never useful
    out_.operators.push_back(std::move(op));
  }

  void instantiate_effect(const pddl::ConditionalEffect& effect, size_t var, Operator& op) {
    if (var < effect.forall.size()) {
      const auto& v = effect.forall[var];
      for (pddl::ObjectId o : task_.objects_of(v.type)) {
        binding_[v.index] = o;
        instantiate_effect(effect, var + 1, op);
      }
      binding_[v.index] = -1;
      return;
    }
    Effect e;
    if (!to_condition(ground(effect.condition), e.condition)) return;
    for (const auto& literal : effect.literals) {
      int id = lookup(literal.atom);
      if (id < 0) continue;  // an add the analysis never reaches has an impossible condition; a delete of a never-true atom does nothing
      (literal.negated ? e.del : e.add).push_back(fact(id));
    }
    if (e.add.empty() && e.del.empty()) return;
    // An unconditional effect merges into the operator's first unconditional one.
    if (e.condition.trivially_true()) {
      for (auto& existing : op.effects)
        if (existing.condition.trivially_true()) {
          existing.add.insert(existing.add.end(), e.add.begin(), e.add.end());
          existing.del.insert(existing.del.end(), e.del.begin(), e.del.end());
          return;
        }
    }
    op.effects.push_back(std::move(e));
  }

  struct QuantifierKey {
    const pddl::Formula* formula;
    std::vector<int> values;  // of its free variables
    bool operator==(const QuantifierKey& o) const { return formula == o.formula && values == o.values; }
  };
  struct QuantifierKeyHash {
    size_t operator()(const QuantifierKey& k) const {
      size_t h = std::hash<const void*>()(k.formula);
      for (int v : k.values) h = h * 1000003u ^ static_cast<size_t>(v + 1);
      return h;
    }
  };

  // Variables used in f and bound outside it, computed once per formula.
  const std::vector<int>& free_variables(const pddl::Formula& f) {
    auto it = free_variables_.find(&f);
    if (it != free_variables_.end()) return it->second;
    std::vector<int> used, bound;
    collect_variables(f, used, bound);
    std::vector<int> free;
    for (int v : used)
      if (std::find(bound.begin(), bound.end(), v) == bound.end()) free.push_back(v);
    std::sort(free.begin(), free.end());
    free.erase(std::unique(free.begin(), free.end()), free.end());
    return free_variables_.emplace(&f, std::move(free)).first->second;
  }

  static void collect_variables(const pddl::Formula& f, std::vector<int>& used, std::vector<int>& bound) {
    for (const auto& v : f.bound) bound.push_back(v.index);
    auto term = [&](const pddl::Term& t) {
      if (t.is_variable) used.push_back(t.index);
    };
    if (f.kind == K::Atom)
      for (const auto& t : f.atom.args) term(t);
    if (f.kind == K::Equals) {
      term(f.left);
      term(f.right);
    }
    for (const auto& c : f.children) collect_variables(c, used, bound);
  }

  std::unordered_map<QuantifierKey, GroundFormula, QuantifierKeyHash> quantifier_memo_;
  std::unordered_map<const pddl::Formula*, std::vector<int>> free_variables_;

  const pddl::Task& task_;
  const std::vector<bool>& fluent_;
  const Datalog& model_;
  const detail::ReachabilityProgram& program_;
  GroundTask& out_;
  std::vector<int> fact_of_atom_;
  std::vector<int> binding_;
  std::vector<int> args_;
  std::vector<pddl::TypeSet> types_;
};

}  // namespace

GroundingResult ground(const pddl::Task& task, const GroundingLimits& limits) {
  GroundingResult result;
  result.task.lifted = &task;
  const std::vector<bool> fluent = fluent_predicates(task);
  detail::ReachabilityProgram program = detail::plan_reachability(task);
  Datalog datalog(program.predicate_count, static_cast<int>(task.objects.size()));
  detail::load_reachability(task, fluent, program, datalog);
  Datalog::Outcome outcome = datalog.run(limits.max_model_atoms, limits.should_stop);
  result.stats.model_atoms = datalog.size();
  result.stats.rule_instances = datalog.rule_instances();
  if (outcome == Datalog::Outcome::TooLarge) {
    result.outcome = GroundingResult::Outcome::TooLarge;
    return result;
  }
  if (outcome == Datalog::Outcome::Stopped) {
    result.outcome = GroundingResult::Outcome::Stopped;
    return result;
  }
  for (size_t a = 0; a < task.actions.size(); ++a)
    result.stats.reachable_actions += datalog.atoms_of(program.action_predicate_base + static_cast<int>(a)).size();

  Instantiator inst(task, fluent, datalog, program, result.task);
  inst.run(limits.should_stop);
  if (inst.stopped) {
    result.outcome = GroundingResult::Outcome::Stopped;
    return result;
  }
  if (!inst.goal_reachable) {
    result.outcome = GroundingResult::Outcome::GoalUnreachable;
    return result;
  }
  size_t before = result.task.operators.size();
  prune_irrelevant(result.task);
  result.stats.irrelevant_operators = before - result.task.operators.size();
  result.stats.operators = result.task.operators.size();
  result.stats.facts = result.task.facts.size();
  return result;
}

}  // namespace plank::planning
