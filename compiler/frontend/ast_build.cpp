#include "compiler/frontend/ast_build.h"

namespace plank::ast::build {

ExprPtr name(Span span, std::string id) { return std::make_unique<Name>(span, std::move(id)); }
ExprPtr str(Span span, std::string value) { return std::make_unique<StringLiteral>(span, std::move(value)); }
ExprPtr integer(Span span, int64_t value) { return std::make_unique<IntLiteral>(span, value); }
ExprPtr boolean(Span span, bool value) { return std::make_unique<BoolLiteral>(span, value); }
ExprPtr none(Span span) { return std::make_unique<NoneLiteral>(span); }
ExprPtr list(Span span, ExprList elements) { return std::make_unique<ListExpr>(span, std::move(elements)); }
ExprPtr tuple(Span span, ExprList elements) { return std::make_unique<TupleExpr>(span, std::move(elements)); }
ExprPtr dict(Span span, std::vector<DictEntry> entries) { return std::make_unique<DictExpr>(span, std::move(entries)); }

KeywordArg keyword(Span span, std::string name, ExprPtr value) { return KeywordArg{std::move(name), span, std::move(value)}; }

ExprPtr call(Span span, ExprPtr callee, ExprList args, std::vector<KeywordArg> keywords) {
  auto c = std::make_unique<Call>(span, std::move(callee));
  c->args = std::move(args);
  c->keywords = std::move(keywords);
  return c;
}

ExprPtr call_named(Span span, std::string callee, ExprList args, std::vector<KeywordArg> keywords) {
  return call(span, name(span, std::move(callee)), std::move(args), std::move(keywords));
}

ExprPtr attribute(Span span, ExprPtr object, std::string attr) {
  return std::make_unique<Attribute>(span, std::move(object), std::move(attr), span);
}

ExprPtr subscript(Span span, ExprPtr object, ExprPtr index) {
  return std::make_unique<Subscript>(span, std::move(object), std::move(index));
}

ExprPtr binary(Span span, BinaryOp op, ExprPtr lhs, ExprPtr rhs) {
  return std::make_unique<Binary>(span, op, span, std::move(lhs), std::move(rhs));
}

ExprPtr unary(Span span, UnaryOp op, ExprPtr operand) { return std::make_unique<Unary>(span, op, std::move(operand)); }

ExprPtr compare(Span span, ExprPtr lhs, CompareOp op, ExprPtr rhs) {
  auto c = std::make_unique<Compare>(span, std::move(lhs));
  c->ops.push_back(op);
  c->op_spans.push_back(span);
  c->comparators.push_back(std::move(rhs));
  return c;
}

ExprPtr is_none(Span span, ExprPtr value) { return compare(span, std::move(value), CompareOp::Is, none(span)); }
ExprPtr logical_not(Span span, ExprPtr operand) { return unary(span, UnaryOp::Not, std::move(operand)); }
ExprPtr logical_and(Span span, ExprList operands) { return std::make_unique<BoolOp>(span, BoolOpKind::And, std::move(operands)); }
ExprPtr logical_or(Span span, ExprList operands) { return std::make_unique<BoolOp>(span, BoolOpKind::Or, std::move(operands)); }

ExprPtr conditional(Span span, ExprPtr test, ExprPtr body, ExprPtr orelse) {
  return std::make_unique<Conditional>(span, std::move(test), std::move(body), std::move(orelse));
}

StmtPtr expr_stmt(Span span, ExprPtr value) { return std::make_unique<ExprStmt>(span, std::move(value)); }

StmtPtr assign(Span span, std::string target, ExprPtr value) {
  return assign_to(span, name(span, std::move(target)), std::move(value));
}

StmtPtr assign_to(Span span, ExprPtr target, ExprPtr value) {
  return std::make_unique<Assign>(span, exprs(std::move(target)), std::move(value));
}

StmtPtr aug_assign(Span span, std::string target, BinaryOp op, ExprPtr value) {
  return std::make_unique<AugAssign>(span, name(span, std::move(target)), op, std::move(value));
}

StmtPtr if_stmt(Span span, ExprPtr test, StmtList body, StmtList orelse) {
  auto s = std::make_unique<If>(span, std::move(test));
  s->body = std::move(body);
  s->orelse = std::move(orelse);
  return s;
}

StmtPtr while_loop(Span span, ExprPtr test, StmtList body) {
  auto s = std::make_unique<While>(span, std::move(test));
  s->body = std::move(body);
  return s;
}

StmtPtr for_loop(Span span, std::string target, ExprPtr iterable, StmtList body) {
  auto s = std::make_unique<For>(span, name(span, std::move(target)), std::move(iterable));
  s->body = std::move(body);
  return s;
}

StmtPtr return_stmt(Span span, ExprPtr value) { return std::make_unique<Return>(span, std::move(value)); }
StmtPtr break_stmt(Span span) { return std::make_unique<Break>(span); }
StmtPtr continue_stmt(Span span) { return std::make_unique<Continue>(span); }
StmtPtr pass_stmt(Span span) { return std::make_unique<Pass>(span); }

Param param(Span span, std::string name, ExprPtr default_value) { return Param{std::move(name), span, std::move(default_value)}; }

StmtPtr function_def(Span span, std::string name, std::vector<Param> params, StmtList body) {
  auto d = std::make_unique<FunctionDef>(span, std::move(name), span);
  d->params = std::move(params);
  d->body = std::move(body);
  if (d->body.empty()) d->body.push_back(pass_stmt(span));
  return d;
}

}  // namespace plank::ast::build
