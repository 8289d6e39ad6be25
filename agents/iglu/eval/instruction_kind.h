// The kinds of instruction the error analysis reports F1 by (docs/iglu.md,
// issue 28): what the instruction asked for, read off the example's target
// change (so it does not depend on any builder), and, across those, whether
// the instruction places things relative to what exists.
//   removal        something is removed (or re-coloured), whatever is added too;
//   single block   exactly one block added, nothing removed;
//   row or column  two or more blocks added on one straight line (rows, columns, stacks);
//   shape          two or more added, not on one line (floors, walls, L's, towers with arms ...);
//   no change      the target is the initial world (scores 0 under the F1 whatever is done).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "agents/iglu/zone/zone.h"

namespace plank::iglu {

enum class InstructionKind { Removal, SingleBlock, RowOrColumn, Shape, NoChange };
inline constexpr InstructionKind kInstructionKinds[] = {InstructionKind::SingleBlock, InstructionKind::RowOrColumn,
                                                        InstructionKind::Shape, InstructionKind::Removal,
                                                        InstructionKind::NoChange};

std::string_view kind_name(InstructionKind k);  // "single block", "row or column", ...
InstructionKind instruction_kind(const std::vector<Block>& initial, const std::vector<Block>& target);

// The instruction places something relative to blocks that exist: the world
// is not empty and it says "on top of", "next to", "beside", "left of", a
// compass word, "existing", ... (one list, instruction_kind.cpp).
bool relative_reference(const std::string& instruction, const std::vector<Block>& initial);

}  // namespace plank::iglu
