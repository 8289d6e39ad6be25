// mark_string_builders: in-place appends for locals that build a string.
//
// `s += t` in a loop allocated a new string object per iteration and left the
// old one to the collector. CPython appends in place when the string's
// reference count is one; Plank has no reference counts, so this pass proves
// the same fact for a whole local: nothing but the local itself can refer to
// the strings its appends make. Such an append gets ir::kStrBuilder and the
// runtime (core::append_str_in_place) extends the string it finds there,
// provided that string carries core::kStrBuilder.
//
// The invariant: a string with core::kStrBuilder is referred to by one live
// place only, a builder local (plus the temporary the append wrote first,
// which is read once, by the move into the local, and then dead). It holds
// because
//   - only a marked append sets the flag, on the string it returns, and that
//     string goes straight into the local;
//   - every other read of the local neither keeps nor returns the value it
//     reads (harmless_read);
//   - `return s` is preceded by a Seal, so a caller never receives a flagged
//     string;
//   - a local that a closure captures lives in a cell and is read through
//     LoadCell, which is not harmless: such a local is never a builder.
// An exception leaves the frame for good: what the local held is garbage.
#include <optional>

#include "compiler/lower/passes.h"
#include "runtime/intrinsics.h"

namespace plank::lower {

namespace {

using ir::Op;
using ir::Slot;

// Calls f(slot) for every slot `in` reads.
template <class F>
void for_each_read(const ir::Instr& in, F&& f) {
  if (in.a != ir::kNoSlot) f(in.a);
  if (in.b != ir::kNoSlot) f(in.b);
  if (in.op == Op::StoreCell) f(in.dst);  // the cell it stores into
  if (in.op != Op::Unpack && in.op != Op::UnpackEx)  // Unpack's args are what it writes
    for (Slot s : in.args) f(s);
}

// Calls f(slot) for every slot `in` writes.
template <class F>
void for_each_write(const ir::Instr& in, F&& f) {
  if (in.dst != ir::kNoSlot && in.op != Op::StoreCell) f(in.dst);
  if (in.op == Op::Unpack || in.op == Op::UnpackEx)
    for (Slot s : in.args) f(s);
}

struct Intrinsics {
  std::optional<uint32_t> len = core::find_intrinsic("len");
  std::optional<uint32_t> print = core::find_intrinsic("print");
};

// Whether `in` reading slot s can neither keep s's value nor hand it on.
bool harmless_read(const ir::Instr& in, Slot s, const Intrinsics& known) {
  // What infer_types proved: no object at all in s here.
  uint8_t kinds = in.a == s ? in.kinds_a : in.b == s ? in.kinds_b : 0;
  if (kinds && !(kinds & (ir::kinds::kOther | ir::kinds::kBigInt))) return true;
  switch (in.op) {
    case Op::Binary:  // `+` always makes a new object (concat_str, a new list, a number)
      return ir::binary_op(in.imm) == static_cast<uint32_t>(ast::BinaryOp::Add);
    case Op::Compare:
    case Op::Truth:
    case Op::CheckBound:
    case Op::Branch: return true;
    case Op::CallIntrinsic:  // len(s), print(s): read the string and let it go
      return in.imm == known.len || in.imm == known.print;
    default: return false;
  }
}

// Whether instrs[k] is an `s = s + t` append: it is the Binary and
// instrs[k + 1] moves its result (a temporary read nowhere else) into s.
bool is_append(const std::vector<ir::Instr>& instrs, size_t k, const std::vector<uint32_t>& reads,
               const std::vector<uint32_t>& writes, const ir::Function& fn) {
  const ir::Instr& in = instrs[k];
  if (in.op != Op::Binary || ir::binary_op(in.imm) != static_cast<uint32_t>(ast::BinaryOp::Add)) return false;
  if (in.kinds_a && !(in.kinds_a & ir::kinds::kOther)) return false;  // a number: nothing to build
  if (k + 1 >= instrs.size()) return false;
  const ir::Instr& move = instrs[k + 1];
  Slot temp = in.dst;
  bool is_temp = temp >= fn.slot_names.size() || fn.slot_names[temp].empty();
  return is_temp && move.op == Op::Move && move.a == temp && move.dst == in.a &&
         reads[temp] == 1 && writes[temp] == 1;
}

void mark_function(ir::Function& fn, const Intrinsics& known) {
  uint32_t n = fn.slot_count;
  std::vector<uint32_t> reads(n, 0), writes(n, 0);
  std::vector<uint8_t> candidate(n, 0);
  for (Slot s = 0; s < n && s < fn.slot_names.size(); ++s) candidate[s] = !fn.slot_names[s].empty();
  for (Slot s : fn.cell_params)
    if (s < n) candidate[s] = 0;
  for (const ir::Block& block : fn.blocks)
    for (const ir::Instr& in : block.instrs) {
      for_each_read(in, [&](Slot s) { if (s < n) ++reads[s]; });
      for_each_write(in, [&](Slot s) { if (s < n) ++writes[s]; });
    }
  // A local is a builder unless some read of it could keep its string.
  for (const ir::Block& block : fn.blocks)
    for (const ir::Instr& in : block.instrs)
      for_each_read(in, [&](Slot s) {
        if (s < n && candidate[s] && !harmless_read(in, s, known) && !(in.op == Op::Return && in.a == s))
          candidate[s] = 0;
      });
  std::vector<uint8_t> appends(n, 0);
  for (ir::Block& block : fn.blocks)
    for (size_t k = 0; k < block.instrs.size(); ++k) {
      ir::Instr& in = block.instrs[k];
      if (in.a < n && candidate[in.a] && is_append(block.instrs, k, reads, writes, fn)) {
        in.imm |= ir::kStrBuilder;
        appends[in.a] = 1;
      }
    }
  // Seal what a builder returns.
  for (ir::Block& block : fn.blocks) {
    ir::Instr& last = block.instrs.back();
    if (last.op != Op::Return || last.a >= n || !appends[last.a]) continue;
    ir::Instr seal;
    seal.op = Op::Seal;
    seal.a = last.a;
    seal.line = last.line;
    seal.span = last.span;
    block.instrs.insert(block.instrs.end() - 1, seal);
  }
}

}  // namespace

void mark_string_builders(ir::Module& module) {
  Intrinsics known;
  for (ir::Function& fn : module.functions) mark_function(fn, known);
}

}  // namespace plank::lower
