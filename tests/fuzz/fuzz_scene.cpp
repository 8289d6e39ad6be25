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
  // A budget of 1 << 18 cells: loading is linear in the cells set (2.8 CPU-s for the full 16,000,000 in a
  // release build, ten times that under ASan and coverage), and its bugs lie in shapes, not sizes.
  auto w = world::load_scene(file, registry, sink, int64_t{1} << 18);
  if (!w) {
    if (!sink.has_errors()) std::abort();
    // Inside the input, or a caret just past its end ("unexpected end of input"), as every front end reports.
    for (const auto& d : sink.all())
      if (d.span.begin > size || d.span.end > size + 1 || d.span.end < d.span.begin) std::abort();
    return 0;
  }
  // The round trip costs time linear in the cells it writes (each changed cell and each annotated cell is a
  // JSON array, parsed back), and a 400-byte scene can name 200,000 of them: 0.75 CPU-s in a release build,
  // over libFuzzer's 10 s per input under ASan and coverage. Loading is checked above at any size the
  // loader accepts; the round trip, whose bugs lie in shapes rather than sizes, up to 1 << 16 cells.
  size_t cells = 0;
  w->store().for_each_changed([&](world::Coord, world::BlockId) { ++cells; });
  for (const auto& a : w->annotations()) cells += a.cells.size();
  if (cells > (size_t{1} << 16)) return 0;
  std::string saved = world::save_scene(*w);
  DiagnosticSink again;
  auto reloaded = world::load_scene(SourceFile::from_string("saved.json", saved), registry, again);
  if (!reloaded) std::abort();
  if (world::save_scene(*reloaded) != saved) std::abort();
  return 0;
}
