// Helpers for the planner's tests: check PDDL text into a Task, plan it, and
// validate plans with VAL (the IPC's validator, a peer tool in ../shared), so
// a test asserts that a plan is valid by someone else's reading of PDDL.
#pragma once
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "compiler/pddl/load.h"
#include "planning/planner.h"

namespace plank::test {

inline std::string planning_shared_dir() {
  const char* env = std::getenv("PLANK_SHARED");
  return env ? env : PLANK_SHARED_DIR;
}

struct TextTask {
  std::string domain, problem;
  DiagnosticSink sink;
  pddl::LoadedTask loaded;
};

inline std::unique_ptr<TextTask> load_text(const std::string& domain, const std::string& problem) {
  auto t = std::make_unique<TextTask>();
  t->domain = domain;
  t->problem = problem;
  t->loaded = pddl::load_task(SourceFile::from_string("domain.pddl", domain),
                              SourceFile::from_string("problem.pddl", problem), t->sink);
  return t;
}

inline std::string val_binary() {
  return (std::filesystem::path(planning_shared_dir()) / "tools/val/Validate").string();
}
inline bool have_val() { return std::filesystem::exists(val_binary()); }

// VAL's verdict on a plan: true when it prints "Plan valid".
inline bool val_accepts(const std::string& domain, const std::string& problem, const std::string& plan_text,
                        std::string* output = nullptr) {
  namespace fs = std::filesystem;
  static int counter = 0;
  fs::path dir = fs::temp_directory_path() / ("plank_val_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  fs::create_directories(dir);
  std::ofstream(dir / "d.pddl") << domain;
  std::ofstream(dir / "p.pddl") << problem;
  std::ofstream(dir / "plan") << plan_text;
  std::string cmd = "'" + val_binary() + "' '" + (dir / "d.pddl").string() + "' '" + (dir / "p.pddl").string() +
                    "' '" + (dir / "plan").string() + "' 2>&1";
  std::string out;
  if (FILE* pipe = ::popen(cmd.c_str(), "r")) {
    char buf[512];
    while (std::fgets(buf, sizeof buf, pipe)) out += buf;
    ::pclose(pipe);
  }
  fs::remove_all(dir);
  if (output) *output = out;
  return out.find("Plan valid") != std::string::npos;
}

}  // namespace plank::test
