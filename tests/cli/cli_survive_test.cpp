// `plank world survive` and `plank world tasks`: the survival controller from the command line.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "cli/run_plank.h"

using plank::test::run_plank;
using ::testing::HasSubstr;

#define SKIP_WITHOUT_MCDATA(r) \
  if ((r).err.find("needs minecraft-data") != std::string::npos) GTEST_SKIP() << (r).err

TEST(CliSurvive, ObtainsAnItemAndDrawsTheWorld) {
  auto png = std::filesystem::temp_directory_path() / ("plank_survive_" + std::to_string(::getpid()) + ".png");
  auto r = run_plank("world survive wooden_pickaxe --seed 1 --size 64 --log --out '" + png.string() + "'");
  SKIP_WITHOUT_MCDATA(r);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("obtained wooden_pickaxe on seed 1"));
  EXPECT_THAT(r.out, HasSubstr("crafted 1 wooden_pickaxe"));
  EXPECT_THAT(r.out, HasSubstr("1 wooden_pickaxe"));
  EXPECT_GT(std::filesystem::file_size(png), 1000u);
  std::filesystem::remove(png);
  // The same seed gives the same episode.
  auto again = run_plank("world survive wooden_pickaxe --seed 1 --size 64 --log");
  EXPECT_EQ(r.out.substr(0, r.out.find("searches")), again.out.substr(0, again.out.find("searches")));
}

TEST(CliSurvive, UnobtainableAndUnknownNamesAreErrors) {
  auto r = run_plank("world survive bedrock --size 64");
  SKIP_WITHOUT_MCDATA(r);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("bedrock"));
  auto unknown = run_plank("world survive stoen_pickaxe --size 64");
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_THAT(unknown.err, HasSubstr("'stoen_pickaxe' is not a Minecraft 1.16.5 item (did you mean 'stone_pickaxe'?)"));
  EXPECT_EQ(run_plank("world survive log --size 8").exit_code, 2);  // below the smallest area
}
