// Parse tree -> Plank AST: see transformer.h.
#include "compiler/frontend/transformer.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <functional>
#include <typeinfo>

#include "compiler/frontend/literals.h"
#include "compiler/frontend/parser.h"
#include "support/utf8.h"

namespace plank::frontend {
namespace {

using antlr4::Token;
using antlr4::tree::TerminalNode;
using P = grammar::PlankParser;

// F-strings nest (a field's format spec holds fields, a field's expression
// may hold an f-string): bounded like Python's own limit.
constexpr int kMaxFstringDepth = 20;

class Transformer {
 public:
  // `text` is what the token offsets index; every span is shifted by `offset`
  // (an f-string field's expression is parsed on its own).
  Transformer(const std::string& text, std::vector<Problem>& problems, uint32_t offset = 0, int fstring_depth = 0)
      : text_(text), problems_(problems), offset_(offset), fstring_depth_(fstring_depth) {}

  void file(P::File_inputContext* ctx, ast::StmtList& out) {
    for (auto* s : ctx->stmt()) stmt(s, out);
  }

  ast::ExprPtr expression(P::TestContext* ctx) { return test(ctx); }

  ast::ExprPtr fstring_field(P::Fstring_exprContext* ctx) {
    if (auto* y = ctx->yield_expr()) return yield_expr(y);
    return testlist_star(ctx->testlist_star_expr());
  }

 private:
  struct DepthGuard {
    Transformer& b;
    DepthGuard(Transformer& builder, antlr4::ParserRuleContext* ctx, size_t extra = 1) : b(builder) {
      b.depth_ += extra;
      extra_ = extra;
      if (b.depth_ > static_cast<size_t>(kMaxExprDepth)) throw TooDeep{b.span(ctx)};
    }
    ~DepthGuard() { b.depth_ -= extra_; }
    size_t extra_;
  };

  void error(Span s, std::string msg) { problems_.push_back({s, std::move(msg)}); }

  std::string text(Token* t) const {
    size_t b = t->getStartIndex(), e = t->getStopIndex() + 1;
    return e > b ? text_.substr(b, e - b) : std::string();
  }
  std::string text(TerminalNode* n) const { return text(n->getSymbol()); }
  Span span(Token* t) const {
    uint32_t b = static_cast<uint32_t>(t->getStartIndex());
    uint32_t e = static_cast<uint32_t>(t->getStopIndex() + 1);
    return {b + offset_, std::max(b, e) + offset_};
  }
  Span span(TerminalNode* n) const { return span(n->getSymbol()); }
  Span span(antlr4::ParserRuleContext* ctx) const {
    Span a = span(ctx->getStart());
    Token* stop = ctx->getStop();
    if (!stop || stop->getStopIndex() + 1 < ctx->getStart()->getStartIndex()) return a;
    // A trailing NEWLINE / DEDENT is not part of a statement's span.
    Span b = span(stop);
    return {a.begin, std::max(a.end, b.end)};
  }
  Span stmt_span(antlr4::ParserRuleContext* ctx, Span last) const { return {span(ctx->getStart()).begin, last.end}; }

  // ---------------------------------------------------------- statements
  void stmt(P::StmtContext* ctx, ast::StmtList& out) {
    try {
      if (auto* s = ctx->simple_stmts()) {
        simple(s, out);
      } else if (auto st = compound(ctx->compound_stmt())) {
        out.push_back(std::move(st));
      }
    } catch (const TooDeep& e) {
      error(e.span, "expression nesting too deep (more than " + std::to_string(kMaxExprDepth) + " levels)");
      depth_ = 0;
    }
  }

  void simple(P::Simple_stmtsContext* ctx, ast::StmtList& out) {
    for (auto* s : ctx->small_stmt()) {
      if (auto st = small(s)) out.push_back(std::move(st));
    }
  }

  void suite(P::SuiteContext* ctx, ast::StmtList& out) {
    if (auto* s = ctx->simple_stmts()) {
      simple(s, out);
      return;
    }
    for (auto* s : ctx->stmt()) stmt(s, out);
  }

  static Span last_span(const ast::StmtList& body, Span fallback) { return body.empty() ? fallback : body.back()->span; }

  ast::StmtPtr compound(P::Compound_stmtContext* ctx) {
    if (auto* c = ctx->if_stmt()) return if_stmt(c);
    if (auto* c = ctx->while_stmt()) return while_stmt(c);
    if (auto* c = ctx->for_stmt()) return for_stmt(c);
    if (auto* c = ctx->try_stmt()) return try_stmt(c);
    if (auto* c = ctx->with_stmt()) return with_stmt(c);
    if (auto* c = ctx->funcdef()) return funcdef(c);
    if (auto* c = ctx->classdef()) return classdef(c);
    if (auto* c = ctx->decorated()) return decorated(c);
    auto* a = ctx->async_stmt();
    if (!a) return nullptr;
    if (auto* f = a->funcdef()) return async_of(funcdef(f), a);
    if (auto* w = a->with_stmt()) return async_of(with_stmt(w), a);
    return async_of(for_stmt(a->for_stmt()), a);
  }

  // `async def` / `async with` / `async for`: the statement's span starts at `async`.
  ast::StmtPtr async_of(ast::StmtPtr s, antlr4::ParserRuleContext* ctx) {
    s->span.begin = span(ctx->getStart()).begin;
    if (auto* f = ast::dyn_cast<ast::FunctionDef>(s.get())) f->is_async = true;
    if (auto* w = ast::dyn_cast<ast::With>(s.get())) w->is_async = true;
    if (auto* f = ast::dyn_cast<ast::For>(s.get())) f->is_async = true;
    return s;
  }

  ast::StmtPtr if_stmt(P::If_stmtContext* c) {
    auto tests = c->namedexpr_test();
    auto suites = c->suite();
    // Build from the last clause backwards so each elif nests in the previous else.
    ast::StmtList orelse;
    if (suites.size() > tests.size()) suite(suites.back(), orelse);
    ast::StmtPtr result;
    for (size_t i = tests.size(); i-- > 0;) {
      Token* kw = i == 0 ? c->IF()->getSymbol() : c->ELIF(i - 1)->getSymbol();
      auto node = std::make_unique<ast::If>(Span{}, namedexpr(tests[i]));
      suite(suites[i], node->body);
      node->orelse = std::move(orelse);
      node->is_elif = i > 0;
      Span end = last_span(node->orelse, last_span(node->body, span(tests[i])));
      node->span = {span(kw).begin, end.end};
      orelse.clear();
      if (i == 0) {
        result = std::move(node);
      } else {
        orelse.push_back(std::move(node));
      }
    }
    return result;
  }

  ast::StmtPtr while_stmt(P::While_stmtContext* c) {
    auto node = std::make_unique<ast::While>(Span{}, namedexpr(c->namedexpr_test()));
    auto suites = c->suite();
    suite(suites[0], node->body);
    if (suites.size() > 1) suite(suites[1], node->orelse);
    node->span = stmt_span(c, last_span(node->orelse, last_span(node->body, span(c->namedexpr_test()))));
    return node;
  }

  ast::StmtPtr for_stmt(P::For_stmtContext* c) {
    auto target = exprlist(c->exprlist());
    check_target(*target, "for");
    auto node = std::make_unique<ast::For>(Span{}, std::move(target), testlist(c->testlist()));
    auto suites = c->suite();
    suite(suites[0], node->body);
    if (suites.size() > 1) suite(suites[1], node->orelse);
    node->span = stmt_span(c, last_span(node->orelse, last_span(node->body, span(c->testlist()))));
    return node;
  }

