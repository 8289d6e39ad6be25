// `plank run --break LINE`: the Debugger driven from the command line prints
// the stack and locals at each breakpoint and lets the program finish.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "run_plank.h"

namespace plank {
namespace {

namespace fs = std::filesystem;

// A program file in the temporary directory, private to this process.
fs::path write_program(const std::string& stem, const std::string& text) {
  fs::path prog = fs::temp_directory_path() / (stem + "_" + std::to_string(::getpid()) + ".plank");
  std::ofstream(prog) << text;
  return prog;
}

TEST(RunBreak, PrintsStackAndLocalsAtEachHit) {
  fs::path prog = write_program("plank_break",
                                "def scale(v, k=3):\n"
                                "    w = v * k\n"
                                "    return w\n"
                                "total = 0\n"
                                "for i in range(2):\n"
                                "    total += scale(i)\n"
                                "print(total)\n");
  for (const char* engine : {"interp", "jit"}) {
    auto r = test::run_plank(std::string("run --engine=") + engine + " --break 3 --break 7 '" + prog.string() + "'");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "3\n");
    EXPECT_NE(r.err.find("break at " + prog.string() + ":3 in scale\n"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("  in <module> at " + prog.string() + ":6\n  in scale at " + prog.string() + ":3\n"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("  v = 1\n  k = 3\n  w = 3\n"), std::string::npos) << r.err;  // the second hit
    EXPECT_NE(r.err.find("break at " + prog.string() + ":7 in <module>\n"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("  total = 3\n"), std::string::npos) << r.err;
  }
  fs::remove(prog);
}

// --stats: the program's output is untouched; the figures go to stderr, and a
// program that makes garbage past the first collection threshold reports collections.
TEST(RunStats, ReportsTimesAndCollections) {
  fs::path prog = write_program("plank_stats",
                                "parts = []\n"
                                "for i in range(50000):\n"
                                "    parts.append('x' + str(i))\n"
                                "print(len(parts))\n");
  for (const char* engine : {"interp", "jit"}) {
    auto r = test::run_plank(std::string("run --stats --engine=") + engine + " '" + prog.string() + "'");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "50000\n");
    EXPECT_NE(r.err.find("plank: compile "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(" ms (CPU "), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find(" 0 garbage collections"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("heap peak "), std::string::npos) << r.err;
  }
  auto quiet = test::run_plank("run '" + prog.string() + "'");
  EXPECT_EQ(quiet.err, "");
  fs::remove(prog);
}

}  // namespace
}  // namespace plank
