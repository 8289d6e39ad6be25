#include "support/utf8.h"

namespace plank::utf8 {

size_t decode(std::string_view s, size_t i, uint32_t* cp) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const unsigned char c = byte(0);
  if (c < 0x80) {
    *cp = c;
    return 1;
  }
  // Unicode's Table 3-7: the lead byte fixes the length and the allowed range
  // of the second byte, which is what rules out overlong forms, surrogates
  // (ED A0..BF) and values past U+10FFFF (F4 90..).
  size_t n;
  unsigned char lo = 0x80, hi = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) n = 2;
  else if (c >= 0xE0 && c <= 0xEF) n = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
  else if (c >= 0xF0 && c <= 0xF4) n = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
  else return 0;
  if (i + n > s.size()) return 0;
  if (byte(1) < lo || byte(1) > hi) return 0;
  uint32_t v = c & (0x7F >> n);
  for (size_t k = 1; k < n; ++k) {
    if (!is_continuation(byte(k))) return 0;
    v = (v << 6) | (byte(k) & 0x3F);
  }
  *cp = v;
  return n;
}

size_t find_invalid(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    uint32_t cp;
    size_t n = decode(s, i, &cp);
    if (n == 0) return i;
    i += n;
  }
  return npos;
}

size_t char_length(std::string_view s, size_t i) {
  if (static_cast<unsigned char>(s[i]) < 0x80) return 1;
  uint32_t cp;
  size_t n = decode(s, i, &cp);
  return n ? n : 1;
}

size_t count(std::string_view s) {
  size_t n = 0;
  for (size_t i = 0; i < s.size(); i += char_length(s, i)) ++n;
  return n;
}

std::vector<size_t> starts(std::string_view s) {
  std::vector<size_t> out;
  out.reserve(s.size() + 1);
  for (size_t i = 0; i < s.size(); i += char_length(s, i)) out.push_back(i);
  out.push_back(s.size());
  return out;
}

void append(std::string& out, uint32_t cp) {
  if (cp > 0x10FFFF) cp = 0xFFFD;
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

}  // namespace plank::utf8
