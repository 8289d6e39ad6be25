#include "agents/iglu/eval/instruction_kind.h"

#include <set>

#include "agents/iglu/roles/clarify_features.h"

namespace plank::iglu {

std::string_view kind_name(InstructionKind k) {
  switch (k) {
    case InstructionKind::Removal: return "removal";
    case InstructionKind::SingleBlock: return "single block";
    case InstructionKind::RowOrColumn: return "row or column";
    case InstructionKind::Shape: return "shape";
    case InstructionKind::NoChange: return "no change";
  }
  return "?";
}

InstructionKind instruction_kind(const std::vector<Block>& initial, const std::vector<Block>& target) {
  ZoneGrid before = ZoneGrid::of(initial), after = ZoneGrid::of(target);
  std::vector<Block> added;
  bool removed = false;
  for (int y = 0; y < kZoneY; ++y)
    for (int x = 0; x < kZoneX; ++x)
      for (int z = 0; z < kZoneZ; ++z) {
        int a = before.at(x, y, z), b = after.at(x, y, z);
        if (a == b) continue;
        if (a) removed = true;
        if (b) added.push_back({x, y, z, b});
      }
  if (removed) return InstructionKind::Removal;
  if (added.empty()) return InstructionKind::NoChange;
  if (added.size() == 1) return InstructionKind::SingleBlock;
  // One line: two of the three coordinates are the same for every block.
  int same = 0;
  bool sx = true, sy = true, sz = true;
  for (const Block& b : added) sx &= b.x == added[0].x, sy &= b.y == added[0].y, sz &= b.z == added[0].z;
  same = int(sx) + int(sy) + int(sz);
  return same >= 2 ? InstructionKind::RowOrColumn : InstructionKind::Shape;
}

bool relative_reference(const std::string& instruction, const std::vector<Block>& initial) {
  static const std::set<std::string> words = {
      "top",   "next",  "beside", "besides", "adjacent", "above",   "below", "under",   "underneath", "left",
      "right", "front", "behind", "side",    "sides",    "existing", "north", "south",  "east",       "west",
      "between", "around", "onto", "attached", "connect", "connected", "touching", "end", "previous", "same"};
  if (initial.empty()) return false;
  for (const std::string& w : instruction_words(instruction))
    if (words.count(w)) return true;
  return false;
}

}  // namespace plank::iglu
