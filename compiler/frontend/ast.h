// Plank's owned abstract syntax tree.
//
// The ANTLR parse tree never leaves the front end: parse_module() (parser.h)
// builds this tree, which later stages (name resolution, checker, IR lowering,
// interpreter) consume. Every node carries a Span into its module's SourceFile;
// so do names inside nodes that a later error may point at (parameter names,
// keyword-argument names, import names).
//
// LLVM-style RTTI: every node has a `kind`, and isa<T>/cast<T>/dyn_cast<T>
// work on Expr and Stmt pointers and references.
#pragma once
#include <cassert>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "support/source.h"

namespace plank::ast {

// ------------------------------------------------------------------ kinds
enum class ExprKind : uint8_t {
  IntLiteral, FloatLiteral, StringLiteral, BoolLiteral, NoneLiteral,
  Name, List, Tuple, Dict, Call, Attribute, Subscript, Slice,
  Binary, Unary, Compare, BoolOp, Conditional, Lambda,
  // The Python of plans and agent scripts (issue 27):
  BytesLiteral, Ellipsis, Set, Comprehension, Starred, Yield, YieldFrom, Await,
  JoinedStr, FormattedValue, NamedExpr,
};

enum class StmtKind : uint8_t {
  FunctionDef, Return, If, While, For, Break, Continue, Pass, Assert,
  Assign, AugAssign, Import, FromImport, ExprStmt,
  ClassDef, Try, Raise, With, Global, Nonlocal, Delete, AnnAssign,
};

// The order is the runtime's operator numbering (runtime/ops.cpp): append only.
enum class BinaryOp : uint8_t { Add, Sub, Mul, Div, FloorDiv, Mod, Pow, BitOr, BitXor, BitAnd, LShift, RShift, MatMul };
enum class UnaryOp : uint8_t { Neg, Pos, Not, Invert };
enum class CompareOp : uint8_t { Lt, Gt, Eq, Ge, Le, Ne, In, NotIn, Is, IsNot };
enum class BoolOpKind : uint8_t { And, Or };

// The Python spelling: "+", "//", "not in", "and".
const char* op_text(BinaryOp op);
const char* op_text(UnaryOp op);
const char* op_text(CompareOp op);
const char* op_text(BoolOpKind op);

// ------------------------------------------------------------------ base classes
struct Expr {
  const ExprKind kind;
  Span span;
  virtual ~Expr() = default;
  Expr(const Expr&) = delete;
  Expr& operator=(const Expr&) = delete;

 protected:
  Expr(ExprKind k, Span s) : kind(k), span(s) {}
};

struct Stmt {
  const StmtKind kind;
  Span span;
  virtual ~Stmt() = default;
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;

