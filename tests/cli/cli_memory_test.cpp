// `plank world info SCENE --memory FILE` and `plank memory FILE`: the agent's memory is a file
// that outlives the process. Each test runs the real binary several times against one file.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "cli/run_plank.h"

using plank::test::run_plank;
using ::testing::HasSubstr;

namespace {

struct TempDb {
  std::filesystem::path path;
  TempDb() {
    path = std::filesystem::temp_directory_path() / ("plank_memory_" + std::to_string(::getpid()) + "_" +
                                                     ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".db");
    clean();
  }
  ~TempDb() { clean(); }
  void clean() {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
  }
  std::string str() const { return "'" + path.string() + "'"; }
};

nlohmann::json json_of(const std::string& out) { return nlohmann::json::parse(out, nullptr, false); }

}  // namespace

// The scene is the test's own (the first village): examples/scenes/village.json grows
// with the CAIP data's names, and these counts must not move with it.
TEST(CliMemory, SceneObjectsPersistAcrossInvocations) {
  TempDb db;
  auto info = run_plank("world info tests/cli/scenes/memory_village.json --memory " + db.str());
  ASSERT_EQ(info.exit_code, 0) << info.err;
  EXPECT_THAT(info.err, HasSubstr("objects 6 new"));
  // A second process reads what the first wrote.
  auto all = run_plank("memory " + db.str() + " --json");
  ASSERT_EQ(all.exit_code, 0) << all.err;
  auto objects = json_of(all.out);
  ASSERT_TRUE(objects.is_array());
  EXPECT_EQ(objects.size(), 6u);
  // By name, colour, tag, size, location.
  auto cube = json_of(run_plank("memory " + db.str() + " --name cube --json").out);
  ASSERT_EQ(cube.size(), 1u);
  EXPECT_EQ(cube[0]["colour"], "red");
  EXPECT_EQ(cube[0]["size"], 8);
  EXPECT_EQ(json_of(run_plank("memory " + db.str() + " --colour red --json").out).size(), 1u);
  EXPECT_EQ(json_of(run_plank("memory " + db.str() + " --tag wooden --json").out)[0]["name"], "house");
  EXPECT_EQ(json_of(run_plank("memory " + db.str() + " --min-size 100 --json").out).size(), 1u);
  auto near = json_of(run_plank("memory " + db.str() + " --near 10,0,9 --no-holes --limit 1 --json").out);
  ASSERT_EQ(near.size(), 1u);
  EXPECT_EQ(near[0]["name"], "cube");
  EXPECT_EQ(json_of(run_plank("memory " + db.str() + " --holes --json").out).size(), 2u);
}

TEST(CliMemory, NamesGivenLaterSurviveARescanAndRecencyCounts) {
  TempDb db;
  ASSERT_EQ(run_plank("world info tests/cli/scenes/memory_village.json --memory " + db.str()).exit_code, 0);
  auto cube = json_of(run_plank("memory " + db.str() + " --name cube --json").out);
  ASSERT_EQ(cube.size(), 1u);
  std::string id = std::to_string(cube[0]["id"].get<int64_t>());
  ASSERT_EQ(run_plank("memory " + db.str() + " --set-name " + id + " bobs_cube --add-tag " + id + " favourite").exit_code, 0);
  ASSERT_EQ(run_plank("memory " + db.str() + " --put bobs_cube belongs_to bob").exit_code, 0);
  // Seeing the scene again keeps memory's ids, names and tags.
  auto again = run_plank("world info tests/cli/scenes/memory_village.json --memory " + db.str());
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_THAT(again.err, HasSubstr("0 new, 6 updated"));
  auto fav = json_of(run_plank("memory " + db.str() + " --tag favourite --json").out);
  ASSERT_EQ(fav.size(), 1u);
  EXPECT_EQ(fav[0]["name"], "bobs_cube");
  EXPECT_EQ(std::to_string(fav[0]["id"].get<int64_t>()), id);
  EXPECT_GT(fav[0]["updated"].get<int64_t>(), 0);  // later ticks for later scans
  auto facts = run_plank("memory " + db.str() + " --triples --subject bobs_cube");
  EXPECT_THAT(facts.out, HasSubstr("(bobs_cube, belongs_to, bob)"));
  auto mobs = run_plank("memory " + db.str() + " --mobs --type pig --json");
  EXPECT_EQ(json_of(mobs.out).size(), 1u);
  // --since: only what the last scan saw.
  int64_t last = fav[0]["updated"].get<int64_t>();
  EXPECT_EQ(json_of(run_plank("memory " + db.str() + " --since " + std::to_string(last) + " --json").out).size(), 6u);
  EXPECT_EQ(json_of(run_plank("memory " + db.str() + " --since " + std::to_string(last + 1) + " --json").out).size(), 0u);
}

