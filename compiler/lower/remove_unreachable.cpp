// Pass: drop blocks that no path from the entry reaches, renumbering the rest
// in their original order so dumps stay readable.
#include "compiler/lower/passes.h"

namespace plank::lower {

static void remove_unreachable(ir::Function& f) {
  std::vector<uint8_t> seen(f.blocks.size(), 0);
  std::vector<ir::BlockId> work{0};
  seen[0] = 1;
  while (!work.empty()) {
    ir::BlockId b = work.back();
    work.pop_back();
    const auto& instrs = f.blocks[b].instrs;
    if (instrs.empty()) continue;
    const ir::Instr& t = instrs.back();
    auto visit = [&](ir::BlockId x) {
      if (x < seen.size() && !seen[x]) {
        seen[x] = 1;
        work.push_back(x);
      }
    };
    switch (t.op) {
      case ir::Op::Jump: visit(t.target); break;
      case ir::Op::Branch:
      case ir::Op::ForIter: visit(t.target); visit(t.target2); break;
      default: break;
    }
  }
  std::vector<ir::BlockId> renumber(f.blocks.size(), 0);
  std::vector<ir::Block> kept;
  for (size_t b = 0; b < f.blocks.size(); ++b)
    if (seen[b]) {
      renumber[b] = static_cast<ir::BlockId>(kept.size());
      kept.push_back(std::move(f.blocks[b]));
    }
  for (auto& block : kept) {
    if (block.instrs.empty()) continue;
    ir::Instr& t = block.instrs.back();
    if (t.op == ir::Op::Jump || t.op == ir::Op::Branch || t.op == ir::Op::ForIter) {
      t.target = renumber[t.target];
      if (t.op != ir::Op::Jump) t.target2 = renumber[t.target2];
    }
  }
  f.blocks = std::move(kept);
}

void remove_unreachable(ir::Module& module) {
  for (auto& f : module.functions)
    if (!f.blocks.empty()) remove_unreachable(f);
}

}  // namespace plank::lower
