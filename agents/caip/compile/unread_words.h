// Words of the command that no span of the logical form points at but that
// change what the action does. The data's forms leave some out ("dig straight
// down forever", "make it ten times as big", "build a hut with a door"); acting
// as if they were not said does something else than was asked. Each kind of
// modifier has one documented response (docs/caip-execution.md, "Words the form
// leaves out"): the compiler asks about repeats and scales, and a `with ...`
// phrase right after a schematic's name is read as part of that name.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace plank::caip {

enum class ModifierKind : uint8_t {
  Repeat,   // "forever", "until you reach bedrock", "three times", "again and again"
  Scale,    // "ten times as big", "twice as tall", "double the size"
  Feature,  // "with a door", "with two windows"
  Duration, // "for 20 minutes", "for an hour": a length of time, which one command cannot spend
};
std::string_view modifier_kind_name(ModifierKind k);

struct UnreadModifier {
  ModifierKind kind;
  size_t first, last;  // tokens, inclusive
};

// The modifiers among `words` (the utterance's tokens, lower-cased) whose tokens
// `covered` does not mark, in order. A modifier counts only when all its words are
// uncovered (a repeat the form holds as "3" leaves "times" alone, which is no modifier).
std::vector<UnreadModifier> unread_modifiers(const std::vector<std::string>& words, const std::vector<bool>& covered);

// The `with ...` phrase starting at token `at` ("with a door", "with windows and a
// roof"), up to the words that start a location or another clause; nullopt when
// `at` is not "with" followed by a part of a thing.
std::optional<std::pair<size_t, size_t>> with_phrase(const std::vector<std::string>& words, const std::vector<bool>& covered,
                                                     size_t at);

// "in a square shape", "in the shape of a square", "shaped like a square", "square shaped" starting at token
// `at`, all of it covered by no span: the last token of the phrase, else nullopt. The form's name stops at
// the head ("build a fence in a square shape" names "fence"); these words say the shape it is laid out in.
std::optional<size_t> shape_phrase(const std::vector<std::string>& words, const std::vector<bool>& covered, size_t at);

// The words of the first `with ...` / `using ...` phrase no span covers, after
// the preposition and up to the next clause ("fill the hole with sand ." ->
// "sand"): what a FILL whose form gives no block fills with. nullopt when none.
std::optional<std::pair<size_t, size_t>> filling_phrase(const std::vector<std::string>& words,
                                                        const std::vector<bool>& covered);

// How many times a repeat modifier says ("three times" 3, "twice" 2, "thrice" 3); nullopt for one that
// is not a count ("forever", "until ...", "again and again").
std::optional<long> repeat_times(const std::vector<std::string>& words, const UnreadModifier& m);

// What a scale modifier says: the factor in percent ("ten times as big" 1000, "half as wide" 50) and the
// extent it names ("height", "width", "length"; "" for the whole size); nullopt when it is not a scale.
struct Scale {
  long percent = 100;
  std::string extent;
};
std::optional<Scale> scale_of(const std::vector<std::string>& words, const UnreadModifier& m);

// A free-text condition a loop or a dig can test: "until you hit water" -> the
// word after the verb ("water"). "" when not recognisable.
std::string condition_block(const std::string& text);

// "add one more layer to this pyramid", "add two rows to the wall", "put another level on the tower":
// a count of layers (rows, levels, tiers, storeys) added to a thing, read from words no span covers.
struct AddedLayers {
  long count = 1;
  size_t first, last;  // tokens, inclusive: from the count to the noun
};
std::optional<AddedLayers> added_layers(const std::vector<std::string>& words, const std::vector<bool>& covered);

}  // namespace plank::caip
