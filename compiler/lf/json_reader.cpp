#include "compiler/lf/json_reader.h"

#include "support/utf8.h"

#include <charconv>
#include <cstring>
#include <vector>
#include <string_view>

namespace plank::lf {
namespace {

class Reader {
 public:
  Reader(const SourceRef& file, Span range, DiagnosticSink& sink) : file_(file), sink_(sink) {
    const std::string& text = file->text();
    uint32_t end = std::min<uint32_t>(range.end, static_cast<uint32_t>(text.size()));
    uint32_t begin = std::min(range.begin, end);
    base_ = text.data();
    p_ = base_ + begin;
    end_ = base_ + end;
    item_stack_.clear();
    member_stack_.clear();
  }

  std::optional<Value> run() {
    skip_ws();
    Value v;
    if (!parse_value(v, 0)) return std::nullopt;
    skip_ws();
    if (p_ != end_) {
      fail(p_, 1, "unexpected text after the JSON value");
      return std::nullopt;
    }
    return v;
  }

 private:
  const SourceRef& file_;
  DiagnosticSink& sink_;
  const char* base_;
  const char* p_;
  const char* end_;
  // Scratch stacks: a list's items / a dict's members are collected here and
  // moved into an exactly-sized vector when the container closes (one
  // allocation per container instead of a growth sequence).
  // thread_local so that reading many small documents (JSONL lines) reuses them.
  static std::vector<Value>& item_storage() {
    static thread_local std::vector<Value> v;
    return v;
  }
  static std::vector<Member>& member_storage() {
    static thread_local std::vector<Member> v;
    return v;
  }
  std::vector<Value>& item_stack_ = item_storage();
  std::vector<Member>& member_stack_ = member_storage();

  void take_items(Value& out, size_t base) {
    out.items.reserve(item_stack_.size() - base);
    for (size_t i = base; i < item_stack_.size(); ++i) out.items.push_back(std::move(item_stack_[i]));
    item_stack_.resize(base);
  }
  void take_members(Value& out, size_t base) {
    out.members.reserve(member_stack_.size() - base);
    for (size_t i = base; i < member_stack_.size(); ++i) out.members.push_back(std::move(member_stack_[i]));
    member_stack_.resize(base);
  }

  uint32_t off(const char* q) const { return static_cast<uint32_t>(q - base_); }

  bool fail(const char* at, uint32_t len, std::string message, const char* code = "json.syntax") {
    if (at > end_) at = end_;
    if (at + len > end_) len = static_cast<uint32_t>(end_ - at);
    Diagnostic d;
    d.file = file_;
    d.span = Span{off(at), off(at) + len};
    d.message = std::move(message);
    d.code = code;
    sink_.report(std::move(d));
    return false;
  }

  static std::string describe(char c) {
    unsigned char u = static_cast<unsigned char>(c);
    if (u >= 0x21 && u < 0x7f) return std::string("'") + c + "'";
    char buf[16];
    std::snprintf(buf, sizeof buf, "byte 0x%02x", u);
    return buf;
  }

