// Private to compiler/pddl: the state the checker carries while it resolves
// a domain and a problem (name tables, the variable scope, where to report).
// check.cpp resolves declarations; check_formula.cpp conditions and effects.
#pragma once
#include <map>
#include <set>
#include <string>
#include <vector>

#include "compiler/pddl/ast.h"
#include "compiler/pddl/task.h"
#include "support/diagnostics.h"

namespace plank::pddl::detail {

// Variables visible at a point of a formula: parameters, then quantified ones.
struct Scope {
  std::vector<Variable> visible;  // innermost last
  int* counter = nullptr;         // the action's (or goal's) variable count
  const Variable* find(const std::string& name) const {
    for (auto it = visible.rbegin(); it != visible.rend(); ++it)
      if (it->name == name) return &*it;
    return nullptr;
  }
};

class Checker {
 public:
  Checker(Task& task, DiagnosticSink& sink) : task_(task), sink_(sink) {}

  // Which file the spans being resolved point into.
  void in_file(SourceRef file) { file_ = std::move(file); }

  void error(Span span, std::string message, std::string code, std::vector<std::string> expected = {});
  void warning(Span span, std::string message, std::string code);

  // Declarations (check.cpp).
  void requirements(const std::vector<ast::Name>& names);
  void types(const std::vector<ast::TypedName>& decls);
  void objects(const std::vector<ast::TypedName>& decls, bool constants);
  void predicates(const std::vector<ast::PredicateDecl>& decls);
  void functions(const std::vector<ast::FunctionDecl>& decls);
  void compute_type_closure();
  TypeSet type_set(const ast::TypeRef& ref);

  // Bodies (check_formula.cpp).
  void action(const ast::ActionDecl& decl);
  Formula condition(const ast::Condition& c, Scope& scope);
  void init(const std::vector<ast::InitElement>& init);
  void goal(const ast::Condition& goal);
  void metric(const ast::Metric& metric);

  // Problem objects a domain names without declaring them (MinePlanner):
  // resolved with a warning when problem_objects_visible.
  bool problem_objects_visible = false;
  std::set<ObjectId> problem_objects;

  std::map<std::string, TypeId> type_ids;
  std::map<std::string, ObjectId> object_ids;
  std::map<std::string, PredicateId> predicate_ids;
  std::map<std::string, int> function_ids;
  std::map<std::string, int> action_ids;
  std::map<std::string, Span> object_spans;

 private:
  Term term(const ast::Term& t, Scope& scope);
  Atom atom(const ast::Atom& a, Scope& scope, bool is_function = false);
  std::vector<Variable> bind(const std::vector<ast::TypedName>& vars, Scope& scope);
  void effect(const ast::Effect& e, Scope& scope, std::vector<Variable> forall, const Formula& condition,
              Action& out);
  void cost_effect(const ast::Effect& e, Scope& scope, Action& out);

  Task& task_;
  DiagnosticSink& sink_;
  SourceRef file_;
  bool warned_undeclared_constant_ = false;
  std::set<std::pair<const SourceFile*, std::string>> reported_undeclared_;
};

// "did you mean 'x'?" for the closest candidate, or "" when none is close.
std::string suggestion(const std::string& name, const std::vector<std::string>& candidates);
// At most `limit` names of a table, sorted, for Diagnostic::expected.
template <typename Map>
std::vector<std::string> names_of(const Map& table, size_t limit = 12) {
  std::vector<std::string> out;
  for (const auto& [name, _] : table) {
    if (out.size() == limit) {
      out.push_back("...");
      break;
    }
    out.push_back(name);
  }
  return out;
}

}  // namespace plank::pddl::detail
