// Pass: which kinds of value each operand may hold (Instr::kinds_a/kinds_b).
//
// A forward data-flow analysis over a function's slots, per block to a fixed
// point. A slot's state is a set of kinds (ir::kinds); joining two paths is
// the union. At entry the parameters may be anything and every other slot
// holds None (engines initialise slots to None), so a variable assigned on
// only some paths is never claimed to be an int. An exception handler may be
// entered from any instruction of the blocks it covers: every slot may hold
// anything there. The transfer functions follow Plank's (Python's) rules
// where the result kind is certain:
//   int op int is an int or, past 64 bits, a big int (an object) for
//   + - * // %, a float for /; an int or float mixed with a float gives a
//   float for + - * / // %; ** and anything involving other kinds: unknown;
//   -x keeps a float and makes an int or a big int of an int, +x keeps an int
//   or a float; `not`, truth tests, `in`, `is` and comparisons of numbers give
//   bools (a comparison with an object may give anything: a class's __eq__); range(...)
//   gives a range, iter(range) a range iterator, and the loop variable of a
//   range iterator is an int.
// Every other definition (calls, subscripts, globals, cells, unpacking) may
// be anything. Nothing else writes a slot: closures share cells, not slots,
// and the debugger only reads locals. The code generator relies on these
// facts (an llvm.assume per single-kind operand), so a transfer function may
// only ever claim less, never more.
#include <optional>

#include "compiler/lower/block_flow.h"
#include "compiler/lower/passes.h"
#include "runtime/intrinsics.h"

namespace plank::lower {

namespace {

using namespace ir::kinds;

// The analysis keeps one state (slot_count bytes) per block: functions whose
// blocks x slots pass this are left unannotated rather than made slow to compile.
constexpr size_t kBudget = size_t{8} << 20;

uint8_t constant_kind(const ir::Constant& c) {
  switch (c.kind) {
    case ir::Constant::Kind::None: return kNone;
    case ir::Constant::Kind::Bool: return kBool;
    case ir::Constant::Kind::Int: return kInt;
    case ir::Constant::Kind::Float: return kFloat;
    case ir::Constant::Kind::BigInt: return kBigInt;
    case ir::Constant::Kind::Str:
    case ir::Constant::Kind::Bytes:
    case ir::Constant::Kind::Ellipsis: return kOther;
  }
  return kAny;
}

uint8_t binary_kind(uint32_t imm, uint8_t a, uint8_t b) {
  auto op = static_cast<ast::BinaryOp>(ir::binary_op(imm));
  constexpr uint8_t kIntish = kInt | kBigInt;
  if (op > ast::BinaryOp::Mod || (a & ~(kIntish | kFloat)) || (b & ~(kIntish | kFloat)) || !a || !b) return kAny;
  uint8_t result = 0;
  for (uint8_t x : {kIntish, kFloat})
    for (uint8_t y : {kIntish, kFloat}) {
      if (!(a & x) || !(b & y)) continue;
      if (x == kIntish && y == kIntish) result |= op == ast::BinaryOp::Div ? kFloat : kIntish;  // past 64 bits: a big int
      else result |= kFloat;
    }
  return result;
}

uint8_t unary_kind(uint32_t imm, uint8_t a) {
  auto op = static_cast<ast::UnaryOp>(imm);
  if (op == ast::UnaryOp::Not) return kBool;
  if (!a || (a & ~(kInt | kBigInt | kFloat))) return kAny;
  if (op == ast::UnaryOp::Invert) return (a & kFloat) ? kAny : kInt | kBigInt;
  return (a & (kInt | kBigInt)) ? a | kInt | kBigInt : a;  // -(-2**63) is a big int, -(2**63) an int
}

// `in`, `not in`, `is` and `is not` give bools; the six rich comparisons give
// a bool unless an operand may be an object of a class, whose method may
// return any value (`__eq__` returning "yes").
uint8_t compare_kind(uint32_t imm, uint8_t a, uint8_t b) {
  if (imm > static_cast<uint32_t>(ast::CompareOp::Ne)) return kBool;
  return a && b && !((a | b) & kOther) ? kBool : kAny;
}

class Analysis {
 public:
  Analysis(ir::Function& f, const ir::Module& m, std::optional<uint32_t> range)
      : f_(f), m_(m), range_(range), n_(f.slot_count) {}

