#include "compiler/frontend/literals.h"

#include "support/utf8.h"

#include <cctype>
#include <cstdlib>
#include <string>

namespace plank::frontend {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Reads exactly n hex digits at s[i..]; -1 if they are not all hex.
int64_t read_hex(std::string_view s, size_t i, size_t n) {
  if (i + n > s.size()) return -1;
  int64_t v = 0;
  for (size_t k = 0; k < n; ++k) {
    int h = hex_value(s[i + k]);
    if (h < 0) return -1;
    v = v * 16 + h;
  }
  return v;
}

}  // namespace

StringParts split_string_token(std::string_view tok) {
  StringParts p;
  size_t i = 0;
  while (i < tok.size() && tok[i] != '\'' && tok[i] != '"') {
    p.prefix += static_cast<char>(std::tolower(static_cast<unsigned char>(tok[i])));
    ++i;
  }
  std::string_view rest = tok.substr(i);
  size_t q = 1;
  if (rest.size() >= 6 && (rest.substr(0, 3) == "'''" || rest.substr(0, 3) == "\"\"\"")) q = 3;
  p.triple = q == 3;
  if (rest.size() < 2 * q) return p;
  p.body = rest.substr(q, rest.size() - 2 * q);
  p.body_offset = i + q;
  return p;
}

std::string decode_string_literal(std::string_view tok) {
  StringParts p = split_string_token(tok);
  return decode_string_body(p.body, p.prefix.find('r') != std::string::npos, p.prefix.find('b') != std::string::npos);
}

std::string decode_string_body(std::string_view s, bool raw, bool bytes) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '\r') {  // CRLF / CR inside a triple-quoted string reads as \n
      out += '\n';
      if (i + 1 < s.size() && s[i + 1] == '\n') ++i;
      continue;
    }
    if (c != '\\' || i + 1 >= s.size()) {
      out += c;
      continue;
    }
    if (raw) {  // r'...': a backslash is itself (it only keeps the next quote from ending the string)
      out += c;
      out += s[++i];
      continue;
    }
    char e = s[++i];
    switch (e) {
      case '\n': break;
      case '\r':
        if (i + 1 < s.size() && s[i + 1] == '\n') ++i;
        break;
      case '\\': out += '\\'; break;
      case '\'': out += '\''; break;
      case '"': out += '"'; break;
      case 'a': out += '\a'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'v': out += '\v'; break;
      case 'x': {
        int64_t v = read_hex(s, i + 1, 2);
        if (v < 0) { out += "\\x"; break; }
        if (bytes) out += static_cast<char>(v);
        else append_utf8(out, static_cast<uint32_t>(v));
        i += 2;
        break;
      }
      case 'u':
      case 'U': {
        if (bytes) {  // no \u escapes in bytes: kept as written
          out += '\\';
          out += e;
          break;
        }
        size_t n = e == 'u' ? 4 : 8;
        int64_t v = read_hex(s, i + 1, n);
        if (v < 0) { out += '\\'; out += e; break; }
        i += n;
        // Join a UTF-16 surrogate pair written as two \u escapes (JSON does this).
        if (v >= 0xD800 && v <= 0xDBFF && i + 6 < s.size() + 0 && s[i + 1] == '\\' && s[i + 2] == 'u') {
          int64_t lo = read_hex(s, i + 3, 4);
          if (lo >= 0xDC00 && lo <= 0xDFFF) {
            v = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00);
            i += 6;
          }
        }
        append_utf8(out, static_cast<uint32_t>(v));
        break;
      }
      default:
        if (e >= '0' && e <= '7') {
          uint32_t v = e - '0';
          for (int k = 0; k < 2 && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '7'; ++k) v = v * 8 + (s[++i] - '0');
          if (bytes) out += static_cast<char>(v & 0xff);
          else append_utf8(out, v);
        } else {
          out += '\\';
          out += e;
        }
    }
  }
  return out;
}

std::optional<int64_t> parse_int_literal(std::string_view tok) {
  int base = 10;
  size_t i = 0;
  if (tok.size() > 2 && tok[0] == '0') {
    char p = tok[1];
    if (p == 'x' || p == 'X') base = 16, i = 2;
    else if (p == 'o' || p == 'O') base = 8, i = 2;
    else if (p == 'b' || p == 'B') base = 2, i = 2;
  }
  uint64_t v = 0;
  const uint64_t limit = static_cast<uint64_t>(INT64_MAX);
  for (; i < tok.size(); ++i) {
    if (tok[i] == '_') continue;
    int d = hex_value(tok[i]);
    if (d < 0 || d >= base) return std::nullopt;
    if (v > (limit - static_cast<uint64_t>(d)) / static_cast<uint64_t>(base)) return std::nullopt;
    v = v * base + d;
  }
  return static_cast<int64_t>(v);
}

double parse_float_literal(std::string_view tok) {
  std::string clean;
  clean.reserve(tok.size());
  for (char c : tok)
    if (c != '_') clean += c;
  return std::strtod(clean.c_str(), nullptr);
}

}  // namespace plank::frontend
