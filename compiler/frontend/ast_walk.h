// The direct sub-expressions of an expression, in source order: one place
// that knows the shape of every node, so analyses that only care about a few
// kinds (name uses, calls) handle those and delegate the rest here.
#pragma once
#include "compiler/frontend/ast.h"

namespace plank::ast {

// Calls f(const Expr*) for each non-null child of e. Lambda yields its
// defaults and then its body, a comprehension its first iterable, then each
// clause's target, ifs and next iterable, then its element; callers that open
// a scope for a body handle Lambda and Comprehension themselves.
template <typename F>
void for_each_child(const Expr* e, F&& f) {
  auto visit = [&](const ExprPtr& c) {
    if (c) f(c.get());
  };
  switch (e->kind) {
    case ExprKind::List: for (auto& x : cast<ListExpr>(e)->elements) visit(x); return;
    case ExprKind::Tuple: for (auto& x : cast<TupleExpr>(e)->elements) visit(x); return;
    case ExprKind::Dict:
      for (auto& en : cast<DictExpr>(e)->entries) {
        visit(en.key);
        visit(en.value);
      }
      return;
    case ExprKind::Call: {
      auto* c = cast<Call>(e);
      visit(c->callee);
      for (auto& a : c->args) visit(a);
      for (auto& k : c->keywords) visit(k.value);
      return;
    }
    case ExprKind::Attribute: visit(cast<Attribute>(e)->object); return;
    case ExprKind::Subscript:
      visit(cast<Subscript>(e)->object);
      visit(cast<Subscript>(e)->index);
      return;
    case ExprKind::Slice: {
      auto* s = cast<Slice>(e);
      visit(s->lower);
      visit(s->upper);
      visit(s->step);
      return;
    }
    case ExprKind::Binary:
      visit(cast<Binary>(e)->lhs);
      visit(cast<Binary>(e)->rhs);
      return;
    case ExprKind::Unary: visit(cast<Unary>(e)->operand); return;
    case ExprKind::Compare: {
      auto* c = cast<Compare>(e);
      visit(c->left);
      for (auto& x : c->comparators) visit(x);
      return;
    }
    case ExprKind::BoolOp: for (auto& x : cast<BoolOp>(e)->values) visit(x); return;
    case ExprKind::Conditional: {
      auto* c = cast<Conditional>(e);
      visit(c->test);
      visit(c->body);
      visit(c->orelse);
      return;
    }
    case ExprKind::Lambda: {
      auto* l = cast<Lambda>(e);
      for (auto& p : l->params) visit(p.default_);
      visit(l->body);
      return;
    }
    case ExprKind::Set: for (auto& x : cast<SetExpr>(e)->elements) visit(x); return;
    case ExprKind::Comprehension: {
      auto* c = cast<Comprehension>(e);
      for (auto& g : c->generators) {
        visit(g.iter);
        visit(g.target);
        for (auto& x : g.ifs) visit(x);
      }
      visit(c->element);
      visit(c->value);
      return;
    }
    case ExprKind::Starred: visit(cast<Starred>(e)->value); return;
    case ExprKind::Yield: visit(cast<YieldExpr>(e)->value); return;
    case ExprKind::YieldFrom: visit(cast<YieldFrom>(e)->value); return;
    case ExprKind::Await: visit(cast<Await>(e)->value); return;
    case ExprKind::JoinedStr: for (auto& x : cast<JoinedStr>(e)->values) visit(x); return;
    case ExprKind::FormattedValue:
      visit(cast<FormattedValue>(e)->value);
      visit(cast<FormattedValue>(e)->format_spec);
      return;
    case ExprKind::NamedExpr:
      visit(cast<NamedExpr>(e)->value);
      visit(cast<NamedExpr>(e)->target);
      return;
    case ExprKind::BytesLiteral:
    case ExprKind::Ellipsis:
    case ExprKind::IntLiteral:
    case ExprKind::FloatLiteral:
    case ExprKind::StringLiteral:
    case ExprKind::BoolLiteral:
    case ExprKind::NoneLiteral:
    case ExprKind::Name: return;
  }
}

}  // namespace plank::ast
