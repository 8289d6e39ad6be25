// Reading a span by its syntax: the head noun of a noun phrase and what
// modifies it ("a small red house with a chimney" -> house, {small, red},
// "with a chimney"), the relative clause that points back at the agent's own
// work ("the structure you just built"), and the prepositions in front of a
// reference ("on top of", "around", "next to") as a relative direction. The
// word lists are tables in phrases.cpp; colours, materials and sizes come from
// the lexicon (lexicon.h).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace plank::caip {

struct NounPhrase {
  std::string head;                    // the head noun's lemma; "" when the words hold only modifiers ("a red one")
  std::vector<std::string> modifiers;  // lemmas before the head, in order ("small", "red", "front")
  std::string whole;                   // the head's chunk as lemmas joined by spaces ("swimming pool", "hollow cube")
  std::vector<std::string> after;      // words after the chunk ("with", "a", "chimney")
  std::string of_what;                 // "tower of gold" -> "gold"; "set of stairs" moves the head to "stair"
  bool recent = false;                 // "... you (just) built / made / dug": the agent's newest work
};
NounPhrase noun_phrase(std::string_view text);

// How many of the leading `words` form a relative clause about the agent's own
// work ("you just built", "that you made", "which we dug"): 0 when they do not.
// The data's spans often stop at the noun ("destroy the [structure] you just
// built"), so the compiler reads the clause with the name.
size_t made_clause(const std::vector<std::string>& words);

// Nouns that name no kind of thing ("structure", "thing", "one"): they match
// any object, so something else (a modifier, a location, the gaze, recency)
// has to choose among them.
bool generic_noun(std::string_view lemma);

// Nouns that name a part a thing can be built with ("a house with a chimney"): door, window, roof, ...
bool part_noun(std::string_view lemma);

// Words in front of a reference that say where relative to it: the longest
// phrase of the table ending at the end of `words_before`, determiners skipped
// ("build a barn [next to] the well"). Its relative_direction (LEFT ... AROUND)
// and where the phrase lies in `words_before`; nullopt when none.
struct DirectionPhraseHit {
  std::string direction;
  size_t first = 0, last = 0;
};
std::optional<DirectionPhraseHit> direction_before(const std::vector<std::string>& words_before);

// A motion in the words of a command ("move three feet forward", "walk 10
// blocks to the left"): the direction word and the length (a number and a
// unit), as indices into `words`.
struct Motion {
  std::string direction;                   // FRONT, BACK, LEFT, RIGHT, UP, DOWN; "" when none
  size_t direction_at = 0;
  bool has_steps = false;
  size_t steps_first = 0, steps_last = 0;  // "three feet"
};
Motion motion_words(const std::vector<std::string>& words);

}  // namespace plank::caip
