// Any bytes as a scene file (world/voxels/scene_io.h): loading either refuses
// with a diagnostic or gives a world whose canonical form loads back to the
// same canonical form (save -> load -> save is byte-identical). Never a crash,
// a hang, or a world too large to hold.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "world/voxels/scene_io.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace plank;
  static const auto registry = world::BlockRegistry::builtin();
  auto file = SourceFile::from_string("fuzz.json", std::string(reinterpret_cast<const char*>(data), size));
  DiagnosticSink sink;
  auto w = world::load_scene(file, registry, sink);
  if (!w) {
    if (!sink.has_errors()) std::abort();
    // Inside the input, or a caret just past its end ("unexpected end of input"), as every front end reports.
    for (const auto& d : sink.all())
      if (d.span.begin > size || d.span.end > size + 1 || d.span.end < d.span.begin) std::abort();
    return 0;
  }
  std::string saved = world::save_scene(*w);
  DiagnosticSink again;
  auto reloaded = world::load_scene(SourceFile::from_string("saved.json", saved), registry, again);
  if (!reloaded) std::abort();
  if (world::save_scene(*reloaded) != saved) std::abort();
  return 0;
}
