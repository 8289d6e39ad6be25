// The Plank lexer: INDENT/DEDENT, bracket tracking, lexical diagnostics and
// nesting limits on top of the generated PlankLexer (see indent_lexer.h).
#include "compiler/frontend/indent_lexer.h"

#include <algorithm>
#include <cstdio>
#include <string_view>

#include "PlankParser.h"
#include "compiler/frontend/parser.h"
#include "runtime/unicode.h"
#include "support/utf8.h"

namespace plank::frontend {

using antlr4::Token;
using P = grammar::PlankParser;

ByteStream::ByteStream(const std::string& bytes) {
  _data.resize(bytes.size());
  for (size_t i = 0; i < bytes.size(); ++i) _data[i] = static_cast<unsigned char>(bytes[i]);
  p = 0;
}

bool is_open_bracket(size_t t) { return t == P::LPAR || t == P::LSQB || t == P::LBRACE; }
bool is_close_bracket(size_t t) { return t == P::RPAR || t == P::RSQB || t == P::RBRACE; }

bool ends_operand(size_t t) {
  switch (t) {
    case P::NAME: case P::INT: case P::FLOAT: case P::IMAGINARY: case P::STRING: case P::RPAR: case P::RSQB:
    case P::RBRACE: case P::NONE: case P::NULL_LIT: case P::TRUE: case P::TRUE_LOWER:
    case P::FALSE: case P::FALSE_LOWER: case P::ELLIPSIS:
      return true;
    default:
      return false;
  }
}

namespace {

size_t closer_of(size_t open) { return open == P::LPAR ? P::RPAR : open == P::LSQB ? P::RSQB : P::RBRACE; }
size_t matching_open(size_t t) { return t == P::RPAR ? P::LPAR : t == P::RSQB ? P::LSQB : P::LBRACE; }
const char* bracket_text(size_t t) {
  switch (t) {
    case P::LPAR: return "(";
    case P::RPAR: return ")";
    case P::LSQB: return "[";
    case P::RSQB: return "]";
    case P::LBRACE: return "{";
    default: return "}";
  }
}

// How an invalid character is named in a message: 'x', U+0007, 'é' (U+00E9) or byte 0xFF.
std::string quote_char_for_message(std::string_view text, size_t at, size_t* length) {
  unsigned char c = static_cast<unsigned char>(text[at]);
  if (c < 0x80) {
    *length = 1;
    if (c < 0x20 || c == 0x7f) {
      char buf[16];
      std::snprintf(buf, sizeof buf, "U+%04X", c);
      return buf;
    }
    return "'" + std::string(1, static_cast<char>(c)) + "'";
  }
  uint32_t cp = 0;
  const size_t n = utf8::decode(text, at, &cp);
  char buf[32];
  if (n == 0) {
    *length = 1;
    std::snprintf(buf, sizeof buf, "byte 0x%02X", c);
    return buf;
  }
  *length = n;
  std::snprintf(buf, sizeof buf, " (U+%04X)", cp);
  return "'" + std::string(text.substr(at, n)) + "'" + buf;
}

// The byte length of the first character of `name` that cannot be part of a
// Python identifier (0 when every one can), at *at. Past ASCII: letters may
// start a name, letters and numbers continue it (Unicode's categories, from
// the same tables as str.isalpha / isalnum).
size_t invalid_in_name(std::string_view name, size_t* at) {
  for (size_t i = 0; i < name.size();) {
    unsigned char c = static_cast<unsigned char>(name[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    uint32_t cp = 0;
    size_t n = utf8::decode(name, i, &cp);
    uint8_t props = n ? core::unicode::props(cp) : 0;
    bool ok = n && (i == 0 ? (props & core::unicode::kAlpha) : (props & (core::unicode::kAlpha | core::unicode::kAlnum)));
    if (!ok) {
      *at = i;
      return n ? n : 1;
    }
    i += n;
  }
  return 0;
}

}  // namespace

IndentLexer::IndentLexer(antlr4::CharStream* input, const std::string& text, bool expression_mode)
    : PlankLexer(input), text_(text), expression_mode_(expression_mode) {
  removeErrorListeners();
}

std::unique_ptr<Token> IndentLexer::nextToken() {
  while (pending_.empty()) fill();
  auto t = std::move(pending_.front());
  pending_.pop_front();
  return t;
}

// A token the grammar needs but the text does not spell (INDENT, DEDENT, NEWLINE, EOF).
std::unique_ptr<Token> IndentLexer::synth(size_t type, uint32_t offset) {
  auto t = std::make_unique<antlr4::CommonToken>(std::make_pair(static_cast<antlr4::TokenSource*>(this), _input),
                                                 type, Token::DEFAULT_CHANNEL, offset, offset - 1);
  t->setText("");
  return t;
}

// End of input: close the line, the blocks, the file.
void IndentLexer::finish(uint32_t offset) {
  if (!at_line_start_) pending_.push_back(synth(P::NEWLINE, offset));
  at_line_start_ = true;
  while (indents_.size() > 1) {
    indents_.pop_back();
    pending_.push_back(synth(P::DEDENT, offset));
  }
  if (!brackets_.empty()) {
    const Open& o = brackets_.back();
    bool later_problem = std::any_of(problems.begin(), problems.end(),
                                     [&](const Problem& p) { return p.span.begin > o.offset; });
    if (!later_problem) report(Span::at(o.offset), std::string("'") + bracket_text(o.type) + "' was never closed");
    brackets_.clear();
  }
  pending_.push_back(synth(Token::EOF, offset));
  done_ = true;
}

// A problem after which the rest of the input cannot be tokenized meaningfully.
void IndentLexer::fatal(Span s, std::string msg) {
  report(s, std::move(msg));
  brackets_.clear();
  finish(static_cast<uint32_t>(text_.size()));
}

uint32_t IndentLexer::indent_width(uint32_t offset) const {
  uint32_t ls = offset;
  while (ls > 0 && text_[ls - 1] != '\n' && text_[ls - 1] != '\r') --ls;
  uint32_t col = 0;
  for (uint32_t i = ls; i < offset; ++i) {
    char c = text_[i];
    if (c == '\t') col = (col / 8 + 1) * 8;
    else if (c == '\f') col = 0;
    else ++col;
  }
  return col;
}

void IndentLexer::fill() {
  if (done_) {
    pending_.push_back(synth(Token::EOF, static_cast<uint32_t>(text_.size())));
    return;
  }
  std::unique_ptr<Token> t = grammar::PlankLexer::nextToken();
  size_t type = t->getType();
  uint32_t start = static_cast<uint32_t>(t->getStartIndex());
  if (type == Token::EOF) {
    finish(static_cast<uint32_t>(text_.size()));
    return;
  }
  if (type == P::NEWLINE) {
    if (brackets_.empty() && !at_line_start_) {
      at_line_start_ = true;
      unary_run_ = 0;
      ++logical_line_;
      pending_.push_back(std::move(t));
    }
    return;
  }
  if (type == P::ERRCHAR) {
    if (invalid_reported_line_ != logical_line_) {
      invalid_reported_line_ = logical_line_;
      size_t len = 1;
      std::string what = quote_char_for_message(text_, start, &len);
      report(Span::at(start, static_cast<uint32_t>(len)), "invalid character " + what);
    }
    return;
  }
  if (type == P::NAME) {
    std::string_view name(text_.data() + start, t->getStopIndex() + 1 - start);
    size_t bad_at = 0;
    if (invalid_in_name(name, &bad_at) != 0) {
      if (invalid_reported_line_ != logical_line_) {
        invalid_reported_line_ = logical_line_;
        size_t len = 1;
        std::string what = quote_char_for_message(text_, start + bad_at, &len);
        report(Span::at(static_cast<uint32_t>(start + bad_at), static_cast<uint32_t>(len)), "invalid character " + what);
      }
      return;
    }
  }
  if (type == P::UNTERMINATED_STRING) {
    uint32_t stop = static_cast<uint32_t>(t->getStopIndex()) + 1;
    report({start, std::max(stop, start + 1)}, "unterminated string literal");
    brackets_.clear();  // the line ends here; do not also report its open brackets
    return;
  }
  if (type == P::STRING) {
    uint32_t stop = static_cast<uint32_t>(t->getStopIndex()) + 1;
    // '' followed by another quote: a triple-quoted string that never ends
    // (a closed one would have been the longer match).
    if (stop - start == 2 && stop < text_.size() && text_[stop] == text_[start]) {
      std::string q(3, text_[start]);
      fatal(Span::at(start, 3), "unterminated triple-quoted string literal (" + q + " is never closed)");
      return;
    }
  }

  if (at_line_start_) {
    at_line_start_ = false;
    if (!expression_mode_ && !indent(start)) return;
    // A clause that continues a compound statement (`elif`, `else`, `except`,
    // `finally`) or the statement after a decorator does not start a chunk.
    if (indents_.size() == 1 && type != P::ELIF && type != P::ELSE && type != P::EXCEPT && type != P::FINALLY &&
        !after_decorator_)
      chunk_starts.push_back(start);
    after_decorator_ = type == P::AT;
  }

  if (is_open_bracket(type)) {
    if (brackets_.size() >= static_cast<size_t>(kMaxBracketDepth)) {
      fatal(Span::at(start), "nesting too deep: more than " + std::to_string(kMaxBracketDepth) + " nested brackets");
      return;
    }
    brackets_.push_back({type, start});
  } else if (is_close_bracket(type)) {
    if (brackets_.empty()) {
      report(Span::at(start), std::string("unexpected '") + bracket_text(type) + "'");
      return;  // dropped: the statement may still parse
    }
    if (brackets_.back().type != matching_open(type)) {
      const Open o = brackets_.back();
      std::string msg = std::string("closing '") + bracket_text(type) + "' does not match opening '" +
                        bracket_text(o.type) + "'";
      // Name where the opener is and what would close it: the usual fix is
      // a missing closer there, not a different one here.
      msg += " at " + std::to_string(line_of(o.offset)) + ":" + std::to_string(column_of(o.offset)) +
             " (missing '" + bracket_text(closer_of(o.type)) + "'?)";
      report(Span::at(start), msg);
      auto it = std::find_if(brackets_.rbegin(), brackets_.rend(),
                             [&](const Open& b) { return b.type == matching_open(type); });
      if (it != brackets_.rend()) brackets_.erase(std::prev(it.base()), brackets_.end());
      else brackets_.pop_back();
    } else {
      brackets_.pop_back();
    }
  }

  // Prefix operators make the parser recurse: bound them per logical line.
  bool unary = type == P::NOT || type == P::LAMBDA || type == P::POWER || type == P::TILDE || type == P::AWAIT ||
               ((type == P::MINUS || type == P::PLUS || type == P::STAR) && !ends_operand(prev_type_));
  if (unary && ++unary_run_ > kMaxUnaryChain) {
    fatal(Span::at(start), "nesting too deep: more than " + std::to_string(kMaxUnaryChain) +
                               " prefix operators in one expression");
    return;
  }
  prev_type_ = type;
  pending_.push_back(std::move(t));
}

// Emits INDENT/DEDENT before the first token of a logical line. False when fatal.
bool IndentLexer::indent(uint32_t start) {
  uint32_t col = indent_width(start);
  if (col > indents_.back()) {
    if (indents_.size() > static_cast<size_t>(kMaxIndentDepth)) {
      fatal(Span::at(start), "too many levels of indentation (more than " + std::to_string(kMaxIndentDepth) + ")");
      return false;
    }
    indents_.push_back(col);
    pending_.push_back(synth(P::INDENT, start));
  } else if (col < indents_.back()) {
    while (indents_.size() > 1 && col < indents_.back()) {
      indents_.pop_back();
      pending_.push_back(synth(P::DEDENT, start));
    }
    if (col != indents_.back()) report(Span::at(start), "unindent does not match any outer indentation level");
  }
  return true;
}

uint32_t IndentLexer::column_of(uint32_t offset) const {
  size_t nl = offset == 0 ? std::string::npos : text_.rfind('\n', offset - 1);
  return static_cast<uint32_t>(nl == std::string::npos ? offset + 1 : offset - nl);
}

uint32_t IndentLexer::line_of(uint32_t offset) const {
  return static_cast<uint32_t>(std::count(text_.begin(), text_.begin() + offset, '\n')) + 1;
}

}  // namespace plank::frontend