TEST(CliMemory, RawQueriesOnlyReadAndErrorsAreSentences) {
  TempDb db;
  ASSERT_EQ(run_plank("world info tests/cli/scenes/memory_village.json --memory " + db.str()).exit_code, 0);
  auto q = run_plank("memory " + db.str() + " --query \"SELECT name, size FROM block_objects WHERE colour = 'red'\"");
  ASSERT_EQ(q.exit_code, 0) << q.err;
  EXPECT_EQ(q.out, "name\tsize\ncube\t8\n");
  auto write = run_plank("memory " + db.str() + " --query \"DELETE FROM block_objects\"");
  EXPECT_EQ(write.exit_code, 1);
  EXPECT_THAT(write.err, HasSubstr("--query only reads"));
  EXPECT_EQ(json_of(run_plank("memory " + db.str() + " --json").out).size(), 6u);  // nothing deleted
  auto bad = run_plank("memory " + db.str() + " --query \"SELEC nothing\"");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_THAT(bad.err, HasSubstr("syntax error"));
  auto missing = run_plank("memory does/not/exist.db");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_THAT(missing.err, HasSubstr("no memory at 'does/not/exist.db'"));
  EXPECT_EQ(run_plank("memory " + db.str() + " --near 1,2").exit_code, 1);
  EXPECT_EQ(run_plank("memory " + db.str() + " --set-name 999 x").exit_code, 1);
  EXPECT_EQ(run_plank("memory " + db.str() + " --holes --no-holes").exit_code, 2);
}

// Issue 24: --near and --within took each number through stol and a cast to
// int32: 2147483648 silently became -2147483648. Now a number outside the
// world's coordinates is refused, saying which.
TEST(CliMemory, CoordinatesOutsideTheWorldAreRefusedNotNarrowed) {
  TempDb db;
  ASSERT_EQ(run_plank("world info tests/cli/scenes/memory_village.json --memory " + db.str()).exit_code, 0);
  auto big = run_plank("memory " + db.str() + " --near 2147483648,0,0");
  EXPECT_EQ(big.exit_code, 1);
  EXPECT_THAT(big.err, HasSubstr("2147483648 is outside the world's coordinates (-2147483648..2147483647)"));
  auto huge = run_plank("memory " + db.str() + " --within 0,0,0,99999999999999999999,1,1");
  EXPECT_EQ(huge.exit_code, 1);
  EXPECT_THAT(huge.err, HasSubstr("99999999999999999999 is outside the world's coordinates"));
  auto junk = run_plank("memory " + db.str() + " --near 1,2,3x");
  EXPECT_EQ(junk.exit_code, 1);
  EXPECT_THAT(junk.err, HasSubstr("'3x' is not an integer"));
  auto edge = run_plank("memory " + db.str() + " --near 2147483647,-2147483648,0 --json");
  EXPECT_EQ(edge.exit_code, 0) << edge.err;
  EXPECT_EQ(json_of(edge.out).size(), 6u);
  auto tagged = run_plank("memory " + db.str() + " --add-tag 1 \"$(printf 'a\\037b')\" --json");
  ASSERT_EQ(tagged.exit_code, 0) << tagged.err;
  bool found = false;
  for (const auto& o : json_of(tagged.out))
    if (o["id"] == 1) found = o["tags"].dump().find("a\\u001fb") != std::string::npos;
  EXPECT_TRUE(found) << tagged.out;
}