  void run() {
    in_.assign(f_.blocks.size(), std::vector<uint8_t>());
    std::vector<uint8_t> entry(n_, kNone);
    for (size_t i = 0; i < f_.params.size() && i < n_; ++i) entry[i] = kAny;
    for (ir::Slot s : f_.cell_params)
      if (s < n_) entry[s] = kAny;
    in_[0] = std::move(entry);
    using State = std::vector<uint8_t>;
    auto merge_into = [&](ir::BlockId to, const State& s) { return merge(to, s); };
    forward_flow<State>(f_, merge_into, [&](ir::BlockId b, auto&& flow) {
      State state = in_[b];
      const auto& instrs = f_.blocks[b].instrs;
      if (f_.blocks[b].handler != ir::kNoBlock) flow(f_.blocks[b].handler, std::vector<uint8_t>(n_, kAny));
      for (const ir::Instr& in : instrs)
        if (!ir::is_terminator(in.op)) step(in, state);
      if (instrs.empty()) return;
      const ir::Instr& t = instrs.back();
      for_each_flow_edge(t, [&](ir::BlockId to, bool writes_dst) {
        if (!writes_dst || t.dst >= n_) return flow(to, state);
        State after = state;
        after[t.dst] = t.op == ir::Op::ForIter && t.a < n_ && state[t.a] == kRangeIter ? kInt : kAny;
        flow(to, after);
      });
    });
    annotate();
  }

 private:
  bool merge(ir::BlockId to, const std::vector<uint8_t>& s) {
    auto& cur = in_[to];
    if (cur.empty()) {
      cur = s;
      return true;
    }
    bool changed = false;
    for (size_t i = 0; i < n_; ++i) {
      uint8_t joined = cur[i] | s[i];
      if (joined != cur[i]) {
        cur[i] = joined;
        changed = true;
      }
    }
    return changed;
  }

  uint8_t of(const std::vector<uint8_t>& state, ir::Slot s) const { return s < n_ ? state[s] : kAny; }

  void step(const ir::Instr& in, std::vector<uint8_t>& state) const {
    auto set = [&](ir::Slot s, uint8_t k) {
      if (s < n_) state[s] = k;
    };
    switch (in.op) {
      case ir::Op::LoadConst:
        set(in.dst, in.imm < m_.constants.size() ? constant_kind(m_.constants[in.imm]) : kAny);
        return;
      case ir::Op::Move: set(in.dst, of(state, in.a)); return;
      case ir::Op::Binary: set(in.dst, binary_kind(in.imm, of(state, in.a), of(state, in.b))); return;
      case ir::Op::Unary: set(in.dst, unary_kind(in.imm, of(state, in.a))); return;
      case ir::Op::Compare: set(in.dst, compare_kind(in.imm, of(state, in.a), of(state, in.b))); return;
      case ir::Op::Truth: set(in.dst, kBool); return;
      case ir::Op::Unbind: set(in.dst, kNone); return;  // the unbound marker's tag is None's
      case ir::Op::CallIntrinsic: set(in.dst, range_ && in.imm == *range_ ? kRange : kAny); return;
      case ir::Op::GetIter: set(in.dst, of(state, in.a) == kRange ? kRangeIter : kAny); return;
      case ir::Op::Unpack:
      case ir::Op::UnpackEx:
        for (ir::Slot s : in.args) set(s, kAny);
        return;
      case ir::Op::StoreGlobal:
      case ir::Op::SetItem:
      case ir::Op::SetAttr:
      case ir::Op::Assert:
      case ir::Op::Step:
      case ir::Op::CheckBound:
      case ir::Op::Seal: return;
      default: set(in.dst, kAny); return;  // StoreCell's dst holds the cell: anything
    }
  }

  void annotate() {
    for (size_t b = 0; b < f_.blocks.size(); ++b) {
      if (in_[b].empty()) continue;  // unreachable: nothing claimed
      std::vector<uint8_t> state = in_[b];
      for (ir::Instr& in : f_.blocks[b].instrs) {
        if (in.a != ir::kNoSlot) in.kinds_a = of(state, in.a);
        if (in.b != ir::kNoSlot) in.kinds_b = of(state, in.b);
        if (!ir::is_terminator(in.op)) step(in, state);
      }
    }
  }

  ir::Function& f_;
  const ir::Module& m_;
  std::optional<uint32_t> range_;
  size_t n_;
  std::vector<std::vector<uint8_t>> in_;  // per block: the state on entry (empty: not reached yet)
};

}  // namespace

void infer_types(ir::Module& module) {
  std::optional<uint32_t> range = core::find_intrinsic("range");
  for (ir::Function& f : module.functions) {
    if (f.blocks.empty() || f.blocks.size() * size_t(f.slot_count) > kBudget) continue;
    Analysis(f, module, range).run();
  }
}

}  // namespace plank::lower
