#include "agents/caip/intrinsics/phrases.h"

#include <algorithm>
#include <iterator>

#include "agents/caip/intrinsics/lexicon.h"

namespace plank::caip {

namespace {

template <size_t N>
bool in(const std::string_view (&table)[N], std::string_view w) {
  return std::find(std::begin(table), std::end(table), w) != std::end(table);
}

// Words that open a noun phrase without being part of what it names.
constexpr std::string_view kDeterminers[] = {
    "the", "a", "an", "this", "that", "these", "those", "my", "your", "our", "his", "her", "their", "its", "some", "any",
    "all", "every", "each", "both", "another", "more", "few", "several", "many", "lot", "lots", "couple", "no", "u",
    "me", "us", "please", "just", "whole", "entire", "of"};

// Words that end the head's chunk: prepositions, relative words, pronouns
// opening a relative clause without "that" ("the house you built").
constexpr std::string_view kChunkEnds[] = {
    "with", "of", "for", "that", "which", "who", "where", "to", "in", "on", "at", "near", "next", "by", "from", "made",
    "using", "like", "around", "behind", "under", "above", "over", "beside", "inside", "into", "onto", "outside",
    "between", "you", "i", "we", "he", "she", "they", "is", "are", "was", "were", "so", "and", "or", "as", "out",
    "up", "down", "there", "here", "shaped", "built", "facing", "besides", "against", "along", "across", "through",
    "without", "about", "than", "then", "until", "after", "before", "if", "when", "but", "because", "made"};

// Heads that count or group rather than name ("a set of stairs"): the noun after "of" is the head.
constexpr std::string_view kGroupNouns[] = {"set", "pair", "couple", "group", "bunch", "row", "kind", "type", "sort",
                                            "piece", "bit", "number", "lot", "stack", "collection", "series", "bunch"};

// Words before the head that neither name nor describe (ordinals and the like are kept as modifiers
// the reference resolver may skip; these are dropped here).
constexpr std::string_view kFillers[] = {"very", "really", "quite", "pretty", "so", "too", "kind", "sort", "just",
                                         "simple", "basic", "nice", "cool", "good", "beautiful", "awesome", "cute"};

constexpr std::string_view kGeneric[] = {"structure", "thing", "object", "stuff", "creation", "build", "construction",
                                         "one", "something", "item", "shape", "design", "work", "model", "project",
                                         "it", "them"};

// Verbs of a relative clause that mean "what you made" ("the structure you just built").
constexpr std::string_view kMadeVerbs[] = {"built", "build", "made", "make", "created", "placed", "dug",
                                           "constructed", "put", "spawned", "finished", "completed"};

// Words that only describe: a colour, a size, a number. (Materials are nouns
// too: "a stone wall" is a wall, "the stone" is the stone.)
bool adjective(std::string_view w) {
  return colour_word(w).has_value() || size_word(w).has_value() || (w != "one" && parse_count(w).has_value());
}

// Phrases before a reference and the direction they mean. Longest first is
// found by matching every row and keeping the longest.
struct DirectionPhrase {
  std::string_view words;
  std::string_view direction;
};
constexpr DirectionPhrase kDirectionPhrases[] = {
    {"on top of", "UP"},      {"on", "UP"},          {"onto", "UP"},          {"atop", "UP"},
    {"above", "UP"},          {"over", "UP"},        {"top of", "UP"},        {"up on", "UP"},
    {"in", "INSIDE"},         {"inside", "INSIDE"},  {"into", "INSIDE"},      {"within", "INSIDE"},
    {"inside of", "INSIDE"},  {"in the middle of", "INSIDE"}, {"middle of", "INSIDE"}, {"center of", "INSIDE"},
    {"centre of", "INSIDE"},  {"under", "DOWN"},     {"below", "DOWN"},       {"beneath", "DOWN"},
    {"underneath", "DOWN"},   {"around", "AROUND"},  {"surrounding", "AROUND"}, {"round", "AROUND"},
    {"encircling", "AROUND"}, {"behind", "BACK"},    {"back of", "BACK"},     {"in back of", "BACK"},
    {"in front of", "FRONT"}, {"front of", "FRONT"}, {"before", "FRONT"},     {"left of", "LEFT"},
    {"to the left of", "LEFT"}, {"right of", "RIGHT"}, {"to the right of", "RIGHT"},
    {"next to", "NEAR"},      {"near", "NEAR"},      {"beside", "NEAR"},      {"besides", "NEAR"},
    {"by", "NEAR"},           {"nearby", "NEAR"},    {"close to", "NEAR"},    {"at", "NEAR"},
    {"to", "NEAR"},           {"towards", "NEAR"},   {"toward", "NEAR"},      {"against", "NEAR"},
    {"alongside", "NEAR"},    {"outside", "OUTSIDE"}, {"outside of", "OUTSIDE"}, {"between", "BETWEEN"},
    {"away from", "AWAY"},    {"far from", "AWAY"},     {"up", "UP"},            {"up to", "NEAR"},
    // Compass sides ("the east side of the room", "north of the house"): Minecraft's east is +x, south +z.
    {"east of", "EAST"},      {"to the east of", "EAST"}, {"east side of", "EAST"}, {"eastern side of", "EAST"},
    {"east end of", "EAST"},  {"east part of", "EAST"},   {"east wall of", "EAST"}, {"west of", "WEST"},
    {"to the west of", "WEST"}, {"west side of", "WEST"}, {"western side of", "WEST"}, {"west end of", "WEST"},
    {"west part of", "WEST"}, {"west wall of", "WEST"},   {"north of", "NORTH"},    {"to the north of", "NORTH"},
    {"north side of", "NORTH"}, {"northern side of", "NORTH"}, {"north end of", "NORTH"}, {"north part of", "NORTH"},
    {"north wall of", "NORTH"}, {"south of", "SOUTH"},    {"to the south of", "SOUTH"}, {"south side of", "SOUTH"},
    {"southern side of", "SOUTH"}, {"south end of", "SOUTH"}, {"south part of", "SOUTH"}, {"south wall of", "SOUTH"},
};

// Words that say which way to go, in the speaker's frame.
struct DirectionWord {
  std::string_view word, direction;
};
constexpr DirectionWord kDirectionWords[] = {
    {"forward", "FRONT"},  {"forwards", "FRONT"}, {"ahead", "FRONT"}, {"straight", "FRONT"}, {"back", "BACK"},
    {"backward", "BACK"},  {"backwards", "BACK"}, {"left", "LEFT"},   {"right", "RIGHT"},     {"up", "UP"},
    {"upward", "UP"},      {"upwards", "UP"},     {"down", "DOWN"},   {"downward", "DOWN"},   {"downwards", "DOWN"},
};

// Units of a distance walked.
constexpr std::string_view kStepUnits[] = {"step", "block", "feet", "foot", "meter", "metre", "space", "pace",
                                           "yard", "square", "unit", "tile"};

}  // namespace

bool generic_noun(std::string_view lemma) { return in(kGeneric, lemma); }

bool part_noun(std::string_view lemma) {
  static constexpr std::string_view kParts[] = {
      "door",    "doorway", "entrance", "opening", "window", "roof",  "chimney", "floor",  "ceiling", "wall",
      "porch",   "balcony", "garden",   "pool",    "fence",  "tower", "turret",  "stair",  "staircase", "step",
      "ladder",  "bed",     "table",    "chest",   "torch",  "light", "lamp",    "basement", "yard",  "gate",
      "moat",    "bridge",  "room",     "railing", "rail",   "spire", "dome",    "column", "pillar", "arch",
      "flag",    "sign",    "path",     "driveway", "garage", "deck", "patio",   "attic",  "fireplace", "furniture"};
  return in(kParts, lemma);
}

NounPhrase noun_phrase(std::string_view text) {
  NounPhrase np;
  auto words = words_of(text);
  size_t i = 0;
  auto skip_determiners = [&] {
    while (i < words.size() && (in(kDeterminers, words[i]) || in(kFillers, words[i]))) ++i;
  };
  skip_determiners();
  std::vector<std::string> chunk;
  for (;;) {
    size_t start = i;
    // "a white and black tower": "and" between two colours joins them instead of ending the chunk.
    auto colours_joined = [&](size_t k) {
      return words[k] == "and" && k > start && k + 1 < words.size() && colour_word(words[k - 1]) && colour_word(words[k + 1]);
    };
    // "next" ends the chunk only as "next to": "the next village" is a village.
    auto ends = [&](size_t k) {
      return in(kChunkEnds, words[k]) && !(words[k] == "next" && (k + 1 >= words.size() || words[k + 1] != "to"));
    };
    while (i < words.size() && (!ends(i) || colours_joined(i))) ++i;
    chunk.assign(words.begin() + long(start), words.begin() + long(i));
    bool of_next = i < words.size() && words[i] == "of";
    // "a set of stairs", "all of the trees": the noun after "of" names the thing.
    if (of_next && (chunk.empty() || (chunk.size() == 1 && in(kGroupNouns, lemma(chunk[0]))))) {
      ++i;
      skip_determiners();
      continue;
    }
    break;
  }
  std::vector<std::string> lemmas;
  for (const auto& w : chunk)
    if (!in(kFillers, w) && w != "and") lemmas.push_back(lemma(w));
  for (const auto& l : lemmas) np.whole += (np.whole.empty() ? "" : " ") + l;
  // The head is the last word that is not an adjective (a colour, a size, a
  // number): "a house 10" is a house, "the big red" names nothing.
  size_t h = lemmas.size();
  while (h > 0 && adjective(lemmas[h - 1])) --h;
  if (h > 0) np.head = lemmas[h - 1];
  for (size_t k = 0; k < lemmas.size(); ++k)
    if (k + 1 != h) np.modifiers.push_back(lemmas[k]);
  np.after.assign(words.begin() + long(i), words.end());
  if (i < words.size() && words[i] == "of") {
    size_t k = i + 1;
    while (k < words.size() && in(kDeterminers, words[k])) ++k;
    if (k < words.size()) np.of_what = lemma(words[k]);
  }
  // "the newest structure", "the latest tower": the agent's newest work.
  static constexpr std::string_view kRecent[] = {"newest", "latest", "new", "newer", "recent"};
  for (const auto& w : chunk)
    if (in(kRecent, w)) np.recent = true;
  // "... you (just) built", "... that you made", "... i dug".
  for (size_t k = i; k < words.size(); ++k)
    if (in(kMadeVerbs, words[k])) {
      for (size_t j = i; j < k; ++j)
        if (words[j] == "you" || words[j] == "u" || words[j] == "we") np.recent = true;
    }
  return np;
}

size_t made_clause(const std::vector<std::string>& words) {
  static constexpr std::string_view kRelative[] = {"that", "which", "what"};
  static constexpr std::string_view kMakers[] = {"you", "u", "we"};
  static constexpr std::string_view kAdverbs[] = {"just", "already", "have", "'ve", "had", "recently", "last"};
  size_t i = 0;
  if (i < words.size() && in(kRelative, words[i])) ++i;
  if (i >= words.size() || !in(kMakers, words[i])) return 0;
  ++i;
  while (i < words.size() && in(kAdverbs, words[i])) ++i;
  return i < words.size() && in(kMadeVerbs, words[i]) ? i + 1 : 0;
}

std::optional<DirectionPhraseHit> direction_before(const std::vector<std::string>& before) {
  // Skip determiners and possessives between the phrase and the reference.
  size_t end = before.size();
  while (end > 0 && in(kDeterminers, before[end - 1]) && before[end - 1] != "of") --end;
  std::optional<DirectionPhraseHit> best;
  size_t best_len = 0;
  for (const auto& row : kDirectionPhrases) {
    auto phrase = words_of(row.words);
    if (phrase.size() > end || phrase.size() <= best_len) continue;
    if (std::equal(phrase.begin(), phrase.end(), before.begin() + long(end - phrase.size()))) {
      best = DirectionPhraseHit{std::string(row.direction), end - phrase.size(), end - 1};
      best_len = phrase.size();
    }
  }
  return best;
}

Motion motion_words(const std::vector<std::string>& words) {
  Motion m;
  for (size_t i = 0; i < words.size(); ++i) {
    if (m.direction.empty())
      for (const auto& d : kDirectionWords)
        if (d.word == words[i]) m.direction = std::string(d.direction), m.direction_at = i;
    if (!m.has_steps && i > 0 && in(kStepUnits, lemma(words[i]))) {
      size_t first = i;
      while (first > 0 && parse_count(words[first - 1]) && words[first - 1] != "the") --first;
      if (first < i) m.has_steps = true, m.steps_first = first, m.steps_last = i;
    }
  }
  return m;
}

}  // namespace plank::caip