  ast::StmtPtr try_stmt(P::Try_stmtContext* c) {
    auto node = std::make_unique<ast::Try>(Span{});
    auto suites = c->suite();
    size_t k = 0;
    suite(suites[k++], node->body);
    auto clauses = c->except_clause();
    for (size_t i = 0; i < clauses.size(); ++i) {
      auto* ec = clauses[i];
      ast::ExceptHandler h;
      h.span = span(ec);
      if (ec->test()) h.type = test(ec->test());
      if (ec->NAME()) {
        h.name = text(ec->NAME());
        h.name_span = span(ec->NAME());
      }
      if (!h.type && i + 1 < clauses.size()) error(h.span, "default 'except:' must be last");
      suite(suites[k++], h.body);
      node->handlers.push_back(std::move(h));
    }
    if (c->ELSE()) suite(suites[k++], node->orelse);
    if (c->FINALLY()) suite(suites[k++], node->finalbody);
    Span last = span(c->getStart());
    if (!node->finalbody.empty()) last = node->finalbody.back()->span;
    else if (!node->orelse.empty()) last = node->orelse.back()->span;
    else if (!node->handlers.empty()) last = last_span(node->handlers.back().body, node->handlers.back().span);
    else last = last_span(node->body, last);
    node->span = stmt_span(c, last);
    return node;
  }

  ast::StmtPtr with_stmt(P::With_stmtContext* c) {
    auto node = std::make_unique<ast::With>(Span{});
    for (auto* item : c->with_item()) {
      ast::WithItem w;
      w.context = test(item->test());
      if (item->expr()) {
        w.target = expr(item->expr());
        check_target(*w.target, "with");
      }
      node->items.push_back(std::move(w));
    }
    suite(c->suite(), node->body);
    node->span = stmt_span(c, last_span(node->body, span(c->getStart())));
    return node;
  }

  ast::StmtPtr funcdef(P::FuncdefContext* c) {
    auto node = std::make_unique<ast::FunctionDef>(Span{}, text(c->NAME()), span(c->NAME()));
    if (c->parameters()) node->params = params(c->parameters());
    if (c->test()) node->returns = test(c->test());
    suite(c->suite(), node->body);
    node->span = stmt_span(c, last_span(node->body, span(c->NAME())));
    return node;
  }

  ast::StmtPtr classdef(P::ClassdefContext* c) {
    auto node = std::make_unique<ast::ClassDef>(Span{}, text(c->NAME()), span(c->NAME()));
    if (auto* args = c->arglist()) {
      ast::Call call(span(args), nullptr);
      arguments(args, call);
      node->bases = std::move(call.args);
      node->keywords = std::move(call.keywords);
      for (auto& b : node->bases)
        if (ast::isa<ast::Starred>(b.get())) error(b->span, "unpacking in a class's bases is not supported");
    }
    suite(c->suite(), node->body);
    node->span = stmt_span(c, last_span(node->body, span(c->NAME())));
    return node;
  }

  ast::StmtPtr decorated(P::DecoratedContext* c) {
    ast::ExprList decorators;
    for (auto* d : c->decorator()) decorators.push_back(namedexpr(d->namedexpr_test()));
    ast::StmtPtr target;
    if (auto* f = c->funcdef()) target = funcdef(f);
    else if (auto* k = c->classdef()) target = classdef(k);
    else target = async_of(funcdef(c->async_funcdef()->funcdef()), c->async_funcdef());
    if (auto* f = ast::dyn_cast<ast::FunctionDef>(target.get())) f->decorators = std::move(decorators);
    if (auto* k = ast::dyn_cast<ast::ClassDef>(target.get())) k->decorators = std::move(decorators);
    target->span.begin = span(c->getStart()).begin;
    return target;
  }

  // Python's rules for a parameter list, each violation reported where it is:
  // [positional-only /] positional [*args | *] keyword-only [**kwargs].
  struct ParamOrder {
    Transformer& t;
    std::vector<ast::Param>& out;
    bool seen_default = false, seen_star = false, seen_kwargs = false, seen_slash = false;
    bool bare_star = false;
    Span bare_star_span{};

    void add(ast::Param p) {
      for (const auto& q : out)
        if (q.name == p.name) t.error(p.span, "duplicate parameter '" + p.name + "'");
      if (seen_kwargs) t.error(p.span, "parameter '" + p.name + "' follows '**" + out.back().name + "'");
      if (p.kind == ast::ParamKind::VarArgs) {
        if (seen_star) t.error(p.span, "* argument may appear only once");
        seen_star = true;
      } else if (p.kind == ast::ParamKind::VarKeywords) {
        seen_kwargs = true;
      } else if (seen_star) {
        p.kind = ast::ParamKind::KeywordOnly;
        bare_star = false;
      } else if (p.default_) {
        seen_default = true;
      } else if (seen_default) {
        t.error(p.span, "parameter '" + p.name + "' without a default follows a parameter with a default");
      }
      out.push_back(std::move(p));
    }
    void star(Span s) {
      if (seen_star) t.error(s, "* argument may appear only once");
      seen_star = true;
      bare_star = true;
      bare_star_span = s;
    }
    void slash(Span s) {
      if (seen_slash) t.error(s, "/ may appear only once");
      else if (seen_star) t.error(s, "/ must be ahead of *");
      else if (out.empty()) t.error(s, "at least one argument must precede /");
      seen_slash = true;
      for (auto& p : out)
        if (p.kind == ast::ParamKind::Normal) p.kind = ast::ParamKind::PositionalOnly;
    }
    void finish() {
      if (bare_star) t.error(bare_star_span, "named arguments must follow bare *");
    }
  };

  std::vector<ast::Param> params(P::ParametersContext* ctx) {
    std::vector<ast::Param> out;
    ParamOrder order{*this, out, false, false, false, false, false, Span{}};
    for (auto* p : ctx->param()) {
      if (auto* c = dynamic_cast<P::PlainParamContext*>(p)) {
        ast::Param param{text(c->NAME()), span(c->NAME()), nullptr, ast::ParamKind::Normal, nullptr};
        auto tests = c->test();
        size_t k = 0;
        if (c->COLON()) param.annotation = test(tests[k++]);
        if (c->ASSIGN()) param.default_ = test(tests[k++]);
        order.add(std::move(param));
      } else if (auto* c = dynamic_cast<P::StarParamContext*>(p)) {
        if (!c->NAME()) {
          order.star(span(c));
          continue;
        }
        ast::Param param{text(c->NAME()), span(c->NAME()), nullptr, ast::ParamKind::VarArgs, nullptr};
        if (c->test()) param.annotation = test(c->test());
        order.add(std::move(param));
      } else if (auto* c = dynamic_cast<P::DoubleStarParamContext*>(p)) {
        ast::Param param{text(c->NAME()), span(c->NAME()), nullptr, ast::ParamKind::VarKeywords, nullptr};
        if (c->test()) param.annotation = test(c->test());
        order.add(std::move(param));
      } else {
        order.slash(span(p));
      }
    }
    order.finish();
    return out;
  }

  std::vector<ast::Param> lambda_params(P::Lambda_paramsContext* ctx) {
    std::vector<ast::Param> out;
    ParamOrder order{*this, out, false, false, false, false, false, Span{}};
    for (auto* p : ctx->lambda_param()) {
      if (auto* c = dynamic_cast<P::PlainLambdaParamContext*>(p)) {
        ast::Param param{text(c->NAME()), span(c->NAME()), nullptr, ast::ParamKind::Normal, nullptr};
        if (c->test()) param.default_ = test(c->test());
        order.add(std::move(param));
      } else if (auto* c = dynamic_cast<P::StarLambdaParamContext*>(p)) {
        if (!c->NAME()) {
          order.star(span(c));
          continue;
        }
        order.add(ast::Param{text(c->NAME()), span(c->NAME()), nullptr, ast::ParamKind::VarArgs, nullptr});
      } else if (auto* c = dynamic_cast<P::DoubleStarLambdaParamContext*>(p)) {
        order.add(ast::Param{text(c->NAME()), span(c->NAME()), nullptr, ast::ParamKind::VarKeywords, nullptr});
      } else {
        order.slash(span(p));
      }
    }
    order.finish();
    return out;
  }

