#include "support/data_paths.h"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <system_error>

// The build tree's places (support/CMakeLists.txt); an installed copy does not use them.
#ifndef PLANK_BUILD_SOURCE_DIR
#define PLANK_BUILD_SOURCE_DIR "."
#endif
#ifndef PLANK_BUILD_MCDATA_DIR
#define PLANK_BUILD_MCDATA_DIR ""
#endif
#ifndef PLANK_BUILD_SHARED_DIR
#define PLANK_BUILD_SHARED_DIR "../shared"
#endif
#ifndef PLANK_LIB_TO_DATA
#define PLANK_LIB_TO_DATA "../share/plank"
#endif
#ifndef PLANK_BIN_TO_DATA
#define PLANK_BIN_TO_DATA "../share/plank"
#endif

namespace plank {
namespace fs = std::filesystem;

namespace {

struct Item {
  const char* env;          // overrides the item
  const char* env_suffix;   // appended to the variable's value ("" for the item itself)
  const char* installed;    // under the installed data folder (cmake/PlankData.cmake)
  std::string build;        // in the build tree
};

// The one table (indexed by DataItem).
const Item& item_of(DataItem item) {
  static const Item kItems[] = {
      {"PLANK_STDLIB", "", "stdlib", std::string(PLANK_BUILD_SOURCE_DIR) + "/stdlib"},
      {"PLANK_PARSER_MODEL", "", "models/parser.bin", std::string(PLANK_BUILD_SOURCE_DIR) + "/models/parser.bin"},
      {"PLANK_RUNTIME_DATA", "", "world", std::string(PLANK_BUILD_SOURCE_DIR) + "/world/data"},
      {"PLANK_MCDATA", "", "minecraft-data", PLANK_BUILD_MCDATA_DIR},
      {"PLANK_SCENES", "", "scenes", std::string(PLANK_BUILD_SOURCE_DIR) + "/examples/scenes"},
      {"PLANK_SHARED", "/data/deps/tasks.json", "deps/tasks.json",
       std::string(PLANK_BUILD_SHARED_DIR) + "/data/deps/tasks.json"},
  };
  return kItems[static_cast<int>(item)];
}

const char* env(const char* name) {
  const char* value = std::getenv(name);
  return value && *value ? value : nullptr;
}

// An installed data folder holds the standard library: a folder without it is someone else's.
bool is_data_dir(const fs::path& dir) {
  std::error_code ec;
  return fs::is_directory(dir / "stdlib", ec);
}

std::string data_dir_beside(const fs::path& object, const char* relative) {
  std::error_code ec;
  fs::path real = fs::canonical(object, ec);
  if (ec) return "";
  fs::path dir = real.parent_path();
  for (const fs::path& candidate : {dir / relative, dir / "share" / "plank"})
    if (is_data_dir(candidate)) return candidate.lexically_normal().string();
  return "";
}

// Found once: where the loaded code is does not change while it runs.
std::string find_installed_data_dir() {
  static const char anchor = 0;  // an address inside the object holding this code
  Dl_info info{};
  if (dladdr(&anchor, &info) && info.dli_fname && *info.dli_fname)
    if (std::string dir = data_dir_beside(info.dli_fname, PLANK_LIB_TO_DATA); !dir.empty()) return dir;
  return data_dir_beside("/proc/self/exe", PLANK_BIN_TO_DATA);
}

}  // namespace

std::string installed_data_dir() {
  if (const char* dir = env("PLANK_DATA_DIR")) return dir;
  static const std::string found = find_installed_data_dir();
  return found;
}

std::string data_path(DataItem item) {
  const Item& i = item_of(item);
  if (const char* value = env(i.env)) return std::string(value) + i.env_suffix;
  if (std::string dir = installed_data_dir(); !dir.empty()) return dir + "/" + i.installed;
  return i.build;
}

const char* data_env_var(DataItem item) { return item_of(item).env; }

}  // namespace plank
