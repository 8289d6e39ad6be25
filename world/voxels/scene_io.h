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

// Errors go to sink (file:line:col where the JSON says so); null on any error.
std::unique_ptr<World> load_scene(const SourceRef& file, std::shared_ptr<const BlockRegistry> registry,
                                  DiagnosticSink& sink);
std::unique_ptr<World> load_scene_file(const std::string& path, std::shared_ptr<const BlockRegistry> registry,
                                       DiagnosticSink& sink);

std::string save_scene(const World& world);
bool save_scene_file(const World& world, const std::string& path, std::string* error);

}  // namespace plank::world
