// Unicode character data for the str methods (upper, lower, isalpha, isalnum,
// isdigit, isspace), matching python3's str methods for every code point.
// The tables are generated from python3 itself (scripts/gen-unicode-tables.py),
// so there is no Unicode library to link and the Unicode version is python3's.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "support/utf8.h"

namespace plank::core::unicode {

using plank::append_utf8;  // support/utf8.h (decoding: utf8::decode)

// Property bits of one code point (as python3's one-character str methods answer).
enum Prop : uint8_t { kAlpha = 1, kDigit = 2, kAlnum = 4, kSpace = 8, kCased = 16, kCaseIgnorable = 32 };
uint8_t props(uint32_t cp);

// Whether `s` is non-empty and every code point has `prop` (str.isalpha() and friends).
bool all_have(std::string_view s, Prop prop);

// The byte length of the code point at s[i] / ending just before s[e] (1 for a malformed byte).
size_t char_at(std::string_view s, size_t i);
size_t char_before(std::string_view s, size_t e);

// The byte length of the whitespace code point starting at s[i] / ending just
// before s[e] (python3's isspace), 0 if there is none (split() and strip()).
size_t space_at(std::string_view s, size_t i);
size_t space_before(std::string_view s, size_t e);

// str.upper() / str.lower(): full case mapping (ß -> SS) and, for lower(), the
// final-sigma rule, as python3 applies them.
std::string upper(std::string_view s);
std::string lower(std::string_view s);

const char* version();  // the Unicode version of the tables

}  // namespace plank::core::unicode
