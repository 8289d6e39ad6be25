// Pass: drop blocks that no path from the entry reaches, renumbering the rest
// in their original order so dumps stay readable. A block's exception
// handler is reached from it, and a yield's resume block from the yield.
#include "compiler/lower/passes.h"

namespace plank::lower {

static void remove_unreachable(ir::Function& f) {
  std::vector<uint8_t> seen(f.blocks.size(), 0);
  std::vector<ir::BlockId> work{0};
  seen[0] = 1;
  auto visit = [&](ir::BlockId x) {
    if (x < seen.size() && !seen[x]) {
      seen[x] = 1;
      work.push_back(x);
    }
  };
  while (!work.empty()) {
    ir::BlockId b = work.back();
    work.pop_back();
    const auto& instrs = f.blocks[b].instrs;
    if (instrs.empty()) continue;
    if (f.blocks[b].handler != ir::kNoBlock) visit(f.blocks[b].handler);
    ir::for_each_successor(instrs.back(), visit);
  }
  std::vector<ir::BlockId> renumber(f.blocks.size(), 0);
  std::vector<ir::Block> kept;
  for (size_t b = 0; b < f.blocks.size(); ++b)
    if (seen[b]) {
      renumber[b] = static_cast<ir::BlockId>(kept.size());
      kept.push_back(std::move(f.blocks[b]));
    }
  for (auto& block : kept) {
    if (block.handler != ir::kNoBlock) block.handler = renumber[block.handler];
    if (block.instrs.empty()) continue;
    ir::Instr& t = block.instrs.back();
    if (ir::has_target(t.op)) t.target = renumber[t.target];
    if (ir::has_target2(t.op)) t.target2 = renumber[t.target2];
  }
  for (auto& r : f.resume_blocks) r = renumber[r];  // every resume block is reached from its yield
  f.blocks = std::move(kept);
}

void remove_unreachable(ir::Module& module) {
  for (auto& f : module.functions)
    if (!f.blocks.empty()) remove_unreachable(f);
}

}  // namespace plank::lower
