// Parse tree -> Plank AST: see transformer.h.
#include "compiler/frontend/transformer.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "compiler/frontend/literals.h"
#include "compiler/frontend/parser.h"
#include "support/utf8.h"

namespace plank::frontend {
namespace {

using antlr4::Token;
using antlr4::tree::TerminalNode;
using P = grammar::PlankParser;

class Transformer {
 public:
  Transformer(const std::string& text, std::vector<Problem>& problems) : text_(text), problems_(problems) {}

  void file(P::File_inputContext* ctx, ast::StmtList& out) {
    for (auto* s : ctx->stmt()) stmt(s, out);
  }

  ast::ExprPtr expression(P::TestContext* ctx) { return test(ctx); }

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
  static Span span(Token* t) {
    uint32_t b = static_cast<uint32_t>(t->getStartIndex());
    uint32_t e = static_cast<uint32_t>(t->getStopIndex() + 1);
    return {b, std::max(b, e)};
  }
  static Span span(TerminalNode* n) { return span(n->getSymbol()); }
  static Span span(antlr4::ParserRuleContext* ctx) {
    Span a = span(ctx->getStart());
    Token* stop = ctx->getStop();
    if (!stop || stop->getStopIndex() + 1 < ctx->getStart()->getStartIndex()) return a;
    // A trailing NEWLINE / DEDENT is not part of a statement's span.
    Span b = span(stop);
    return {a.begin, std::max(a.end, b.end)};
  }
  static Span stmt_span(antlr4::ParserRuleContext* ctx, Span last) { return {span(ctx->getStart()).begin, last.end}; }

