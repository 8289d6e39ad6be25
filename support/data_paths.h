// Where Plank finds what it reads at run time: the Plank-written standard library, the
// parser's model, the survival world's hand-written data, minecraft-data, the built-in
// scenes and the DEPS task list. One place decides for all of them, so that a build tree,
// an installed prefix and a prefix moved elsewhere after installing all work.
#pragma once
#include <string>

namespace plank {

enum class DataItem {
  Stdlib,         // a folder: stdlib/
  ParserModel,    // a file: models/parser.bin
  WorldData,      // a folder: world/data/ (smelting, fuels, drops, the DEPS name map)
  MinecraftData,  // a folder: minecraft-data pc-1.16.5
  Scenes,         // a folder: examples/scenes/
  DepsTasks,      // a file: the DEPS task list (tasks.json)
};

// The installed data folder (<prefix>/share/plank, as cmake/PlankData.cmake lays it out), or
// "" when there is none (Plank runs from its build tree): $PLANK_DATA_DIR when set; else the
// one found next to the loaded object that holds this code (libplank.so, found by dladdr) or
// next to the running executable (/proc/self/exe: the `plank` command, a host's program) --
// <dir>/../share/plank for an installed prefix, <dir>/share/plank for a self-contained
// package such as the Python module's.
std::string installed_data_dir();

// Where one item is: its own environment variable when set (PLANK_STDLIB, PLANK_PARSER_MODEL,
// PLANK_RUNTIME_DATA, PLANK_MCDATA, PLANK_SCENES, PLANK_SHARED for the task list); else in
// installed_data_dir(); else where the build tree has it.
std::string data_path(DataItem item);

// The environment variable that overrides `item` (for messages that tell a user what to set).
const char* data_env_var(DataItem item);

}  // namespace plank
