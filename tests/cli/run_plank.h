// Runs the real `plank` binary and captures what a user would see.
#pragma once
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace plank::test {

struct Run {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string read_all(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// `args` is appended to the binary's path as shell words (quote them yourself);
// `env` ("NAME='value' ...") is set for the command.
inline Run run_plank(const std::string& args, const std::string& stdin_text = "", const std::string& env = "") {
  namespace fs = std::filesystem;
  static int counter = 0;
  fs::path dir = fs::temp_directory_path() / ("plank_cli_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  fs::create_directories(dir);
  std::ofstream(dir / "in") << stdin_text;
  std::string cmd = "cd '" PLANK_SOURCE_DIR "' && " + env + " '" PLANK_BINARY "' " + args + " <'" + (dir / "in").string() + "' >'" +
                    (dir / "out").string() + "' 2>'" + (dir / "err").string() + "'";
  int status = std::system(cmd.c_str());
  Run r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = read_all(dir / "out");
  r.err = read_all(dir / "err");
  fs::remove_all(dir);
  return r;
}

inline std::string shared_dir() {
  const char* env = std::getenv("PLANK_SHARED");
  return env ? env : PLANK_SHARED_DIR;
}

}  // namespace plank::test
