// Whole numbers read from untrusted JSON. nlohmann's get<int>() of a float casts the double to the
// integer type, which is undefined behaviour when it does not fit ({"version": 1e62} in a scene,
// found by the fuzz campaign, issue 24). These refuse what is not an integer in range instead.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace plank {

// An integer JSON number from lo to hi; nullopt for anything else (a float, a string, out of range).
inline std::optional<int64_t> json_integer(const nlohmann::json& n, int64_t lo = std::numeric_limits<int32_t>::min(),
                                           int64_t hi = std::numeric_limits<int32_t>::max()) {
  if (n.is_number_unsigned()) {
    uint64_t u = n.get<uint64_t>();
    if (hi < 0 || u > uint64_t(hi) || (lo > 0 && u < uint64_t(lo))) return std::nullopt;
    return int64_t(u);
  }
  if (!n.is_number_integer()) return std::nullopt;
  int64_t v = n.get<int64_t>();
  if (v < lo || v > hi) return std::nullopt;
  return v;
}

// A non-negative integer JSON number of up to 64 bits; nullopt for anything else.
inline std::optional<uint64_t> json_unsigned(const nlohmann::json& n) {
  if (n.is_number_unsigned()) return n.get<uint64_t>();
  if (n.is_number_integer() && n.get<int64_t>() >= 0) return uint64_t(n.get<int64_t>());
  return std::nullopt;
}

// The same as an int, or std::invalid_argument naming the key (for readers that catch std::exception).
inline int json_int(const nlohmann::json& n, const std::string& what, int lo = std::numeric_limits<int>::min(),
                    int hi = std::numeric_limits<int>::max()) {
  if (auto v = json_integer(n, lo, hi)) return int(*v);
  throw std::invalid_argument("\"" + what + "\" must be a whole number from " + std::to_string(lo) + " to " +
                              std::to_string(hi) + ", not " + n.dump());
}

}  // namespace plank
