#include "agents/iglu/intrinsics/build_zone.h"

#include <fmt/format.h>

#include <algorithm>

namespace plank::iglu {

BuildZone::BuildZone(std::shared_ptr<const world::BlockRegistry> registry, const std::vector<Block>& initial,
                     ZoneRules rules)
    : world_(make_zone_world(std::move(registry), initial)), rules_(rules) {}

namespace {

std::string cell_text(int x, int y, int z, BuildZone::Frame frame) {
  int off = frame == BuildZone::Frame::Paper ? kPaperOffset : 0;
  return fmt::format("({}, {}, {})", x - off, y, z - off);
}

std::string outside_text(int x, int y, int z, BuildZone::Frame frame) {
  int off = frame == BuildZone::Frame::Paper ? kPaperOffset : 0;
  return fmt::format("{} is outside the zone (x and z from {} to {}, y from 0 to {})", cell_text(x, y, z, frame), -off,
                     kZoneX - 1 - off, kZoneY - 1);
}

}  // namespace

std::optional<std::string> BuildZone::place(Block b, Frame frame) {
  if (!inside_zone(b.x, b.y, b.z)) return outside_text(b.x, b.y, b.z, frame);
  if (colour_name(b.colour).empty())
    return fmt::format("colour {} is not one of 1..6 ({})", b.colour, colour_names_text());
  if (rules_.gravity && b.y > 0 && !world_->type_at({b.x, b.y - 1, b.z}).iglu_colour)
    return cell_text(b.x, b.y, b.z, frame) + " would float: gravity is on and there is no block under it";
  world_->set_block({b.x, b.y, b.z}, world_->registry().iglu(b.colour));
  return std::nullopt;
}

std::optional<std::string> BuildZone::remove(int x, int y, int z, Frame frame) {
  if (!inside_zone(x, y, z)) return outside_text(x, y, z, frame);
  if (!world_->type_at({x, y, z}).iglu_colour) return "there is no block at " + cell_text(x, y, z, frame) + " to remove";
  world_->set_block({x, y, z}, world::kAir);
  return std::nullopt;
}

ApplyResult BuildZone::apply(const BuilderReply& reply, const SourceRef& reply_file, DiagnosticSink& sink) {
  ApplyResult r;
  auto refuse = [&](const ReplyBlock& b, const std::string& why) {
    ++r.skipped;
    sink.report({Severity::Warning, reply_file, b.span, why + "; block skipped", b.key_path, {}, "iglu.refused"});
  };
  for (const ReplyBlock& b : reply.remove) {
    if (auto why = remove(b.block.x, b.block.y, b.block.z, Frame::Paper))
      refuse(b, *why);
    else
      ++r.removed;
  }
  std::vector<const ReplyBlock*> adds;
  for (const ReplyBlock& b : reply.add) adds.push_back(&b);
  std::stable_sort(adds.begin(), adds.end(), [](auto* a, auto* b) { return a->block.y < b->block.y; });
  for (const ReplyBlock* b : adds) {
    if (auto why = place(b->block, Frame::Paper))
      refuse(*b, *why);
    else
      ++r.placed;
  }
  return r;
}

}  // namespace plank::iglu
