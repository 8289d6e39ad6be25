#include "compiler/lf/from_ast.h"

#include <fmt/format.h>

namespace plank::lf {
namespace {

class Converter {
 public:
  Converter(const SourceRef& file, DiagnosticSink& sink) : file_(file), sink_(sink) {}

  std::optional<Value> convert(const ast::Expr& e) {
    using namespace ast;
    switch (e.kind) {
      case ExprKind::IntLiteral: return Value::from_int(cast<IntLiteral>(&e)->value, e.span);
      case ExprKind::FloatLiteral: return Value::from_double(cast<FloatLiteral>(&e)->value, e.span);
      case ExprKind::StringLiteral: return Value::from_string(cast<StringLiteral>(&e)->value, e.span);
      case ExprKind::BoolLiteral: return Value::from_bool(cast<BoolLiteral>(&e)->value, e.span);
      case ExprKind::NoneLiteral: return Value::null(e.span);
      case ExprKind::Unary: return signed_number(*cast<Unary>(&e));
      case ExprKind::List: return sequence(cast<ListExpr>(&e)->elements, e.span);
      case ExprKind::Tuple: return sequence(cast<TupleExpr>(&e)->elements, e.span);
      case ExprKind::Dict: return dict(*cast<DictExpr>(&e));
      default: return not_constant(e, fmt::format("a logical form holds only constants, not {}", describe(e.kind)));
    }
  }

 private:
  static const char* describe(ast::ExprKind k) {
    switch (k) {
      case ast::ExprKind::Name: return "a variable name (quote it to make a string)";
      case ast::ExprKind::Call: return "a function call";
      case ast::ExprKind::Binary: return "an arithmetic expression";
      default: return "an expression";
    }
  }

  std::optional<Value> not_constant(const ast::Expr& e, std::string message) {
    Diagnostic d;
    d.file = file_;
    d.span = e.span;
    d.message = std::move(message);
    d.code = "lf.not-constant";
    sink_.report(std::move(d));
    return std::nullopt;
  }

  std::optional<Value> signed_number(const ast::Unary& u) {
    using namespace ast;
    if (u.op != UnaryOp::Neg && u.op != UnaryOp::Pos) return not_constant(u, "a logical form holds only constants");
    if (auto* i = dyn_cast<IntLiteral>(u.operand.get()))
      return Value::from_int(u.op == UnaryOp::Neg ? -i->value : i->value, u.span);
    if (auto* f = dyn_cast<FloatLiteral>(u.operand.get()))
      return Value::from_double(u.op == UnaryOp::Neg ? -f->value : f->value, u.span);
    return not_constant(u, "a sign applies only to a number in a logical form");
  }

  std::optional<Value> sequence(const ast::ExprList& elements, Span span) {
    Value list = Value::list(span);
    bool ok = true;
    for (const auto& element : elements) {
      auto v = convert(*element);
      if (v) list.items.push_back(std::move(*v));
      else ok = false;
    }
    return ok ? std::optional<Value>(std::move(list)) : std::nullopt;
  }

  std::optional<Value> dict(const ast::DictExpr& d) {
    Value out = Value::dict(d.span);
    bool ok = true;
    for (const auto& entry : d.entries) {
      auto* key = ast::dyn_cast<ast::StringLiteral>(entry.key.get());
      if (!key) {
        not_constant(*entry.key, "a logical-form key must be a string");
        ok = false;
        continue;
      }
      auto v = convert(*entry.value);
      if (v) out.add(key->value, std::move(*v), key->span);
      else ok = false;
    }
    return ok ? std::optional<Value>(std::move(out)) : std::nullopt;
  }

  const SourceRef& file_;
  DiagnosticSink& sink_;
};

}  // namespace

std::optional<Value> value_from_ast(const ast::Expr& expr, const SourceRef& file, DiagnosticSink& sink) {
  return Converter(file, sink).convert(expr);
}

}  // namespace plank::lf
