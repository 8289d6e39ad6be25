// A DEPS task list is a user's file (`plank eval deps --tasks FILE`): its budgets are read as whole
// numbers in range (issue 24). Before, max_steps was read with nlohmann's get<int>(), which casts a
// float such as 1e62 to int (undefined behaviour) and took 2e9 as a budget an evaluation would spend.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "world/survival/task_run.h"

namespace plank::survival {
namespace {

// Writes a one-task list with the given max_steps text and loads it.
std::optional<DepsTaskFile> load_with_budget(const std::string& max_steps, std::string* error) {
  auto path = std::filesystem::temp_directory_path() / ("plank-task-file-" + std::to_string(::getpid()) + ".json");
  {
    std::ofstream out(path);
    out << R"({"tasks": [{"object": "stick", "group": "MT1", "max_steps": )" << max_steps << "}]}";
  }
  auto f = load_deps_task_file(path.string(), error);
  std::filesystem::remove(path);
  return f;
}

TEST(TaskFileLimits, AWholeBudgetInRangeIsRead) {
  std::string error;
  auto f = load_with_budget("3000", &error);
  ASSERT_TRUE(f) << error;
  ASSERT_EQ(f->tasks.size(), 1u);
  EXPECT_EQ(f->tasks[0].max_steps, 3000);
  EXPECT_TRUE(load_with_budget(std::to_string(kMaxTaskSteps), &error)) << error;
}

TEST(TaskFileLimits, ABudgetThatIsNotAWholeNumberInRangeRefusesTheFile) {
  for (const char* bad : {"1e62", "2.5", "0", "-3000", "2000000000", "18446744073709551615", "\"3000\"", "null"}) {
    std::string error;
    EXPECT_FALSE(load_with_budget(bad, &error)) << "max_steps " << bad << " was accepted";
    EXPECT_NE(error.find("max_steps"), std::string::npos) << bad << ": " << error;
  }
}

}  // namespace
}  // namespace plank::survival
