// Issue 24: a scene file is untrusted input. A box from -2147483648 to
// 2147483647 overflowed the 16-million-cell check (its size wrapped around
// int32) and the loader ran for ever, filling memory (found by fuzz_scene's
// first seed, tests/fuzz/corpus/fuzz_scene/huge_box.json). Coordinates are now
// refused outside the world border, and the cells a scene sets are counted.
#include <gtest/gtest.h>

#include <chrono>

#include "world/voxels/scene_io.h"

namespace plank::world {
namespace {

std::string load_error(const std::string& text) {
  DiagnosticSink sink;
  auto w = load_scene(SourceFile::from_string("scene.json", text), BlockRegistry::builtin(), sink);
  if (w) return "";
  return render_text(sink.all());
}

// fuzz_scene's first input (issue 24): an empty file is refused with a caret at 1:1, one past its
// end, as every front end reports "unexpected end of input".
TEST(SceneLimits, AnEmptyFileIsRefusedWithACaretAtItsEnd) {
  DiagnosticSink sink;
  auto w = load_scene(SourceFile::from_string("scene.json", ""), BlockRegistry::builtin(), sink);
  EXPECT_FALSE(w);
  ASSERT_EQ(sink.all().size(), 1u);
  EXPECT_EQ(sink.all()[0].span.begin, 0u);
  EXPECT_LE(sink.all()[0].span.end, 1u);
  EXPECT_NE(sink.all()[0].message.find("not valid JSON"), std::string::npos);
}

// fuzz_scene (issue 24): a number too large for a double is nlohmann's out_of_range, which the
// loader did not catch: `plank world render` of such a file ended in std::terminate.
TEST(SceneLimits, ANumberTooLargeForADoubleIsRefused) {
  EXPECT_NE(load_error(R"({"boxes": [1e999]})").find("scene is not valid JSON"), std::string::npos);
}

// The fuzz campaign (issue 24): "version" and "seed" were read with nlohmann's get<int>() and
// get<uint64_t>(), which cast a float to the integer type: {"version": 1e62} was undefined behaviour
// (UBSan), and a seed of 4.4e83 loaded as whatever the cast gave. Both are whole numbers or refused.
TEST(SceneLimits, AVersionOrSeedThatIsNotAWholeNumberIsRefused) {
  EXPECT_NE(load_error(R"({"version": 1e62})").find("unsupported scene version"), std::string::npos);
  EXPECT_NE(load_error(R"({"version": "1"})").find("unsupported scene version"), std::string::npos);
  for (const char* seed : {"4.4e83", "-1", "1.5", "\"7\""}) {
    std::string e = load_error(std::string(R"({"seed": )") + seed + "}");
    EXPECT_NE(e.find("seed: the seed is a whole number from 0 to 18446744073709551615"), std::string::npos)
        << seed << ": " << e;
  }
  EXPECT_EQ(load_error(R"({"version": 1, "seed": 18446744073709551615})"), "");
}

TEST(SceneLimits, ABoxSpanningAllOfInt32IsRefusedAtOnce) {
  auto t0 = std::chrono::steady_clock::now();
  std::string e = load_error(R"({"boxes": [{"from": [-2147483648, 0, 0], "to": [2147483647, 0, 0], "block": "stone"}]})");
  EXPECT_NE(e.find("boxes[0].from: a coordinate is outside the world border (-16000000..16000000)"), std::string::npos)
      << e;
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 1.0);
}

TEST(SceneLimits, CoordinatesPositionsAndGroundStayInsideTheBorder) {
  EXPECT_NE(load_error(R"({"blocks": [[16000001, 0, 0, "stone"]]})").find("outside the world border"), std::string::npos);
  EXPECT_NE(load_error(R"({"blocks": [[0, 18446744073709551615, 0, "stone"]]})").find("outside the world border"),
            std::string::npos);
  EXPECT_NE(load_error(R"({"agent": {"pos": [1e300, 0, 0]}})").find("agent.pos: a position is outside"),
            std::string::npos);
  EXPECT_NE(load_error(R"({"ground": {"top_y": 4294967296}})").find("ground.top_y"), std::string::npos);
  EXPECT_EQ(load_error(R"({"blocks": [[16000000, -16000000, 0, "stone"]], "ground": {"top_y": -5}})"), "");
}

TEST(SceneLimits, TheCellsOfAllBoxesTogetherAreCounted) {
  // Each box is 8 million cells (under the per-box limit); three of them are not.
  std::string box = R"({"from": [0, 0, 0], "to": [199, 199, 199], "block": "stone"})";
  auto t0 = std::chrono::steady_clock::now();
  std::string e = load_error(R"({"boxes": [)" + box + ", " + box + ", " + box + "]}");
  EXPECT_NE(e.find("boxes[2]: the scene sets more than 16000000 cells"), std::string::npos) << e;
  // Sizes whose product overflows 64 bits unless checked in steps.
  e = load_error(R"({"boxes": [{"from": [-16000000, -16000000, -16000000], "to": [16000000, 16000000, 16000000], "block": "stone"}]})");
  EXPECT_NE(e.find("box is larger than 16000000 cells"), std::string::npos) << e;
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 60.0);
}

TEST(SceneLimits, ACallerMayLowerTheCellBudgetButNotRaiseIt) {
  // fuzz_scene loads with 1 << 18 cells: a 400-byte scene asking for millions of cells took longer than
  // libFuzzer's 10 s per input under ASan (issue 24's campaign).
  std::string text = R"({"boxes": [{"from": [0, 0, 0], "to": [99, 99, 9], "block": "stone"}]})";  // 100,000 cells
  auto registry = BlockRegistry::builtin();
  DiagnosticSink small, large;
  EXPECT_FALSE(load_scene(SourceFile::from_string("scene.json", text), registry, small, 50'000));
  EXPECT_NE(render_text(small.all()).find("box is larger than 50000 cells"), std::string::npos) << render_text(small.all());
  EXPECT_TRUE(load_scene(SourceFile::from_string("scene.json", text), registry, large, 100'000));
  std::string box = R"({"from": [0, 0, 0], "to": [199, 199, 199], "block": "stone"})";
  DiagnosticSink raised;
  EXPECT_FALSE(load_scene(SourceFile::from_string("scene.json", R"({"boxes": [)" + box + ", " + box + ", " + box + "]}"),
                          registry, raised, int64_t{1} << 40));
  EXPECT_NE(render_text(raised.all()).find("more than 16000000 cells"), std::string::npos);
}

}  // namespace
}  // namespace plank::world