  void skip_ws() {
    while (p_ != end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\t' || *p_ == '\r')) ++p_;
  }

  bool parse_value(Value& out, int depth) {
    if (p_ == end_) return fail(p_, 0, "unexpected end of input, expected a value");
    switch (*p_) {
      case '{': return parse_object(out, depth);
      case '[': return parse_array(out, depth);
      case '"': {
        const char* start = p_;
        out.kind = ValueKind::String;
        if (!parse_string(out.string)) return false;
        out.span = Span{off(start), off(p_)};
        return true;
      }
      case '\'': return fail(p_, 1, "single-quoted strings are not JSON (use double quotes)");
      case 't': return parse_literal(out, "true", ValueKind::Bool, true);
      case 'f': return parse_literal(out, "false", ValueKind::Bool, false);
      case 'n': return parse_literal(out, "null", ValueKind::Null, false);
      case 'T': return python_literal("True", "true");
      case 'F': return python_literal("False", "false");
      case 'N': return python_literal("None", "null");
      case '-': case '0': case '1': case '2': case '3': case '4':
      case '5': case '6': case '7': case '8': case '9':
        return parse_number(out);
      default: return fail(p_, 1, "expected a value, found " + describe(*p_));
    }
  }

  bool python_literal(std::string_view py, std::string_view js) {
    if (static_cast<size_t>(end_ - p_) >= py.size() && std::memcmp(p_, py.data(), py.size()) == 0)
      return fail(p_, static_cast<uint32_t>(py.size()),
                  "'" + std::string(py) + "' is Python; JSON spells it '" + std::string(js) + "'");
    return fail(p_, 1, "expected a value, found " + describe(*p_));
  }

  bool parse_literal(Value& out, std::string_view word, ValueKind kind, bool b) {
    if (static_cast<size_t>(end_ - p_) < word.size() || std::memcmp(p_, word.data(), word.size()) != 0)
      return fail(p_, 1, "expected a value, found " + describe(*p_));
    out.kind = kind;
    out.boolean = b;
    out.span = Span{off(p_), off(p_) + static_cast<uint32_t>(word.size())};
    p_ += word.size();
    return true;
  }

  static bool is_digit(char c) { return c >= '0' && c <= '9'; }

  bool parse_number(Value& out) {
    const char* start = p_;
    const char* q = p_;
    if (*q == '-') ++q;
    if (q == end_ || !is_digit(*q)) return fail(start, static_cast<uint32_t>(q - start) + 1, "invalid number: expected a digit");
    if (*q == '0') {
      ++q;
      if (q != end_ && is_digit(*q)) return fail(start, static_cast<uint32_t>(q - start) + 1, "leading zeros are not JSON");
    } else {
      while (q != end_ && is_digit(*q)) ++q;
    }
    bool integral = true;
    if (q != end_ && *q == '.') {
      integral = false;
      ++q;
      if (q == end_ || !is_digit(*q)) return fail(start, static_cast<uint32_t>(q - start), "invalid number: expected a digit after '.'");
      while (q != end_ && is_digit(*q)) ++q;
    }
    if (q != end_ && (*q == 'e' || *q == 'E')) {
      integral = false;
      ++q;
      if (q != end_ && (*q == '+' || *q == '-')) ++q;
      if (q == end_ || !is_digit(*q)) return fail(start, static_cast<uint32_t>(q - start), "invalid number: expected a digit in the exponent");
      while (q != end_ && is_digit(*q)) ++q;
    }
    out.span = Span{off(start), off(q)};
    if (integral) {
      int64_t i = 0;
      auto r = std::from_chars(start, q, i);
      if (r.ec == std::errc() && r.ptr == q) {
        out.kind = ValueKind::Int;
        out.integer = i;
        p_ = q;
        return true;
      }
    }
    double d = 0;
    auto r = std::from_chars(start, q, d);
    if (r.ptr != q || (r.ec != std::errc() && r.ec != std::errc::result_out_of_range))
      return fail(start, static_cast<uint32_t>(q - start), "invalid number");
    out.kind = ValueKind::Double;
    out.number = d;
    p_ = q;
    return true;
  }

  static int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }

  bool read_hex4(const char* at, uint32_t& cp) {
    if (end_ - at < 4) return false;
    cp = 0;
    for (int i = 0; i < 4; ++i) {
      int h = hex_value(at[i]);
      if (h < 0) return false;
      cp = cp * 16 + static_cast<uint32_t>(h);
    }
    return true;
  }

  // Length of a valid UTF-8 sequence at q (q[0] >= 0x80), 0 if invalid.
  size_t utf8_length(const char* q) const {
    uint32_t cp;
    return utf8::decode(std::string_view(q, static_cast<size_t>(end_ - q)), 0, &cp);
  }

