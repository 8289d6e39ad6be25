// Pass: a jump (or branch edge) to a block holding only `jump X` goes to X
// directly. Leaves the emptied blocks for remove_unreachable.
#include "compiler/lower/passes.h"

namespace plank::lower {

static ir::BlockId final_target(const ir::Function& f, ir::BlockId b) {
  for (size_t hops = 0; hops < f.blocks.size(); ++hops) {
    const auto& instrs = f.blocks[b].instrs;
    if (instrs.size() != 1 || instrs[0].op != ir::Op::Jump) return b;
    b = instrs[0].target;
  }
  return b;  // a cycle of empty jumps (an empty infinite loop cannot be written): leave it
}

void simplify_jumps(ir::Module& module) {
  for (auto& f : module.functions)
    for (auto& block : f.blocks) {
      if (block.instrs.empty()) continue;
      ir::Instr& t = block.instrs.back();
      // A yield's target is its resume point (it starts with Resume): never an empty jump.
      if (ir::has_target(t.op) && t.op != ir::Op::Yield) t.target = final_target(f, t.target);
      if (ir::has_target2(t.op)) t.target2 = final_target(f, t.target2);
    }
}

}  // namespace plank::lower
