// Levenshtein distance: "did you mean" hints (logical-form keys) and fuzzy
// matching of words (CAIP block names) share this one implementation.
#pragma once
#include <cstddef>
#include <string_view>

namespace plank {

size_t levenshtein(std::string_view a, std::string_view b);

}  // namespace plank