  std::vector<ast::Identifier> names(const std::vector<TerminalNode*>& ns) {
    std::vector<ast::Identifier> out;
    for (auto* n : ns) out.push_back({text(n), span(n)});
    return out;
  }

  ast::StmtPtr small(P::Small_stmtContext* ctx) {
    Span s = span(ctx);
    if (auto* c = dynamic_cast<P::ExprStmtContext*>(ctx)) return expr_stmt(c->expr_stmt());
    if (dynamic_cast<P::PassStmtContext*>(ctx)) return std::make_unique<ast::Pass>(s);
    if (dynamic_cast<P::BreakStmtContext*>(ctx)) return std::make_unique<ast::Break>(s);
    if (dynamic_cast<P::ContinueStmtContext*>(ctx)) return std::make_unique<ast::Continue>(s);
    if (auto* c = dynamic_cast<P::ReturnStmtContext*>(ctx))
      return std::make_unique<ast::Return>(s, c->testlist_star_expr() ? testlist_star(c->testlist_star_expr()) : nullptr);
    if (auto* c = dynamic_cast<P::RaiseStmtContext*>(ctx)) {
      auto tests = c->test();
      return std::make_unique<ast::Raise>(s, tests.empty() ? nullptr : test(tests[0]),
                                          tests.size() > 1 ? test(tests[1]) : nullptr);
    }
    if (auto* c = dynamic_cast<P::GlobalStmtContext*>(ctx)) {
      auto node = std::make_unique<ast::Global>(s);
      node->names = names(c->NAME());
      return node;
    }
    if (auto* c = dynamic_cast<P::NonlocalStmtContext*>(ctx)) {
      auto node = std::make_unique<ast::Nonlocal>(s);
      node->names = names(c->NAME());
      return node;
    }
    if (auto* c = dynamic_cast<P::DelStmtContext*>(ctx)) {
      auto targets = exprlist(c->exprlist());
      ast::ExprList xs;
      if (auto* t = ast::dyn_cast<ast::TupleExpr>(targets.get()); t && t->span.begin == span(c->exprlist()).begin &&
                                                                 !c->exprlist()->COMMA().empty()) {
        xs = std::move(t->elements);
      } else {
        xs.push_back(std::move(targets));
      }
      for (auto& x : xs) check_target(*x, "del");
      return std::make_unique<ast::Delete>(s, std::move(xs));
    }
    if (auto* c = dynamic_cast<P::AssertStmtContext*>(ctx)) {
      auto tests = c->test();
      return std::make_unique<ast::Assert>(s, test(tests[0]), tests.size() > 1 ? test(tests[1]) : nullptr);
    }
    if (auto* c = dynamic_cast<P::ImportStmtContext*>(ctx)) {
      auto node = std::make_unique<ast::Import>(s);
      for (auto* d : c->dotted_as_name()) {
        ast::ImportAlias a{text_of(d->dotted_name()), span(d->dotted_name()), {}, {}};
        if (d->NAME()) a.as_name = text(d->NAME()), a.as_span = span(d->NAME());
        node->names.push_back(std::move(a));
      }
      return node;
    }
    auto* c = dynamic_cast<P::FromImportStmtContext*>(ctx);
    if (!c) return nullptr;
    auto node = std::make_unique<ast::FromImport>(s, text_of(c->dotted_name()), span(c->dotted_name()));
    if (!c->import_as_names()) {
      node->names.push_back({"*", span(c->STAR()), {}, {}});
      return node;
    }
    for (auto* n : c->import_as_names()->import_as_name()) {
      auto ns = n->NAME();
      ast::ImportAlias a{text(ns[0]), span(ns[0]), {}, {}};
      if (ns.size() > 1) a.as_name = text(ns[1]), a.as_span = span(ns[1]);
      node->names.push_back(std::move(a));
    }
    return node;
  }

  std::string text_of(P::Dotted_nameContext* ctx) {
    std::string out;
    for (auto* n : ctx->NAME()) {
      if (!out.empty()) out += '.';
      out += text(n);
    }
    return out;
  }


  ast::StmtPtr expr_stmt(P::Expr_stmtContext* ctx) {
    Span s = span(ctx);
    // The right-hand sides in order: each is a testlist_star_expr or a yield_expr.
    std::vector<antlr4::ParserRuleContext*> parts;
    for (auto* ch : ctx->children) {
      if (auto* t = exactly<P::Testlist_star_exprContext>(ch)) parts.push_back(t);
      else if (auto* y = exactly<P::Yield_exprContext>(ch)) parts.push_back(y);
      else if (auto* l = exactly<P::TestlistContext>(ch)) parts.push_back(l);
    }
    auto value_of = [&](antlr4::ParserRuleContext* r) -> ast::ExprPtr {
      if (auto* y = exactly<P::Yield_exprContext>(r)) return yield_expr(y);
      if (auto* t = exactly<P::TestlistContext>(r)) return testlist(t);
      return testlist_star(static_cast<P::Testlist_star_exprContext*>(r));
    };
    if (auto* ann = ctx->annassign()) {
      auto target = value_of(parts[0]);
      if (!ast::isa<ast::Name>(target.get()) && !ast::isa<ast::Attribute>(target.get()) &&
          !ast::isa<ast::Subscript>(target.get()))
        error(target->span, "only a single name, attribute or subscript can be annotated");
      ast::ExprPtr value;
      if (ann->yield_expr()) value = yield_expr(ann->yield_expr());
      else if (ann->testlist_star_expr()) value = testlist_star(ann->testlist_star_expr());
      return std::make_unique<ast::AnnAssign>(s, std::move(target), test(ann->test()), std::move(value));
    }
    if (parts.size() == 1) {
      auto e = value_of(parts[0]);
      if (ast::isa<ast::Starred>(e.get())) error(e->span, "can't use starred expression here");
      return std::make_unique<ast::ExprStmt>(s, std::move(e));
    }
    if (auto* aug = ctx->augassign()) {
      auto target = value_of(parts[0]);
      if (!ast::isa<ast::Name>(target.get()) && !ast::isa<ast::Attribute>(target.get()) &&
          !ast::isa<ast::Subscript>(target.get()))
        error(target->span, "'" + describe(*target) + "' is an illegal target for augmented assignment");
      return std::make_unique<ast::AugAssign>(s, std::move(target), augmented_operator(aug->getStart()->getType()),
                                              value_of(parts[1]));
    }
    ast::ExprList targets;
    for (size_t i = 0; i + 1 < parts.size(); ++i) {
      targets.push_back(value_of(parts[i]));
      check_target(*targets.back(), "assignment");
    }
    return std::make_unique<ast::Assign>(s, std::move(targets), value_of(parts.back()));
  }

