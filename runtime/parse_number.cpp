// int() and float() of text, as Python reads it.
#include "runtime/objects.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "runtime/copy_bytes.h"
#include "runtime/decimal.h"
#include "runtime/heap.h"
#include "runtime/module_runtime.h"
#include "runtime/new_str.h"
#include "runtime/str_concat.h"
#include "runtime/unicode.h"

namespace plank::core {

static std::string_view strip_ws(std::string_view s) {
  auto ws = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; };
  while (!s.empty() && ws(s.front())) s.remove_prefix(1);
  while (!s.empty() && ws(s.back())) s.remove_suffix(1);
  return s;
}

bool parse_int(std::string_view s, int64_t* out, bool* overflow) {
  *overflow = false;
  s = strip_ws(s);
  bool neg = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s.empty()) return false;
  unsigned __int128 acc = 0;
  bool prev_digit = false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '_') {
      if (!prev_digit || i + 1 == s.size()) return false;
      prev_digit = false;
      continue;
    }
    if (c < '0' || c > '9') return false;
    prev_digit = true;
    acc = acc * 10 + static_cast<unsigned>(c - '0');
    if (acc > (static_cast<unsigned __int128>(1) << 64)) *overflow = true;
  }
  if (!prev_digit) return false;
  if (*overflow) return true;
  unsigned __int128 limit = neg ? (static_cast<unsigned __int128>(1) << 63) : ((static_cast<unsigned __int128>(1) << 63) - 1);
  if (acc > limit) {
    *overflow = true;
    return true;
  }
  *out = neg ? static_cast<int64_t>(-static_cast<__int128>(acc)) : static_cast<int64_t>(acc);
  return true;
}

bool parse_float(std::string_view s, double* out) {
  s = strip_ws(s);
  std::string clean;
  bool prev_digit = false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '_') {
      if (!prev_digit || i + 1 == s.size() || !(s[i + 1] >= '0' && s[i + 1] <= '9')) return false;
      continue;
    }
    prev_digit = c >= '0' && c <= '9';
    clean += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  std::string_view body = clean;
  bool neg = false;
  if (!body.empty() && (body[0] == '+' || body[0] == '-')) {
    neg = body[0] == '-';
    body.remove_prefix(1);
  }
  if (body == "inf" || body == "infinity") {
    *out = neg ? -INFINITY : INFINITY;
    return true;
  }
  if (body == "nan") {
    *out = neg ? -NAN : NAN;
    return true;
  }
  if (body.empty()) return false;
  for (char c : body)
    if (!((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == '+' || c == '-')) return false;
  char* end = nullptr;
  double v = std::strtod(clean.c_str(), &end);
  if (end != clean.c_str() + clean.size()) return false;
  *out = v;
  return true;
}

}  // namespace plank::core
