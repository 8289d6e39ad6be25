// Numbers each function's instruction spans (passes.h): equal spans share an
// entry, so the table holds one per expression or statement that emitted code,
// but a CallMethod has two of its own (the call, and `obj.name` at pos + 1).
#include <unordered_map>

#include "compiler/lower/passes.h"

namespace plank::lower {

void number_positions(ir::Module& module) {
  for (ir::Function& f : module.functions) {
    f.positions.assign(1, Span{});
    std::unordered_map<uint64_t, uint32_t> index;
    for (ir::Block& block : f.blocks) {
      for (ir::Instr& in : block.instrs) {
        if (in.span.end == 0) {
          in.pos = 0;
          continue;
        }
        if (in.op == ir::Op::CallMethod) {
          // Two entries of its own: the call, then where a failed lookup of
          // the method is marked (the runtime moves the frame's pos to pos + 1
          // while it looks the method up: core::call_attribute).
          in.pos = static_cast<uint32_t>(f.positions.size());
          f.positions.push_back(in.span);
          f.positions.push_back(in.lookup_span.end != 0 ? in.lookup_span : in.span);
          continue;
        }
        uint64_t key = (uint64_t(in.span.begin) << 32) | in.span.end;
        auto [it, added] = index.emplace(key, static_cast<uint32_t>(f.positions.size()));
        if (added) f.positions.push_back(in.span);
        in.pos = it->second;
      }
    }
  }
}

}  // namespace plank::lower