  static std::string describe(const ast::Expr& e) {
    switch (e.kind) {
      case ast::ExprKind::Call: return "function call";
      case ast::ExprKind::IntLiteral: case ast::ExprKind::FloatLiteral: case ast::ExprKind::StringLiteral:
      case ast::ExprKind::BoolLiteral: case ast::ExprKind::NoneLiteral: case ast::ExprKind::BytesLiteral:
      case ast::ExprKind::Ellipsis: return "literal";
      case ast::ExprKind::JoinedStr: return "f-string expression";
      case ast::ExprKind::Tuple: return "tuple";
      case ast::ExprKind::List: return "list";
      case ast::ExprKind::Dict: return "dict literal";
      case ast::ExprKind::Set: return "set display";
      case ast::ExprKind::Binary: case ast::ExprKind::Unary: return "expression";
      case ast::ExprKind::Compare: return "comparison";
      case ast::ExprKind::BoolOp: return "expression";
      case ast::ExprKind::Conditional: return "conditional expression";
      case ast::ExprKind::Lambda: return "lambda";
      case ast::ExprKind::Comprehension: {
        static const char* names[] = {"list comprehension", "set comprehension", "dict comprehension",
                                      "generator expression"};
        return names[static_cast<int>(static_cast<const ast::Comprehension&>(e).comp)];
      }
      case ast::ExprKind::Yield: case ast::ExprKind::YieldFrom: return "yield expression";
      case ast::ExprKind::Await: return "await expression";
      case ast::ExprKind::NamedExpr: return "named expression";
      default: return "expression";
    }
  }

  // `where`: "assignment", "for", "with", "del". Python's rules: names,
  // attributes, subscripts, and (except for del) tuples and lists of targets
  // with at most one starred target each.
  void check_target(const ast::Expr& e, const char* where) {
    std::string w(where);
    switch (e.kind) {
      case ast::ExprKind::Name: case ast::ExprKind::Attribute: case ast::ExprKind::Subscript: return;
      case ast::ExprKind::Tuple:
      case ast::ExprKind::List: {
        const auto& xs = e.kind == ast::ExprKind::Tuple ? static_cast<const ast::TupleExpr&>(e).elements
                                                        : static_cast<const ast::ListExpr&>(e).elements;
        int stars = 0;
        for (const auto& x : xs) {
          if (auto* st = ast::dyn_cast<ast::Starred>(x.get())) {
            if (w == "del") error(x->span, "cannot delete starred");
            else if (++stars > 1) error(x->span, "multiple starred expressions in assignment");
            check_target(*st->value, where);
          } else {
            check_target(*x, where);
          }
        }
        return;
      }
      case ast::ExprKind::Starred:
        if (w == "del") error(e.span, "cannot delete starred");
        else error(e.span, "starred assignment target must be in a list or tuple");
        return;
      default: {
        std::string msg = (w == "del" ? "cannot delete " : "cannot assign to ") + describe(e);
        if (w == "assignment" && (ast::isa<ast::Compare>(&e) || e.kind == ast::ExprKind::Call))
          msg += " (did you mean '=='?)";
        error(e.span, msg);
      }
    }
  }

  // ---------------------------------------------------------- expressions
  ast::ExprPtr testlist(P::TestlistContext* ctx) {
    auto tests = ctx->test();
    if (tests.size() == 1 && ctx->COMMA().empty()) return test(tests[0]);
    ast::ExprList xs;
    for (auto* t : tests) xs.push_back(test(t));
    return std::make_unique<ast::TupleExpr>(span(ctx), std::move(xs));
  }

  // The one child of a rule context when it has exactly one and it is a T. An
  // operand with no operator (`1` in `x = 1`) is a chain of nine one-child
  // contexts (test, or_test, ... expr, factor, power, atom_expr); ANTLR's accessors
  // build a vector and run two dynamic_casts per child at every level, a fifth
  // of a 100,000-line program's front end. typeid of the exact class compares
  // one pointer on a match. Only for unlabelled rules, whose contexts are of
  // exactly that class (a labelled rule's are subclasses, one per alternative).
  template <typename T>
  static T* exactly(antlr4::tree::ParseTree* node) {
    return typeid(*node) == typeid(T) ? static_cast<T*>(node) : nullptr;
  }
  template <typename T>
  static T* sole(antlr4::ParserRuleContext* ctx) {
    return ctx->children.size() == 1 ? exactly<T>(ctx->children[0]) : nullptr;
  }
  // A token's node (an error node is one too, though the trees the transformer sees hold none).
  static bool is_token(antlr4::tree::ParseTree* node) {
    const std::type_info& t = typeid(*node);
    return t == typeid(antlr4::tree::TerminalNodeImpl) || t == typeid(antlr4::tree::ErrorNodeImpl);
  }

  // Items of a rule that mixes `test`/`expr` children with `star_expr` ones, in order.
  template <class Ctx, class Fn>
  ast::ExprList starred_items(Ctx* ctx, Fn item) {
    ast::ExprList xs;
    for (auto* ch : ctx->children) {
      if (auto* st = exactly<P::Star_exprContext>(ch)) {
        xs.push_back(star_expr(st));
      } else if (!is_token(ch)) {
        xs.push_back(item(static_cast<antlr4::ParserRuleContext*>(ch)));
      }
    }
    return xs;
  }

  ast::ExprPtr star_expr(P::Star_exprContext* st) {
    DepthGuard g(*this, st);
    return std::make_unique<ast::Starred>(span(st), expr(st->expr()));
  }

  ast::ExprPtr testlist_star(P::Testlist_star_exprContext* ctx) {
    auto xs = starred_items(ctx, [&](antlr4::ParserRuleContext* r) { return test(static_cast<P::TestContext*>(r)); });
    if (xs.size() == 1 && ctx->COMMA().empty()) return std::move(xs[0]);
    return std::make_unique<ast::TupleExpr>(span(ctx), std::move(xs));
  }

  ast::ExprPtr exprlist(P::ExprlistContext* ctx) {
    auto xs = starred_items(ctx, [&](antlr4::ParserRuleContext* r) { return expr(static_cast<P::ExprContext*>(r)); });
    if (xs.size() == 1 && ctx->COMMA().empty()) return std::move(xs[0]);
    return std::make_unique<ast::TupleExpr>(span(ctx), std::move(xs));
  }

  ast::ExprPtr namedexpr(P::Namedexpr_testContext* ctx) {
    auto tests = ctx->test();
    if (tests.size() == 1) return test(tests[0]);
    DepthGuard g(*this, ctx);
    auto target = test(tests[0]);
    if (!ast::isa<ast::Name>(target.get()))
      error(target->span, "cannot use assignment expressions with " + describe(*target));
    return std::make_unique<ast::NamedExpr>(span(ctx), std::move(target), test(tests[1]));
  }

  ast::ExprPtr test(P::TestContext* ctx) {
    DepthGuard g(*this, ctx);
    if (auto* o = sole<P::Or_testContext>(ctx)) return or_test(o);
    if (auto* l = ctx->lambdef()) {
      std::vector<ast::Param> ps;
      if (l->lambda_params()) ps = lambda_params(l->lambda_params());
      return std::make_unique<ast::Lambda>(span(l), std::move(ps), test(l->test()));
    }
    auto ors = ctx->or_test();
    if (ors.size() == 1) return or_test(ors[0]);
    auto body = or_test(ors[0]);
    auto cond = or_test(ors[1]);
    return std::make_unique<ast::Conditional>(span(ctx), std::move(cond), std::move(body), test(ctx->test()));
  }

  ast::ExprPtr or_test(P::Or_testContext* ctx) {
    if (auto* a = sole<P::And_testContext>(ctx)) return and_test(a);
    auto parts = ctx->and_test();
    if (parts.size() == 1) return and_test(parts[0]);
    DepthGuard g(*this, ctx);
    ast::ExprList xs;
    for (auto* p : parts) xs.push_back(and_test(p));
    return std::make_unique<ast::BoolOp>(span(ctx), ast::BoolOpKind::Or, std::move(xs));
  }

