// Spans to values and the shape library: the tables behind the compiler and the intrinsics.
#include <gtest/gtest.h>

#include <set>

#include "agents/caip/intrinsics/lexicon.h"
#include "agents/caip/intrinsics/shapes.h"
#include "world/voxels/block_registry.h"

namespace plank::caip {
namespace {

TEST(Lexicon, Counts) {
  EXPECT_EQ(parse_count("three"), 3);
  EXPECT_EQ(parse_count("5"), 5);
  EXPECT_EQ(parse_count("twenty five"), 25);
  EXPECT_EQ(parse_count("twenty-five"), 25);
  EXPECT_EQ(parse_count("a few"), 3);
  EXPECT_EQ(parse_count("a dozen"), 12);
  EXPECT_EQ(parse_count("a hundred"), 100);
  EXPECT_EQ(parse_count("two hundred and five"), 205);
  EXPECT_EQ(parse_count("both"), 2);
  EXPECT_EQ(parse_count("fourteen"), 14);
  EXPECT_EQ(parse_count("every night"), std::nullopt);
}

TEST(Lexicon, LengthsWithUnits) {
  EXPECT_EQ(parse_length("5 blocks"), 5);
  EXPECT_EQ(parse_length("ten blocks down"), 10);
  EXPECT_EQ(parse_length("six feet"), 2);      // a block is about three feet
  EXPECT_EQ(parse_length("2 stories"), 8);     // a storey is four blocks
  EXPECT_EQ(parse_length("12 inches"), 1);     // never less than a block
  EXPECT_EQ(parse_length("deep"), std::nullopt);
}

TEST(Lexicon, Dimensions) {
  EXPECT_EQ(parse_dimensions("5x5"), (std::vector<long>{5, 5}));
  EXPECT_TRUE(as_large_as_possible("as tall as possible"));
  EXPECT_TRUE(as_large_as_possible("as high as you can"));
  EXPECT_FALSE(as_large_as_possible("as tall as the house"));
  EXPECT_FALSE(as_large_as_possible("tall"));
  EXPECT_EQ(parse_dimensions("3x5x8 feet"), (std::vector<long>{1, 2, 3}));  // a block is about three feet
  EXPECT_EQ(parse_dimensions("6 feet by 4 blocks"), (std::vector<long>{2, 4}));
  EXPECT_EQ(parse_dimensions("2 by 3 stories"), (std::vector<long>{8, 12}));
  EXPECT_EQ(parse_dimensions("10 units by 10 units"), (std::vector<long>{10, 10}));
  EXPECT_EQ(parse_dimensions("six by nine"), (std::vector<long>{6, 9}));
  EXPECT_EQ(parse_dimensions("large").size(), 0u);
  EXPECT_EQ(parse_dimensions("5 blocks").size(), 1u);
}

TEST(Lexicon, SizeWordsAreOrderedRanges) {
  auto tiny = size_word("tiny"), small = size_word("small"), big = size_word("big"), huge = size_word("huge"),
       gigantic = size_word("gigantic");
  ASSERT_TRUE(tiny && small && big && huge && gigantic);
  EXPECT_LT(tiny->max, small->max);
  EXPECT_LT(small->max, big->max);
  EXPECT_LT(big->max, huge->max);
  EXPECT_LT(huge->max, gigantic->max);
  for (auto r : {*tiny, *small, *big, *huge, *gigantic}) EXPECT_LE(r.min, r.max);
  EXPECT_FALSE(size_word("purple"));
}

TEST(Lexicon, Coordinates) {
  EXPECT_EQ(parse_coordinates("0 66 0"), (world::Coord{0, 66, 0}));
  EXPECT_EQ(parse_coordinates("( 1 , 2 , 3 )"), (world::Coord{1, 2, 3}));
  EXPECT_EQ(parse_coordinates("(-4, 5, -6)"), (world::Coord{-4, 5, -6}));
  EXPECT_EQ(parse_coordinates("x=1 y=2 z=3"), (world::Coord{1, 2, 3}));
  EXPECT_FALSE(parse_coordinates("the corner"));
  EXPECT_FALSE(parse_coordinates("1 2"));
}

TEST(Lexicon, ColoursAndLemmas) {
  EXPECT_EQ(colour_word("red"), "red");
  EXPECT_EQ(colour_word("grey"), "gray");
  EXPECT_EQ(colour_word("golden"), "yellow");
  EXPECT_EQ(colour_word("ice blue"), "blue");
  EXPECT_EQ(colour_word("light blue"), "light_blue");
  EXPECT_FALSE(colour_word("wooden"));
  EXPECT_EQ(lemma("houses"), "house");
  EXPECT_EQ(lemma("flowers"), "flower");
  EXPECT_EQ(lemma("bushes"), "bush");
  EXPECT_EQ(lemma("stairs"), "stair");  // so "the stairs" and "a stair" name the same thing
  EXPECT_EQ(lemma("steps"), "step");
  EXPECT_EQ(lemma("wooden"), "wood");
  EXPECT_EQ(lemma("bodies"), "body");
  EXPECT_EQ(lemma("glass"), "glass");
}

TEST(Lexicon, ActionWords) {
  EXPECT_EQ(action_type_word("building"), "BUILD");
  EXPECT_EQ(action_type_word("digging"), "DIG");
  EXPECT_EQ(action_type_word("dancing"), "DANCE");
  EXPECT_EQ(action_type_word("that"), std::nullopt);
}

TEST(Lexicon, QuestionPatterns) {
  EXPECT_EQ(question_pattern("where are you ?")->kind, "AGENT");
  EXPECT_EQ(question_pattern("what are you building")->kind, "ACTION");
  auto q = question_pattern("how many cows are there");
  ASSERT_TRUE(q);
  EXPECT_EQ(q->kind, "COUNT");
  EXPECT_EQ(q->noun, "cows");
  EXPECT_EQ(question_pattern("is there a tree nearby")->noun, "tree");
  EXPECT_FALSE(question_pattern("is there anyone hiding"));
  EXPECT_FALSE(question_pattern("answer the math problem"));
  EXPECT_EQ(question_pattern("what is your name ?")->kind, "NAME");
  EXPECT_EQ(question_pattern("who are you")->kind, "NAME");
  EXPECT_EQ(question_pattern("what time is it ?")->kind, "TIME");
  EXPECT_EQ(question_pattern("is it night already")->kind, "TIME");
  // Another question about time, not the time of day: not understood rather than answered as that.
  EXPECT_FALSE(question_pattern("what time does it get dark ?"));
}

TEST(Lexicon, BlockTypesNeedTheRegistry) {
  std::string warning;
  auto reg = world::BlockRegistry::load_default(&warning);
  if (reg->is_builtin()) GTEST_SKIP() << "minecraft-data is not installed";
  auto name = [&](const char* text) {
    auto id = block_type(*reg, text);
    return id ? (*reg)[*id].name : std::string("-");
  };
  EXPECT_EQ(name("stone"), "stone");
  EXPECT_EQ(name("wood"), "oak_planks");
  EXPECT_EQ(name("wooden"), "oak_planks");
  EXPECT_EQ(name("bricks"), "bricks");
  EXPECT_EQ(name("gold blocks"), "gold_block");
  EXPECT_EQ(name("red wool"), "red_wool");
  EXPECT_EQ(name("blue"), "blue_wool");
  EXPECT_EQ(name("cobblestnoe"), "cobblestone");  // fuzzy
  EXPECT_EQ(name("sandstone"), "sandstone");
  EXPECT_EQ(name("unobtainium"), "-");
}

TEST(Shapes, EveryShapeStaysInItsBoxAndIsNotEmpty) {
  std::set<std::string_view> seen;
  for (const auto& def : shapes()) {
    EXPECT_TRUE(seen.insert(def.name).second) << def.name;
    for (int size : {0, 1, 4, 12}) {
      ShapeParams p = resolve_params(def, {}, size);
      auto cells = shape_cells(def, p);
      EXPECT_FALSE(cells.empty()) << def.name << " size " << size;
      for (const auto& c : cells) {
        EXPECT_TRUE(c.at.x >= 0 && c.at.x < p.width && c.at.z >= 0 && c.at.z < p.length && c.at.y >= 0 &&
                    c.at.y < p.height)
            << def.name << " cell (" << c.at.x << "," << c.at.y << "," << c.at.z << ")";
      }
    }
  }
}

TEST(Shapes, AliasesAreUniqueAndFindTheirShape) {
  std::set<std::string_view> aliases;
  for (const auto& def : shapes())
    for (auto a : def.aliases) {
      EXPECT_TRUE(aliases.insert(a).second) << "'" << a << "' names two shapes";
      EXPECT_EQ(find_shape(a), &def) << a;
    }
  for (const char* required : {"cube", "hollow_cube", "rectanguloid", "hollow_rectanguloid", "sphere", "spherical_shell",
                               "pyramid", "square", "rectangle", "circle", "disk", "triangle", "dome", "arch", "ellipsoid",
                               "tower", "wall", "house"})
    EXPECT_TRUE(find_shape(required)) << required;
}

TEST(Shapes, ExtentsFollowSizeAndGivenDimensions) {
  const ShapeDef& cube = *find_shape("cube");
  EXPECT_EQ(resolve_params(cube, {}, 0).width, 3);
  EXPECT_EQ(resolve_params(cube, {}, 8).height, 8);
  ShapeParams w = resolve_params(*find_shape("wall"), {10, 0, 0}, 0);
  EXPECT_EQ(w.width, 10);
  EXPECT_EQ(w.height, 3);
  EXPECT_EQ(resolve_params(cube, {500, 0, 0}, 0).width, 64);  // the guard on one command's size
  EXPECT_EQ(shape_cells(*find_shape("hollow_cube"), {5, 5, 5}).size(), 125u - 27u);
  EXPECT_EQ(shape_cells(*find_shape("square"), {4, 1, 4}).size(), 12u);
  EXPECT_EQ(shape_cells(*find_shape("pyramid"), {5, 3, 5}).size(), 25u + 9u + 1u);
}

}  // namespace
}  // namespace plank::caip