 protected:
  Stmt(StmtKind k, Span s) : kind(k), span(s) {}
};

using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;
using ExprList = std::vector<ExprPtr>;
using StmtList = std::vector<StmtPtr>;

// An identifier with its own span (parameter names, keyword names, import names).
struct Identifier {
  std::string name;
  Span span;
};

// ------------------------------------------------------------------ expressions
#define PLANK_EXPR_CLASSOF(K) \
  static constexpr ExprKind kKind = ExprKind::K; \
  static bool classof(const Expr* e) { return e->kind == ExprKind::K; }

// An int literal; one that does not fit 64 bits keeps its decimal digits in
// `big` (value is then 0): ints have arbitrary precision.
struct IntLiteral : Expr {
  PLANK_EXPR_CLASSOF(IntLiteral)
  int64_t value;
  std::string big;
  IntLiteral(Span s, int64_t v) : Expr(kKind, s), value(v) {}
};

struct FloatLiteral : Expr {
  PLANK_EXPR_CLASSOF(FloatLiteral)
  double value;
  FloatLiteral(Span s, double v) : Expr(kKind, s), value(v) {}
};

// `value` is the decoded text (escapes resolved, adjacent literals joined), UTF-8.
struct StringLiteral : Expr {
  PLANK_EXPR_CLASSOF(StringLiteral)
  std::string value;
  StringLiteral(Span s, std::string v) : Expr(kKind, s), value(std::move(v)) {}
};

struct BoolLiteral : Expr {
  PLANK_EXPR_CLASSOF(BoolLiteral)
  bool value;
  BoolLiteral(Span s, bool v) : Expr(kKind, s), value(v) {}
};

// `None` or `null`.
struct NoneLiteral : Expr {
  PLANK_EXPR_CLASSOF(NoneLiteral)
  explicit NoneLiteral(Span s) : Expr(kKind, s) {}
};

struct Name : Expr {
  PLANK_EXPR_CLASSOF(Name)
  std::string id;
  Name(Span s, std::string n) : Expr(kKind, s), id(std::move(n)) {}
};

struct ListExpr : Expr {
  PLANK_EXPR_CLASSOF(List)
  ExprList elements;
  ListExpr(Span s, ExprList e) : Expr(kKind, s), elements(std::move(e)) {}
};

// `(a, b)`, `a, b` (no parentheses: the span covers the elements), `()`.
struct TupleExpr : Expr {
  PLANK_EXPR_CLASSOF(Tuple)
  ExprList elements;
  TupleExpr(Span s, ExprList e) : Expr(kKind, s), elements(std::move(e)) {}
};

// `key: value`, or `**value` when key is null.
struct DictEntry {
  ExprPtr key;
  ExprPtr value;
};

// Entries in source order; duplicate keys are kept (a later stage decides).
struct DictExpr : Expr {
  PLANK_EXPR_CLASSOF(Dict)
  std::vector<DictEntry> entries;
  DictExpr(Span s, std::vector<DictEntry> e) : Expr(kKind, s), entries(std::move(e)) {}
};

// `name=value`, or `**value` (a mapping unpacked) when name is empty.
struct KeywordArg {
  std::string name;
  Span name_span;
  ExprPtr value;
};

// Positional arguments in `args` (a Starred one is `*iterable` unpacked),
// keyword arguments in `keywords`, each in source order. Plank accepts a
// positional argument after a keyword one (the DEPS paper's Prompt 1 does it);
// `positional_after_keyword` records that so a later stage can reject or
// accept it. Source order across both lists is recoverable from spans.
struct Call : Expr {
  PLANK_EXPR_CLASSOF(Call)
  ExprPtr callee;
  ExprList args;
  std::vector<KeywordArg> keywords;
  bool positional_after_keyword = false;
  Call(Span s, ExprPtr c) : Expr(kKind, s), callee(std::move(c)) {}
};

struct Attribute : Expr {
  PLANK_EXPR_CLASSOF(Attribute)
  ExprPtr object;
  std::string attr;
  Span attr_span;
  Attribute(Span s, ExprPtr o, std::string a, Span as)
      : Expr(kKind, s), object(std::move(o)), attr(std::move(a)), attr_span(as) {}
};

// `lower:upper:step`, only as a Subscript index (or an element of a tuple index).
struct Slice : Expr {
  PLANK_EXPR_CLASSOF(Slice)
  ExprPtr lower, upper, step;  // each may be null
  explicit Slice(Span s) : Expr(kKind, s) {}
};

// `object[index]`; `a[1:2]` has a Slice index, `a[i, j]` a TupleExpr index.
struct Subscript : Expr {
  PLANK_EXPR_CLASSOF(Subscript)
  ExprPtr object;
  ExprPtr index;
  Subscript(Span s, ExprPtr o, ExprPtr i) : Expr(kKind, s), object(std::move(o)), index(std::move(i)) {}
};

struct Binary : Expr {
  PLANK_EXPR_CLASSOF(Binary)
  BinaryOp op;
  Span op_span;
  ExprPtr lhs, rhs;
  Binary(Span s, BinaryOp o, Span os, ExprPtr l, ExprPtr r)
      : Expr(kKind, s), op(o), op_span(os), lhs(std::move(l)), rhs(std::move(r)) {}
};

struct Unary : Expr {
  PLANK_EXPR_CLASSOF(Unary)
  UnaryOp op;
  ExprPtr operand;
  Unary(Span s, UnaryOp o, ExprPtr e) : Expr(kKind, s), op(o), operand(std::move(e)) {}
};

// `a < b <= c`: left = a, ops = {<, <=}, comparators = {b, c} (Python's chain).
struct Compare : Expr {
  PLANK_EXPR_CLASSOF(Compare)
  ExprPtr left;
  std::vector<CompareOp> ops;
  std::vector<Span> op_spans;
  ExprList comparators;
  Compare(Span s, ExprPtr l) : Expr(kKind, s), left(std::move(l)) {}
};

// `a and b and c`: one node with all operands (Python's BoolOp).
struct BoolOp : Expr {
  PLANK_EXPR_CLASSOF(BoolOp)
  BoolOpKind op;
  ExprList values;
  BoolOp(Span s, BoolOpKind o, ExprList v) : Expr(kKind, s), op(o), values(std::move(v)) {}
};

// `body if test else orelse`
struct Conditional : Expr {
  PLANK_EXPR_CLASSOF(Conditional)
  ExprPtr test, body, orelse;
  Conditional(Span s, ExprPtr t, ExprPtr b, ExprPtr o)
      : Expr(kKind, s), test(std::move(t)), body(std::move(b)), orelse(std::move(o)) {}
};

// How a parameter binds (Python's order): positional-only (before `/`),
// positional-or-keyword, `*args`, keyword-only (after `*` or `*args`), `**kwargs`.
enum class ParamKind : uint8_t { Normal, PositionalOnly, VarArgs, KeywordOnly, VarKeywords };

struct Param {
  std::string name;
  Span span;         // the name
  ExprPtr default_;  // may be null
  ParamKind kind = ParamKind::Normal;
  ExprPtr annotation;  // may be null; never evaluated (as under `from __future__ import annotations`)
};

// `lambda x, y=1: body`
struct Lambda : Expr {
  PLANK_EXPR_CLASSOF(Lambda)
  std::vector<Param> params;
  ExprPtr body;
  Lambda(Span s, std::vector<Param> p, ExprPtr b) : Expr(kKind, s), params(std::move(p)), body(std::move(b)) {}
};

// `b'...'`: the bytes, each char one byte.
struct BytesLiteral : Expr {
  PLANK_EXPR_CLASSOF(BytesLiteral)
  std::string value;
  BytesLiteral(Span s, std::string v) : Expr(kKind, s), value(std::move(v)) {}
};

// `...`
struct EllipsisLiteral : Expr {
  PLANK_EXPR_CLASSOF(Ellipsis)
  explicit EllipsisLiteral(Span s) : Expr(kKind, s) {}
};

// `{a, b, *c}` (never empty: `{}` is a dict)
struct SetExpr : Expr {
  PLANK_EXPR_CLASSOF(Set)
  ExprList elements;
  SetExpr(Span s, ExprList e) : Expr(kKind, s), elements(std::move(e)) {}
};

// `for target in iter if cond ...` of a comprehension.
struct ComprehensionFor {
  ExprPtr target;
  ExprPtr iter;
  ExprList ifs;
  bool is_async = false;
};

// `[elt for ...]`, `{elt for ...}`, `{key: value for ...}`, `(elt for ...)`.
// It runs in its own scope (Python 3): its targets do not leak.
enum class ComprehensionKind : uint8_t { List, Set, Dict, Generator };
struct Comprehension : Expr {
  PLANK_EXPR_CLASSOF(Comprehension)
  ComprehensionKind comp;
  ExprPtr element;  // the key for a dict comprehension
  ExprPtr value;    // dict comprehension only
  std::vector<ComprehensionFor> generators;
  Comprehension(Span s, ComprehensionKind k) : Expr(kKind, s), comp(k) {}
};

// `*value` in a call, a literal or an assignment target.
struct Starred : Expr {
  PLANK_EXPR_CLASSOF(Starred)
  ExprPtr value;
  Starred(Span s, ExprPtr v) : Expr(kKind, s), value(std::move(v)) {}
};

// `yield [value]`
struct YieldExpr : Expr {
  PLANK_EXPR_CLASSOF(Yield)
  ExprPtr value;  // may be null
  YieldExpr(Span s, ExprPtr v) : Expr(kKind, s), value(std::move(v)) {}
};

// `yield from value`
struct YieldFrom : Expr {
  PLANK_EXPR_CLASSOF(YieldFrom)
  ExprPtr value;
  YieldFrom(Span s, ExprPtr v) : Expr(kKind, s), value(std::move(v)) {}
};

// `await value`
struct Await : Expr {
  PLANK_EXPR_CLASSOF(Await)
  ExprPtr value;
  Await(Span s, ExprPtr v) : Expr(kKind, s), value(std::move(v)) {}
};

// An f-string: its parts in order, each a StringLiteral or a FormattedValue.
struct JoinedStr : Expr {
  PLANK_EXPR_CLASSOF(JoinedStr)
  ExprList values;
  JoinedStr(Span s, ExprList v) : Expr(kKind, s), values(std::move(v)) {}
};

// `{value!conversion:format_spec}` of an f-string; conversion is 0, 's', 'r' or 'a';
// format_spec (may be null) is a JoinedStr, since a spec may hold fields itself.
struct FormattedValue : Expr {
  PLANK_EXPR_CLASSOF(FormattedValue)
  ExprPtr value;
  char conversion = 0;
  ExprPtr format_spec;
  FormattedValue(Span s, ExprPtr v) : Expr(kKind, s), value(std::move(v)) {}
};

// `target := value`
struct NamedExpr : Expr {
  PLANK_EXPR_CLASSOF(NamedExpr)
  ExprPtr target;  // a Name
  ExprPtr value;
  NamedExpr(Span s, ExprPtr t, ExprPtr v) : Expr(kKind, s), target(std::move(t)), value(std::move(v)) {}
};
#undef PLANK_EXPR_CLASSOF

// ------------------------------------------------------------------ statements
#define PLANK_STMT_CLASSOF(K) \
  static constexpr StmtKind kKind = StmtKind::K; \
  static bool classof(const Stmt* s) { return s->kind == StmtKind::K; }

// `@decorators def name(params) -> returns: body` (`async def` when is_async).
struct FunctionDef : Stmt {
  PLANK_STMT_CLASSOF(FunctionDef)
  std::string name;
  Span name_span;
  std::vector<Param> params;
  StmtList body;
  ExprList decorators;  // outermost first, as written
  ExprPtr returns;      // the annotation; may be null, never evaluated
  bool is_async = false;
  FunctionDef(Span s, std::string n, Span ns) : Stmt(kKind, s), name(std::move(n)), name_span(ns) {}
};

struct Return : Stmt {
  PLANK_STMT_CLASSOF(Return)
  ExprPtr value;  // may be null
  Return(Span s, ExprPtr v) : Stmt(kKind, s), value(std::move(v)) {}
};

// `elif` is a nested If as the only statement of `orelse` (as in Python's ast);
// `is_elif` is set on such a nested If.
struct If : Stmt {
  PLANK_STMT_CLASSOF(If)
  ExprPtr test;
  StmtList body;
  StmtList orelse;
  bool is_elif = false;
  If(Span s, ExprPtr t) : Stmt(kKind, s), test(std::move(t)) {}
};

// `orelse` runs when the loop ends without `break`.
struct While : Stmt {
  PLANK_STMT_CLASSOF(While)
  ExprPtr test;
  StmtList body;
  StmtList orelse;
  While(Span s, ExprPtr t) : Stmt(kKind, s), test(std::move(t)) {}
};

// `for target in iterable:`; target is a Name or a Tuple of targets.
struct For : Stmt {
  PLANK_STMT_CLASSOF(For)
  ExprPtr target;
  ExprPtr iterable;
  StmtList body;
  StmtList orelse;
  bool is_async = false;
  For(Span s, ExprPtr t, ExprPtr i) : Stmt(kKind, s), target(std::move(t)), iterable(std::move(i)) {}
};

struct Break : Stmt {
  PLANK_STMT_CLASSOF(Break)
  explicit Break(Span s) : Stmt(kKind, s) {}
};

struct Continue : Stmt {
  PLANK_STMT_CLASSOF(Continue)
  explicit Continue(Span s) : Stmt(kKind, s) {}
};

struct Pass : Stmt {
  PLANK_STMT_CLASSOF(Pass)
  explicit Pass(Span s) : Stmt(kKind, s) {}
};

struct Assert : Stmt {
  PLANK_STMT_CLASSOF(Assert)
  ExprPtr test;
  ExprPtr message;  // may be null
  Assert(Span s, ExprPtr t, ExprPtr m) : Stmt(kKind, s), test(std::move(t)), message(std::move(m)) {}
};

// `a = b = value`: targets = {a, b}. A target is a Name, Attribute, Subscript, or
// a Tuple/List of targets. Other target expressions are reported by the parser.
struct Assign : Stmt {
  PLANK_STMT_CLASSOF(Assign)
  ExprList targets;
  ExprPtr value;
  Assign(Span s, ExprList t, ExprPtr v) : Stmt(kKind, s), targets(std::move(t)), value(std::move(v)) {}
};

// `target op= value`; target is a Name, Attribute or Subscript.
struct AugAssign : Stmt {
  PLANK_STMT_CLASSOF(AugAssign)
  ExprPtr target;
  BinaryOp op;
  ExprPtr value;
  AugAssign(Span s, ExprPtr t, BinaryOp o, ExprPtr v)
      : Stmt(kKind, s), target(std::move(t)), op(o), value(std::move(v)) {}
};

struct ImportAlias {
  std::string name;     // dotted for `import a.b`; "*" for `from m import *`
  Span span;            // the (dotted) name
  std::string as_name;  // empty when there is no `as`
  Span as_span;
};

// `import a.b as c, d`
struct Import : Stmt {
  PLANK_STMT_CLASSOF(Import)
  std::vector<ImportAlias> names;
  explicit Import(Span s) : Stmt(kKind, s) {}
};

// `from module import a, b as c`
struct FromImport : Stmt {
  PLANK_STMT_CLASSOF(FromImport)
  std::string module;
  Span module_span;
  std::vector<ImportAlias> names;
  FromImport(Span s, std::string m, Span ms) : Stmt(kKind, s), module(std::move(m)), module_span(ms) {}
};

struct ExprStmt : Stmt {
  PLANK_STMT_CLASSOF(ExprStmt)
  ExprPtr value;
  ExprStmt(Span s, ExprPtr v) : Stmt(kKind, s), value(std::move(v)) {}
};

// `@decorators class name(bases, keywords): body`
struct ClassDef : Stmt {
  PLANK_STMT_CLASSOF(ClassDef)
  std::string name;
  Span name_span;
  ExprList bases;
  std::vector<KeywordArg> keywords;  // `metaclass=...` and the like
  StmtList body;
  ExprList decorators;
  ClassDef(Span s, std::string n, Span ns) : Stmt(kKind, s), name(std::move(n)), name_span(ns) {}
};

// `except type as name: body` (type may be null: a bare `except:`).
struct ExceptHandler {
  ExprPtr type;
  std::string name;  // empty without `as`
  Span name_span;
  StmtList body;
  Span span;         // the `except` clause
};

// `try: body except...: else: finally:`
struct Try : Stmt {
  PLANK_STMT_CLASSOF(Try)
  StmtList body;
  std::vector<ExceptHandler> handlers;
  StmtList orelse;
  StmtList finalbody;
  explicit Try(Span s) : Stmt(kKind, s) {}
};

// `raise [exc [from cause]]`
struct Raise : Stmt {
  PLANK_STMT_CLASSOF(Raise)
  ExprPtr exc;    // may be null: re-raise the exception being handled
  ExprPtr cause;  // may be null
  Raise(Span s, ExprPtr e, ExprPtr c) : Stmt(kKind, s), exc(std::move(e)), cause(std::move(c)) {}
};

struct WithItem {
  ExprPtr context;
  ExprPtr target;  // may be null
};

// `with a as x, b: body` (`async with` when is_async)
struct With : Stmt {
  PLANK_STMT_CLASSOF(With)
  std::vector<WithItem> items;
  StmtList body;
  bool is_async = false;
  explicit With(Span s) : Stmt(kKind, s) {}
};

// `global a, b`
struct Global : Stmt {
  PLANK_STMT_CLASSOF(Global)
  std::vector<Identifier> names;
  explicit Global(Span s) : Stmt(kKind, s) {}
};

// `nonlocal a, b`
struct Nonlocal : Stmt {
  PLANK_STMT_CLASSOF(Nonlocal)
  std::vector<Identifier> names;
  explicit Nonlocal(Span s) : Stmt(kKind, s) {}
};

// `del a, b[i], c.d`
struct Delete : Stmt {
  PLANK_STMT_CLASSOF(Delete)
  ExprList targets;
  Delete(Span s, ExprList t) : Stmt(kKind, s), targets(std::move(t)) {}
};

// `target: annotation [= value]`; the annotation is never evaluated.
struct AnnAssign : Stmt {
  PLANK_STMT_CLASSOF(AnnAssign)
  ExprPtr target;
  ExprPtr annotation;
  ExprPtr value;  // may be null
  AnnAssign(Span s, ExprPtr t, ExprPtr a, ExprPtr v)
      : Stmt(kKind, s), target(std::move(t)), annotation(std::move(a)), value(std::move(v)) {}
};
#undef PLANK_STMT_CLASSOF

// ------------------------------------------------------------------ module
struct Module {
  SourceRef file;
  StmtList body;
};

// ------------------------------------------------------------------ RTTI helpers
// On Expr/Stmt pointers: isa<Call>(e), cast<Call>(e), dyn_cast<Call>(e).
template <typename T, typename B>
bool isa(const B* node) {
  return node != nullptr && T::classof(node);
}
template <typename T, typename B>
T* cast(B* node) {
  assert(isa<T>(node) && "cast<T>() to the wrong node kind");
  return static_cast<T*>(node);
}
template <typename T, typename B>
const T* cast(const B* node) {
  assert(isa<T>(node) && "cast<T>() to the wrong node kind");
  return static_cast<const T*>(node);
}
template <typename T, typename B>
T* dyn_cast(B* node) {
  return isa<T>(node) ? static_cast<T*>(node) : nullptr;
}
template <typename T, typename B>
const T* dyn_cast(const B* node) {
  return isa<T>(node) ? static_cast<const T*>(node) : nullptr;
}

const char* kind_name(ExprKind k);  // "IntLiteral", "Call", ...
const char* kind_name(StmtKind k);  // "FunctionDef", "Assign", ...

}  // namespace plank::ast
