// Small functions that make AST nodes, for code that generates programs (the
// CAIP compiler, tests) instead of writing source text: no quoting, no
// indentation, no second parse, and every node keeps the Span it is given, so
// diagnostics and tracebacks point into whatever SourceFile the module names
// (for CAIP, the utterance the command came from).
//
//   using namespace plank::ast::build;
//   auto call = call_named(words, "caip_find", {}, keywords(keyword(words, "name", str(words, "tree"))));
//   body.push_back(assign(words, "ref0", std::move(call)));
//
// ast_print.h writes a built module back as Plank source.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "compiler/frontend/ast.h"

namespace plank::ast::build {

// ---- expressions
ExprPtr name(Span span, std::string id);
ExprPtr str(Span span, std::string value);
ExprPtr integer(Span span, int64_t value);
ExprPtr boolean(Span span, bool value);
ExprPtr none(Span span);
ExprPtr list(Span span, ExprList elements);
ExprPtr tuple(Span span, ExprList elements);
ExprPtr dict(Span span, std::vector<DictEntry> entries);
KeywordArg keyword(Span span, std::string name, ExprPtr value);
ExprPtr call(Span span, ExprPtr callee, ExprList args = {}, std::vector<KeywordArg> keywords = {});
// A call of a function by name: `name(args, keywords)`, the callee spanning `span` too.
ExprPtr call_named(Span span, std::string callee, ExprList args = {}, std::vector<KeywordArg> keywords = {});
ExprPtr attribute(Span span, ExprPtr object, std::string attr);
ExprPtr subscript(Span span, ExprPtr object, ExprPtr index);
ExprPtr binary(Span span, BinaryOp op, ExprPtr lhs, ExprPtr rhs);
ExprPtr unary(Span span, UnaryOp op, ExprPtr operand);
ExprPtr compare(Span span, ExprPtr lhs, CompareOp op, ExprPtr rhs);
ExprPtr is_none(Span span, ExprPtr value);  // `value is None`
ExprPtr logical_not(Span span, ExprPtr operand);
ExprPtr logical_and(Span span, ExprList operands);
ExprPtr logical_or(Span span, ExprList operands);
ExprPtr conditional(Span span, ExprPtr test, ExprPtr body, ExprPtr orelse);

// ---- statements
StmtPtr expr_stmt(Span span, ExprPtr value);
StmtPtr assign(Span span, std::string target, ExprPtr value);
StmtPtr assign_to(Span span, ExprPtr target, ExprPtr value);
StmtPtr aug_assign(Span span, std::string target, BinaryOp op, ExprPtr value);
StmtPtr if_stmt(Span span, ExprPtr test, StmtList body, StmtList orelse = {});
StmtPtr while_loop(Span span, ExprPtr test, StmtList body);
StmtPtr for_loop(Span span, std::string target, ExprPtr iterable, StmtList body);
StmtPtr return_stmt(Span span, ExprPtr value = nullptr);
StmtPtr break_stmt(Span span);
StmtPtr continue_stmt(Span span);
StmtPtr pass_stmt(Span span);
Param param(Span span, std::string name, ExprPtr default_value = nullptr);
// `def name(params): body`; an empty body gets a `pass` (a suite is never empty).
StmtPtr function_def(Span span, std::string name, std::vector<Param> params, StmtList body);

// ---- lists of move-only nodes (an initializer_list would copy)
template <class... E>
ExprList exprs(E&&... e) {
  ExprList out;
  out.reserve(sizeof...(e));
  (out.push_back(std::forward<E>(e)), ...);
  return out;
}
template <class... K>
std::vector<KeywordArg> keywords(K&&... k) {
  std::vector<KeywordArg> out;
  out.reserve(sizeof...(k));
  (out.push_back(std::forward<K>(k)), ...);
  return out;
}
template <class... S>
StmtList stmts(S&&... s) {
  StmtList out;
  out.reserve(sizeof...(s));
  (out.push_back(std::forward<S>(s)), ...);
  return out;
}

}  // namespace plank::ast::build
