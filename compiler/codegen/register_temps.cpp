// Temporaries kept in SSA registers instead of the frame's slots.
//
// The frame's slots are the collector's roots, and the frame is reachable from
// the thread, so LLVM must treat every slot as clobbered by any call and keeps
// each value in memory. A temporary that is defined once and used only later in
// the same block, only by operations that read it inline (arithmetic,
// comparison, truth, branch, move, return), gets its own alloca instead, which
// LLVM promotes to registers. It may hold any value (a string from `a + b`
// too), so it stays a root in the one place it must be: every call that can
// allocate (and so collect) first writes the temporaries live across it to
// their frame slots (spill_live). The heap does not move objects, so nothing
// is reloaded after a call except the temporary the call defines.
// Debug builds keep every slot in the frame (the stepping hook reads frames).
#include "compiler/codegen/emit.h"
#include "compiler/frontend/ast.h"

namespace plank::codegen {

using ir::Op;
using ir::Slot;

namespace {

bool defines_inline(const ir::Instr& in) {
  return in.op == Op::LoadConst || in.op == Op::Binary || in.op == Op::Compare || in.op == Op::Unary ||
         in.op == Op::Truth;
}

// Operations whose a/b operands are read inline; their slow paths spill.
bool reads_inline(const ir::Instr& in) {
  switch (in.op) {
    case Op::Binary:
    case Op::Compare:
    case Op::Move:
    case Op::Branch:
    case Op::Truth:
    case Op::Return: return true;
    case Op::Unary: return in.imm != static_cast<uint32_t>(ast::UnaryOp::Not);
    default: return false;
  }
}

}  // namespace

void FunctionEmitter::find_register_temps() {
  uint32_t n = fn().slot_count;
  reg_.assign(n, nullptr);
  temp_.assign(n, RegisterTemp{});
  appearances_.assign(n, 0);
  // A generator's slots live in its generator object across yields: none in registers.
  if (m.options.debug || fn().is_generator) return;
  std::vector<uint8_t> ok(n, 1);
  std::vector<uint32_t> defs(n, 0);
  std::vector<uint32_t> global_of(n, UINT32_MAX);  // the global a LoadGlobal temporary holds
  for (size_t p = 0; p < fn().params.size() && p < n; ++p) ok[p] = 0;
  for (Slot s : fn().cell_params) ok[s] = 0;
  for (size_t s = 0; s < n; ++s)
    if (s < fn().slot_names.size() && !fn().slot_names[s].empty()) ok[s] = 0;
  for (uint32_t bi = 0; bi < fn().blocks.size(); ++bi) {
    const auto& instrs = fn().blocks[bi].instrs;
    for (uint32_t k = 0; k < instrs.size(); ++k) {
      const ir::Instr& in = instrs[k];
      for (Slot s : in.args) ok[s] = 0;
      // Every appearance but as a definition's dst (StoreCell and SetItem read their dst).
      for (Slot s : in.args) ++appearances_[s];
      for (Slot s : {in.a, in.b}) if (s != ir::kNoSlot) ++appearances_[s];
      if (in.dst != ir::kNoSlot && (in.op == Op::StoreCell || in.op == Op::SetItem)) ++appearances_[in.dst];
      auto use = [&](Slot s) {
        if (s == ir::kNoSlot) return;
        RegisterTemp& t = temp_[s];
        // Read only inline, in the defining block, after the definition. A
        // global read as the callee of a direct call counts as inline: the
        // call checks it in registers, and the global keeps the function
        // alive (only the generic path passes it by address, after a spill).
        bool callee = in.op == Op::Call && s == in.a && m.direct_target(in, global_of[s]) >= 0;
        if (!(reads_inline(in) || callee) || defs[s] != 1 || t.block != bi || t.def >= k) ok[s] = 0;
        else t.last_use = k;
      };
      use(in.a);
      if (in.op != Op::Move && in.op != Op::Branch && in.op != Op::Truth && in.op != Op::Return) use(in.b);
      else if (in.b != ir::kNoSlot) ok[in.b] = 0;
      if (in.dst != ir::kNoSlot) {
        if (!(defines_inline(in) || in.op == Op::LoadGlobal) || ++defs[in.dst] > 1) ok[in.dst] = 0;
        if (in.op == Op::LoadGlobal) global_of[in.dst] = in.imm;
        temp_[in.dst].block = bi;
        temp_[in.dst].def = k;
        if (in.op == Op::LoadConst) temp_[in.dst].constant = in.imm;
      }
    }
  }
  for (uint32_t s = 0; s < n; ++s) {
    temp_[s].live = ok[s] && defs[s] == 1 && temp_[s].last_use > temp_[s].def;
  }
}

void FunctionEmitter::create_register_temps() {
  for (uint32_t s = 0; s < reg_.size(); ++s) {
    if (!temp_[s].live) continue;
    reg_[s] = b.CreateAlloca(m.value_ty, nullptr, "temp." + std::to_string(s));
  }
}

// Memory slots keep their order (parameters stay first, consecutive argument
// lists stay consecutive where no temporary sat between them); the homes of
// register temporaries go last. The entry zeroes only the memory slots after
// the parameters: a temporary's home is written by spills only, so it joins
// the collector's roots at the first spill (init_frame_homes).
void FunctionEmitter::layout_frame() {
  uint32_t n = fn().slot_count;
  frame_index_.assign(n, 0);
  uint32_t next = 0;
  for (uint32_t s = 0; s < n; ++s)
    if (!is_register(s)) frame_index_[s] = next++;
  frame_memory_ = next;
  for (uint32_t s = 0; s < n; ++s)
    if (is_register(s)) frame_index_[s] = next++;
}

// Before the first spill of an activation: zero the homes and widen the
// frame's slot_count over them. The frame's slot_count tells whether that was
// done (not a flag, which would occupy a register across every call);
// functions without temporaries never call it.
void FunctionEmitter::init_frame_homes() {
  uint32_t n = fn().slot_count;
  if (frame_memory_ >= n) return;
  b.CreateCall(m.init_homes_helper(), {frame, u32(frame_memory_), u32(n)});
}

llvm::Function* ModuleEmitter::init_homes_helper() {
  if (init_homes_) return init_homes_;
  auto* type = llvm::FunctionType::get(void_ty, {llvm::PointerType::getUnqual(frame_ty), i32, i32}, false);
  init_homes_ = llvm::Function::Create(type, llvm::GlobalValue::InternalLinkage, "plank.init_homes", mod);
  init_homes_->addFnAttr(llvm::Attribute::NoUnwind);
  init_homes_->addFnAttr(llvm::Attribute::NoInline);
  llvm::Function* f = init_homes_;
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", f));
  llvm::BasicBlock* init = llvm::BasicBlock::Create(ctx, "init", f);
  llvm::BasicBlock* done = llvm::BasicBlock::Create(ctx, "done", f);
  llvm::Value* frame = f->getArg(0);
  llvm::Value* count_ptr = b.CreateStructGEP(frame_ty, frame, 3);
  b.CreateCondBr(b.CreateICmpEQ(b.CreateLoad(i32, count_ptr), f->getArg(2)), done, init);
  b.SetInsertPoint(init);
  llvm::Value* slots = b.CreateLoad(value_ptr, b.CreateStructGEP(frame_ty, frame, 2));
  llvm::Value* first = b.CreateGEP(value_ty, slots, b.CreateZExt(f->getArg(1), i64));
  llvm::Value* bytes = b.CreateMul(b.CreateZExt(b.CreateSub(f->getArg(2), f->getArg(1)), i64), b.getInt64(16));
  b.CreateMemSet(b.CreateBitCast(first, i8_ptr), b.getInt8(0), bytes, llvm::MaybeAlign(16));
  b.CreateStore(f->getArg(2), count_ptr);
  b.CreateBr(done);
  b.SetInsertPoint(done);
  b.CreateRetVoid();
  return init_homes_;
}

// Writes the register temporaries live at instruction k of block bi (defined
// before it, used at or after it) to their frame slots, but `except` (the
// callee of a direct call, spilled by the call's generic path only). Only the temporaries
// of this block defined so far are candidates (active_, appended as they are
// defined; the ones past their last use are dropped here), so the cost is the
// number of temporaries live at once, not the function's slot count: a long
// module body stays linear to compile.
void FunctionEmitter::spill_live(uint32_t bi, uint32_t k, Slot except) {
  size_t kept = 0;
  bool initialised = false;
  for (Slot s : active_) {
    const RegisterTemp& t = temp_[s];
    if (t.block != bi || t.last_use < k) continue;  // dead from here on
    active_[kept++] = s;
    // A constant is a root already, and calls read it from the module (rooted()).
    if (t.def >= k || s == except || t.constant != UINT32_MAX) continue;
    if (!initialised) init_frame_homes();
    initialised = true;
    copy_value(frame_slot(s), reg_[s]);
  }
  active_.resize(kept);
}

llvm::Value* FunctionEmitter::rooted(Slot s) {
  if (is_register(s) && temp_[s].constant != UINT32_MAX) return m.constant_ptr(temp_[s].constant);
  return frame_slot(s);
}

void FunctionEmitter::spill(Slot s) {
  init_frame_homes();
  copy_value(frame_slot(s), reg_[s]);
}

}  // namespace plank::codegen
