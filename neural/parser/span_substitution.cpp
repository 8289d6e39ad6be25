#include "neural/parser/span_substitution.h"

#include <algorithm>

namespace plank::neural {

std::vector<std::pair<int, int>> name_spans(const std::vector<GoldStep>& steps) {
  const int has_name = OutVocab::grammar().key("has_name");
  std::vector<std::pair<int, int>> out;
  for (const auto& g : steps) {
    if (g.span_first < 0 || g.prev != has_name) continue;
    std::pair<int, int> s{g.span_first, g.span_last};
    if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  }
  return out;
}

bool substitute_span(std::vector<int>& ids, std::vector<GoldStep>& steps, int first, int last,
                     const std::vector<int>& words) {
  const int n = static_cast<int>(ids.size());
  if (words.empty() || first < 0 || first > last || last >= n) return false;
  for (const auto& g : steps) {
    if (g.span_first < 0) continue;
    bool before = g.span_last < first, after = g.span_first > last;
    bool contains = g.span_first <= first && g.span_last >= last;
    if (!before && !after && !contains) return false;  // a partial overlap
  }
  const int delta = static_cast<int>(words.size()) - (last - first + 1);
  for (auto& g : steps) {
    if (g.span_first < 0 || g.span_last < first) continue;
    if (g.span_first > last) g.span_first += delta;
    g.span_last += delta;  // after it, or containing it
  }
  ids.erase(ids.begin() + first, ids.begin() + last + 1);
  ids.insert(ids.begin() + first, words.begin(), words.end());
  return true;
}

}  // namespace plank::neural
