// Inline copies of the runtime's hottest small operations: linking a frame
// (pk_enter / pk_leave), reading a global that is set (pk_load_global),
// advancing a range iterator (pk_for_iter), and calling a module-level function
// directly (pkj_call_positional). Each checks the condition under which the
// runtime function would do exactly the same thing and otherwise calls it, so
// errors, messages and tracebacks come from one place.
#include <cstddef>

#include <llvm/IR/MDBuilder.h>

#include "compiler/codegen/emit.h"
#include "compiler/codegen/object_layout.h"
#include "compiler/frontend/ast.h"

namespace plank::codegen {

using ir::Op;
using ir::Slot;

using namespace layout;

// A pointer of type `ty*` to the field at byte `offset` of the object at `base`.
llvm::Value* FunctionEmitter::field(llvm::Value* base, uint64_t offset, llvm::Type* ty) {
  llvm::Value* bytes = b.CreateBitCast(base, m.i8_ptr);
  llvm::Value* at = b.CreateConstInBoundsGEP1_64(m.i8, bytes, offset);
  return b.CreateBitCast(at, llvm::PointerType::getUnqual(ty));
}

// pk_enter: refuse past budget.max_depth (the call records RecursionError), else link.
llvm::Value* FunctionEmitter::emit_enter() {
  llvm::Value* depth_ptr = b.CreateStructGEP(m.thread_ty, thread, 2);
  llvm::Value* depth = b.CreateLoad(m.i32, depth_ptr);
  llvm::Value* limit = b.CreateLoad(m.i32, field(thread, kThreadMaxDepth, m.i32));
  llvm::BasicBlock* link = new_block("link");
  llvm::BasicBlock* deep = new_block("too_deep");
  llvm::BasicBlock* join = new_block("entered");
  // depth + 1 > limit, computed in 64 bits as pk_enter does in 32 (depth < limit always holds here)
  b.CreateCondBr(b.CreateICmpUGE(depth, limit), deep, link, unlikely_first());
  b.SetInsertPoint(deep);
  llvm::Value* refused = call("pk_enter", {thread, frame});
  b.CreateBr(join);
  b.SetInsertPoint(link);
  llvm::Value* top_ptr = b.CreateStructGEP(m.thread_ty, thread, 0);
  b.CreateStore(b.CreateLoad(llvm::PointerType::getUnqual(m.frame_ty), top_ptr), b.CreateStructGEP(m.frame_ty, frame, 0));
  b.CreateStore(frame, top_ptr);
  b.CreateStore(b.CreateAdd(depth, b.getInt32(1)), depth_ptr);
  b.CreateBr(join);
  b.SetInsertPoint(join);
  llvm::PHINode* ok = b.CreatePHI(m.i1, 2);
  ok->addIncoming(refused, deep);
  ok->addIncoming(b.getTrue(), link);
  return ok;
}

// pk_leave for a frame that pk_enter linked (every path after emit_enter succeeded).
void FunctionEmitter::emit_leave() {
  llvm::Value* top_ptr = b.CreateStructGEP(m.thread_ty, thread, 0);
  llvm::Value* depth_ptr = b.CreateStructGEP(m.thread_ty, thread, 2);
  b.CreateStore(b.CreateLoad(llvm::PointerType::getUnqual(m.frame_ty), b.CreateStructGEP(m.frame_ty, frame, 0)),
                top_ptr);
  b.CreateStore(b.CreateSub(b.CreateLoad(m.i32, depth_ptr), b.getInt32(1)), depth_ptr);
}

// A set global is copied; an unset one goes to pk_load_global (builtin of that
// name, or NameError). The globals table is sized once by engine::bind.
void FunctionEmitter::emit_load_global(const ir::Instr& in) {
  // A register temporary's slow path: the runtime writes its frame home, copied back after.
  auto slow_load = [&] {
    store_line();
    check(call("pk_load_global", {thread, frame_slot(in.dst), m.module_ptr(), u32(in.imm)}));
    if (is_register(in.dst)) copy_value(slot(in.dst), frame_slot(in.dst));
  };
  if (!m.runtime || in.imm >= m.runtime->globals.size() || in.imm >= m.runtime->global_set.size()) {
    slow_load();
    return;
  }
  llvm::Value* set = b.CreateLoad(m.i8, m.address(&m.runtime->global_set[in.imm], m.i8_ptr));
  llvm::BasicBlock* fast = new_block("global_set");
  llvm::BasicBlock* slow = new_block("global_unset");
  llvm::BasicBlock* done = new_block("global");
  b.CreateCondBr(b.CreateICmpNE(set, b.getInt8(0)), fast, slow);
  b.SetInsertPoint(fast);
  copy_value(slot(in.dst), m.address(&m.runtime->globals[in.imm], m.value_ptr));
  b.CreateBr(done);
  b.SetInsertPoint(slow);
  slow_load();
  b.CreateBr(done);
  b.SetInsertPoint(done);
}

// `for x in range(...)` and `for x in xs` (a list): the iterator advances
// inline; any other iterator, and a list iterator at its end, calls pk_for_iter.
void FunctionEmitter::emit_for_iter(const ir::Instr& in) {
  llvm::Value* it = slot(in.a);
  llvm::BasicBlock* is_iter = new_block("iter_iterator");
  llvm::BasicBlock* range = new_block("iter_range");
  llvm::BasicBlock* more = new_block("iter_next");
  llvm::BasicBlock* slow = new_block("iter_slow");
  llvm::Value* obj = object_or(it, slow, "iter_obj");
  b.CreateCondBr(b.CreateICmpEQ(kind_of(obj), b.getInt8(static_cast<uint8_t>(core::ObjKind::Iterator))), is_iter,
                 slow);
  b.SetInsertPoint(is_iter);
  llvm::Value* iter_kind = b.CreateLoad(m.i8, field(obj, kIterKind, m.i8));
  llvm::SwitchInst* by_kind = b.CreateSwitch(iter_kind, slow, 2);
  by_kind->addCase(b.getInt8(static_cast<uint8_t>(core::IterKind::Range)), range);
  if (vector_is_begin_end()) {
    llvm::BasicBlock* list = new_block("iter_list");
    by_kind->addCase(b.getInt8(static_cast<uint8_t>(core::IterKind::List)), list);
    b.SetInsertPoint(list);
    emit_list_iter_next(obj, in, slow);
  }

  // iter_next's Range case: yield pos; --remaining; step pos only while items remain (no overflow past the end).
  b.SetInsertPoint(range);
  llvm::Value* remaining_ptr = field(obj, kIterRemaining, m.i64);
  llvm::Value* remaining = b.CreateLoad(m.i64, remaining_ptr);
  b.CreateCondBr(b.CreateICmpSGT(remaining, b.getInt64(0)), more, blocks[in.target2]);
  b.SetInsertPoint(more);
  llvm::Value* pos_ptr = field(obj, kIterPos, m.i64);
  llvm::Value* pos = b.CreateLoad(m.i64, pos_ptr);
  store_value(slot(in.dst), kTagInt, pos);
  llvm::Value* left = b.CreateSub(remaining, b.getInt64(1));
  b.CreateStore(left, remaining_ptr);
  llvm::Value* step = b.CreateLoad(m.i64, field(obj, kIterStep, m.i64));
  b.CreateStore(b.CreateSelect(b.CreateICmpSGT(left, b.getInt64(0)), b.CreateAdd(pos, step), pos), pos_ptr);
  b.CreateBr(blocks[in.target]);

  b.SetInsertPoint(slow);
  store_line();
  check(call("pk_for_iter", {thread, slot(in.dst), flag, it}));
  llvm::Value* done = b.CreateICmpNE(b.CreateLoad(m.i8, flag), b.getInt8(0));
  b.CreateCondBr(done, blocks[in.target2], blocks[in.target]);
}

// The function a global names when the module body binds it exactly once, by
// `def` at the top level (MakeFunction then StoreGlobal of that value), else -1.
// Only a guess: the call site checks the callee's code before using it.
void ModuleEmitter::find_known_functions() {
  known_function.assign(ir.globals.size(), -1);
  std::vector<uint32_t> stores(ir.globals.size(), 0);
  for (const ir::Function& fn : ir.functions)
    for (const ir::Block& block : fn.blocks)
      for (const ir::Instr& in : block.instrs)
        if (in.op == Op::StoreGlobal && in.imm < stores.size()) ++stores[in.imm];
  if (ir.functions.empty()) return;
  for (const ir::Block& block : ir.functions[0].blocks) {
    for (size_t i = 1; i < block.instrs.size(); ++i) {
      const ir::Instr& def = block.instrs[i - 1];
      const ir::Instr& store = block.instrs[i];
      if (def.op == Op::MakeFunction && store.op == Op::StoreGlobal && store.a == def.dst &&
          store.imm < known_function.size() && stores[store.imm] == 1 && def.imm < ir.functions.size())
        known_function[store.imm] = static_cast<int32_t>(def.imm);
    }
  }
}

// A positional call. When the callee slot was just loaded from a global that
// names a known function with exactly that many parameters, the call checks
// that the callee is still a function object of that code (globals can be
// rebound) and calls its entry directly; otherwise pkj_call_positional.
int32_t ModuleEmitter::direct_target(const ir::Instr& in, uint32_t global) const {
  if (!runtime || in.op != Op::Call || !in.kwnames.empty() || global >= known_function.size()) return -1;
  int32_t target = known_function[global];
  if (target < 0 || ir.functions[target].params.size() != in.args.size() || !entries[target]) return -1;
  // Only plain positional parameters take the arguments as they are; a generator makes a generator object.
  if (!ir.functions[target].simple_params() || ir.functions[target].is_generator) return -1;
  return target;
}

void FunctionEmitter::emit_positional_call(const ir::Instr& in, llvm::Value* argv, uint32_t npos) {
  auto known = slot_global_.find(in.a);
  int32_t target = known == slot_global_.end() ? -1 : m.direct_target(in, known->second);
  if (target < 0) {
    check(call("pkj_call_positional", {thread, slot(in.dst), slot(in.a), argv, u32(npos)}));
    return;
  }
  llvm::Value* callee = slot(in.a);
  llvm::BasicBlock* is_fn = new_block("callee_function");
  llvm::BasicBlock* direct = new_block("call_direct");
  llvm::BasicBlock* generic = new_block("call_generic");
  llvm::BasicBlock* done = new_block("called");
  llvm::Value* obj = object_or(callee, generic, "callee_obj");
  b.CreateCondBr(b.CreateICmpEQ(kind_of(obj), b.getInt8(static_cast<uint8_t>(core::ObjKind::Function))), is_fn,
                 generic);
  b.SetInsertPoint(is_fn);
  llvm::Value* code = b.CreateLoad(m.i8_ptr, field(obj, kFunctionCode, m.i8_ptr));
  b.CreateCondBr(b.CreateICmpEQ(code, m.code_ptr(target)), direct, generic);
  b.SetInsertPoint(direct);
  // The callee copies its arguments into its own frame before it writes the result.
  fuel_out();
  llvm::Value* ok = b.CreateCall(m.entries[target], {thread, obj, argv, slot(in.dst)});
  fuel_in();
  llvm::BasicBlock* direct_end = b.GetInsertBlock();
  b.CreateBr(done);
  b.SetInsertPoint(generic);
  if (is_register(in.a)) {  // a register temporary (see find_register_temps): root it for the generic call
    spill(in.a);
    callee = frame_slot(in.a);
  }
  llvm::Value* ok2 = call("pkj_call_positional", {thread, slot(in.dst), callee, argv, u32(npos)});
  llvm::BasicBlock* generic_end = b.GetInsertBlock();
  b.CreateBr(done);
  b.SetInsertPoint(done);
  llvm::PHINode* phi = b.CreatePHI(m.i1, 2);
  phi->addIncoming(ok, direct_end);
  phi->addIncoming(ok2, generic_end);
  check(phi);
}

// `obj.name(...)`. For each receiver kind whose entry in the methods table
// (runtime/methods.cpp, and any a domain added) is named `name`, the call
// checks the receiver's kind and calls that entry's function directly, with
// the CallArgs pk_call_method would pass it: what pk_call_method does after
// its lookup (lookup_method finds the same entry, find_method's, and entries
// never move), without that lookup by name, its guard and its extra root.
// Any other receiver goes through pk_call_method, which also raises
// AttributeError. The function binds its arguments and records its errors
// itself (methods.cpp `wrap`); it can run Plank code (a sort key), so the fuel
// is written back around it.
void FunctionEmitter::emit_method_call(const ir::Instr& in, llvm::Value* argv, uint32_t npos, llvm::Value* names) {
  auto nkw = static_cast<uint32_t>(in.kwnames.size());
  // The receiver stays rooted while the method runs (rooted()).
  llvm::Value* self = rooted(in.a);
  std::vector<const core::Method*> direct;
  if (m.runtime && in.imm < m.ir.constants.size()) {  // dumping: no addresses
    const std::string& name = m.ir.constants[in.imm].s;
    for (const core::Method& method : core::methods())
      if (method.name == name && method.fn && core::find_method(method.receiver, name) == &method)
        direct.push_back(&method);
  }
  auto generic_call = [&] {
    return call("pk_call_method", {thread, call_result, self, m.constant_ptr(in.imm), argv, u32(npos), u32(nkw), names});
  };
  if (direct.empty()) {
    check(call("pk_call_method", {thread, slot(in.dst), self, m.constant_ptr(in.imm), argv, u32(npos), u32(nkw), names}));
    return;
  }
  llvm::BasicBlock* generic = new_block("method_generic");
  llvm::BasicBlock* done = new_block("method_called");
  store_value(call_result, kTagNone, b.getInt64(0));
  llvm::Value* receiver = object_or(self, generic, "method_receiver_obj");
  llvm::SwitchInst* by_kind = b.CreateSwitch(kind_of(receiver), generic, static_cast<unsigned>(direct.size()));
  auto* type = llvm::FunctionType::get(
      m.i1, {llvm::PointerType::getUnqual(m.thread_ty), m.value_ptr, m.value_ptr, m.i8_ptr}, false);
  llvm::PHINode* ok = llvm::PHINode::Create(m.i1, static_cast<unsigned>(direct.size()) + 1, "method_ok");
  for (const core::Method* method : direct) {
    llvm::BasicBlock* kind_block = new_block("method_kind");
    llvm::BasicBlock* call_block = new_block("method_direct");
    by_kind->addCase(b.getInt8(static_cast<uint8_t>(method->receiver)), kind_block);
    b.SetInsertPoint(kind_block);
    // A list or dict of a user class: its class's methods come first (pk_call_method).
    llvm::Value* flags = b.CreateLoad(b.getInt16Ty(), field(receiver, kObjectFlags, b.getInt16Ty()));
    b.CreateCondBr(b.CreateICmpEQ(b.CreateAnd(flags, b.getInt16(core::kSubclassInstance)), b.getInt16(0)), call_block, generic);
    b.SetInsertPoint(call_block);
    llvm::Value* args = build_call_args(argv, npos, nkw, names);
    llvm::Value* fn = m.address(reinterpret_cast<const void*>(method->fn), llvm::PointerType::getUnqual(type));
    fuel_out();
    llvm::CallInst* r = b.CreateCall(type, fn, {thread, call_result, self, args});
    r->addRetAttr(llvm::Attribute::ZExt);
    fuel_in();
    ok->addIncoming(r, b.GetInsertBlock());
    b.CreateBr(done);
  }
  b.SetInsertPoint(generic);
  llvm::Value* r = generic_call();
  ok->addIncoming(r, b.GetInsertBlock());
  b.CreateBr(done);
  b.SetInsertPoint(done);
  b.Insert(ok);
  check(ok);
  copy_value(slot(in.dst), call_result);
}

// `t = str(x)` then `a + t`, t used by that addition only (`'item' + str(i)`):
// when x is an int and a a str at run time, pkj_concat_str_int makes the sum
// (core::concat_str_int: what concat_str makes of a and str(x), without
// str(x)'s object) and the code jumps past the addition (concat_done_, placed
// by the emit loop after it); otherwise str(x) and the addition run as
// emitted. Called at the str call, after spill_live: a register temporary `a`
// (used by the addition) has its frame home written, which roots it.
void FunctionEmitter::begin_concat_str_int(const ir::Instr& in) {
  const std::vector<ir::Instr>& instrs = fn().blocks[cur_block_].instrs;
  if (!m.runtime || in.args.size() != 1 || !in.kwnames.empty() || cur_instr_ + 1 >= instrs.size()) return;
  const ir::Instr& add = instrs[cur_instr_ + 1];
  Slot t = in.dst;
  // t is an unnamed temporary that nothing but the addition reads (the
  // fused path leaves it unwritten); debug builds (their frames are read by
  // the stepping hook) count no appearances and fuse nothing.
  if (add.op != Op::Binary || add.imm != static_cast<uint32_t>(ast::BinaryOp::Add) || add.b != t || add.a == t ||
      t >= appearances_.size() || appearances_[t] != 1 ||
      (t < fn().slot_names.size() && !fn().slot_names[t].empty()))
    return;
  llvm::Value* x = slot(in.args[0]);
  llvm::Value* a = rooted(add.a);
  llvm::BasicBlock* a_obj = new_block("concat_a_obj");
  llvm::BasicBlock* fused = new_block("concat_str_int");
  llvm::BasicBlock* plain = new_block("concat_plain");
  b.CreateCondBr(b.CreateAnd(b.CreateICmpEQ(load_tag(x), b.getInt64(kTagInt)),
                             b.CreateICmpEQ(load_tag(a), b.getInt64(kTagObject))),
                 a_obj, plain);
  b.SetInsertPoint(a_obj);
  llvm::Value* kind = b.CreateLoad(m.i8, b.CreateIntToPtr(load_payload(a), m.i8_ptr));
  b.CreateCondBr(b.CreateICmpEQ(kind, b.getInt8(static_cast<uint8_t>(core::ObjKind::Str))), fused, plain);
  b.SetInsertPoint(fused);
  fuel_out();  // as the str call it replaces (the emit loop counts this instruction as a call)
  llvm::Value* ok = b.CreateCall(m.runtime_fn("pkj_concat_str_int"), {thread, slot(add.dst), a, load_payload(x)});
  fuel_in();
  check(ok);
  concat_done_ = new_block("concat_done");
  b.CreateBr(concat_done_);
  b.SetInsertPoint(plain);
}

// Which slots hold a global loaded earlier in the current block (for
// emit_positional_call); any other write to a slot forgets it.
void FunctionEmitter::track_globals(const ir::Instr& in) {
  if (in.op == Op::Unpack || in.op == Op::UnpackEx)
    for (Slot s : in.args) slot_global_.erase(s);
  if (in.dst == ir::kNoSlot) return;
  if (in.op == Op::LoadGlobal) slot_global_[in.dst] = in.imm;
  else if (in.op != Op::StoreCell && in.op != Op::SetItem) slot_global_.erase(in.dst);
}

}  // namespace plank::codegen