  // At '"'. Leaves p_ after the closing quote.
  bool parse_string(std::string& out) {
    const char* open = p_;
    const char* q = p_ + 1;
    // Fast path: plain ASCII without escapes.
    const char* run = q;
    while (q != end_) {
      unsigned char c = static_cast<unsigned char>(*q);
      if (c == '"') {
        out.append(run, q);
        p_ = q + 1;
        return true;
      }
      if (c == '\\') {
        out.append(run, q);
        if (q + 1 == end_) break;
        char e = q[1];
        switch (e) {
          case '"': out.push_back('"'); break;
          case '\\': out.push_back('\\'); break;
          case '/': out.push_back('/'); break;
          case 'b': out.push_back('\b'); break;
          case 'f': out.push_back('\f'); break;
          case 'n': out.push_back('\n'); break;
          case 'r': out.push_back('\r'); break;
          case 't': out.push_back('\t'); break;
          case 'u': {
            uint32_t cp;
            if (!read_hex4(q + 2, cp)) return fail(q, 2, "invalid \\u escape: expected four hex digits");
            const char* next = q + 6;
            if (cp >= 0xD800 && cp <= 0xDBFF) {
              uint32_t lo;
              if (end_ - next >= 6 && next[0] == '\\' && next[1] == 'u' && read_hex4(next + 2, lo) && lo >= 0xDC00 &&
                  lo <= 0xDFFF) {
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                next += 6;
              } else {
                return fail(q, 6, "unpaired surrogate in \\u escape");
              }
            } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
              return fail(q, 6, "unpaired surrogate in \\u escape");
            }
            append_utf8(out, cp);
            q = next;
            run = q;
            continue;
          }
          default:
            return fail(q, 2, "invalid escape " + describe(e) + " in string");
        }
        q += 2;
        run = q;
        continue;
      }
      if (c < 0x20) {
        if (c == '\n') return fail(open, static_cast<uint32_t>(q - open), "unterminated string");
        return fail(q, 1, "control character in string (must be escaped)");
      }
      if (c >= 0x80) {
        size_t n = utf8_length(q);
        if (!n) return fail(q, 1, "invalid UTF-8 in string");
        q += n;
        continue;
      }
      ++q;
    }
    return fail(open, static_cast<uint32_t>(end_ - open), "unterminated string");
  }

  bool parse_object(Value& out, int depth) {
    const char* open = p_;
    if (depth >= kMaxJsonDepth)
      return fail(p_, 1, "nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels", "json.depth");
    out.kind = ValueKind::Dict;
    ++p_;
    skip_ws();
    if (p_ != end_ && *p_ == '}') {
      ++p_;
      out.span = Span{off(open), off(p_)};
      return true;
    }
    const size_t base = member_stack_.size();
    for (;;) {
      if (p_ == end_) return fail(open, 1, "unterminated object: expected '}'");
      if (*p_ != '"') {
        if (*p_ == '}') return fail(p_, 1, "trailing comma is not JSON");
        if (*p_ == '\'') return fail(p_, 1, "single-quoted strings are not JSON (use double quotes)");
        return fail(p_, 1, "expected a string key, found " + describe(*p_));
      }
      Member m;
      const char* kstart = p_;
      if (!parse_string(m.key)) return false;
      m.key_span = Span{off(kstart), off(p_)};
      skip_ws();
      if (p_ == end_ || *p_ != ':') return fail(p_, 1, "expected ':' after object key");
      ++p_;
      skip_ws();
      if (!parse_value(m.value, depth + 1)) return false;
      member_stack_.push_back(std::move(m));
      skip_ws();
      if (p_ == end_) return fail(open, 1, "unterminated object: expected '}'");
      if (*p_ == ',') {
        ++p_;
        skip_ws();
        continue;
      }
      if (*p_ == '}') {
        ++p_;
        out.span = Span{off(open), off(p_)};
        take_members(out, base);
        return true;
      }
      return fail(p_, 1, "expected ',' or '}' after object member");
    }
  }

  bool parse_array(Value& out, int depth) {
    const char* open = p_;
    if (depth >= kMaxJsonDepth)
      return fail(p_, 1, "nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels", "json.depth");
    out.kind = ValueKind::List;
    ++p_;
    skip_ws();
    if (p_ != end_ && *p_ == ']') {
      ++p_;
      out.span = Span{off(open), off(p_)};
      return true;
    }
    const size_t base = item_stack_.size();
    for (;;) {
      if (p_ == end_) return fail(open, 1, "unterminated list: expected ']'");
      if (*p_ == ']') return fail(p_, 1, "trailing comma is not JSON");
      Value item;
      if (!parse_value(item, depth + 1)) return false;
      item_stack_.push_back(std::move(item));
      skip_ws();
      if (p_ == end_) return fail(open, 1, "unterminated list: expected ']'");
      if (*p_ == ',') {
        ++p_;
        skip_ws();
        continue;
      }
      if (*p_ == ']') {
        ++p_;
        out.span = Span{off(open), off(p_)};
        take_items(out, base);
        return true;
      }
      return fail(p_, 1, "expected ',' or ']' after list element");
    }
  }
};

}  // namespace

std::optional<Value> read_json(const SourceRef& file, Span range, DiagnosticSink& sink) {
  if (!file) return std::nullopt;
  Reader r(file, range, sink);
  return r.run();
}

std::optional<Value> read_json(const SourceRef& file, DiagnosticSink& sink) {
  if (!file) return std::nullopt;
  return read_json(file, Span{0, static_cast<uint32_t>(file->text().size())}, sink);
}

}  // namespace plank::lf