  ast::ExprPtr and_test(P::And_testContext* ctx) {
    if (auto* n = sole<P::Not_testContext>(ctx)) return not_test(n);
    auto parts = ctx->not_test();
    if (parts.size() == 1) return not_test(parts[0]);
    DepthGuard g(*this, ctx);
    ast::ExprList xs;
    for (auto* p : parts) xs.push_back(not_test(p));
    return std::make_unique<ast::BoolOp>(span(ctx), ast::BoolOpKind::And, std::move(xs));
  }

  ast::ExprPtr not_test(P::Not_testContext* ctx) {
    if (auto* c = sole<P::ComparisonContext>(ctx)) return comparison(c);
    if (ctx->comparison()) return comparison(ctx->comparison());
    DepthGuard g(*this, ctx);
    return std::make_unique<ast::Unary>(span(ctx), ast::UnaryOp::Not, not_test(ctx->not_test()));
  }

  ast::ExprPtr comparison(P::ComparisonContext* ctx) {
    if (auto* e = sole<P::ExprContext>(ctx)) return expr(e);
    auto items = ctx->expr();
    if (items.size() == 1) return expr(items[0]);
    DepthGuard g(*this, ctx);
    auto node = std::make_unique<ast::Compare>(span(ctx), expr(items[0]));
    auto ops = ctx->comp_op();
    for (size_t i = 0; i < ops.size(); ++i) {
      auto* op = ops[i];
      size_t a = op->getStart()->getType();
      size_t b = op->getStop()->getType();
      ast::CompareOp k;
      switch (a) {
        case P::LT: k = ast::CompareOp::Lt; break;
        case P::GT: k = ast::CompareOp::Gt; break;
        case P::EQ: k = ast::CompareOp::Eq; break;
        case P::GE: k = ast::CompareOp::Ge; break;
        case P::LE: k = ast::CompareOp::Le; break;
        case P::NE: k = ast::CompareOp::Ne; break;
        case P::IN: k = ast::CompareOp::In; break;
        case P::NOT: k = ast::CompareOp::NotIn; break;
        default: k = b == P::NOT ? ast::CompareOp::IsNot : ast::CompareOp::Is; break;
      }
      node->ops.push_back(k);
      node->op_spans.push_back(span(op));
      node->comparators.push_back(expr(items[i + 1]));
    }
    return node;
  }

  static bool binary_op_of(size_t type, ast::BinaryOp* op) {
    switch (type) {
      case P::PLUS: *op = ast::BinaryOp::Add; return true;
      case P::MINUS: *op = ast::BinaryOp::Sub; return true;
      case P::STAR: *op = ast::BinaryOp::Mul; return true;
      case P::AT: *op = ast::BinaryOp::MatMul; return true;
      case P::SLASH: *op = ast::BinaryOp::Div; return true;
      case P::FLOORDIV: *op = ast::BinaryOp::FloorDiv; return true;
      case P::PERCENT: *op = ast::BinaryOp::Mod; return true;
      case P::VBAR: *op = ast::BinaryOp::BitOr; return true;
      case P::CIRCUMFLEX: *op = ast::BinaryOp::BitXor; return true;
      case P::AMPER: *op = ast::BinaryOp::BitAnd; return true;
      case P::LSHIFT: *op = ast::BinaryOp::LShift; return true;
      case P::RSHIFT: *op = ast::BinaryOp::RShift; return true;
      default: return false;
    }
  }

  // Python's binding strength of a binary operator (| loosest, then ^, &, shifts, + -, * @ / // %).
  static int precedence(ast::BinaryOp op) {
    switch (op) {
      case ast::BinaryOp::BitOr: return 1;
      case ast::BinaryOp::BitXor: return 2;
      case ast::BinaryOp::BitAnd: return 3;
      case ast::BinaryOp::LShift:
      case ast::BinaryOp::RShift: return 4;
      case ast::BinaryOp::Add:
      case ast::BinaryOp::Sub: return 5;
      default: return 6;
    }
  }

  // factor (op factor)*, flat in the grammar: grouped here by precedence, each level
  // left-associative (operator precedence with two stacks). A node's span runs from its
  // left operand's start to its right operand's end, parentheses around them included (as
  // CPython's columns, which a traceback's markers follow); its operator's span is the token's.
  ast::ExprPtr expr(P::ExprContext* ctx) {
    if (auto* f = sole<P::FactorContext>(ctx)) return factor(f);
    const size_t n = (ctx->children.size() + 1) / 2;
    DepthGuard g(*this, ctx, n);
    struct Pending {
      ast::BinaryOp op;
      Span span;
    };
    std::vector<ast::ExprPtr> operands;
    std::vector<Span> written;  // each operand's source, parentheses included
    std::vector<Pending> ops;
    auto reduce = [&] {
      auto rhs = std::move(operands.back());
      operands.pop_back();
      auto lhs = std::move(operands.back());
      operands.pop_back();
      Span s = {written[written.size() - 2].begin, written.back().end};
      written.pop_back();
      written.back() = s;
      operands.push_back(
          std::make_unique<ast::Binary>(s, ops.back().op, ops.back().span, std::move(lhs), std::move(rhs)));
      ops.pop_back();
    };
    for (auto* ch : ctx->children) {
      if (auto* f = exactly<P::FactorContext>(ch)) {
        operands.push_back(factor(f));
        written.push_back(span(f));
        continue;
      }
      auto* tn = static_cast<TerminalNode*>(ch);
      ast::BinaryOp op;
      if (!binary_op_of(tn->getSymbol()->getType(), &op)) continue;
      while (!ops.empty() && precedence(ops.back().op) >= precedence(op)) reduce();
      ops.push_back({op, span(tn)});
    }
    while (!ops.empty()) reduce();
    return std::move(operands.back());
  }

  ast::ExprPtr factor(P::FactorContext* ctx) {
    if (auto* p = sole<P::PowerContext>(ctx)) return power(p);
    if (ctx->power()) return power(ctx->power());
    DepthGuard g(*this, ctx);
    size_t t = ctx->getStart()->getType();
    auto op = t == P::MINUS ? ast::UnaryOp::Neg : t == P::TILDE ? ast::UnaryOp::Invert : ast::UnaryOp::Pos;
    return std::make_unique<ast::Unary>(span(ctx), op, factor(ctx->factor()));
  }

  ast::ExprPtr power(P::PowerContext* ctx) {
    if (auto* a = sole<P::Atom_exprContext>(ctx)) return atom_expr(a);
    auto base = atom_expr(ctx->atom_expr());
    if (auto* await = ctx->AWAIT()) {
      Span s = {span(await).begin, base->span.end};
      base = std::make_unique<ast::Await>(s, std::move(base));
    }
    if (!ctx->factor()) return base;
    DepthGuard g(*this, ctx);
    auto exp = factor(ctx->factor());
    return std::make_unique<ast::Binary>(span(ctx), ast::BinaryOp::Pow, span(ctx->POWER()), std::move(base),
                                         std::move(exp));
  }

