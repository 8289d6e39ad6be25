// `plank danli build --task wall|bridge|cabin`: a building task in a flat
// world, planned over PDDL and run through the world runtime; exit 0 when the
// structure stands, 3 when the inventory is short, 2 on an unknown task.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli/run_plank.h"

namespace plank::test {
namespace {

using ::testing::HasSubstr;

TEST(CliDanliBuild, BuildsABridgeAndStopsWhenTheInventoryIsShort) {
  auto r = run_plank("danli build --task bridge --size 4 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_TRUE(j["success"].get<bool>());
  EXPECT_EQ(j["placed"].get<int>(), 4);  // one block a cell of the bridge, nothing else
  EXPECT_TRUE(j["blocks_left"].is_null());

  auto shortr = run_plank("danli build --task wall --size 3 --inventory 2 --json");
  EXPECT_EQ(shortr.exit_code, 3) << shortr.err;
  auto k = nlohmann::json::parse(shortr.out);
  EXPECT_FALSE(k["success"].get<bool>());
  EXPECT_EQ(k["placed"].get<int>(), 0);
  EXPECT_THAT(k["why"].get<std::string>(), HasSubstr("needs 6 more cobblestone and the agent holds 2"));

  auto bad = run_plank("danli build --task tower");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("wall,bridge,cabin"));
}

}  // namespace
}  // namespace plank::test
