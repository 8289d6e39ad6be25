// The AST printed back as PDDL (dump.h).
#include "compiler/pddl/dump.h"

#include <cmath>
#include <cstdio>

namespace plank::pddl {
namespace {

class Printer {
 public:
  std::string out;

  void line(int indent, const std::string& text) {
    out.append(static_cast<size_t>(indent) * 2, ' ');
    out += text;
    out += '\n';
  }

  static std::string type(const ast::TypeRef& t) {
    if (t.names.empty()) return "object";
    if (!t.either) return t.names[0].text;
    std::string s = "(either";
    for (const auto& n : t.names) s += " " + n.text;
    return s + ")";
  }

  // `a b - t c - u`, grouping consecutive names of the same written type.
  static std::string typed(const std::vector<ast::TypedName>& names) {
    std::string s;
    for (size_t i = 0; i < names.size(); ++i) {
      if (i) s += ' ';
      s += names[i].name.text;
      bool last_of_run = i + 1 == names.size() || type(names[i + 1].type) != type(names[i].type);
      if (last_of_run) s += " - " + type(names[i].type);
    }
    return s;
  }

  static std::string atom(const ast::Atom& a) {
    std::string s = "(" + a.predicate.text;
    for (const auto& t : a.args) s += " " + t.name.text;
    return s + ")";
  }

  static std::string number(double v) {
    char buf[64];
    if (std::floor(v) == v && std::fabs(v) < 1e15) {
      std::snprintf(buf, sizeof buf, "%.0f", v);
    } else {
      std::snprintf(buf, sizeof buf, "%.17g", v);
    }
    return buf;
  }

  static std::string numeric(const ast::NumericExpr& e) {
    switch (e.kind) {
      case ast::NumericExpr::Kind::Number: return number(e.number);
      case ast::NumericExpr::Kind::Function: return atom(e.function);
      case ast::NumericExpr::Kind::Arithmetic: {
        std::string s = "(" + e.op;
        for (const auto& o : e.operands) s += " " + numeric(o);
        return s + ")";
      }
    }
    return {};
  }

  // Conditions and effects on one line each when short, nested otherwise.
  static std::string condition(const ast::Condition& c) {
    using K = ast::Condition::Kind;
    switch (c.kind) {
      case K::Atom: return atom(c.atom);
      case K::Equals: return "(= " + c.left.name.text + " " + c.right.name.text + ")";
      case K::Numeric: return "(numeric-condition)";
      case K::Exists:
      case K::Forall:
        return std::string("(") + (c.kind == K::Exists ? "exists" : "forall") + " (" + typed(c.variables) + ") " +
               condition(*c.children[0]) + ")";
      default: break;
    }
    std::string s = c.kind == K::And ? "(and" : c.kind == K::Or ? "(or" : c.kind == K::Not ? "(not" : "(imply";
    for (const auto& ch : c.children) s += " " + condition(*ch);
    return s + ")";
  }

  static std::string effect(const ast::Effect& e) {
    using K = ast::Effect::Kind;
    switch (e.kind) {
      case K::Add: return atom(e.atom);
      case K::Delete: return "(not " + atom(e.atom) + ")";
      case K::Numeric: return "(" + e.numeric_op + " " + atom(e.atom) + " " + numeric(e.amount) + ")";
      case K::Forall: return "(forall (" + typed(e.variables) + ") " + effect(*e.children[0]) + ")";
      case K::When: return "(when " + condition(*e.condition) + " " + effect(*e.children[0]) + ")";
      case K::And: {
        std::string s = "(and";
        for (const auto& ch : e.children) s += " " + effect(*ch);
        return s + ")";
      }
    }
    return {};
  }

  void domain(const ast::Domain& d) {
    line(0, "(define (domain " + d.name.text + ")");
    if (!d.requirements.empty()) {
      std::string s = "(:requirements";
      for (const auto& r : d.requirements) s += " " + r.text;
      line(1, s + ")");
    }
    if (!d.types.empty()) line(1, "(:types " + typed(d.types) + ")");
    if (!d.constants.empty()) line(1, "(:constants " + typed(d.constants) + ")");
    if (!d.predicates.empty()) {
      line(1, "(:predicates");
      for (const auto& p : d.predicates) {
        std::string params = typed(p.parameters);
        line(2, "(" + p.name.text + (params.empty() ? "" : " " + params) + ")");
      }
      line(1, ")");
    }
    if (!d.functions.empty()) {
      line(1, "(:functions");
      for (const auto& f : d.functions) {
        std::string params = typed(f.parameters);
        line(2, "(" + f.name.text + (params.empty() ? "" : " " + params) + ")" +
                    (f.result_type.text.empty() ? "" : " - " + f.result_type.text));
      }
      line(1, ")");
    }
    for (const auto& a : d.actions) {
      line(1, "(:action " + a.name.text);
      line(2, ":parameters (" + typed(a.parameters) + ")");
      if (a.precondition) line(2, ":precondition " + condition(*a.precondition));
      if (a.effect) line(2, ":effect " + effect(*a.effect));
      line(1, ")");
    }
    for (const auto& dd : d.derived) {
      std::string params = typed(dd.head.parameters);
      line(1, "(:derived (" + dd.head.name.text + (params.empty() ? "" : " " + params) + ") " + condition(*dd.body) +
                  ")");
    }
    line(0, ")");
  }

  void problem(const ast::Problem& p) {
    line(0, "(define (problem " + p.name.text + ")");
    line(1, "(:domain " + p.domain_name.text + ")");
    if (!p.requirements.empty()) {
      std::string s = "(:requirements";
      for (const auto& r : p.requirements) s += " " + r.text;
      line(1, s + ")");
    }
    if (!p.objects.empty()) line(1, "(:objects " + typed(p.objects) + ")");
    line(1, "(:init");
    for (const auto& el : p.init) {
      switch (el.kind) {
        case ast::InitElement::Kind::Atom: line(2, atom(el.atom)); break;
        case ast::InitElement::Kind::NegatedAtom: line(2, "(not " + atom(el.atom) + ")"); break;
        case ast::InitElement::Kind::Numeric: line(2, "(= " + atom(el.atom) + " " + number(el.value) + ")"); break;
      }
    }
    line(1, ")");
    if (p.goal) line(1, "(:goal " + condition(*p.goal) + ")");
    if (p.metric.present)
      line(1, std::string("(:metric ") + (p.metric.minimize ? "minimize " : "maximize ") + numeric(p.metric.expr) + ")");
    line(0, ")");
  }
};

}  // namespace

std::string dump_pddl(const ast::File& file) {
  Printer p;
  if (file.domain) p.domain(*file.domain);
  if (file.problem) p.problem(*file.problem);
  return p.out;
}

}  // namespace plank::pddl