  ast::ExprPtr atom_expr(P::Atom_exprContext* ctx) {
    if (ctx->children.size() == 1) {  // no trailers (atom is labelled: its context is a subclass, so no sole<>)
      DepthGuard g(*this, ctx, 1);
      return atom(ctx->atom());
    }
    auto trailers = ctx->trailer();
    DepthGuard g(*this, ctx, trailers.size() + 1);
    auto e = atom(ctx->atom());
    uint32_t begin = span(ctx->atom()).begin;  // `(f)(x)` starts at its `(`, as in CPython
    for (auto* t : trailers) {
      Span s = {begin, span(t).end};
      if (auto* c = dynamic_cast<P::CallTrailerContext*>(t)) {
        auto call = std::make_unique<ast::Call>(s, std::move(e));
        if (auto* args = c->arglist()) arguments(args, *call);
        e = std::move(call);
      } else if (auto* c = dynamic_cast<P::IndexTrailerContext*>(t)) {
        e = std::make_unique<ast::Subscript>(s, std::move(e), subscripts(c->subscriptlist()));
      } else if (auto* c = dynamic_cast<P::AttrTrailerContext*>(t)) {
        e = std::make_unique<ast::Attribute>(s, std::move(e), text(c->NAME()), span(c->NAME()));
      }
    }
    return e;
  }

  void arguments(P::ArglistContext* ctx, ast::Call& call) {
    auto args = ctx->argument();
    bool seen_kwargs_unpack = false;
    for (auto* a : args) {
      if (a->POWER()) {  // **mapping
        call.keywords.push_back({"", span(a), test(a->test())});
        seen_kwargs_unpack = true;
      } else if (a->STAR()) {  // *iterable
        if (seen_kwargs_unpack)
          error(span(a), "iterable argument unpacking follows keyword argument unpacking");
        call.args.push_back(std::make_unique<ast::Starred>(span(a), test(a->test())));
      } else if (a->NAME() && a->ASSIGN()) {
        ast::KeywordArg k{text(a->NAME()), span(a->NAME()), test(a->test())};
        for (const auto& other : call.keywords)
          if (other.name == k.name) error(k.name_span, "keyword argument repeated: '" + k.name + "'");
        call.keywords.push_back(std::move(k));
      } else if (a->NAME() && a->WALRUS()) {
        auto target = std::make_unique<ast::Name>(span(a->NAME()), text(a->NAME()));
        if (!call.keywords.empty()) call.positional_after_keyword = true;
        call.args.push_back(std::make_unique<ast::NamedExpr>(span(a), std::move(target), test(a->test())));
      } else {
        if (seen_kwargs_unpack) error(span(a), "positional argument follows keyword argument unpacking");
        if (!call.keywords.empty()) call.positional_after_keyword = true;
        if (auto* cf = a->comp_for()) {
          if (args.size() > 1) error(span(a), "generator expression must be parenthesized");
          call.args.push_back(comprehension(span(a), ast::ComprehensionKind::Generator, test(a->test()), nullptr, cf));
        } else {
          call.args.push_back(test(a->test()));
        }
      }
    }
  }

  ast::ExprPtr subscripts(P::SubscriptlistContext* ctx) {
    auto items = ctx->subscript();
    if (items.size() == 1 && ctx->COMMA().empty()) return subscript(items[0]);
    ast::ExprList xs;
    for (auto* s : items) xs.push_back(subscript(s));
    return std::make_unique<ast::TupleExpr>(span(ctx), std::move(xs));
  }

  ast::ExprPtr subscript(P::SubscriptContext* ctx) {
    if (ctx->COLON().empty()) return test(ctx->test(0));
    auto slice = std::make_unique<ast::Slice>(span(ctx));
    if (ctx->lower) slice->lower = test(ctx->lower);
    if (ctx->upper) slice->upper = test(ctx->upper);
    if (ctx->step) slice->step = test(ctx->step);
    return slice;
  }

  // `for x in xs if c for y in ys ...` after the element of a comprehension.
  ast::ExprPtr comprehension(Span s, ast::ComprehensionKind kind, ast::ExprPtr element, ast::ExprPtr value,
                             P::Comp_forContext* cf) {
    DepthGuard g(*this, cf);
    auto node = std::make_unique<ast::Comprehension>(s, kind);
    node->element = std::move(element);
    node->value = std::move(value);
    for (P::Comp_forContext* f = cf; f;) {
      ast::ComprehensionFor clause;
      clause.is_async = f->ASYNC() != nullptr;
      clause.target = exprlist(f->exprlist());
      check_target(*clause.target, "for");
      clause.iter = or_test(f->or_test());
      P::Comp_iterContext* it = f->comp_iter();
      f = nullptr;
      while (it) {
        if (auto* next = it->comp_for()) {
          f = next;
          break;
        }
        auto* ci = it->comp_if();
        clause.ifs.push_back(or_test(ci->or_test()));
        it = ci->comp_iter();
      }
      node->generators.push_back(std::move(clause));
    }
    return node;
  }

  ast::ExprPtr item(antlr4::ParserRuleContext* r) {
    if (auto* n = dynamic_cast<P::Namedexpr_testContext*>(r)) return namedexpr(n);
    if (auto* t = dynamic_cast<P::TestContext*>(r)) return test(t);
    if (auto* st = dynamic_cast<P::Star_exprContext*>(r)) return star_expr(st);
    return nullptr;
  }

  // The items of a testlist_comp / set maker, unless it is a comprehension.
  ast::ExprList items_of(antlr4::ParserRuleContext* ctx) {
    ast::ExprList xs;
    for (auto* ch : ctx->children)
      if (auto* r = dynamic_cast<antlr4::ParserRuleContext*>(ch))
        if (auto e = item(r)) xs.push_back(std::move(e));
    return xs;
  }

  ast::ExprPtr yield_expr(P::Yield_exprContext* y) {
    DepthGuard g(*this, y);
    if (y->FROM()) return std::make_unique<ast::YieldFrom>(span(y), test(y->test()));
    return std::make_unique<ast::YieldExpr>(span(y), y->testlist_star_expr() ? testlist_star(y->testlist_star_expr()) : nullptr);
  }

  void no_starred_in_comprehension(const ast::ExprPtr& e) {
    if (ast::isa<ast::Starred>(e.get())) error(e->span, "iterable unpacking cannot be used in comprehension");
  }

