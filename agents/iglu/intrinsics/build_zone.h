// The builder's state: the zone as a Plank world, and the rules of building
// in it. Every change a builder makes, from a JSON reply (apply) or from a
// Plank program's place()/remove() intrinsics, goes through place() and
// remove() here, so both kinds of builder are held to the same rules:
//   - a cell outside the 11 x 9 x 11 zone is refused;
//   - with gravity on, a block needs ground or a block under it (IGLU's own
//     world lets blocks float, and 1,099 of train's 4,527 targets hold
//     blocks that touch nothing under them, so gravity is off by default);
//   - removing an empty cell is refused.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agents/iglu/protocol/reply.h"
#include "agents/iglu/zone/zone.h"
#include "support/diagnostics.h"
#include "world/voxels/world.h"

namespace plank::iglu {

struct ZoneRules {
  bool gravity = false;
};

// What apply() did with a reply.
struct ApplyResult {
  int placed = 0, removed = 0, skipped = 0;
};

class BuildZone {
 public:
  BuildZone(std::shared_ptr<const world::BlockRegistry> registry, const std::vector<Block>& initial,
            ZoneRules rules = {});

  // Cells in the zone frame. nullopt when done; otherwise why not (one
  // sentence, its coordinates in `frame`: a reply's reader sees its own), and nothing changed.
  enum class Frame { Zone, Paper };
  std::optional<std::string> place(Block b, Frame frame = Frame::Zone);
  std::optional<std::string> remove(int x, int y, int z, Frame frame = Frame::Zone);

  // Removals first (a re-colouring is a removal and an addition at one cell),
  // then additions from the ground up, so that with gravity on a column may be
  // listed in any order. Each block refused is a Warning at its key path.
  ApplyResult apply(const BuilderReply& reply, const SourceRef& reply_file, DiagnosticSink& sink);

  std::vector<Block> blocks() const { return zone_blocks(*world_); }
  world::World& world() { return *world_; }
  const world::World& world() const { return *world_; }
  const ZoneRules& rules() const { return rules_; }

 private:
  std::unique_ptr<world::World> world_;
  ZoneRules rules_;
};

}  // namespace plank::iglu
