// Scenes: a world saved as JSON (format described in docs/world.md; examples in
// examples/scenes/). Loading accepts authoring shorthands (boxes, named objects);
// saving writes the canonical form (every changed cell once, sorted), so
// save -> load -> save is byte-identical.
#pragma once
#include <memory>
#include <string>

#include "support/diagnostics.h"
#include "world/voxels/world.h"

namespace plank::world {

inline constexpr const char* kSceneFormat = "plank-scene";
inline constexpr int kSceneVersion = 1;

// What a scene file may ask for. Scenes are untrusted input: a box from
// -2147483648 to 2147483647 once overflowed the size check and ran for ever.
// Coordinates and positions stay inside what a chunk key addresses (21 bits
// of chunk index an axis: docs/world.md), called the world border; the cells
// a scene sets (boxes, blocks and annotations together) are counted.
inline constexpr int32_t kMaxSceneCoordinate = 16'000'000;
inline constexpr int64_t kMaxSceneCells = 16'000'000;

// Errors go to sink (file:line:col where the JSON says so); null on any error.
// max_cells lowers the budget of cells set (never above kMaxSceneCells), for a
// caller with less time or memory to spend than a whole scene may ask for.
std::unique_ptr<World> load_scene(const SourceRef& file, std::shared_ptr<const BlockRegistry> registry,
                                  DiagnosticSink& sink, int64_t max_cells = kMaxSceneCells);
std::unique_ptr<World> load_scene_file(const std::string& path, std::shared_ptr<const BlockRegistry> registry,
                                       DiagnosticSink& sink);

std::string save_scene(const World& world);
bool save_scene_file(const World& world, const std::string& path, std::string* error);

}  // namespace plank::world
