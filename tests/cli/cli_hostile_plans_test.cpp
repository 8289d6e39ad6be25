// Plans and queries written to exhaust the host (issue 24), through the real
// binary: a plan that asks for a huge build, a picture of a world spread as
// far as it goes, a memory query for a gigabyte value, a program that makes
// the runtime index strings it keeps. Each ends with an answer or a clear
// error, and the process's peak memory, measured here, stays bounded.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli/measure.h"
#include "cli/run_plank.h"

namespace {
namespace fs = std::filesystem;
using plank::test::Cost;
using plank::test::measure;
using ::testing::HasSubstr;

class HostilePlans : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("plank_hostile_plans_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path file(const std::string& name, const std::string& text) {
    fs::path p = dir_ / name;
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }
  std::string out() const { return plank::test::read_all(dir_ / "out.txt"); }
  Cost run(const std::vector<std::string>& args) {
    std::vector<std::string> argv{PLANK_BINARY};
    argv.insert(argv.end(), args.begin(), args.end());
    return measure(argv, (dir_ / "out.txt").string());
  }
  fs::path dir_;
};

// Peak resident memory a command may reach here: the binary and its models
// take about 60 MB; the sanitizers' shadow memory roughly triples that.
long bound_kb(long mb) { return (plank::test::kSanitized ? 3 * mb : mb) * 1024; }

// 100 cubes of 1000 a side: before, every copy after the tick budget ran out
// was planned whole and kept as a paused build (12.6 s, 860 MB).
TEST_F(HostilePlans, AHundredHugeBuildsStopAtTheTickBudget) {
  fs::path form = file("build.json", R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD", )"
                                     R"("schematic": {"has_name": [0, [1, 1]], "has_size": [0, [2, 2]]}, "location": {"location_type": "SPEAKER_LOOK"}, )"
                                     R"("repeat": {"repeat_key": "FOR", "repeat_count": [0, [3, 3]], "repeat_dir": "RIGHT"}}]})");
  Cost c = run({"exec-lf", form.string(), "--utterance", "build cube 1000 100 times"});
  ASSERT_EQ(c.exit_code, 0) << out();
  EXPECT_THAT(out(), HasSubstr("running out of time, and left the task paused"));
  EXPECT_EQ(out().find("running out of time"), out().rfind("running out of time")) << "one paused copy, not 100";
  EXPECT_LT(c.max_rss_kb, bound_kb(250)) << c.max_rss_kb << " KB";
}

// A scene whose blocks lie 100 cells apart on every axis, drawn at the largest
// tile: before, the picture would have been 13,600 x 13,500 (550 MB of pixels; 3.2 GB for 256 cells).
TEST_F(HostilePlans, APictureOfASpreadOutWorldStaysUnderItsPixelLimit) {
  // The picture is at its limit by design (16 M pixels to encode): Isometric.APictureNeverOutgrowsItsPixelLimit
  // checks the same under the sanitizers with a smaller limit.
  if (plank::test::kSanitized) GTEST_SKIP() << "a 16 M-pixel PNG is too slow to encode under the sanitizers";
  fs::path scene = file("spread.json", R"({"format": "plank-scene", "version": 1, "blocks": [)"
                                       R"([0, 0, 0, "stone"], [50, 50, 50, "stone"], [100, 100, 100, "stone"]]})");
  fs::path png = dir_ / "spread.png";
  Cost c = run({"world", "render", scene.string(), "--out", png.string(), "--tile", "64"});
  ASSERT_EQ(c.exit_code, 0) << out();
  ASSERT_TRUE(fs::exists(png));
  EXPECT_LT(c.max_rss_kb, 300 * 1024) << c.max_rss_kb << " KB";
}

// A query for a value of 900 MB is refused before SQLite allocates it.
TEST_F(HostilePlans, AMemoryQueryForAHugeValueIsRefused) {
  fs::path db = dir_ / "memory.db";
  ASSERT_EQ(plank::test::run_plank("world info tests/cli/scenes/memory_village.json --memory " + db.string()).exit_code, 0);
  Cost c = run({"memory", db.string(), "--query", "SELECT randomblob(900000000)"});
  EXPECT_EQ(c.exit_code, 1) << out();
  EXPECT_THAT(out(), HasSubstr("over 64 MiB"));
  EXPECT_LT(c.max_rss_kb, bound_kb(200)) << c.max_rss_kb << " KB";
}

// Indexed non-ASCII strings, kept: the heap limit ends the program, index included.
TEST_F(HostilePlans, IndexedStringsEndInAMemoryErrorUnderMaxMemory) {
  fs::path prog = file("hog.plank",
                       "keep = []\n"
                       "while True:\n"
                       "    s = '\xc3\xa9' * 100000 + str(len(keep))\n"
                       "    keep.append(s[5] + s[-1])\n"
                       "    keep.append(s)\n");
  Cost c = run({"run", prog.string(), "--max-memory", "16"});
  EXPECT_NE(c.exit_code, 0);
  EXPECT_THAT(out(), HasSubstr("MemoryError"));
  EXPECT_LT(c.max_rss_kb, bound_kb(250)) << c.max_rss_kb << " KB";
}

// World generation takes its size from the command line only (a plan cannot ask for a
// world), within 32..512 blocks a side.
TEST_F(HostilePlans, AHugeGeneratedWorldIsRefusedBeforeAnyWork) {
  Cost c = run({"deps", "obtain 1 stick", "--world-size", "1000000"});
  EXPECT_EQ(c.exit_code, 2) << out();
  EXPECT_THAT(out(), HasSubstr("--world-size"));
  EXPECT_LT(c.cpu_seconds, 2.0);
}

}  // namespace
