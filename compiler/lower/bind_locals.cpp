// Pass: UnboundLocalError only where a local may really be unbound.
//
// build_ir checks every read of a local (CheckBound) and starts every local
// that is not a parameter unbound (the prologue's Unbind); `del x` unbinds.
// This pass is a forward "definitely bound" data flow over the slots, per
// block to a fixed point: a slot is bound after any instruction writes it
// and unbound after an Unbind; joining two paths is the intersection. A check
// of a slot that is bound on every path to it is dropped, and so is the
// prologue's Unbind of a local no remaining check reads (engines start slots
// as None, which nothing can then tell from the marker). What is left costs a
// compare in the JIT where a program really reads a local that may be
// unbound (assigned in one branch, or after `del`).
//
// An exception handler may be entered from any instruction of the blocks it
// covers: its entry state is what is bound at the start of each such block,
// less what the block unbinds.
#include <cstdint>
#include <vector>

#include "compiler/lower/block_flow.h"
#include "compiler/lower/passes.h"

namespace plank::lower {

namespace {

using ir::Op;
using ir::Slot;

// Functions past this many blocks x slots keep every check (correct, slower)
// rather than make compiling slow.
constexpr size_t kBudget = size_t{8} << 20;

using State = std::vector<uint8_t>;  // per slot: 1 bound on every path, 0 maybe unbound

void step(const ir::Instr& in, State& state) {
  auto bind = [&](Slot s) {
    if (s < state.size()) state[s] = 1;
  };
  switch (in.op) {
    case Op::Unbind:
      if (in.dst < state.size()) state[in.dst] = 0;
      return;
    case Op::CheckBound: bind(in.a); return;  // past the check it holds a value
    case Op::StoreCell: return;               // dst names the cell it stores into
    case Op::Unpack:
    case Op::UnpackEx:
      for (Slot s : in.args) bind(s);
      return;
    default:
      if (!ir::is_terminator(in.op)) bind(in.dst);
      return;
  }
}

class Analysis {
 public:
  explicit Analysis(ir::Function& f) : f_(f), n_(f.slot_count) {}

  void run() {
    in_.assign(f_.blocks.size(), State());
    State entry(n_, 0);
    for (size_t i = 0; i < f_.params.size() && i < n_; ++i) entry[i] = 1;
    in_[0] = std::move(entry);
    auto merge = [&](ir::BlockId to, const State& s) { return meet(to, s); };
    forward_flow<State>(f_, merge, [&](ir::BlockId b, auto&& flow) {
      const auto& instrs = f_.blocks[b].instrs;
      State state = in_[b];
      if (f_.blocks[b].handler != ir::kNoBlock) {
        State at_raise = state;
        for (const ir::Instr& in : instrs)
          if (in.op == Op::Unbind && in.dst < n_) at_raise[in.dst] = 0;
        flow(f_.blocks[b].handler, at_raise);
      }
      for (const ir::Instr& in : instrs)
        if (!ir::is_terminator(in.op)) step(in, state);
      if (instrs.empty()) return;
      const ir::Instr& t = instrs.back();
      for_each_flow_edge(t, [&](ir::BlockId to, bool writes_dst) {
        if (!writes_dst || t.dst >= n_) return flow(to, state);
        State after = state;
        after[t.dst] = 1;
        flow(to, after);
      });
    });
    drop_needless_checks();
  }

 private:
  bool meet(ir::BlockId to, const State& s) {
    State& cur = in_[to];
    if (cur.empty()) {
      cur = s;
      return true;
    }
    bool changed = false;
    for (size_t i = 0; i < n_; ++i)
      if (cur[i] && !s[i]) {
        cur[i] = 0;
        changed = true;
      }
    return changed;
  }

  void drop_needless_checks() {
    std::vector<uint8_t> checked(n_, 0);
    for (size_t b = 0; b < f_.blocks.size(); ++b) {
      auto& instrs = f_.blocks[b].instrs;
      if (in_[b].empty()) continue;  // unreachable: left for remove_unreachable's next run
      State state = in_[b];
      std::vector<ir::Instr> kept;
      kept.reserve(instrs.size());
      for (ir::Instr& in : instrs) {
        bool needless = in.op == Op::CheckBound && in.a < n_ && state[in.a];
        if (!ir::is_terminator(in.op)) step(in, state);
        if (needless) continue;
        if (in.op == Op::CheckBound && in.a < n_) checked[in.a] = 1;
        kept.push_back(std::move(in));
      }
      instrs = std::move(kept);
    }
    // The prologue's Unbinds (imm 1) of locals nothing checks any more.
    for (auto& block : f_.blocks) {
      auto& instrs = block.instrs;
      std::vector<ir::Instr> kept;
      kept.reserve(instrs.size());
      for (ir::Instr& in : instrs)
        if (!(in.op == Op::Unbind && in.imm == 1 && in.dst < n_ && !checked[in.dst])) kept.push_back(std::move(in));
      instrs = std::move(kept);
    }
  }

  ir::Function& f_;
  size_t n_;
  std::vector<State> in_;  // per block: what is bound on entry (empty: not reached yet)
};

}  // namespace

void bind_locals(ir::Module& module) {
  for (ir::Function& f : module.functions) {
    if (f.blocks.empty() || f.blocks.size() * size_t(f.slot_count) > kBudget) continue;
    Analysis(f).run();
  }
}

}  // namespace plank::lower
