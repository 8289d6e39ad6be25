// The fast path for simple top-level statements: see simple_statements.h.
#include "compiler/frontend/simple_statements.h"

#include "PlankParser.h"
#include "compiler/frontend/literals.h"
#include "compiler/frontend/transformer.h"
#include "support/utf8.h"

namespace plank::frontend {
namespace {

using P = grammar::PlankParser;

class SimpleStatement {
 public:
  SimpleStatement(const std::string& text, const std::vector<std::unique_ptr<antlr4::Token>>& tokens, size_t b,
                  size_t e)
      : text_(text), tokens_(tokens), i_(b), end_(e) {}

  ast::StmtPtr statement() {
    if (end_ <= i_ || type_at(end_ - 1) != P::NEWLINE) return nullptr;
    --end_;  // the NEWLINE: not part of any span
    const uint32_t begin = span_at(i_).begin;
    ast::ExprPtr first = operand();
    if (!first) return nullptr;
    if (at_end()) return std::make_unique<ast::ExprStmt>(Span{begin, first->span.end}, std::move(first));
    const size_t op = type_at(i_);
    if (!ast::isa<ast::Name>(first.get())) return nullptr;  // attribute, subscript and tuple targets: ANTLR
    if (is_augmented_assign(op)) {
      ++i_;
      ast::ExprPtr value = operand();
      if (!value || !at_end()) return nullptr;
      Span s{begin, value->span.end};
      return std::make_unique<ast::AugAssign>(s, std::move(first), augmented_operator(op), std::move(value));
    }
    ast::ExprList targets;
    targets.push_back(std::move(first));
    for (;;) {
      if (type_at(i_) != P::ASSIGN) return nullptr;
      ++i_;
      ast::ExprPtr next = operand();
      if (!next) return nullptr;
      if (at_end()) {
        Span s{begin, next->span.end};
        return std::make_unique<ast::Assign>(s, std::move(targets), std::move(next));
      }
      if (!ast::isa<ast::Name>(next.get())) return nullptr;
      targets.push_back(std::move(next));
    }
  }

 private:
  bool at_end() const { return i_ >= end_; }
  size_t type_at(size_t k) const { return k < tokens_.size() ? tokens_[k]->getType() : antlr4::Token::EOF; }
  Span span_at(size_t k) const {
    const antlr4::Token& t = *tokens_[k];
    uint32_t b = static_cast<uint32_t>(t.getStartIndex()), e = static_cast<uint32_t>(t.getStopIndex() + 1);
    return {b, std::max(b, e)};
  }
  std::string_view text_at(size_t k) const {
    Span s = span_at(k);
    return std::string_view(text_).substr(s.begin, s.end - s.begin);
  }

  ast::ExprPtr operand() {
    ast::ExprPtr callee = atom();
    if (!callee || at_end() || type_at(i_) != P::LPAR) return callee;
    if (!ast::isa<ast::Name>(callee.get())) return nullptr;
    const uint32_t begin = callee->span.begin;
    ++i_;
    ast::ExprList args;
    while (!at_end() && type_at(i_) != P::RPAR) {
      ast::ExprPtr arg = atom();
      if (!arg) return nullptr;
      args.push_back(std::move(arg));
      if (!at_end() && type_at(i_) == P::COMMA) ++i_;
      else if (at_end() || type_at(i_) != P::RPAR) return nullptr;
    }
    if (at_end()) return nullptr;
    Span s{begin, span_at(i_).end};
    ++i_;
    auto call = std::make_unique<ast::Call>(s, std::move(callee));
    call->args = std::move(args);
    return call;
  }

  ast::ExprPtr atom() {
    if (at_end()) return nullptr;
    const size_t k = i_;
    const Span s = span_at(k);
    ast::ExprPtr out;
    switch (type_at(k)) {
      case P::NAME: out = std::make_unique<ast::Name>(s, std::string(text_at(k))); break;
      case P::INT: {
        std::string_view t = text_at(k);
        if (t.size() > 1 && t[0] == '0') return nullptr;  // leading zeros (an error), 0x, 0o, 0b: ANTLR
        auto v = parse_int_literal(t);
        if (!v) return nullptr;  // beyond int64: the transformer keeps the digits
        out = std::make_unique<ast::IntLiteral>(s, *v);
        break;
      }
      case P::FLOAT: out = std::make_unique<ast::FloatLiteral>(s, parse_float_literal(text_at(k))); break;
      case P::STRING: {
        std::string_view whole = text_at(k);
        if (type_at(k + 1) == P::STRING || utf8::find_invalid(whole) != utf8::npos) return nullptr;
        StringParts p = split_string_token(whole);
        if (!p.prefix.empty()) return nullptr;  // raw, bytes, f-strings and prefix errors: ANTLR
        out = std::make_unique<ast::StringLiteral>(s, decode_string_body(p.body, false, false));
        break;
      }
      case P::NONE: case P::NULL_LIT: out = std::make_unique<ast::NoneLiteral>(s); break;
      case P::TRUE: case P::TRUE_LOWER: out = std::make_unique<ast::BoolLiteral>(s, true); break;
      case P::FALSE: case P::FALSE_LOWER: out = std::make_unique<ast::BoolLiteral>(s, false); break;
      default: return nullptr;
    }
    ++i_;
    return out;
  }

  const std::string& text_;
  const std::vector<std::unique_ptr<antlr4::Token>>& tokens_;
  size_t i_;
  size_t end_;
};

}  // namespace

ast::StmtPtr parse_simple_statement(const std::string& text, const std::vector<std::unique_ptr<antlr4::Token>>& tokens,
                                    size_t b, size_t e) {
  return SimpleStatement(text, tokens, b, e).statement();
}

}  // namespace plank::frontend