  ast::ExprPtr atom(P::AtomContext* ctx) {
    Span s = span(ctx);
    if (auto* c = dynamic_cast<P::ParenAtomContext*>(ctx)) {
      if (auto* y = c->yield_expr()) return yield_expr(y);
      auto* tc = c->testlist_comp();
      if (!tc) return std::make_unique<ast::TupleExpr>(s, ast::ExprList{});
      auto xs = items_of(tc);
      if (auto* cf = tc->comp_for()) {
        no_starred_in_comprehension(xs[0]);
        return comprehension(s, ast::ComprehensionKind::Generator, std::move(xs[0]), nullptr, cf);
      }
      if (xs.size() == 1 && tc->COMMA().empty()) {
        if (ast::isa<ast::Starred>(xs[0].get())) error(xs[0]->span, "cannot use starred expression here");
        return std::move(xs[0]);
      }
      return std::make_unique<ast::TupleExpr>(s, std::move(xs));
    }
    if (auto* c = dynamic_cast<P::ListAtomContext*>(ctx)) {
      auto* tc = c->testlist_comp();
      if (!tc) return std::make_unique<ast::ListExpr>(s, ast::ExprList{});
      auto xs = items_of(tc);
      if (auto* cf = tc->comp_for()) {
        no_starred_in_comprehension(xs[0]);
        return comprehension(s, ast::ComprehensionKind::List, std::move(xs[0]), nullptr, cf);
      }
      return std::make_unique<ast::ListExpr>(s, std::move(xs));
    }
    if (auto* c = dynamic_cast<P::DictAtomContext*>(ctx)) {
      auto* maker = c->dictorsetmaker();
      if (!maker) return std::make_unique<ast::DictExpr>(s, std::vector<ast::DictEntry>{});
      if (auto* dm = dynamic_cast<P::DictMakerContext*>(maker)) {
        std::vector<ast::DictEntry> entries;
        for (auto* item : dm->dict_item()) {
          if (item->POWER()) entries.push_back({nullptr, expr(item->expr())});
          else entries.push_back({test(item->test(0)), test(item->test(1))});
        }
        if (auto* cf = dm->comp_for()) {
          bool unpacking = !entries[0].key;
          if (unpacking) error(entries[0].value->span, "dict unpacking cannot be used in dict comprehension");
          ast::ExprPtr key = unpacking ? std::move(entries[0].value) : std::move(entries[0].key);
          ast::ExprPtr value = unpacking ? std::make_unique<ast::NoneLiteral>(s) : std::move(entries[0].value);
          return comprehension(s, ast::ComprehensionKind::Dict, std::move(key), std::move(value), cf);
        }
        return std::make_unique<ast::DictExpr>(s, std::move(entries));
      }
      auto* sm = static_cast<P::SetMakerContext*>(maker);
      auto xs = items_of(sm);
      if (auto* cf = sm->comp_for()) {
        no_starred_in_comprehension(xs[0]);
        return comprehension(s, ast::ComprehensionKind::Set, std::move(xs[0]), nullptr, cf);
      }
      return std::make_unique<ast::SetExpr>(s, std::move(xs));
    }
    if (dynamic_cast<P::NameAtomContext*>(ctx)) return std::make_unique<ast::Name>(s, text(ctx->getStart()));
    if (dynamic_cast<P::IntAtomContext*>(ctx)) {
      std::string t = text(ctx->getStart());
      if (t.size() > 1 && t[0] == '0' && std::isdigit(static_cast<unsigned char>(t[1])) &&
          t.find_first_not_of("0_") != std::string::npos)
        error(s, "leading zeros in decimal integer literals are not permitted (use 0o for octal)");
      auto v = parse_int_literal(t);
      if (v) return std::make_unique<ast::IntLiteral>(s, *v);
      auto node = std::make_unique<ast::IntLiteral>(s, 0);  // arbitrary precision: the digits, '_' removed
      for (char ch : t)
        if (ch != '_') node->big += ch;
      return node;
    }
    if (dynamic_cast<P::FloatAtomContext*>(ctx))
      return std::make_unique<ast::FloatLiteral>(s, parse_float_literal(text(ctx->getStart())));
    if (dynamic_cast<P::ImaginaryAtomContext*>(ctx)) {
      error(s, "complex numbers are not supported");
      return std::make_unique<ast::FloatLiteral>(s, 0.0);
    }
    if (auto* c = dynamic_cast<P::StringAtomContext*>(ctx)) return strings(s, c->STRING());
    if (dynamic_cast<P::EllipsisAtomContext*>(ctx)) return std::make_unique<ast::EllipsisLiteral>(s);
    if (dynamic_cast<P::NoneAtomContext*>(ctx)) return std::make_unique<ast::NoneLiteral>(s);
    if (dynamic_cast<P::TrueAtomContext*>(ctx)) return std::make_unique<ast::BoolLiteral>(s, true);
    return std::make_unique<ast::BoolLiteral>(s, false);
  }

  // ---------------------------------------------------------- strings and f-strings
  // Adjacent literals joined: all bytes, or str and f-strings (a JoinedStr when any is an f-string).
  ast::ExprPtr strings(Span s, const std::vector<TerminalNode*>& tokens) {
    bool any_bytes = false, any_str = false, any_f = false;
    std::vector<StringParts> parts;
    for (auto* tok : tokens) {
      Token* t = tok->getSymbol();
      std::string_view whole(text_.data() + t->getStartIndex(), t->getStopIndex() + 1 - t->getStartIndex());
      // The lexer takes any byte inside quotes; a string must still be UTF-8 (support/utf8.h).
      if (size_t bad = utf8::find_invalid(whole); bad != utf8::npos) {
        char byte[8];
        std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(whole[bad]));
        error(Span::at(span(tok).begin + static_cast<uint32_t>(bad)),
              std::string("invalid UTF-8 in a string literal: byte ") + byte +
                  " does not start a well-formed sequence (overlong, surrogate, or cut short)");
      }
      StringParts p = split_string_token(whole);
      bool b = p.prefix.find('b') != std::string::npos;
      bool f = p.prefix.find('f') != std::string::npos;
      if ((b && (f || p.prefix.find('u') != std::string::npos)) ||
          (p.prefix.find('u') != std::string::npos && p.prefix.size() > 1))
        error(span(tok), "invalid string prefix '" + p.prefix + "'");
      any_bytes |= b;
      any_str |= !b;
      any_f |= f;
      parts.push_back(p);
    }
    if (any_bytes && any_str) {
      error(s, "cannot mix bytes and nonbytes literals");
      return std::make_unique<ast::StringLiteral>(s, "");
    }
    if (any_bytes) {
      std::string value;
      for (size_t i = 0; i < parts.size(); ++i) {
        for (unsigned char ch : parts[i].body)
          if (ch >= 0x80) {
            error(span(tokens[i]), "bytes can only contain ASCII literal characters");
            break;
          }
        value += decode_string_body(parts[i].body, parts[i].prefix.find('r') != std::string::npos, true);
      }
      return std::make_unique<ast::BytesLiteral>(s, std::move(value));
    }
    if (!any_f) {
      std::string value;
      for (auto& p : parts) value += decode_string_body(p.body, p.prefix.find('r') != std::string::npos, false);
      return std::make_unique<ast::StringLiteral>(s, std::move(value));
    }
    ast::ExprList values;
    std::string pending;
    Span pending_span = s;
    Flush flush = [&]() {
      if (!pending.empty()) values.push_back(std::make_unique<ast::StringLiteral>(pending_span, std::move(pending)));
      pending.clear();
    };
    for (size_t i = 0; i < parts.size(); ++i) {
      bool raw = parts[i].prefix.find('r') != std::string::npos;
      uint32_t body_at = static_cast<uint32_t>(tokens[i]->getSymbol()->getStartIndex() + parts[i].body_offset) + offset_;
      if (parts[i].prefix.find('f') == std::string::npos) {
        pending += decode_string_body(parts[i].body, raw, false);
        continue;
      }
      fstring(parts[i].body, body_at, raw, values, pending, flush);
    }
    flush();
    return std::make_unique<ast::JoinedStr>(s, std::move(values));
  }

  // The body of one f-string (between its quotes), starting at file offset `at`:
  // literal text (with `{{`, `}}`) and replacement fields, appended to values.
  using Flush = std::function<void()>;
  void fstring(std::string_view body, uint32_t at, bool raw, ast::ExprList& values, std::string& pending,
               const Flush& flush) {
    if (fstring_depth_ >= kMaxFstringDepth) {
      error(Span::at(at), "f-string: expressions nested too deeply");
      return;
    }
    std::string literal;
    auto emit_literal = [&]() {
      pending += decode_string_body(literal, raw, false);
      literal.clear();
    };
    for (size_t i = 0; i < body.size(); ++i) {
      char c = body[i];
      if (c == '}') {
        if (i + 1 < body.size() && body[i + 1] == '}') {
          literal += '}';
          ++i;
          continue;
        }
        error(Span::at(at + static_cast<uint32_t>(i)), "f-string: single '}' is not allowed");
        continue;
      }
      if (c != '{') {
        if (c == '\\' && !raw && i + 1 < body.size()) {  // an escape: kept whole for decoding
          literal += c;
          literal += body[++i];
          continue;
        }
        literal += c;
        continue;
      }
      if (i + 1 < body.size() && body[i + 1] == '{') {
        literal += '{';
        ++i;
        continue;
      }
      emit_literal();
      size_t end = field(body, at, i, values, pending, flush);
      if (end == std::string_view::npos) return;
      i = end;
    }
    emit_literal();
  }

