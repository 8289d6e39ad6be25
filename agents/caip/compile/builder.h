// Builds a compiled command's AST (compiler/frontend/ast_build.h): statements
// go into the innermost open block (a stack of statement lists, so loops and
// guards nest without indentation counting), names are fresh, and every node
// points into the utterance: at the words it came from (a span leaf's tokens),
// else at the words of the logical-form node being lowered (a Scope), else at
// the whole command.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "compiler/frontend/ast.h"
#include "compiler/frontend/ast_build.h"
#include "compiler/lf/check.h"
#include "compiler/lf/value.h"

namespace plank::caip {

// The policy function every result that may be a doubt goes through
// (stdlib/caip/conversation.plank): the value, or None after the agent asked.
inline constexpr const char* kSettle = "settle";

class CommandBuilder {
 public:
  using Keywords = std::vector<ast::KeywordArg>;
  CommandBuilder(const lf::Utterance& utterance, SourceRef file);

  const lf::Utterance& utterance() const { return utterance_; }

  // ---- words and where they are
  // A span leaf's words ([0, [first, last]]), joined by one space; "" when absent.
  std::string text(const lf::Value* leaf) const;
  // Where a span leaf's words lie in the utterance; here() when it has none.
  Span where(const lf::Value* leaf) const;
  // From the first to the last word of every span leaf under `node`; here() when none.
  Span words_in(const lf::Value* node) const;
  // The first token of the span leaves under `node` (their smallest index); nullopt when none.
  std::optional<size_t> first_token(const lf::Value* node) const;
  // Which tokens of the utterance the span leaves under `node` point at.
  std::vector<bool> covered(const lf::Value* node) const;
  // A span leaf's [first, last] tokens; nullopt when it is not one.
  std::optional<std::pair<size_t, size_t>> tokens_of(const lf::Value* leaf) const;
  // The utterance's tokens [first, last] (inclusive), lower-cased; and where they lie.
  std::vector<std::string> words(size_t first, size_t last) const;
  Span tokens_span(size_t first, size_t last) const;
  // key='tokens [first, last]', pointing at them.
  void tokens_arg(Keywords& kws, std::string key, size_t first, size_t last) const;
  // A categorical leaf's value ("NEAR", "ALL"); "" when absent.
  static std::string category(const lf::Value* leaf);
  // The span of the innermost scope: what nodes without words of their own point at.
  Span here() const { return scopes_.back(); }
  // The whole command, from its first word to its last.
  Span whole() const { return scopes_.front(); }

  // While alive, here() is `span` (the words of the form node being lowered).
  class Scope {
   public:
    Scope(CommandBuilder& b, Span span) : b_(b) { b_.scopes_.push_back(span); }
    ~Scope() { b_.scopes_.pop_back(); }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    CommandBuilder& b_;
  };

  // ---- statements
  void add(ast::StmtPtr stmt) { blocks_.back().push_back(std::move(stmt)); }
  // A call as a statement, pointing where the call does.
  void add_call(ast::ExprPtr call) {
    Span at = call->span;
    add(ast::build::expr_stmt(at, std::move(call)));
  }
  // A nested suite: open, add its statements, close (what it holds).
  void open_block() { blocks_.emplace_back(); }
  ast::StmtList close_block();

  std::string fresh(std::string_view stem);
  // `stem<n> = value` then `if stem<n> is None: return` (the policy asked, or a refusal): the name.
  std::string bind(std::string_view stem, ast::ExprPtr value);
  // `settle(call)`: an intrinsic that may raise a doubt, through the policy.
  ast::ExprPtr settled(ast::ExprPtr call) const;
  // `settle(caip_doubt(kind, words=..., what=..., default=...))`: a doubt the
  // compiler finds itself (words it cannot read, nothing to do), settled by the
  // policy like the intrinsics' own. `fallback` >= 0: the count to go on with.
  ast::ExprPtr doubt(Span span, const std::string& kind, const std::string& words = {}, const std::string& what = {},
                     long fallback = -1);
  // `if value is None: return`.
  void return_if_none(ast::ExprPtr value);

  // ---- keyword arguments (only those with a value are passed)
  // key='words of the span leaf', pointing at them.
  void span_arg(Keywords& kws, std::string key, const lf::Value* leaf) const;
  // key='value' (a category, a word the compiler chose), pointing at here().
  void str_arg(Keywords& kws, std::string key, const std::string& value) const;
  void arg(Keywords& kws, std::string key, ast::ExprPtr value) const;

  // ---- expressions pointing at here()
  ast::ExprPtr name(const std::string& id) const { return ast::build::name(here(), id); }
  ast::ExprPtr str(const std::string& value) const { return ast::build::str(here(), value); }
  ast::ExprPtr integer(long value) const { return ast::build::integer(here(), value); }
  ast::ExprPtr call(const std::string& callee, ast::ExprList args = {}, Keywords kws = {}) const;

  // The whole program: `def command(): <body>` then `command()`.
  std::unique_ptr<ast::Module> finish();

 private:
  const lf::Utterance& utterance_;
  SourceRef file_;
  std::vector<Span> scopes_;
  std::vector<ast::StmtList> blocks_;
  int next_name_ = 0;
};

}  // namespace plank::caip
