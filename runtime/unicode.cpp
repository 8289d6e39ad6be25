// Unicode case mapping and character classes for the str methods.
//
// Why generated tables rather than ICU: python3 is Plank's oracle, and ICU's
// Unicode version differs from the machine's python3's; the generator reads
// python3's own answers, so they agree by construction, and the build needs no
// extra library. The tables are compact: ~1300 property ranges, ~380 case runs
// (runs of code points a constant stride apart with one delta, which folds the
// alternating upper/lower pairs of Latin Extended and friends), and ~100 full
// mappings; a lookup is a binary search.
#include "runtime/unicode.h"

#include <algorithm>
#include <iterator>

namespace plank::core::unicode {

namespace {

struct FlagRange {
  uint32_t first, last;
  uint8_t flags;
};
struct CaseRun {
  uint32_t start;
  uint16_t count;
  uint8_t stride;
  int32_t delta;
};
struct FullCase {
  uint32_t cp;
  const char* utf8;
};

#include "runtime/unicode_tables.inc"

constexpr uint32_t kCapitalSigma = 0x3A3;

// The run containing cp, or null: the last run starting at or before cp.
template <size_t N>
const CaseRun* find_run(const CaseRun (&runs)[N], uint32_t cp) {
  auto it = std::upper_bound(std::begin(runs), std::end(runs), cp,
                             [](uint32_t c, const CaseRun& r) { return c < r.start; });
  if (it == std::begin(runs)) return nullptr;
  const CaseRun& r = *std::prev(it);
  uint32_t off = cp - r.start;
  if (off % r.stride != 0 || off / r.stride >= r.count) return nullptr;
  return &r;
}

template <size_t N>
const char* find_full(const FullCase (&full)[N], uint32_t cp) {
  auto it = std::lower_bound(std::begin(full), std::end(full), cp,
                             [](const FullCase& f, uint32_t c) { return f.cp < c; });
  return it != std::end(full) && it->cp == cp ? it->utf8 : nullptr;
}

// One code point at s[i] (ASCII or multi-byte); a malformed byte stands for itself with cp = ~0.
size_t next_cp(std::string_view s, size_t i, uint32_t* cp) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  if (c < 0x80) {
    *cp = c;
    return 1;
  }
  if (size_t n = utf8::decode(s, i, cp)) return n;
  *cp = ~0u;
  return 1;
}

// The code point ending just before byte i (i > 0).
uint32_t prev_cp(std::string_view s, size_t* i) {
  size_t j = *i - 1;
  while (j > 0 && utf8::is_continuation(static_cast<unsigned char>(s[j]))) --j;
  uint32_t cp;
  if (next_cp(s, j, &cp) != *i - j) cp = ~0u;
  *i = j;
  return cp;
}

// CPython's final-sigma test: a cased letter precedes and none follows, case-ignorable ones skipped.
bool final_sigma(std::string_view s, size_t at, size_t len) {
  bool before = false;
  for (size_t i = at; i > 0;) {
    uint8_t p = props(prev_cp(s, &i));
    if (p & kCaseIgnorable) continue;
    before = p & kCased;
    break;
  }
  if (!before) return false;
  for (size_t i = at + len; i < s.size();) {
    uint32_t cp;
    i += next_cp(s, i, &cp);
    uint8_t p = props(cp);
    if (p & kCaseIgnorable) continue;
    return !(p & kCased);
  }
  return true;
}

template <size_t R, size_t F>
std::string map_case(std::string_view s, const CaseRun (&runs)[R], const FullCase (&full)[F], bool lower) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {  // ASCII inside a mixed string
      out += static_cast<char>(lower ? (c >= 'A' && c <= 'Z' ? c + 32 : c) : (c >= 'a' && c <= 'z' ? c - 32 : c));
      ++i;
      continue;
    }
    uint32_t cp;
    size_t n = next_cp(s, i, &cp);
    if (cp == ~0u) {
      out += s[i];
    } else if (lower && cp == kCapitalSigma) {
      append_utf8(out, final_sigma(s, i, n) ? 0x3C2 : 0x3C3);
    } else if (const CaseRun* r = find_run(runs, cp)) {
      append_utf8(out, static_cast<uint32_t>(static_cast<int64_t>(cp) + r->delta));
    } else if (const char* m = find_full(full, cp)) {
      out += m;
    } else {
      out.append(s.data() + i, n);
    }
    i += n;
  }
  return out;
}

}  // namespace

uint8_t props(uint32_t cp) {
  auto it = std::upper_bound(std::begin(kFlagRanges), std::end(kFlagRanges), cp,
                             [](uint32_t c, const FlagRange& r) { return c < r.first; });
  if (it == std::begin(kFlagRanges)) return 0;
  const FlagRange& r = *std::prev(it);
  return cp <= r.last ? r.flags : 0;
}

bool all_have(std::string_view s, Prop prop) {
  if (s.empty()) return false;
  for (size_t i = 0; i < s.size();) {
    uint32_t cp;
    i += next_cp(s, i, &cp);
    if (cp == ~0u || !(props(cp) & prop)) return false;
  }
  return true;
}

size_t char_at(std::string_view s, size_t i) {
  uint32_t cp;
  return next_cp(s, i, &cp);
}

size_t char_before(std::string_view s, size_t e) {
  size_t i = e;
  return prev_cp(s, &i) == ~0u ? 1 : e - i;
}

size_t space_at(std::string_view s, size_t i) {
  uint32_t cp;
  size_t n = next_cp(s, i, &cp);
  return cp != ~0u && (props(cp) & kSpace) ? n : 0;
}

size_t space_before(std::string_view s, size_t e) {
  size_t i = e;
  uint32_t cp = prev_cp(s, &i);
  return cp != ~0u && (props(cp) & kSpace) ? e - i : 0;
}

std::string upper(std::string_view s) { return map_case(s, kUpperRuns, kUpperFull, false); }
std::string lower(std::string_view s) { return map_case(s, kLowerRuns, kLowerFull, true); }

const char* version() { return kUnicodeVersion; }

}  // namespace plank::core::unicode
