#include "agents/caip/compile/unread_words.h"

#include <algorithm>
#include <iterator>

#include "agents/caip/intrinsics/lexicon.h"
#include "agents/caip/intrinsics/phrases.h"

namespace plank::caip {

namespace {

template <size_t N>
bool in(const std::string_view (&table)[N], std::string_view w) {
  return std::find(std::begin(table), std::end(table), w) != std::end(table);
}

// Words that say "without end" by themselves.
constexpr std::string_view kForever[] = {"forever", "endlessly", "nonstop", "continuously", "indefinitely",
                                         "infinitely", "constantly", "continually"};
// Multipliers that are words ("twice as big", "double the size").
constexpr std::string_view kMultipliers[] = {"twice", "thrice", "double", "triple", "half", "quadruple"};
// What a scale is measured in: "as big", "bigger", "the size".
constexpr std::string_view kSizeAdjectives[] = {"big", "large", "tall", "wide", "long", "high", "small", "huge", "deep"};
constexpr std::string_view kComparatives[] = {"bigger", "larger", "taller", "wider", "longer", "higher", "smaller", "deeper"};
// Words that end an "until ..." clause or a "with ..." phrase: another clause, a place, punctuation.
constexpr std::string_view kClauseEnds[] = {".", ",", "!", "?", ";", "and", "then", "please", "but", "so", "next",
                                            "near", "beside", "behind", "by", "on", "in", "at", "to", "over", "under",
                                            "above", "inside", "outside", "around", "between", "for", "that", "which"};
// Words that end an "until ..." clause: another clause, punctuation.
constexpr std::string_view kUntilEnds[] = {".", ",", "!", "?", ";", "and", "then", "please", "but", "so"};
constexpr std::string_view kDeterminers[] = {"a", "an", "the", "some", "two", "three", "four", "few", "many", "lots",
                                             "of", "several", "big", "small", "large", "little", "tall", "wide"};

bool number(const std::string& w) { return w != "one" && parse_count(w).has_value(); }

// Units of a length of time ("for 20 minutes", "for an hour").
constexpr std::string_view kTimeUnits[] = {"second", "sec", "minute", "min", "hour", "hr", "day", "week", "moment", "while"};

// "for 20 minutes", "for an hour", "for a while", "for the next ten minutes": [i, end].
std::optional<size_t> duration_at(const std::vector<std::string>& w, size_t i) {
  if (w[i] != "for") return std::nullopt;
  size_t j = i + 1;
  if (j < w.size() && w[j] == "the") ++j;
  if (j < w.size() && (w[j] == "next" || w[j] == "whole" || w[j] == "entire")) ++j;
  if (j < w.size() && (w[j] == "a" || w[j] == "an" || w[j] == "one" || parse_count(w[j]))) ++j;
  else if (j < w.size() && w[j] != "while") return std::nullopt;
  if (j < w.size() && (w[j] == "few" || w[j] == "couple")) ++j;
  if (j < w.size() && w[j] == "of") ++j;
  if (j >= w.size() || !in(kTimeUnits, lemma(w[j]))) return std::nullopt;
  return j;
}

bool all_uncovered(const std::vector<bool>& covered, size_t first, size_t last) {
  for (size_t i = first; i <= last; ++i)
    if (covered[i]) return false;
  return true;
}

// "ten times as big", "twice as tall", "3 times bigger", "double the size", "half as wide": [i, end].
std::optional<size_t> scale_at(const std::vector<std::string>& w, size_t i) {
  size_t j = i;
  if (number(w[j]) && j + 1 < w.size() && w[j + 1] == "times") j += 2;
  else if (in(kMultipliers, w[j])) j += 1;
  else return std::nullopt;
  if (j < w.size() && in(kComparatives, w[j])) return j;
  if (j + 1 < w.size() && w[j] == "as" && in(kSizeAdjectives, w[j + 1])) return j + 1;
  if (j + 1 < w.size() && w[j] == "the" && (w[j + 1] == "size" || w[j + 1] == "height" || w[j + 1] == "width")) return j + 1;
  return std::nullopt;
}

}  // namespace

std::string_view modifier_kind_name(ModifierKind k) {
  switch (k) {
    case ModifierKind::Repeat: return "repeat";
    case ModifierKind::Scale: return "scale";
    case ModifierKind::Feature: return "with";
    case ModifierKind::Duration: return "duration";
  }
  return "";
}

std::optional<std::pair<size_t, size_t>> with_phrase(const std::vector<std::string>& w, const std::vector<bool>& covered,
                                                     size_t at) {
  if (at >= w.size() || w[at] != "with" || covered[at]) return std::nullopt;
  size_t end = at;
  bool part = false;
  for (size_t j = at + 1; j < w.size() && !covered[j] && (!in(kClauseEnds, w[j]) || w[j] == "and"); ++j) {
    if (w[j] == "and" && (j + 1 >= w.size() || !(in(kDeterminers, w[j + 1]) || part_noun(lemma(w[j + 1]))))) break;
    part = part || part_noun(lemma(w[j]));
    end = j;
  }
  if (!part) return std::nullopt;
  return std::pair{at, end};
}

std::optional<size_t> shape_phrase(const std::vector<std::string>& w, const std::vector<bool>& covered, size_t at) {
  static constexpr std::string_view kLaidOut[] = {"square"};  // the outlines a fence or a wall can be laid out in
  auto word = [&](size_t k) { return k < w.size() && !covered[k] ? std::string_view(w[k]) : std::string_view(); };
  size_t j = at;
  if (word(j) == "in" || word(j) == "into") {
    ++j;
    if (word(j) == "a" || word(j) == "the") ++j;
    if (word(j) == "shape" && word(j + 1) == "of") {
      j += 2;
      if (word(j) == "a") ++j;
    }
  } else if (word(j) == "shaped") {
    ++j;
    if (word(j) == "like") ++j;
    if (word(j) == "a") ++j;
  } else if (!(word(j + 1) == "shaped" || word(j + 1) == "shape")) {
    return std::nullopt;  // "square shaped" is the only form that starts with the shape
  }
  if (!in(kLaidOut, word(j))) return std::nullopt;
  if (word(j + 1) == "shape" || word(j + 1) == "shaped" || word(j + 1) == "form") ++j;
  return j;
}

std::optional<std::pair<size_t, size_t>> filling_phrase(const std::vector<std::string>& w,
                                                        const std::vector<bool>& covered) {
  for (size_t at = 0; at + 1 < w.size(); ++at) {
    if (covered[at] || (w[at] != "with" && w[at] != "using")) continue;
    size_t end = at;
    for (size_t j = at + 1; j < w.size() && !covered[j] && !in(kClauseEnds, w[j]); ++j) end = j;
    if (end > at) return std::pair{at + 1, end};
  }
  return std::nullopt;
}

std::optional<long> repeat_times(const std::vector<std::string>& w, const UnreadModifier& m) {
  if (m.kind != ModifierKind::Repeat) return std::nullopt;
  if (w[m.first] == "twice") return 2;
  if (w[m.first] == "thrice") return 3;
  if (m.last == m.first + 1 && w[m.last] == "times" && number(w[m.first])) return parse_count(w[m.first]);
  return std::nullopt;
}

std::optional<Scale> scale_of(const std::vector<std::string>& w, const UnreadModifier& m) {
  if (m.kind != ModifierKind::Scale) return std::nullopt;
  Scale out;
  const std::string& first = w[m.first];
  if (first == "twice" || first == "double") out.percent = 200;
  else if (first == "thrice" || first == "triple") out.percent = 300;
  else if (first == "quadruple") out.percent = 400;
  else if (first == "half") out.percent = 50;
  else if (auto n = parse_count(first)) out.percent = std::clamp(*n, 1L, 1000L) * 100;
  else return std::nullopt;
  const std::string& what = w[m.last];
  if (what == "tall" || what == "taller" || what == "high" || what == "higher" || what == "height" || what == "deep" ||
      what == "deeper")
    out.extent = "height";
  else if (what == "wide" || what == "wider" || what == "width")
    out.extent = "width";
  else if (what == "long" || what == "longer")
    out.extent = "length";
  else if (what == "small" || what == "smaller")  // "ten times smaller": a tenth
    out.percent = 10000 / std::max(1L, out.percent);
  return out;
}

std::string condition_block(const std::string& text) {
  auto words = words_of(text);
  static constexpr std::string_view kVerbs[] = {"hit", "reach", "touch", "find", "see", "get", "meet", "near", "at"};
  for (size_t i = 0; i + 1 < words.size(); ++i)
    for (auto v : kVerbs)
      if (words[i] == v) {
        size_t j = i + 1;
        while (j < words.size() && (words[j] == "the" || words[j] == "a" || words[j] == "some" || words[j] == "to")) ++j;
        if (j < words.size()) return words[j];
      }
  return {};
}

std::optional<AddedLayers> added_layers(const std::vector<std::string>& w, const std::vector<bool>& covered) {
  static constexpr std::string_view kVerbs[] = {"add", "put", "build", "stack", "place", "give", "make"};
  static constexpr std::string_view kLayers[] = {"layer", "row", "level", "tier", "storey", "story", "course"};
  bool verb = false;
  for (size_t i = 0; i < w.size(); ++i) {
    verb = verb || in(kVerbs, w[i]);
    if (!verb || covered[i] || !in(kLayers, lemma(w[i]))) continue;
    // Back over "more" and the count: "one more layer", "2 more rows", "another level", "a layer".
    size_t first = i;
    long n = 1;
    if (first > 0 && w[first - 1] == "more" && !covered[first - 1]) --first;
    if (first > 0 && !covered[first - 1]) {
      const std::string& c = w[first - 1];
      if (c == "another" || c == "a" || c == "an" || c == "one") --first;
      else if (auto k = parse_count(c)) n = *k, --first;
    }
    if (first == i) continue;  // "the layers": no count, nothing added
    return AddedLayers{n, first, i};
  }
  return std::nullopt;
}

std::vector<UnreadModifier> unread_modifiers(const std::vector<std::string>& w, const std::vector<bool>& covered) {
  std::vector<UnreadModifier> out;
  for (size_t i = 0; i < w.size(); ++i) {
    if (covered[i]) continue;
    if (auto end = scale_at(w, i); end && all_uncovered(covered, i, *end)) {
      out.push_back({ModifierKind::Scale, i, *end});
      i = *end;
    } else if (in(kForever, w[i])) {
      out.push_back({ModifierKind::Repeat, i, i});
    } else if ((w[i] == "again" || w[i] == "over") && i + 2 < w.size() && w[i + 1] == "and" && w[i + 2] == w[i] &&
               all_uncovered(covered, i, i + 2)) {
      out.push_back({ModifierKind::Repeat, i, i + 2});  // "again and again", "over and over"
      i += 2;
    } else if ((number(w[i]) && i + 1 < w.size() && w[i + 1] == "times" && !covered[i + 1]) || w[i] == "twice" ||
               w[i] == "thrice") {
      size_t end = w[i] == "twice" || w[i] == "thrice" ? i : i + 1;
      out.push_back({ModifierKind::Repeat, i, end});
      i = end;
    } else if (w[i] == "until" || w[i] == "till" || w[i] == "til") {
      size_t end = i;
      for (size_t j = i + 1; j < w.size() && !covered[j] && !in(kUntilEnds, w[j]); ++j) end = j;
      if (end > i) {
        out.push_back({ModifierKind::Repeat, i, end});
        i = end;
      }
    } else if (auto end = duration_at(w, i); end && all_uncovered(covered, i, *end)) {
      out.push_back({ModifierKind::Duration, i, *end});
      i = *end;
    } else if (auto p = with_phrase(w, covered, i)) {
      out.push_back({ModifierKind::Feature, p->first, p->second});
      i = p->second;
    }
  }
  return out;
}

}  // namespace plank::caip