  // ---------------------------------------------------------- statements
  void stmt(P::StmtContext* ctx, ast::StmtList& out) {
    try {
      if (auto* s = ctx->simple_stmts()) {
        simple(s, out);
      } else {
        out.push_back(compound(ctx->compound_stmt()));
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
    if (auto* c = ctx->if_stmt()) {
      auto tests = c->test();
      auto suites = c->suite();
      // Build from the last clause backwards so each elif nests in the previous else.
      ast::StmtList orelse;
      if (suites.size() > tests.size()) suite(suites.back(), orelse);
      ast::StmtPtr result;
      for (size_t i = tests.size(); i-- > 0;) {
        Token* kw = i == 0 ? c->IF()->getSymbol() : c->ELIF(i - 1)->getSymbol();
        auto node = std::make_unique<ast::If>(Span{}, test(tests[i]));
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
    if (auto* c = ctx->while_stmt()) {
      auto node = std::make_unique<ast::While>(Span{}, test(c->test()));
      suite(c->suite(), node->body);
      node->span = stmt_span(c, last_span(node->body, span(c->test())));
      return node;
    }
    if (auto* c = ctx->for_stmt()) {
      auto target = exprlist(c->exprlist());
      check_target(*target, "for");
      auto node = std::make_unique<ast::For>(Span{}, std::move(target), testlist(c->testlist()));
      suite(c->suite(), node->body);
      node->span = stmt_span(c, last_span(node->body, span(c->testlist())));
      return node;
    }
    auto* c = ctx->funcdef();
    auto node = std::make_unique<ast::FunctionDef>(Span{}, text(c->NAME()->getSymbol()), span(c->NAME()));
    if (c->parameters()) node->params = params(c->parameters());
    suite(c->suite(), node->body);
    node->span = stmt_span(c, last_span(node->body, span(c->NAME())));
    return node;
  }

  std::vector<ast::Param> params(P::ParametersContext* ctx) {
    std::vector<ast::Param> out;
    bool seen_default = false;
    for (auto* p : ctx->param()) {
      ast::Param param{text(p->NAME()->getSymbol()), span(p->NAME()), nullptr};
      for (const auto& q : out)
        if (q.name == param.name) error(param.span, "duplicate parameter '" + param.name + "'");
      if (p->test()) {
        param.default_ = test(p->test());
        seen_default = true;
      } else if (seen_default) {
        error(param.span, "parameter '" + param.name + "' without a default follows a parameter with a default");
      }
      out.push_back(std::move(param));
    }
    return out;
  }

  ast::StmtPtr small(P::Small_stmtContext* ctx) {
    Span s = span(ctx);
    if (auto* c = dynamic_cast<P::ExprStmtContext*>(ctx)) return expr_stmt(c->expr_stmt());
    if (dynamic_cast<P::PassStmtContext*>(ctx)) return std::make_unique<ast::Pass>(s);
    if (dynamic_cast<P::BreakStmtContext*>(ctx)) return std::make_unique<ast::Break>(s);
    if (dynamic_cast<P::ContinueStmtContext*>(ctx)) return std::make_unique<ast::Continue>(s);
    if (auto* c = dynamic_cast<P::ReturnStmtContext*>(ctx))
      return std::make_unique<ast::Return>(s, c->testlist() ? testlist(c->testlist()) : nullptr);
    if (auto* c = dynamic_cast<P::AssertStmtContext*>(ctx)) {
      auto tests = c->test();
      return std::make_unique<ast::Assert>(s, test(tests[0]), tests.size() > 1 ? test(tests[1]) : nullptr);
    }
    if (auto* c = dynamic_cast<P::ImportStmtContext*>(ctx)) {
      auto node = std::make_unique<ast::Import>(s);
      for (auto* d : c->dotted_as_name()) {
        ast::ImportAlias a{text_of(d->dotted_name()), span(d->dotted_name()), {}, {}};
        if (d->NAME()) a.as_name = text(d->NAME()->getSymbol()), a.as_span = span(d->NAME());
        node->names.push_back(std::move(a));
      }
      return node;
    }
    auto* c = dynamic_cast<P::FromImportStmtContext*>(ctx);
    if (!c) return nullptr;
    auto node = std::make_unique<ast::FromImport>(s, text_of(c->dotted_name()), span(c->dotted_name()));
    for (auto* n : c->import_as_names()->import_as_name()) {
      auto names = n->NAME();
      ast::ImportAlias a{text(names[0]->getSymbol()), span(names[0]), {}, {}};
      if (names.size() > 1) a.as_name = text(names[1]->getSymbol()), a.as_span = span(names[1]);
      node->names.push_back(std::move(a));
    }
    return node;
  }

  std::string text_of(P::Dotted_nameContext* ctx) {
    std::string out;
    for (auto* n : ctx->NAME()) {
      if (!out.empty()) out += '.';
      out += text(n->getSymbol());
    }
    return out;
  }

  ast::StmtPtr expr_stmt(P::Expr_stmtContext* ctx) {
    Span s = span(ctx);
    auto lists = ctx->testlist();
    if (lists.size() == 1) return std::make_unique<ast::ExprStmt>(s, testlist(lists[0]));
    if (auto* aug = ctx->augassign()) {
      auto target = testlist(lists[0]);
      if (!ast::isa<ast::Name>(target.get()) && !ast::isa<ast::Attribute>(target.get()) &&
          !ast::isa<ast::Subscript>(target.get()))
        error(target->span, "'" + describe(*target) + "' is an illegal target for augmented assignment");
      static const ast::BinaryOp ops[] = {ast::BinaryOp::Add, ast::BinaryOp::Sub, ast::BinaryOp::Mul,
                                          ast::BinaryOp::Div, ast::BinaryOp::FloorDiv, ast::BinaryOp::Mod,
                                          ast::BinaryOp::Pow};
      size_t k = aug->getStart()->getType();
      ast::BinaryOp op = k == P::PLUS_ASSIGN      ? ops[0]
                         : k == P::MINUS_ASSIGN   ? ops[1]
                         : k == P::STAR_ASSIGN    ? ops[2]
                         : k == P::SLASH_ASSIGN   ? ops[3]
                         : k == P::FLOORDIV_ASSIGN ? ops[4]
                         : k == P::PERCENT_ASSIGN ? ops[5]
                                                  : ops[6];
      return std::make_unique<ast::AugAssign>(s, std::move(target), op, testlist(lists[1]));
    }
    ast::ExprList targets;
    for (size_t i = 0; i + 1 < lists.size(); ++i) {
      targets.push_back(testlist(lists[i]));
      check_target(*targets.back(), "assignment");
    }
    return std::make_unique<ast::Assign>(s, std::move(targets), testlist(lists.back()));
  }

  static std::string describe(const ast::Expr& e) {
    switch (e.kind) {
      case ast::ExprKind::Call: return "function call";
      case ast::ExprKind::IntLiteral: case ast::ExprKind::FloatLiteral: case ast::ExprKind::StringLiteral:
      case ast::ExprKind::BoolLiteral: case ast::ExprKind::NoneLiteral: return "literal";
      case ast::ExprKind::Tuple: return "tuple";
      case ast::ExprKind::List: return "list";
      case ast::ExprKind::Dict: return "dict literal";
      case ast::ExprKind::Binary: case ast::ExprKind::Unary: return "expression";
      case ast::ExprKind::Compare: return "comparison";
      case ast::ExprKind::BoolOp: return "expression";
      case ast::ExprKind::Conditional: return "conditional expression";
      case ast::ExprKind::Lambda: return "lambda";
      default: return "expression";
    }
  }

  void check_target(const ast::Expr& e, const char* where) {
    switch (e.kind) {
      case ast::ExprKind::Name: case ast::ExprKind::Attribute: case ast::ExprKind::Subscript: return;
      case ast::ExprKind::Tuple:
        for (const auto& x : static_cast<const ast::TupleExpr&>(e).elements) check_target(*x, where);
        return;
      case ast::ExprKind::List:
        for (const auto& x : static_cast<const ast::ListExpr&>(e).elements) check_target(*x, where);
        return;
      default: {
        std::string msg = "cannot assign to " + describe(e);
        if (std::string(where) == "assignment" && e.kind != ast::ExprKind::Tuple) {
          if (ast::isa<ast::Compare>(&e) || e.kind == ast::ExprKind::Call) msg += " (did you mean '=='?)";
        }
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

  ast::ExprPtr exprlist(P::ExprlistContext* ctx) {
    auto items = ctx->arith_expr();
    if (items.size() == 1 && ctx->COMMA().empty()) return arith(items[0]);
    ast::ExprList xs;
    for (auto* t : items) xs.push_back(arith(t));
    return std::make_unique<ast::TupleExpr>(span(ctx), std::move(xs));
  }

  ast::ExprPtr test(P::TestContext* ctx) {
    DepthGuard g(*this, ctx);
    if (auto* l = ctx->lambdef()) {
      std::vector<ast::Param> ps;
      if (l->parameters()) ps = params(l->parameters());
      return std::make_unique<ast::Lambda>(span(l), std::move(ps), test(l->test()));
    }
    auto ors = ctx->or_test();
    if (ors.size() == 1) return or_test(ors[0]);
    auto body = or_test(ors[0]);
    auto cond = or_test(ors[1]);
    return std::make_unique<ast::Conditional>(span(ctx), std::move(cond), std::move(body), test(ctx->test()));
  }

  ast::ExprPtr or_test(P::Or_testContext* ctx) {
    auto parts = ctx->and_test();
    if (parts.size() == 1) return and_test(parts[0]);
    DepthGuard g(*this, ctx);
    ast::ExprList xs;
    for (auto* p : parts) xs.push_back(and_test(p));
    return std::make_unique<ast::BoolOp>(span(ctx), ast::BoolOpKind::Or, std::move(xs));
  }

  ast::ExprPtr and_test(P::And_testContext* ctx) {
    auto parts = ctx->not_test();
    if (parts.size() == 1) return not_test(parts[0]);
    DepthGuard g(*this, ctx);
    ast::ExprList xs;
    for (auto* p : parts) xs.push_back(not_test(p));
    return std::make_unique<ast::BoolOp>(span(ctx), ast::BoolOpKind::And, std::move(xs));
  }

  ast::ExprPtr not_test(P::Not_testContext* ctx) {
    if (ctx->comparison()) return comparison(ctx->comparison());
    DepthGuard g(*this, ctx);
    return std::make_unique<ast::Unary>(span(ctx), ast::UnaryOp::Not, not_test(ctx->not_test()));
  }

  ast::ExprPtr comparison(P::ComparisonContext* ctx) {
    auto items = ctx->arith_expr();
    if (items.size() == 1) return arith(items[0]);
    DepthGuard g(*this, ctx);
    auto node = std::make_unique<ast::Compare>(span(ctx), arith(items[0]));
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
      node->comparators.push_back(arith(items[i + 1]));
    }
    return node;
  }

  // term (op term)* and factor (op factor)*: left-associative chains.
  template <typename Ctx, typename Item, typename Fn>
  ast::ExprPtr chain(Ctx* ctx, const std::vector<Item*>& items, Fn build) {
    if (items.size() == 1) return build(items[0]);
    DepthGuard g(*this, ctx, items.size());
    auto lhs = build(items[0]);
    size_t item = 1;
    for (auto* ch : ctx->children) {
      auto* tn = dynamic_cast<TerminalNode*>(ch);
      if (!tn) continue;
      ast::BinaryOp op;
      switch (tn->getSymbol()->getType()) {
        case P::PLUS: op = ast::BinaryOp::Add; break;
        case P::MINUS: op = ast::BinaryOp::Sub; break;
        case P::STAR: op = ast::BinaryOp::Mul; break;
        case P::SLASH: op = ast::BinaryOp::Div; break;
        case P::FLOORDIV: op = ast::BinaryOp::FloorDiv; break;
        default: op = ast::BinaryOp::Mod; break;
      }
      auto rhs = build(items[item++]);
      Span s = {lhs->span.begin, rhs->span.end};
      lhs = std::make_unique<ast::Binary>(s, op, span(tn), std::move(lhs), std::move(rhs));
    }
    return lhs;
  }

  ast::ExprPtr arith(P::Arith_exprContext* ctx) {
    return chain(ctx, ctx->term(), [this](P::TermContext* t) { return term(t); });
  }
  ast::ExprPtr term(P::TermContext* ctx) {
    return chain(ctx, ctx->factor(), [this](P::FactorContext* f) { return factor(f); });
  }

  ast::ExprPtr factor(P::FactorContext* ctx) {
    if (ctx->power()) return power(ctx->power());
    DepthGuard g(*this, ctx);
    auto op = ctx->getStart()->getType() == P::MINUS ? ast::UnaryOp::Neg : ast::UnaryOp::Pos;
    return std::make_unique<ast::Unary>(span(ctx), op, factor(ctx->factor()));
  }

  ast::ExprPtr power(P::PowerContext* ctx) {
    auto base = atom_expr(ctx->atom_expr());
    if (!ctx->factor()) return base;
    DepthGuard g(*this, ctx);
    auto exp = factor(ctx->factor());
    return std::make_unique<ast::Binary>(span(ctx), ast::BinaryOp::Pow, span(ctx->POWER()), std::move(base),
                                         std::move(exp));
  }

  ast::ExprPtr atom_expr(P::Atom_exprContext* ctx) {
    auto trailers = ctx->trailer();
    DepthGuard g(*this, ctx, trailers.size() + 1);
    auto e = atom(ctx->atom());
    uint32_t begin = e->span.begin;
    for (auto* t : trailers) {
      Span s = {begin, span(t).end};
      if (auto* c = dynamic_cast<P::CallTrailerContext*>(t)) {
        auto call = std::make_unique<ast::Call>(s, std::move(e));
        if (auto* args = c->arglist()) arguments(args, *call);
        e = std::move(call);
      } else if (auto* c = dynamic_cast<P::IndexTrailerContext*>(t)) {
        e = std::make_unique<ast::Subscript>(s, std::move(e), subscripts(c->subscriptlist()));
      } else if (auto* c = dynamic_cast<P::AttrTrailerContext*>(t)) {
        e = std::make_unique<ast::Attribute>(s, std::move(e), text(c->NAME()->getSymbol()), span(c->NAME()));
      }
    }
    return e;
  }

  void arguments(P::ArglistContext* ctx, ast::Call& call) {
    for (auto* a : ctx->argument()) {
      if (a->NAME()) {
        ast::KeywordArg k{text(a->NAME()->getSymbol()), span(a->NAME()), test(a->test())};
        for (const auto& other : call.keywords)
          if (other.name == k.name) error(k.name_span, "keyword argument repeated: '" + k.name + "'");
        call.keywords.push_back(std::move(k));
      } else {
        if (!call.keywords.empty()) call.positional_after_keyword = true;
        call.args.push_back(test(a->test()));
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

  ast::ExprList elements(P::Testlist_compContext* ctx) {
    ast::ExprList xs;
    if (ctx)
      for (auto* t : ctx->test()) xs.push_back(test(t));
    return xs;
  }

  ast::ExprPtr atom(P::AtomContext* ctx) {
    Span s = span(ctx);
    if (auto* c = dynamic_cast<P::ParenAtomContext*>(ctx)) {
      auto* tc = c->testlist_comp();
      if (tc && tc->test().size() == 1 && tc->COMMA().empty()) return test(tc->test(0));
      return std::make_unique<ast::TupleExpr>(s, elements(tc));
    }
    if (auto* c = dynamic_cast<P::ListAtomContext*>(ctx))
      return std::make_unique<ast::ListExpr>(s, elements(c->testlist_comp()));
    if (auto* c = dynamic_cast<P::DictAtomContext*>(ctx)) {
      std::vector<ast::DictEntry> entries;
      if (auto* dm = c->dictmaker())
        for (auto* e : dm->dict_entry()) entries.push_back({test(e->test(0)), test(e->test(1))});
      return std::make_unique<ast::DictExpr>(s, std::move(entries));
    }
    if (dynamic_cast<P::NameAtomContext*>(ctx)) return std::make_unique<ast::Name>(s, text(ctx->getStart()));
    if (dynamic_cast<P::IntAtomContext*>(ctx)) {
      std::string t = text(ctx->getStart());
      auto v = parse_int_literal(t);
      if (!v) {
        error(s, "integer literal " + (t.size() > 30 ? t.substr(0, 27) + "..." : t) +
                     " is too large (the largest integer is 9223372036854775807)");
        return std::make_unique<ast::IntLiteral>(s, 0);
      }
      if (t.size() > 1 && t[0] == '0' && std::isdigit(static_cast<unsigned char>(t[1])) && *v != 0)
        error(s, "leading zeros in decimal integer literals are not permitted (use 0o for octal)");
      return std::make_unique<ast::IntLiteral>(s, *v);
    }
    if (dynamic_cast<P::FloatAtomContext*>(ctx))
      return std::make_unique<ast::FloatLiteral>(s, parse_float_literal(text(ctx->getStart())));
    if (auto* c = dynamic_cast<P::StringAtomContext*>(ctx)) {
      std::string value;
      for (auto* st : c->STRING()) {
        std::string token = text(st->getSymbol());
        // The lexer takes any byte inside quotes; a string must still be UTF-8 (support/utf8.h).
        if (size_t bad = utf8::find_invalid(token); bad != utf8::npos) {
          char byte[8];
          std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(token[bad]));
          error(Span::at(span(st).begin + static_cast<uint32_t>(bad)),
                std::string("invalid UTF-8 in a string literal: byte ") + byte +
                    " does not start a well-formed sequence (overlong, surrogate, or cut short)");
        }
        value += decode_string_literal(token);
      }
      return std::make_unique<ast::StringLiteral>(s, std::move(value));
    }
    if (dynamic_cast<P::NoneAtomContext*>(ctx)) return std::make_unique<ast::NoneLiteral>(s);
    if (dynamic_cast<P::TrueAtomContext*>(ctx)) return std::make_unique<ast::BoolLiteral>(s, true);
    return std::make_unique<ast::BoolLiteral>(s, false);
  }

  const std::string& text_;
  std::vector<Problem>& problems_;
  size_t depth_ = 0;
};

}  // namespace

void transform_file(const std::string& text, P::File_inputContext* tree, ast::StmtList& out,
                    std::vector<Problem>& problems) {
  Transformer(text, problems).file(tree, out);
}

ast::ExprPtr transform_expression(const std::string& text, P::TestContext* tree, std::vector<Problem>& problems) {
  return Transformer(text, problems).expression(tree);
}

}  // namespace plank::frontend
