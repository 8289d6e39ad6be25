// The checker's bodies: action schemas (parameters, preconditions, effects,
// costs), the problem's init, goal and metric (see check.h).
#include <algorithm>
#include <set>

#include "compiler/pddl/checker.h"

namespace plank::pddl::detail {
namespace {

template <typename T>
std::vector<std::string> keys(const std::map<std::string, T>& m) {
  std::vector<std::string> out;
  for (const auto& [k, _] : m) out.push_back(k);
  return out;
}

const std::vector<std::string> kConnectives = {"and", "or", "not", "imply", "exists", "forall", "when"};

std::string signature(const std::string& name, size_t arity) {
  std::string s = "(" + name;
  for (size_t i = 0; i < arity; ++i) s += " ?" + std::string(1, static_cast<char>('a' + (i % 26)));
  return s + ")";
}

}  // namespace

std::vector<Variable> Checker::bind(const std::vector<ast::TypedName>& vars, Scope& scope) {
  std::vector<Variable> out;
  std::set<std::string> seen;
  for (const auto& v : vars) {
    if (!seen.insert(v.name.text).second)
      error(v.name.span, "variable " + v.name.text + " is bound twice here", "pddl.duplicate");
    Variable var{(*scope.counter)++, v.name.text, type_set(v.type)};
    out.push_back(var);
  }
  for (const auto& v : out) scope.visible.push_back(v);
  return out;
}

Term Checker::term(const ast::Term& t, Scope& scope) {
  if (t.is_variable()) {
    if (const Variable* v = scope.find(t.name.text)) return Term::variable(v->index);
    std::vector<std::string> visible;
    for (const auto& v : scope.visible)
      if (std::find(visible.begin(), visible.end(), v.name) == visible.end()) visible.push_back(v.name);
    error(t.name.span, "undeclared variable " + t.name.text + suggestion(t.name.text, visible),
          "pddl.undeclared-variable", visible);
    return Term::variable(0);
  }
  auto it = object_ids.find(t.name.text);
  if (it != object_ids.end()) {
    ObjectId o = it->second;
    if (!task_.objects[o].constant && !problem_objects_visible) {
      // Only reachable through a problem object when checking a problem.
    } else if (!task_.objects[o].constant && file_ == task_.domain_file && file_) {
      if (!warned_undeclared_constant_) {
        warned_undeclared_constant_ = true;
        warning(t.name.span,
                "the domain names '" + t.name.text +
                    "', which only the problem declares; PDDL needs it in the domain's (:constants ...), "
                    "and Fast Downward and VAL reject the file (read as the problem's object)",
                "pddl.undeclared-constant");
      }
    }
    return Term::object(o);
  }
  // One diagnostic per undeclared name, at its first use: a generated domain
  // can use the same missing name hundreds of times.
  if (!reported_undeclared_.insert({file_.get(), t.name.text}).second) return Term::object(0);
  std::vector<std::string> candidates;
  for (const auto& [name, id] : object_ids)
    if (task_.objects[id].constant || problem_objects_visible) candidates.push_back(name);
  std::string where = file_ == task_.domain_file ? "constant" : "object";
  std::string hint = suggestion(t.name.text, candidates);
  if (hint.empty() && !problem_objects_visible && file_ == task_.domain_file)
    hint = " (a name the problem declares must be in the domain's (:constants ...))";
  std::vector<std::string> expected = candidates;
  if (expected.size() > 12) {
    expected.resize(12);
    expected.push_back("...");
  }
  error(t.name.span, "undeclared " + where + " '" + t.name.text + "'" + hint, "pddl.undeclared-constant", expected);
  return Term::object(0);
}

Atom Checker::atom(const ast::Atom& a, Scope& scope, bool is_function) {
  Atom out;
  const auto& table = is_function ? function_ids : predicate_ids;
  auto it = table.find(a.predicate.text);
  if (it == table.end()) {
    std::string hint = suggestion(a.predicate.text, keys(table));
    if (hint.empty() && !is_function) hint = suggestion(a.predicate.text, kConnectives);
    if (hint.empty() && type_ids.count(a.predicate.text)) hint = " ('" + a.predicate.text + "' is a type)";
    error(a.predicate.span,
          std::string("undeclared ") + (is_function ? "function" : "predicate") + " '" + a.predicate.text + "'" + hint,
          is_function ? "pddl.undeclared-function" : "pddl.undeclared-predicate", names_of(table));
    for (const auto& t : a.args) term(t, scope);  // still report the arguments
    out.predicate = -1;
    return out;
  }
  out.predicate = it->second;
  size_t arity = is_function ? task_.functions[it->second].parameters.size()
                             : task_.predicates[it->second].parameters.size();
  for (const auto& t : a.args) out.args.push_back(term(t, scope));
  if (a.args.size() != arity) {
    error(a.span,
          "'" + a.predicate.text + "' takes " + std::to_string(arity) + " argument" + (arity == 1 ? "" : "s") +
              ", not " + std::to_string(a.args.size()),
          "pddl.arity", {signature(a.predicate.text, arity)});
    out.predicate = -1;
  }
  return out;
}

Formula Checker::condition(const ast::Condition& c, Scope& scope) {
  using K = ast::Condition::Kind;
  Formula f;
  f.span = c.span;
  switch (c.kind) {
    case K::Atom:
      f.kind = Formula::Kind::Atom;
      f.atom = atom(c.atom, scope);
      if (f.atom.predicate < 0) f.kind = Formula::Kind::True;
      return f;
    case K::Equals:
      f.kind = Formula::Kind::Equals;
      f.left = term(c.left, scope);
      f.right = term(c.right, scope);
      return f;
    case K::And:
    case K::Or:
      f.kind = c.kind == K::And ? Formula::Kind::And : Formula::Kind::Or;
      for (const auto& ch : c.children) f.children.push_back(condition(*ch, scope));
      return f;
    case K::Not:
      f.kind = Formula::Kind::Not;
      f.children.push_back(condition(*c.children[0], scope));
      return f;
    case K::Imply: {
      // (imply a b) is (or (not a) b).
      f.kind = Formula::Kind::Or;
      Formula n;
      n.kind = Formula::Kind::Not;
      n.span = c.children[0]->span;
      n.children.push_back(condition(*c.children[0], scope));
      f.children.push_back(std::move(n));
      f.children.push_back(condition(*c.children[1], scope));
      return f;
    }
    case K::Exists:
    case K::Forall: {
      f.kind = c.kind == K::Exists ? Formula::Kind::Exists : Formula::Kind::Forall;
      size_t depth = scope.visible.size();
      f.bound = bind(c.variables, scope);
      f.children.push_back(condition(*c.children[0], scope));
      scope.visible.resize(depth);
      return f;
    }
    case K::Numeric:
      error(c.span, "numeric conditions are not supported (only action costs are numeric)", "pddl.unsupported");
      return f;
  }
  return f;
}

void Checker::cost_effect(const ast::Effect& e, Scope& scope, Action& out) {
  if (e.atom.predicate.text != "total-cost" || !e.atom.args.empty() || e.numeric_op != "increase") {
    error(e.span, "numeric effects other than (increase (total-cost) ...) are not supported", "pddl.unsupported",
          {"(increase (total-cost) N)", "(increase (total-cost) (f ?x))"});
    return;
  }
  out.cost.written = true;
  const ast::NumericExpr& amount = e.amount;
  switch (amount.kind) {
    case ast::NumericExpr::Kind::Number:
      if (amount.number < 0) error(amount.span, "action costs must not be negative", "pddl.negative-cost");
      out.cost.constant += amount.number;
      return;
    case ast::NumericExpr::Kind::Function: {
      Atom a = atom(amount.function, scope, /*is_function=*/true);
      if (a.predicate >= 0) out.cost.terms.push_back({a.predicate, a.args});
      return;
    }
    case ast::NumericExpr::Kind::Arithmetic:
      error(amount.span, "arithmetic in action costs is not supported: use a number or a function term",
            "pddl.unsupported");
      return;
  }
}

void Checker::effect(const ast::Effect& e, Scope& scope, std::vector<Variable> forall, const Formula& cond,
                     Action& out) {
  using K = ast::Effect::Kind;
  auto literal_effect = [&](bool negated) {
    Atom a = atom(e.atom, scope);
    if (a.predicate < 0) return;
    // Unconditional literals under the same variables share one ConditionalEffect.
    if (!out.effects.empty()) {
      auto& last = out.effects.back();
      bool same_vars = last.forall.size() == forall.size() &&
                       std::equal(forall.begin(), forall.end(), last.forall.begin(),
                                  [](const Variable& x, const Variable& y) { return x.index == y.index; });
      bool unconditional = cond.kind == Formula::Kind::True && last.condition.kind == Formula::Kind::True;
      if (same_vars && unconditional) {
        last.literals.push_back({std::move(a), negated});
        return;
      }
    }
    out.effects.push_back({forall, cond, {{std::move(a), negated}}});
  };
  switch (e.kind) {
    case K::Add:
      literal_effect(false);
      return;
    case K::Delete:
      literal_effect(true);
      return;
    case K::And:
      for (const auto& ch : e.children) effect(*ch, scope, forall, cond, out);
      return;
    case K::Forall: {
      size_t depth = scope.visible.size();
      std::vector<Variable> vars = bind(e.variables, scope);
      forall.insert(forall.end(), vars.begin(), vars.end());
      effect(*e.children[0], scope, forall, cond, out);
      scope.visible.resize(depth);
      return;
    }
    case K::When: {
      Formula inner = condition(*e.condition, scope);
      // The body's literals group among themselves; then each group gets the
      // conjunction of the enclosing conditions and its own.
      Action body;
      effect(*e.children[0], scope, {}, Formula::truth(), body);
      if (body.cost.written) error(e.span, "action costs must not be conditional", "pddl.unsupported");
      for (auto& ce : body.effects) {
        ConditionalEffect group;
        group.forall = forall;
        group.forall.insert(group.forall.end(), ce.forall.begin(), ce.forall.end());
        group.condition.kind = Formula::Kind::And;
        group.condition.span = e.span;
        for (const Formula* part : std::initializer_list<const Formula*>{&cond, &inner, &ce.condition})
          if (part->kind != Formula::Kind::True) group.condition.children.push_back(*part);
        if (group.condition.children.size() == 1) group.condition = Formula(group.condition.children[0]);
        group.literals = std::move(ce.literals);
        out.effects.push_back(std::move(group));
      }
      return;
    }
    case K::Numeric:
      if (!forall.empty() || cond.kind != Formula::Kind::True) {
        error(e.span, "action costs must not be conditional or quantified", "pddl.unsupported");
        return;
      }
      cost_effect(e, scope, out);
      return;
  }
}

void Checker::action(const ast::ActionDecl& decl) {
  Action a;
  a.name = decl.name.text;
  a.span = decl.span;
  if (action_ids.count(a.name)) error(decl.name.span, "action '" + a.name + "' is declared twice", "pddl.duplicate");
  Scope scope;
  scope.counter = &a.variable_count;
  a.parameters = bind(decl.parameters, scope);
  if (decl.precondition) a.precondition = condition(*decl.precondition, scope);
  if (decl.effect) effect(*decl.effect, scope, {}, Formula::truth(), a);
  action_ids.emplace(a.name, static_cast<int>(task_.actions.size()));
  task_.actions.push_back(std::move(a));
}

void Checker::init(const std::vector<ast::InitElement>& init) {
  Scope none;
  int counter = 0;
  none.counter = &counter;
  for (const auto& el : init) {
    switch (el.kind) {
      case ast::InitElement::Kind::Atom: {
        Atom a = atom(el.atom, none);
        if (a.predicate < 0) break;
        GroundAtom g{a.predicate, {}};
        for (const auto& t : a.args) g.args.push_back(t.index);
        task_.init.push_back(std::move(g));
        break;
      }
      case ast::InitElement::Kind::NegatedAtom:
        // The closed-world assumption says it already: check it and drop it.
        atom(el.atom, none);
        break;
      case ast::InitElement::Kind::Numeric: {
        Atom a = atom(el.atom, none, /*is_function=*/true);
        if (a.predicate < 0) break;
        GroundAtom g{a.predicate, {}};
        for (const auto& t : a.args) g.args.push_back(t.index);
        task_.function_values[g] = el.value;
        break;
      }
    }
  }
  std::sort(task_.init.begin(), task_.init.end());
  task_.init.erase(std::unique(task_.init.begin(), task_.init.end()), task_.init.end());
}

void Checker::goal(const ast::Condition& g) {
  Scope scope;
  scope.counter = &task_.goal_variable_count;
  task_.goal = condition(g, scope);
}

void Checker::metric(const ast::Metric& m) {
  if (!m.present) return;
  bool total_cost = m.expr.kind == ast::NumericExpr::Kind::Function && m.expr.function.predicate.text == "total-cost" &&
                    m.expr.function.args.empty();
  if (!m.minimize || !total_cost) {
    error(m.span, "only (:metric minimize (total-cost)) is supported", "pddl.unsupported",
          {"(:metric minimize (total-cost))"});
    return;
  }
  task_.metric_total_cost = true;
}

}  // namespace plank::pddl::detail
