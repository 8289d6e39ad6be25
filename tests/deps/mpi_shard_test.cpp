// `mpirun -np N plank eval deps ...` and `plank gen-horizon-data` (issue 30): the episodes (seeds) are
// split over the ranks and rank 0 prints what the single process prints -- the same episodes, the same
// results, in the same order. Two ranks on loopback; skipped where mpirun is not installed. A plank
// built without MPI must refuse to run under mpirun instead of running every episode twice.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "cli/run_plank.h"
#include "deps/deps_test_util.h"

namespace plank::deps {
namespace {

bool have_mpirun() { return std::system("command -v mpirun >/dev/null 2>&1") == 0; }

// Put before the binary by run_plank: two ranks on this machine. CI may run as root, which
// OpenMPI refuses unless told; the sanitizer build's leak check would count OpenMPI's own
// allocations at exit, so it is off for these processes only. The ranks talk through shared memory
// and loopback only (a container's other interfaces can stall OpenMPI's connection set-up for
// minutes), and containers often forbid the cross-memory attach of the shared-memory transport, so it
// copies instead. A launch that stalls anyway is ended after 5 minutes, failing the test instead of
// holding CI.
const std::string kTwoRanks =
    "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl_vader_single_copy_mechanism=none "
    "OMPI_MCA_btl=self,vader OMPI_MCA_oob_tcp_if_include=lo OMPI_MCA_pml=ob1 "
    "ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0\" timeout -k 10 300 mpirun --oversubscribe -np 2";

#define PLANK_REQUIRE_MPIRUN() \
  if (!have_mpirun()) GTEST_SKIP() << "mpirun is not installed (openmpi-bin)"

// The JSON of one process and of two ranks, which must be equal; the ranks' run must say it was shared.
void expect_same_json(const std::string& args) {
  auto one = plank::test::run_plank(args);
  ASSERT_EQ(one.exit_code, 0) << one.err;
  auto two = plank::test::run_plank(args, "", kTwoRanks);
#ifdef PLANK_HAVE_MPI
  ASSERT_EQ(two.exit_code, 0) << two.err;
  auto a = nlohmann::json::parse(one.out), b = nlohmann::json::parse(two.out);
  EXPECT_EQ(a, b) << "one process:\n" << one.out << "\ntwo ranks:\n" << two.out;
  EXPECT_EQ(one.out, two.out) << "the gathered JSON is printed once, by rank 0";
  EXPECT_GT(a["overall"]["episodes"].get<int>(), 2);
  EXPECT_NE(two.err.find("2 processes"), std::string::npos) << two.err;
  EXPECT_EQ(one.err.find("processes"), std::string::npos) << one.err;
#else
  EXPECT_EQ(two.exit_code, 2) << two.err;
  EXPECT_NE(two.err.find("built without MPI"), std::string::npos) << two.err;
  EXPECT_TRUE(two.out.empty()) << two.out;
#endif
}

// Six episodes (three seeds of two tasks): rank 1's block starts in the middle of seed 1, so it
// generates that world itself and runs its second task alone.
TEST(DepsMpi, TwoRanksPrintTheOneProcessTaskListJson) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  PLANK_REQUIRE_MPIRUN();
  const std::string tasks = plank::deps::test::shared_dir() + "/data/deps/tasks.json";
  expect_same_json("eval deps --tasks '" + tasks + "' --seeds 3 --initial-plan flawed --only planks,stick --json");
}

// The select tasks with the oracle selector, whose look-aheads are shared between the tasks of one
// world: rank 1 starts in the middle of the world's tasks and computes them afresh.
TEST(DepsMpi, TwoRanksPrintTheOneProcessSelectJson) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  PLANK_REQUIRE_MPIRUN();
  expect_same_json("eval deps --select-tasks 4 --selector oracle --world-mode explore --seeds 1 --seed-base 5000 "
                   "--world-size 96 --only wood,meat --json");
}

// The horizon data: two ranks write, through rank 0, the file one process writes, byte for byte
// (one seed each; the smallest world, since each record runs every goal of the table to label it).
TEST(DepsMpi, TwoRanksWriteTheOneProcessHorizonData) {
  PLANK_REQUIRE_DEPS_RULES(rules);
  PLANK_REQUIRE_MPIRUN();
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("plank_mpi_test_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string args =
      "gen-horizon-data --seeds 2 --seed-base 11 --states-per-seed 1 --world-size 32 --out '";
  auto one = plank::test::run_plank(args + (dir / "one.bin").string() + "'");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  auto two = plank::test::run_plank(args + (dir / "two.bin").string() + "'", "", kTwoRanks);
#ifdef PLANK_HAVE_MPI
  ASSERT_EQ(two.exit_code, 0) << two.err;
  EXPECT_NE(two.err.find("by 2 processes"), std::string::npos) << two.err;
  const std::string a = plank::test::read_all(dir / "one.bin"), b = plank::test::read_all(dir / "two.bin");
  EXPECT_GT(a.size(), 1000u);
  EXPECT_TRUE(a == b) << "one process wrote " << a.size() << " bytes, two ranks " << b.size();
#else
  EXPECT_EQ(two.exit_code, 2) << two.err;
  EXPECT_NE(two.err.find("built without MPI"), std::string::npos) << two.err;
  EXPECT_FALSE(fs::exists(dir / "two.bin"));
#endif
  fs::remove_all(dir);
}

}  // namespace
}  // namespace plank::deps
