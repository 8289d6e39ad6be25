// Where the run-time data is found (support/data_paths.h): an item's own variable wins, then
// PLANK_DATA_DIR (an installed data folder), then the build tree. The installed layout found
// beside libplank is tested end to end by tests/embed/install_test.sh (a moved prefix).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "support/data_paths.h"

using namespace plank;
namespace fs = std::filesystem;

namespace {

// Sets (or, with nullptr, clears) an environment variable for one test and puts it back.
class EnvVar {
 public:
  EnvVar(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) had_ = true, old_ = old;
    if (value) ::setenv(name, value, 1);
    else ::unsetenv(name);
  }
  ~EnvVar() {
    if (had_) ::setenv(name_, old_.c_str(), 1);
    else ::unsetenv(name_);
  }

 private:
  const char* name_;
  bool had_ = false;
  std::string old_;
};

}  // namespace

TEST(DataPaths, TheBuildTreeWhenNothingIsInstalled) {
  EnvVar data("PLANK_DATA_DIR", nullptr), stdlib("PLANK_STDLIB", nullptr), model("PLANK_PARSER_MODEL", nullptr);
  // The test binary lives in the build tree, which holds no share/plank.
  ASSERT_EQ(installed_data_dir(), "");
  EXPECT_EQ(fs::path(data_path(DataItem::Stdlib)).lexically_normal(), (fs::path(PLANK_SOURCE_DIR) / "stdlib").lexically_normal());
  EXPECT_TRUE(fs::exists(fs::path(data_path(DataItem::Stdlib)) / "deps" / "loop.plank"));
  EXPECT_TRUE(fs::exists(data_path(DataItem::ParserModel)));
  EXPECT_TRUE(fs::exists(fs::path(data_path(DataItem::WorldData)) / "smelting.json"));
  EXPECT_TRUE(fs::exists(fs::path(data_path(DataItem::Scenes)) / "village.json"));
}

TEST(DataPaths, AnInstalledFolderNamedByPlankDataDir) {
  EnvVar data("PLANK_DATA_DIR", "/opt/somewhere/share/plank"), stdlib("PLANK_STDLIB", nullptr),
      model("PLANK_PARSER_MODEL", nullptr), shared("PLANK_SHARED", nullptr);
  EXPECT_EQ(installed_data_dir(), "/opt/somewhere/share/plank");
  EXPECT_EQ(data_path(DataItem::Stdlib), "/opt/somewhere/share/plank/stdlib");
  EXPECT_EQ(data_path(DataItem::ParserModel), "/opt/somewhere/share/plank/models/parser.bin");
  EXPECT_EQ(data_path(DataItem::DepsTasks), "/opt/somewhere/share/plank/deps/tasks.json");
}

TEST(DataPaths, AnItemsOwnVariableWins) {
  EnvVar data("PLANK_DATA_DIR", "/opt/somewhere/share/plank"), stdlib("PLANK_STDLIB", "/my/stdlib"),
      shared("PLANK_SHARED", "/my/shared"), empty("PLANK_PARSER_MODEL", "");
  EXPECT_EQ(data_path(DataItem::Stdlib), "/my/stdlib");
  EXPECT_EQ(data_path(DataItem::DepsTasks), "/my/shared/data/deps/tasks.json");
  // An empty variable is an unset one.
  EXPECT_EQ(data_path(DataItem::ParserModel), "/opt/somewhere/share/plank/models/parser.bin");
  EXPECT_STREQ(data_env_var(DataItem::MinecraftData), "PLANK_MCDATA");
}