  // The replacement field starting at body[open] == '{'; returns the index of its '}'.
  size_t field(std::string_view body, uint32_t at, size_t open, ast::ExprList& values, std::string& pending,
               const Flush& flush) {
    // The expression ends at a top-level '!' (not '!='), ':', '=' (the `{x=}` form) or '}'.
    size_t i = open + 1;
    int depth = 0;
    char quote = 0;
    size_t expr_end = std::string_view::npos;
    for (; i < body.size(); ++i) {
      char c = body[i];
      if (quote) {
        if (c == quote) quote = 0;
        continue;
      }
      if (c == '\'' || c == '"') { quote = c; continue; }
      if (c == '\\') {
        error(Span::at(at + static_cast<uint32_t>(i)), "f-string expression part cannot include a backslash");
        return std::string_view::npos;
      }
      if (c == '(' || c == '[' || c == '{') { ++depth; continue; }
      if ((c == ')' || c == ']' || c == '}') && depth > 0) { --depth; continue; }
      if (depth > 0) continue;
      if (c == '}' || c == ':') { expr_end = i; break; }
      if (c == '!' && !(i + 1 < body.size() && body[i + 1] == '=')) { expr_end = i; break; }
      if (c == '=' && i + 1 < body.size() && body[i + 1] != '=' && (i == 0 || std::string_view("=!<>").find(body[i - 1]) == std::string_view::npos)) {
        expr_end = i;
        break;
      }
    }
    if (expr_end == std::string_view::npos) {
      error(Span::at(at + static_cast<uint32_t>(open)), "f-string: expecting '}'");
      return std::string_view::npos;
    }
    std::string expr_text(body.substr(open + 1, expr_end - open - 1));
    uint32_t expr_at = at + static_cast<uint32_t>(open + 1);
    if (expr_text.find_first_not_of(" \t\r\n") == std::string::npos) {
      error(Span::at(at + static_cast<uint32_t>(open)), "f-string: empty expression not allowed");
      return std::string_view::npos;
    }
    ast::ExprPtr value = parse_fstring_field(expr_text, expr_at, problems_, fstring_depth_ + 1);
    if (!value) value = std::make_unique<ast::NoneLiteral>(Span::at(expr_at));
    i = expr_end;
    char conversion = 0;
    bool debug = false;
    if (body[i] == '=') {  // f'{x=}': the expression's text, then its repr (unless a conversion or spec says otherwise)
      debug = true;
      ++i;
      while (i < body.size() && std::string_view(" \t\r\n").find(body[i]) != std::string_view::npos) ++i;
      pending += body.substr(open + 1, i - open - 1);  // f'{x = }' keeps the spaces around '=' in the text
    }
    if (i < body.size() && body[i] == '!') {
      if (i + 1 >= body.size() || std::string_view("sra").find(body[i + 1]) == std::string_view::npos) {
        error(Span::at(at + static_cast<uint32_t>(i)), "f-string: invalid conversion character: expected 's', 'r', or 'a'");
        return std::string_view::npos;
      }
      conversion = body[i + 1];
      i += 2;
    }
    ast::ExprPtr spec;
    if (i < body.size() && body[i] == ':') {
      // The spec runs to the matching '}' and may hold fields of its own.
      size_t spec_start = i + 1;
      int d = 0;
      size_t j = spec_start;
      for (; j < body.size(); ++j) {
        if (body[j] == '{') ++d;
        else if (body[j] == '}') {
          if (d == 0) break;
          --d;
        }
      }
      if (j >= body.size()) {
        error(Span::at(at + static_cast<uint32_t>(open)), "f-string: expecting '}'");
        return std::string_view::npos;
      }
      ast::ExprList spec_values;
      std::string spec_pending;
      Span spec_span{at + static_cast<uint32_t>(spec_start), at + static_cast<uint32_t>(j)};
      Flush spec_flush = [&]() {
        if (!spec_pending.empty())
          spec_values.push_back(std::make_unique<ast::StringLiteral>(spec_span, std::move(spec_pending)));
        spec_pending.clear();
      };
      ++fstring_depth_;
      fstring(body.substr(spec_start, j - spec_start), at + static_cast<uint32_t>(spec_start), true, spec_values,
              spec_pending, spec_flush);
      --fstring_depth_;
      spec_flush();
      spec = std::make_unique<ast::JoinedStr>(spec_span, std::move(spec_values));
      i = j;
    }
    if (i >= body.size() || body[i] != '}') {
      error(Span::at(at + static_cast<uint32_t>(std::min(i, body.size()))), "f-string: expecting '}'");
      return std::string_view::npos;
    }
    if (debug && !conversion && !spec) conversion = 'r';
    flush();
    Span fs{at + static_cast<uint32_t>(open), at + static_cast<uint32_t>(i + 1)};
    auto fv = std::make_unique<ast::FormattedValue>(fs, std::move(value));
    fv->conversion = conversion;
    fv->format_spec = std::move(spec);
    values.push_back(std::move(fv));
    return i;
  }

  const std::string& text_;
  std::vector<Problem>& problems_;
  uint32_t offset_ = 0;
  int fstring_depth_ = 0;
  size_t depth_ = 0;
};

}  // namespace

ast::BinaryOp augmented_operator(size_t token_type) {
  switch (token_type) {
    case P::PLUS_ASSIGN: return ast::BinaryOp::Add;
    case P::MINUS_ASSIGN: return ast::BinaryOp::Sub;
    case P::STAR_ASSIGN: return ast::BinaryOp::Mul;
    case P::AT_ASSIGN: return ast::BinaryOp::MatMul;
    case P::SLASH_ASSIGN: return ast::BinaryOp::Div;
    case P::FLOORDIV_ASSIGN: return ast::BinaryOp::FloorDiv;
    case P::PERCENT_ASSIGN: return ast::BinaryOp::Mod;
    case P::AND_ASSIGN: return ast::BinaryOp::BitAnd;
    case P::OR_ASSIGN: return ast::BinaryOp::BitOr;
    case P::XOR_ASSIGN: return ast::BinaryOp::BitXor;
    case P::LSHIFT_ASSIGN: return ast::BinaryOp::LShift;
    case P::RSHIFT_ASSIGN: return ast::BinaryOp::RShift;
    default: return ast::BinaryOp::Pow;
  }
}

bool is_augmented_assign(size_t token_type) {
  switch (token_type) {
    case P::PLUS_ASSIGN: case P::MINUS_ASSIGN: case P::STAR_ASSIGN: case P::AT_ASSIGN: case P::SLASH_ASSIGN:
    case P::FLOORDIV_ASSIGN: case P::PERCENT_ASSIGN: case P::POWER_ASSIGN: case P::AND_ASSIGN: case P::OR_ASSIGN:
    case P::XOR_ASSIGN: case P::LSHIFT_ASSIGN: case P::RSHIFT_ASSIGN: return true;
    default: return false;
  }
}

void transform_file(const std::string& text, P::File_inputContext* tree, ast::StmtList& out,
                    std::vector<Problem>& problems) {
  Transformer(text, problems).file(tree, out);
}

ast::ExprPtr transform_expression(const std::string& text, P::TestContext* tree, std::vector<Problem>& problems) {
  return Transformer(text, problems).expression(tree);
}

ast::ExprPtr transform_fstring_field(const std::string& text, uint32_t offset, P::Fstring_exprContext* tree,
                                     std::vector<Problem>& problems, int depth) {
  return Transformer(text, problems, offset, depth).fstring_field(tree);
}

}  // namespace plank::frontend
