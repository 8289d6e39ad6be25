#include "agents/caip/compile/builder.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace plank::caip {

namespace b = ast::build;

namespace {

// [0, [first, last]] as token indices, clamped to the utterance; false when not a span leaf.
bool token_range(const lf::Value* v, size_t tokens, size_t* first, size_t* last) {
  if (!v || !v->is_list() || v->items.size() != 2 || !v->items[1].is_list() || v->items[1].items.size() != 2) return false;
  const auto& r = v->items[1].items;
  if (!r[0].is_int() || !r[1].is_int() || tokens == 0) return false;
  long a = std::max(0L, long(r[0].integer)), z = std::min(long(r[1].integer), long(tokens) - 1);
  if (a > z) return false;
  *first = size_t(a), *last = size_t(z);
  return true;
}

// Calls fn(first, last) for each leaf under node that names a token range
// (such a leaf is not entered further).
template <class Fn>
void for_each_token_range(const lf::Value* node, size_t tokens, Fn&& fn) {
  auto walk = [&](auto&& self, const lf::Value* v) -> void {
    if (!v) return;
    size_t first = 0, last = 0;
    if (token_range(v, tokens, &first, &last)) {
      fn(first, last);
      return;
    }
    if (v->is_list())
      for (const auto& item : v->items) self(self, &item);
    else if (v->is_dict())
      for (const auto& m : v->members) self(self, &m.value);
  };
  walk(walk, node);
}

}  // namespace

CommandBuilder::CommandBuilder(const lf::Utterance& utterance, SourceRef file) : utterance_(utterance), file_(std::move(file)) {
  // The whole command: from its first word to its last.
  const auto& spans = utterance_.token_spans;
  scopes_.push_back(spans.empty() ? Span{0, uint32_t(utterance_.text.size())} : Span{spans.front().begin, spans.back().end});
  blocks_.emplace_back();
}

std::string CommandBuilder::text(const lf::Value* leaf) const {
  size_t first = 0, last = 0;
  if (!token_range(leaf, utterance_.tokens.size(), &first, &last)) return {};
  std::string out;
  for (size_t i = first; i <= last; ++i) out += (out.empty() ? "" : " ") + utterance_.tokens[i];
  return out;
}

Span CommandBuilder::where(const lf::Value* leaf) const {
  size_t first = 0, last = 0;
  if (!token_range(leaf, utterance_.token_spans.size(), &first, &last)) return here();
  return Span{utterance_.token_spans[first].begin, utterance_.token_spans[last].end};
}

Span CommandBuilder::words_in(const lf::Value* node) const {
  Span all{UINT32_MAX, 0};
  for_each_token_range(node, utterance_.token_spans.size(), [&](size_t first, size_t last) {
    all.begin = std::min(all.begin, utterance_.token_spans[first].begin);
    all.end = std::max(all.end, utterance_.token_spans[last].end);
  });
  return all.begin <= all.end ? all : here();
}

std::vector<bool> CommandBuilder::covered(const lf::Value* node) const {
  std::vector<bool> out(utterance_.tokens.size(), false);
  for_each_token_range(node, out.size(), [&](size_t first, size_t last) {
    for (size_t i = first; i <= last; ++i) out[i] = true;
  });
  return out;
}

std::optional<std::pair<size_t, size_t>> CommandBuilder::tokens_of(const lf::Value* leaf) const {
  size_t first = 0, last = 0;
  if (!token_range(leaf, utterance_.tokens.size(), &first, &last)) return std::nullopt;
  return std::pair{first, last};
}

std::optional<size_t> CommandBuilder::first_token(const lf::Value* node) const {
  std::optional<size_t> best;
  for_each_token_range(node, utterance_.tokens.size(), [&](size_t first, size_t) {
    if (!best || first < *best) best = first;
  });
  return best;
}

