// Names a host gives the state (host functions, globals) must be identifiers: a plan could
// not call anything else.
#pragma once
#include <string_view>

namespace plank::embed {

inline bool is_identifier(std::string_view s) {
  if (s.empty()) return false;
  auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  if (!letter(s[0])) return false;
  for (char c : s)
    if (!letter(c) && !(c >= '0' && c <= '9')) return false;
  return true;
}

}  // namespace plank::embed
