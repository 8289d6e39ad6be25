// Spans to values: the words people use for numbers, sizes, colours, block
// types, directions and coordinates, declared once as tables (lexicon.cpp)
// and read by the CAIP compiler (numbers, sizes, coordinates are folded into
// the generated program) and by the CAIP intrinsics (block types and colours
// need the block registry, so they resolve at run time).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "world/voxels/block_registry.h"
#include "world/voxels/coord.h"

namespace plank::caip {

// Lower-cased words of a span text ("Twenty-five" -> {"twenty", "five"});
// punctuation other than '.' inside numbers is dropped.
std::vector<std::string> words_of(std::string_view text);

// Plural and simple inflections to a lemma ("houses" -> "house", "flowers" ->
// "flower", "stairs" -> "stair", "wooden" -> "wood", "bricks" -> "brick").
std::string lemma(std::string_view word);

// A count: digits ("5"), words ("three", "twenty five", "a few", "a dozen",
// "both", "a hundred"). nullopt when the text holds no number.
std::optional<long> parse_count(std::string_view text);

// A length in blocks: a count followed by an optional unit ("5 blocks", "three
// feet" (1 block ~ 3 feet), "2 stories" (one storey = 4 blocks), "12 inches").
std::optional<long> parse_length(std::string_view text);

// "5x5", "4 by 6", "3x5x8 feet", "10 units by 10 units": up to three extents
// (width, length, height in the order given).
std::vector<long> parse_dimensions(std::string_view text);

// A size word's range of extents in blocks (tiny 1..2, small 3..4, ... gigantic
// 20..30); nullopt when not a size word. `pick` is the value used to build.
struct SizeRange {
  int min = 0, max = 0;
  int pick() const { return (min + max) / 2; }
};
std::optional<SizeRange> size_word(std::string_view text);

// "as tall as possible", "as high as you can", "as big as it can be": the
// largest the agent may build, not the size word inside the phrase.
bool as_large_as_possible(std::string_view text);

// "0 66 0", "(1, 2, 3)", "x=1 y=2 z=3".
std::optional<world::Coord> parse_coordinates(std::string_view text);

// Colour words: the sixteen dye colours plus synonyms ("grey", "golden" ->
// yellow, "violet" -> purple). nullopt when no word of the text is a colour.
std::optional<std::string> colour_word(std::string_view text);

// A block type for a span ("wood", "bricks", "gold blocks", "red wool",
// "sandstone"): exact registry name, then the synonym table, then the lemma
// with common suffixes (_block, _planks, s), then a fuzzy match over the
// registry's names (edit distance <= 2; only when `fuzzy`: a word that is not a
// block name, such as a shape name nobody knows, must not become a block). nullopt
// when nothing fits.
std::optional<world::BlockId> block_type(const world::BlockRegistry& registry, std::string_view text, bool fuzzy = true);
// Whether a lemma is a material word ("wood", "stone", "brick", "gold"; not "block").
bool material_word(std::string_view lemma);
// Whether a block (registry name) is made of a material: "wood" is any planks,
// log or wood ("spruce_planks" is wooden), "stone" any stone, cobblestone,
// andesite ...; a word the table does not know matches as part of the name.
bool made_of(std::string_view block, std::string_view material);
// The block to build a colour with: the colour's wool, else its concrete.
std::optional<world::BlockId> colour_block(const world::BlockRegistry& registry, std::string_view colour);

// Whether a thing called `name` (a lemma) is a kind of `kind` (a lemma): a tree, a bush, a flower and crops
// are plants ("tag all the plants"), a name is a kind of itself. Creatures are animals by their kind
// (refs.cpp), not by this table.
bool kind_of(std::string_view name, std::string_view kind);

// Relative directions (LEFT, RIGHT, ...) as offsets in the speaker's frame:
// x = right, y = up, z = forward. Directions without an axis (NEAR, AROUND,
// INSIDE, OUTSIDE, BETWEEN, AWAY) give nullopt.
struct FrameOffset {
  int right = 0, up = 0, forward = 0;
};
std::optional<FrameOffset> direction_offset(std::string_view direction);

// The CAIP action type a `target_action_type` span means ("building" -> BUILD),
// by the verbs of the action table (compile/action_table.h).
std::optional<std::string> action_type_word(std::string_view text);
// The words for doing an action type in replies: BUILD -> "building" (the action table).
std::string action_gerund(std::string_view action);

// The data's bare GET_MEMORY forms (no filters) leave the question in the
// words: a small table of question patterns recognises the ones the agent can
// answer. kind: AGENT ("where are you"), ACTION ("what are you building"),
// NAME ("what is your name"), TIME ("what time is it", "is it night"),
// COUNT ("how many cows are there": `noun` = "cows"), EXISTS ("is there a
// tree"), WHAT ("what is that"), TAG (an attribute of a thing: "what colour is
// the cube" has_colour, "where is the door" location, "how big is the tower"
// has_size; `noun` empty for "that"); nullopt otherwise.
struct QuestionPattern {
  std::string kind;
  std::string noun;
  std::string tag;  // with TAG: has_colour, has_size or location
};
std::optional<QuestionPattern> question_pattern(std::string_view text);

}  // namespace plank::caip
