// Forward data flow over a function's blocks, to a fixed point: the worklist
// that bind_locals.cpp and infer_types.cpp share. Each pass keeps its own
// state per block and its own transfer; this walks the blocks and their edges.
#pragma once
#include <cstdint>
#include <vector>

#include "compiler/ir/ir.h"

namespace plank::lower {

// The edges out of a block ending in `t` (ir::for_each_successor's), with
// whether the terminator's dst is written on each: a ForIter's edge into the
// loop body, both edges of a YieldFromStep.
template <class Edge>
void for_each_flow_edge(const ir::Instr& t, Edge&& edge) {
  bool first = true;
  ir::for_each_successor(t, [&](ir::BlockId to) {
    edge(to, t.op == ir::Op::YieldFromStep || (t.op == ir::Op::ForIter && first));
    first = false;
  });
}

// Visits blocks from the entry until nothing changes. visit(b, flow) handles
// block b; it calls flow(to, state) for each edge, which merges state into
// the entry state of `to` with merge(to, state) (true when that changed it)
// and queues `to` when it did.
template <class State, class Merge, class Visit>
void forward_flow(const ir::Function& f, Merge&& merge, Visit&& visit) {
  std::vector<ir::BlockId> work{0};
  std::vector<uint8_t> queued(f.blocks.size(), 0);
  queued[0] = 1;
  auto flow = [&](ir::BlockId to, const State& s) {
    if (to >= f.blocks.size() || !merge(to, s) || queued[to]) return;
    queued[to] = 1;
    work.push_back(to);
  };
  while (!work.empty()) {
    ir::BlockId b = work.back();
    work.pop_back();
    queued[b] = 0;
    visit(b, flow);
  }
}

}  // namespace plank::lower