std::vector<std::string> CommandBuilder::words(size_t first, size_t last) const {
  std::vector<std::string> out;
  for (size_t i = first; i <= last && i < utterance_.tokens.size(); ++i) {
    std::string w = utterance_.tokens[i];
    std::transform(w.begin(), w.end(), w.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    out.push_back(std::move(w));
  }
  return out;
}

Span CommandBuilder::tokens_span(size_t first, size_t last) const {
  const auto& spans = utterance_.token_spans;
  if (first > last || last >= spans.size()) return here();
  return Span{spans[first].begin, spans[last].end};
}

void CommandBuilder::tokens_arg(Keywords& kws, std::string key, size_t first, size_t last) const {
  if (first > last || last >= utterance_.tokens.size()) return;
  std::string text;
  for (size_t i = first; i <= last; ++i) text += (text.empty() ? "" : " ") + utterance_.tokens[i];
  Span at = tokens_span(first, last);
  kws.push_back(b::keyword(at, std::move(key), b::str(at, std::move(text))));
}

std::string CommandBuilder::category(const lf::Value* leaf) { return leaf && leaf->is_string() ? leaf->string : std::string(); }

ast::StmtList CommandBuilder::close_block() {
  ast::StmtList out = std::move(blocks_.back());
  blocks_.pop_back();
  return out;
}

std::string CommandBuilder::fresh(std::string_view stem) { return fmt::format("{}{}", stem, next_name_++); }

std::string CommandBuilder::bind(std::string_view stem, ast::ExprPtr value) {
  std::string n = fresh(stem);
  Span at = value->span;
  add(b::assign(at, n, std::move(value)));
  return_if_none(b::name(at, n));
  return n;
}

ast::ExprPtr CommandBuilder::settled(ast::ExprPtr call) const {
  Span at = call->span;
  return b::call_named(at, kSettle, b::exprs(std::move(call)));
}

ast::ExprPtr CommandBuilder::doubt(Span span, const std::string& kind, const std::string& words, const std::string& what,
                                   long fallback) {
  Scope scope(*this, span);
  Keywords kws;
  str_arg(kws, "words", words);
  str_arg(kws, "what", what);
  if (fallback >= 0) arg(kws, "default", integer(fallback));
  return settled(call("caip_doubt", b::exprs(str(kind)), std::move(kws)));
}

void CommandBuilder::return_if_none(ast::ExprPtr value) {
  Span at = value->span;
  add(b::if_stmt(at, b::is_none(at, std::move(value)), b::stmts(b::return_stmt(at))));
}

void CommandBuilder::span_arg(Keywords& kws, std::string key, const lf::Value* leaf) const {
  std::string words = text(leaf);
  if (words.empty()) return;
  Span at = where(leaf);
  kws.push_back(b::keyword(at, std::move(key), b::str(at, std::move(words))));
}

void CommandBuilder::str_arg(Keywords& kws, std::string key, const std::string& value) const {
  if (value.empty()) return;
  kws.push_back(b::keyword(here(), std::move(key), str(value)));
}

void CommandBuilder::arg(Keywords& kws, std::string key, ast::ExprPtr value) const {
  Span at = value->span;
  kws.push_back(b::keyword(at, std::move(key), std::move(value)));
}

ast::ExprPtr CommandBuilder::call(const std::string& callee, ast::ExprList args, Keywords kws) const {
  // A call points at the words of its arguments (`caip_schematic(name='house',
  // colour='red')` at "red house"); arguments without words of their own point at here().
  Span at{UINT32_MAX, 0};
  auto cover = [&](Span s) { at.begin = std::min(at.begin, s.begin), at.end = std::max(at.end, s.end); };
  for (const auto& a : args) cover(a->span);
  for (const auto& k : kws) cover(k.value->span);
  if (at.begin > at.end) at = here();
  return b::call_named(at, callee, std::move(args), std::move(kws));
}

std::unique_ptr<ast::Module> CommandBuilder::finish() {
  Span whole = scopes_.front();
  auto m = std::make_unique<ast::Module>();
  m->file = file_;
  m->body.push_back(b::function_def(whole, "command", {}, close_block()));
  m->body.push_back(b::expr_stmt(whole, b::call_named(whole, "command")));
  return m;
}

}  // namespace plank::caip
