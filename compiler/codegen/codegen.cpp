// Plank IR -> LLVM IR: the module, each function's entry and frame, and one
// runtime call per IR operation. Inline fast paths live in fast_paths.cpp.
#include "compiler/codegen/codegen.h"

#include <string_view>

#include <llvm/IR/Constants.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Verifier.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/Support/raw_ostream.h>

#include "compiler/codegen/emit.h"
#include "compiler/codegen/object_layout.h"
#include "runtime/generator.h"
#include "runtime/intrinsics.h"
#include "runtime/ops.h"  // kUnboundPayload

namespace plank::codegen {

using ir::Op;
using ir::Slot;

LLVMModule::LLVMModule() = default;
LLVMModule::LLVMModule(LLVMModule&&) noexcept = default;
LLVMModule& LLVMModule::operator=(LLVMModule&&) noexcept = default;
LLVMModule::~LLVMModule() {
  module.reset();  // before its context
}

// ---------------------------------------------------------------------------
// ModuleEmitter

ModuleEmitter::ModuleEmitter(llvm::LLVMContext& c, llvm::Module& m, const ir::Module& irm, core::ModuleRuntime* rt,
                             const CodegenOptions& o)
    : ctx(c), mod(m), ir(irm), runtime(rt), options(o) {
  void_ty = llvm::Type::getVoidTy(ctx);
  i1 = llvm::Type::getInt1Ty(ctx);
  i8 = llvm::Type::getInt8Ty(ctx);
  i32 = llvm::Type::getInt32Ty(ctx);
  i64 = llvm::Type::getInt64Ty(ctx);
  f64 = llvm::Type::getDoubleTy(ctx);
  i8_ptr = llvm::PointerType::getUnqual(i8);
  value_ty = llvm::StructType::create(ctx, {i64, i64}, "pk.Value");
  value_ptr = llvm::PointerType::getUnqual(value_ty);
  frame_ty = llvm::StructType::create(ctx, "pk.Frame");
  frame_ty->setBody({llvm::PointerType::getUnqual(frame_ty), i8_ptr, value_ptr, i32, i32, i8_ptr, i32});
  thread_ty = llvm::StructType::create(ctx, {llvm::PointerType::getUnqual(frame_ty), i64, i32, i32}, "pk.Thread");
  llvm::Type* thread_ptr = llvm::PointerType::getUnqual(thread_ty);
  llvm::Type* frame_ptr = llvm::PointerType::getUnqual(frame_ty);
  entry_ty = llvm::FunctionType::get(i1, {thread_ptr, i8_ptr, value_ptr, value_ptr}, false);

  auto fnty = [&](llvm::Type* ret, std::vector<llvm::Type*> params) {
    return llvm::FunctionType::get(ret, params, false);
  };
  llvm::Type* T = thread_ptr;
  llvm::Type* V = value_ptr;
  llvm::Type* P = i8_ptr;
  llvm::Type* U = i32;
  runtime_types_ = {
      {"pk_enter", fnty(i1, {T, frame_ptr})},
      {"pk_leave", fnty(void_ty, {T, frame_ptr})},
      {"pk_poll", fnty(i1, {T})},
      {"pk_step", fnty(i1, {T, U})},
      {"pk_load_global", fnty(i1, {T, V, P, U})},
      {"pk_store_global", fnty(void_ty, {T, P, U, V})},
      {"pk_load_builtin", fnty(i1, {T, V, U})},
      {"pk_make_cell", fnty(i1, {T, V, V})},
      {"pk_load_cell", fnty(i1, {T, V, V, P})},
      {"pk_load_local_cell", fnty(i1, {T, V, V, P})},
      {"pk_unbound_local", fnty(i1, {T, P})},
      {"pk_enter_handler", fnty(void_ty, {T, V})},
      {"pk_leave_handler", fnty(void_ty, {T, i32})},
      {"pk_store_cell", fnty(void_ty, {T, V, V})},
      {"pk_load_free", fnty(void_ty, {T, V, P, U})},
      {"pk_binary", fnty(i1, {T, V, U, V, V})},
      {"pk_unary", fnty(i1, {T, V, U, V})},
      {"pk_seal", fnty(void_ty, {T, V})},
      {"pk_compare", fnty(i1, {T, V, U, V, V})},
      {"pk_truth", fnty(i1, {T, P, V})},
      {"pk_build_list", fnty(i1, {T, V, V, U})},
      {"pk_build_tuple", fnty(i1, {T, V, V, U})},
      {"pk_build_dict", fnty(i1, {T, V, V, U})},
      {"pk_get_item", fnty(i1, {T, V, V, V})},
      {"pk_set_item", fnty(i1, {T, V, V, V})},
      {"pk_get_slice", fnty(i1, {T, V, V, V, V, V})},
      {"pk_get_attr", fnty(i1, {T, V, V, V})},
      {"pk_set_attr", fnty(i1, {T, V, V, V})},
      {"pk_get_iter", fnty(i1, {T, V, V})},
      {"pk_for_iter", fnty(i1, {T, V, P, V})},
      {"pk_unpack", fnty(i1, {T, V, V, U})},
      {"pk_assert_failed", fnty(i1, {T, V})},
      {"pk_call", fnty(i1, {T, V, V, V, U, U, V})},
      {"pk_call_method", fnty(i1, {T, V, V, V, V, U, U, V})},
      {"pk_call_intrinsic", fnty(i1, {T, V, U, V, U, U, V})},
      {"pk_make_function", fnty(i1, {T, V, P, U, V, U, V, U})},
      {"pk_raise", fnty(i1, {T, P, P})},
      {"pkj_call_positional", fnty(i1, {T, V, V, V, U})},
      {"pkj_call_append", fnty(i1, {T, V, V, V, V})},
      {"pkj_call_len", fnty(i1, {T, V, V})},
      {"pkj_dict_find_int", fnty(i64, {P, i64})},
      {"pkj_concat_str_int", fnty(i1, {T, V, V, i64})},
      {"pk_build_set", fnty(i1, {T, V, V, U})},
      {"pk_build_slice", fnty(i1, {T, V, V, V, V})},
      {"pk_build_string", fnty(i1, {T, V, V, U})},
      {"pk_format_value", fnty(i1, {T, V, V, U, V})},
      {"pk_call_ex", fnty(i1, {T, V, V, V, V})},
      {"pk_unpack_ex", fnty(i1, {T, V, V, U, U})},
      {"pk_del_item", fnty(i1, {T, V, V})},
      {"pk_del_attr", fnty(i1, {T, V, V})},
      {"pk_del_global", fnty(i1, {T, P, U})},
      {"pk_del_cell", fnty(void_ty, {T, V})},
      {"pk_load_class_name", fnty(i1, {T, V, V, V, P, U})},
      {"pk_build_class", fnty(i1, {T, V, V, V, V, U, V, V})},
      {"pk_catch", fnty(i1, {T, V})},
      {"pk_exc_match", fnty(i1, {T, V, V, V})},
      {"pk_import", fnty(i1, {T, V, V})},
      {"pk_import_from", fnty(i1, {T, V, V, V})},
      {"pk_raise_value", fnty(i1, {T, V, V, U})},
      {"pk_resume", fnty(i1, {T, V, P, U})},
      {"pk_yield_from_iter", fnty(i1, {T, V, V, U})},
      {"pk_yield_from_step", fnty(i1, {T, V, P, V, V, P})},
  };
}

llvm::FunctionCallee ModuleEmitter::runtime_fn(const char* name) {
  auto it = runtime_types_.find(name);
  llvm::FunctionCallee callee = mod.getOrInsertFunction(name, it->second);
  if (auto* fn = llvm::dyn_cast<llvm::Function>(callee.getCallee())) {
    if (fn->getReturnType() == i1) fn->addRetAttr(llvm::Attribute::ZExt);
    fn->setDoesNotThrow();
  }
  return callee;
}

llvm::Constant* ModuleEmitter::address(const void* p, llvm::Type* pointer_type) {
  return llvm::ConstantExpr::getIntToPtr(llvm::ConstantInt::get(i64, reinterpret_cast<uintptr_t>(p)), pointer_type);
}

llvm::Constant* ModuleEmitter::module_ptr() {
  if (runtime) return address(runtime, i8_ptr);
  return mod.getOrInsertGlobal("pk.module", i8);
}

llvm::Constant* ModuleEmitter::constant_ptr(uint32_t index) {
  if (runtime) return address(&runtime->constants[index], value_ptr);
  return mod.getOrInsertGlobal("pk.const." + std::to_string(index), value_ty);
}

llvm::Constant* ModuleEmitter::code_ptr(uint32_t function) {
  if (runtime) return address(&runtime->code[function], i8_ptr);
  return mod.getOrInsertGlobal("pk.code." + std::to_string(function), i8);
}

llvm::Constant* ModuleEmitter::c_string(const std::string& text) {
  llvm::Constant* data = llvm::ConstantDataArray::getString(ctx, text, true);
  auto* global = new llvm::GlobalVariable(mod, data->getType(), true, llvm::GlobalValue::PrivateLinkage, data, "str");
  global->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
  return llvm::ConstantExpr::getPointerCast(global, i8_ptr);
}

// ---------------------------------------------------------------------------
// FunctionEmitter: helpers

FunctionEmitter::FunctionEmitter(ModuleEmitter& me, const ir::Function& function, uint32_t idx, llvm::Function* lf)
    : m(me), fn_(&function), index(idx), f(lf), b(me.ctx) {
  unlikely = llvm::MDBuilder(m.ctx).createBranchWeights(2000, 1);
}

FunctionEmitter::FunctionEmitter(ModuleEmitter& me, llvm::Function* helper) : m(me), index(0), f(helper), b(me.ctx) {
  unlikely = llvm::MDBuilder(m.ctx).createBranchWeights(2000, 1);
  thread = f->getArg(0);
  llvm::BasicBlock* entry = new_block("entry");
  b.SetInsertPoint(entry);
  flag = b.CreateAlloca(m.i8, nullptr, "flag");
  error_block = new_block("error");
  llvm::IRBuilderBase::InsertPointGuard guard(b);
  b.SetInsertPoint(error_block);
  b.CreateRet(b.getInt8(0));
}

llvm::Function* ModuleEmitter::op_helper(ir::Op kind, uint32_t op) {
  uint32_t key = (static_cast<uint32_t>(kind) << 16) | op;
  auto it = helpers_.find(key);
  if (it != helpers_.end()) return it->second;
  const char* kind_name = kind == ir::Op::Binary ? "binary" : kind == ir::Op::Compare ? "compare" : "unary";
  llvm::Type* thread_ptr = llvm::PointerType::getUnqual(thread_ty);
  // Returns 0: error raised, 1: done inline, 2: the caller makes the runtime call.
  auto* type = llvm::FunctionType::get(i8, {thread_ptr, value_ptr, value_ptr, value_ptr}, false);
  auto* helper = llvm::Function::Create(type, llvm::GlobalValue::InternalLinkage,
                                        std::string("plank.") + kind_name + "." + std::to_string(op), mod);
  helper->addFnAttr(llvm::Attribute::NoUnwind);
  helper->addFnAttr(llvm::Attribute::AlwaysInline);
  helpers_[key] = helper;
  FunctionEmitter fe(*this, helper);
  llvm::Value* dst = helper->getArg(1);
  llvm::Value* a = helper->getArg(2);
  llvm::Value* b = helper->getArg(3);
  if (kind == ir::Op::Binary) fe.emit_binary(op, dst, a, b);
  else if (kind == ir::Op::Compare) fe.emit_compare(op, dst, a, b);
  else fe.emit_unary(op, dst, a);
  fe.b.CreateRet(fe.b.getInt8(1));
  fe.f->getEntryBlock().moveBefore(&helper->front());
  return helper;
}

llvm::Value* FunctionEmitter::u32(uint64_t v) { return llvm::ConstantInt::get(m.i32, v); }

llvm::Value* FunctionEmitter::frame_slot_at(uint32_t index) { return b.CreateConstInBoundsGEP2_32(slots_ty, slots, 0, index); }
llvm::Value* FunctionEmitter::frame_slot(Slot s) { return frame_slot_at(frame_index(s)); }
llvm::Value* FunctionEmitter::slot(Slot s) { return is_register(s) ? reg_[s] : frame_slot(s); }

llvm::Value* FunctionEmitter::tag_ptr(llvm::Value* v) { return b.CreateStructGEP(m.value_ty, v, 0); }
llvm::Value* FunctionEmitter::payload_ptr(llvm::Value* v) { return b.CreateStructGEP(m.value_ty, v, 1); }
llvm::Value* FunctionEmitter::load_tag(llvm::Value* v) { return b.CreateLoad(m.i64, tag_ptr(v)); }
llvm::Value* FunctionEmitter::load_payload(llvm::Value* v) { return b.CreateLoad(m.i64, payload_ptr(v)); }

llvm::Value* FunctionEmitter::object_or(llvm::Value* v, llvm::BasicBlock* otherwise, const char* name) {
  llvm::BasicBlock* is_obj = new_block(name);
  b.CreateCondBr(b.CreateICmpEQ(load_tag(v), b.getInt64(kTagObject)), is_obj, otherwise);
  b.SetInsertPoint(is_obj);
  return b.CreateIntToPtr(load_payload(v), m.i8_ptr);
}
llvm::Value* FunctionEmitter::kind_of(llvm::Value* object) { return b.CreateLoad(m.i8, object); }

void FunctionEmitter::store_value(llvm::Value* v, uint64_t tag, llvm::Value* payload) {
  b.CreateStore(llvm::ConstantInt::get(m.i64, tag), tag_ptr(v));
  b.CreateStore(payload, payload_ptr(v));
}
void FunctionEmitter::store_float(llvm::Value* p, llvm::Value* v) { store_value(p, kTagFloat, b.CreateBitCast(v, m.i64)); }
void FunctionEmitter::store_bool(llvm::Value* p, llvm::Value* v) { store_value(p, kTagBool, b.CreateZExt(v, m.i64)); }

void FunctionEmitter::copy_value(llvm::Value* dst, llvm::Value* src) {
  llvm::Value* tag = b.CreateLoad(m.i64, b.CreateStructGEP(m.value_ty, src, 0));
  llvm::Value* payload = b.CreateLoad(m.i64, b.CreateStructGEP(m.value_ty, src, 1));
  b.CreateStore(tag, b.CreateStructGEP(m.value_ty, dst, 0));
  b.CreateStore(payload, b.CreateStructGEP(m.value_ty, dst, 1));
}

llvm::BasicBlock* FunctionEmitter::new_block(const char* name) { return llvm::BasicBlock::Create(m.ctx, name, f); }

void FunctionEmitter::check(llvm::Value* ok) {
  llvm::BasicBlock* next = new_block("ok");
  b.CreateCondBr(ok, next, error_block, unlikely);
  b.SetInsertPoint(next);
}

// Only calls that can run Plank code (which steps) or read the fuel (pk_poll)
// see Thread::fuel; after any other runtime call the error exit writes it back.
// With classes, nearly every operation can run Plank code (a dunder method, a
// property, a generator resumed by a for loop): the calls that cannot are listed.
static bool never_steps(std::string_view callee) {
  static const std::string_view kPure[] = {
      "pk_enter",        "pk_leave",       "pk_load_global", "pk_store_global", "pk_load_builtin",   "pk_make_cell",
      "pk_load_cell",    "pk_store_cell",  "pk_load_free",   "pk_seal",         "pk_make_function",  "pk_raise",
      "pk_build_list",   "pk_build_tuple", "pk_catch",       "pk_exc_match",    "pk_del_cell",       "pk_del_global",
      "pk_load_class_name", "pk_build_slice", "pk_resume", "pkj_dict_find_int", "pk_assert_failed",
      "pk_load_local_cell", "pk_unbound_local", "pk_enter_handler", "pk_leave_handler"};
  for (std::string_view p : kPure)
    if (callee == p) return true;
  return false;
}

llvm::Value* FunctionEmitter::call(const char* name, std::initializer_list<llvm::Value*> args) {
  std::string_view callee(name);
  bool steps = !never_steps(callee);
  if (steps) fuel_out();
  llvm::Value* r = b.CreateCall(m.runtime_fn(name), args);
  if (steps) fuel_in();
  return r;
}

void FunctionEmitter::store_line_only() {
  if (!m.options.lazy_line_and_fuel || m.options.debug || !frame) return;  // else Step stores it
  b.CreateStore(u32(line_), b.CreateStructGEP(m.frame_ty, frame, 4));
}

void FunctionEmitter::store_pos() {
  if (frame) b.CreateStore(u32(pos_), b.CreateStructGEP(m.frame_ty, frame, 6));
}

void FunctionEmitter::store_line() {
  store_line_only();
  store_pos();
}

void FunctionEmitter::sync_line() {
  if (stored_line_ != line_) {
    store_line_only();
    stored_line_ = line_;
  }
  if (stored_pos_ != pos_) {
    store_pos();
    stored_pos_ = pos_;
  }
}

// Every call writes the fuel back and reloads it, so after a call on the main
// path the two agree until the next Step (fuel_synced_): a second call in the
// same statement, or the return after it, writes nothing.
void FunctionEmitter::fuel_out() {
  if (fuel_ && !fuel_synced_) b.CreateStore(b.CreateLoad(m.i64, fuel_), b.CreateStructGEP(m.thread_ty, thread, 1));
}

void FunctionEmitter::fuel_in() {
  if (fuel_) b.CreateStore(b.CreateLoad(m.i64, b.CreateStructGEP(m.thread_ty, thread, 1)), fuel_);
}

// A pointer to `count` contiguous Values holding slots[from..from+count): the
// slots themselves when they are consecutive, else copies in `area` at `offset`.
llvm::Value* FunctionEmitter::contiguous_or_copy(const std::vector<Slot>& list, size_t from, size_t count,
                                                 llvm::Value* area, uint32_t offset) {
  if (count == 0) return llvm::ConstantPointerNull::get(m.value_ptr);
  bool consecutive = true;
  for (size_t i = 1; i < count; ++i)
    consecutive = consecutive && !is_register(list[from + i]) && frame_index(list[from + i]) == frame_index(list[from]) + i;
  if (consecutive && !is_register(list[from])) return frame_slot(list[from]);
  llvm::Type* area_ty = llvm::cast<llvm::AllocaInst>(area)->getAllocatedType();
  for (size_t i = 0; i < count; ++i) {
    copy_value(b.CreateConstInBoundsGEP2_32(area_ty, area, 0, offset + i), slot(list[from + i]));
  }
  return b.CreateConstInBoundsGEP2_32(area_ty, area, 0, offset);
}

llvm::Value* FunctionEmitter::kwnames(const ir::Instr& in) {
  if (in.kwnames.empty()) return llvm::ConstantPointerNull::get(m.value_ptr);
  llvm::Type* area_ty = llvm::cast<llvm::AllocaInst>(kwscratch)->getAllocatedType();
  for (size_t i = 0; i < in.kwnames.size(); ++i) {
    copy_value(b.CreateConstInBoundsGEP2_32(area_ty, kwscratch, 0, i), m.constant_ptr(in.kwnames[i]));
  }
  return b.CreateConstInBoundsGEP2_32(area_ty, kwscratch, 0, 0);
}

// ---------------------------------------------------------------------------
// FunctionEmitter: the function

bool FunctionEmitter::emit(std::string* error) {
  auto fail = [&](const std::string& why) {
    *error = "internal error: cannot compile " + fn().qualified + ": " + why;
    return false;
  };
  if (fn().blocks.empty()) return fail("no blocks");
  for (const ir::Block& block : fn().blocks) {
    if (block.instrs.empty() || !ir::is_terminator(block.instrs.back().op)) return fail("a block lacks a terminator");
    for (const ir::Instr& in : block.instrs) {
      scratch_size_ = std::max<uint32_t>(scratch_size_, in.args.size());
      kw_size_ = std::max<uint32_t>(kw_size_, in.kwnames.size());
      for (Slot s : {in.dst, in.a, in.b}) {
        if (s != ir::kNoSlot && s >= fn().slot_count) return fail("slot out of range");
      }
      for (Slot s : in.args) {
        if (s >= fn().slot_count) return fail("slot out of range");
      }
      if ((in.op == Op::Jump || in.op == Op::Branch || in.op == Op::ForIter) &&
          (in.target >= fn().blocks.size() || (in.op != Op::Jump && in.target2 >= fn().blocks.size()))) {
        return fail("branch target out of range");
      }
    }
  }
  for (Slot s : fn().cell_params) {
    if (s >= fn().slot_count) return fail("cell parameter out of range");
  }
  if (fn().params.size() > fn().slot_count) return fail("more parameters than slots");

  auto arg = f->arg_begin();
  thread = &*arg++;
  thread->setName("thread");
  function_arg = &*arg++;
  function_arg->setName("function");
  llvm::Value* args = &*arg++;
  args->setName("args");
  llvm::Value* result = &*arg++;
  result->setName("result");

  llvm::BasicBlock* entry = new_block("entry");
  b.SetInsertPoint(entry);
  uint32_t nslots = std::max<uint32_t>(fn().slot_count, 1);
  slots_ty = llvm::ArrayType::get(m.value_ty, nslots);
  const bool is_generator = fn().is_generator;
  if (is_generator) {
    // A generator's frame lives in its generator object (`args` is the GeneratorObject*): it survives the return at a yield.
    generator = b.CreateBitCast(args, m.i8_ptr);
    llvm::Value* gen_slots = b.CreateLoad(m.value_ptr, field(generator, layout::kGeneratorSlots, m.value_ptr));
    slots = b.CreateBitCast(gen_slots, llvm::PointerType::getUnqual(slots_ty));
  } else {
    auto* slots_alloca = b.CreateAlloca(slots_ty, nullptr, "slots");
    slots_alloca->setAlignment(llvm::Align(16));
    slots = slots_alloca;
  }
  frame = b.CreateAlloca(m.frame_ty, nullptr, "frame");
  scratch = b.CreateAlloca(llvm::ArrayType::get(m.value_ty, std::max<uint32_t>(scratch_size_, 1)), nullptr, "scratch");
  kwscratch = b.CreateAlloca(llvm::ArrayType::get(m.value_ty, std::max<uint32_t>(kw_size_, 1)), nullptr, "kwnames");
  flag = b.CreateAlloca(m.i8, nullptr, "flag");
  call_args = b.CreateAlloca(llvm::ArrayType::get(m.i64, 3), nullptr, "call_args");
  call_result = b.CreateAlloca(m.value_ty, nullptr, "call_result");
  find_register_temps();
  create_register_temps();
  layout_frame();

  // Memory slots start as None (the collector scans them); parameters are
  // copied in. The temporaries' homes wait for their first spill.
  uint32_t nparams = static_cast<uint32_t>(fn().params.size());
  if (frame_memory_ > nparams && !is_generator) {
    b.CreateMemSet(b.CreateBitCast(frame_slot_at(nparams), m.i8_ptr), llvm::ConstantInt::get(m.i8, 0),
                   uint64_t(frame_memory_ - nparams) * 16, llvm::MaybeAlign(16));
  }
  // Value by Value, not memcpy: the caller has just written each argument as
  // two 8-byte stores, which a 16-byte load could not forward (see jit.cpp).
  // (A generator's arguments are in its frame already.)
  for (uint32_t p = 0; p < fn().params.size() && !is_generator; ++p) {
    copy_value(frame_slot(p), b.CreateConstInBoundsGEP1_32(m.value_ty, args, p));
  }
  // The frame's header. `parent` is written by linking (an unlinked frame is
  // never read); slot_count and line are adjacent u32s written as one u64.
  b.CreateStore(m.code_ptr(index), b.CreateStructGEP(m.frame_ty, frame, 1));
  b.CreateStore(b.CreateConstInBoundsGEP2_32(slots_ty, slots, 0, 0), b.CreateStructGEP(m.frame_ty, frame, 2));
  b.CreateStore(b.getInt64((uint64_t(fn().first_line) << 32) | frame_memory_),
                b.CreateBitCast(b.CreateStructGEP(m.frame_ty, frame, 3), llvm::PointerType::getUnqual(m.i64)));
  b.CreateStore(function_arg, b.CreateStructGEP(m.frame_ty, frame, 5));
  b.CreateStore(b.getInt32(0), b.CreateStructGEP(m.frame_ty, frame, 6));
  bool lazy = m.options.lazy_line_and_fuel && !m.options.debug;
  llvm::AllocaInst* fuel = lazy ? b.CreateAlloca(m.i64, nullptr, "fuel") : nullptr;

  exit_block = error_block = new_block("error");
  llvm::Value* entered = emit_enter();
  llvm::BasicBlock* linked = new_block("linked");
  llvm::BasicBlock* refused = new_block("refused");
  b.CreateCondBr(entered, linked, refused, unlikely);
  b.SetInsertPoint(refused);
  b.CreateRet(llvm::ConstantInt::getFalse(m.ctx));
  b.SetInsertPoint(linked);
  if (fuel) {
    b.CreateStore(b.CreateLoad(m.i64, b.CreateStructGEP(m.thread_ty, thread, 1)), fuel);
    fuel_ = fuel;
  }
  line_ = fn().first_line;
  stored_line_ = line_;
  pos_ = stored_pos_ = 0;

  // The error exit: write the fuel back, unlink the frame, report failure.
  {
    llvm::IRBuilderBase::InsertPointGuard guard(b);
    b.SetInsertPoint(exit_block);
    fuel_out();
    call("pk_leave", {thread, frame});
    b.CreateRet(llvm::ConstantInt::getFalse(m.ctx));
  }
  blocks.clear();
  for (size_t i = 0; i < fn().blocks.size(); ++i) blocks.push_back(new_block(("b" + std::to_string(i)).c_str()));
  if (is_generator) {
    // Resume where the last yield stopped: state 0 starts the function, state k resumes after yield k.
    llvm::Value* state = b.CreateLoad(m.i32, field(generator, layout::kGeneratorState, m.i32));
    llvm::BasicBlock* start = new_block("start");
    llvm::SwitchInst* sw = b.CreateSwitch(state, start, static_cast<unsigned>(fn().resume_blocks.size()));
    for (size_t k = 0; k < fn().resume_blocks.size(); ++k) sw->addCase(b.getInt32(static_cast<uint32_t>(k + 1)), blocks[fn().resume_blocks[k]]);
    b.SetInsertPoint(start);
  }
  for (Slot s : fn().cell_params) check(call("pk_make_cell", {thread, slot(s), slot(s)}));
  b.CreateBr(blocks[0]);

  for (size_t i = 0; i < fn().blocks.size(); ++i) {
    b.SetInsertPoint(blocks[i]);
    ir::BlockId handler = fn().blocks[i].handler;
    error_block = handler == ir::kNoBlock ? exit_block : blocks[handler];
    slot_global_.clear();
    active_.clear();
    stored_line_ = stored_pos_ = UINT32_MAX;  // a block may have several predecessors
    fuel_synced_ = false;
    cur_block_ = static_cast<uint32_t>(i);
    cur_instr_ = 0;
    for (const ir::Instr& in : fn().blocks[i].instrs) {
      pos_ = in.pos;
      if (!inline_only(m, in)) {
        // A direct call's callee is spilled by its generic path only (emit_positional_call).
        auto known = slot_global_.find(in.a);
        bool direct = known != slot_global_.end() && m.direct_target(in, known->second) >= 0;
        spill_live(cur_block_, cur_instr_, direct ? in.a : ir::kNoSlot);
        // LoadGlobal and ForIter call the runtime only on their slow paths, which store the line.
        if (in.op != Op::Step && in.op != Op::LoadGlobal && in.op != Op::ForIter) sync_line();
      }
      if (!emit_instr(in, error)) return false;
      if (concat_done_ && in.op == Op::Binary) {  // the addition after a fused str(x) (begin_concat_str_int)
        b.CreateBr(concat_done_);
        b.SetInsertPoint(concat_done_);
        concat_done_ = nullptr;
      }
      // Every path through these made a call (fuel_out, fuel_in).
      // (Not an append or a len: their inline paths make no call.)
      if ((in.op == Op::Call || in.op == Op::CallMethod || in.op == Op::CallIntrinsic) && !inline_only(m, in))
        fuel_synced_ = true;
      if (is_register(in.dst) && temp_[in.dst].def == cur_instr_) active_.push_back(in.dst);
      ++cur_instr_;
      track_globals(in);
      if (ir::is_terminator(in.op)) break;
    }
  }
  // Keep the error block last, for reading.
  exit_block->moveAfter(&f->back());
  error_block = exit_block;
  (void)result;
  return true;
}

void FunctionEmitter::emit_call_like(const ir::Instr& in) {
  if (m.is_append(in)) {
    emit_append(in);
    return;
  }
  if (m.is_len(in)) {
    emit_len(in);
    return;
  }
  size_t nkw = in.kwnames.size();
  size_t npos = in.args.size() - nkw;
  llvm::Value* argv = contiguous_or_copy(in.args, 0, in.args.size(), scratch, 0);
  llvm::Value* names = kwnames(in);
  llvm::Value* ok = nullptr;
  switch (in.op) {
    case Op::Call:
      if (nkw == 0) {
        emit_positional_call(in, argv, static_cast<uint32_t>(npos));
        return;
      }
      ok = call("pk_call", {thread, slot(in.dst), slot(in.a), argv, u32(npos), u32(nkw), names});
      break;
    case Op::CallMethod:
      emit_method_call(in, argv, static_cast<uint32_t>(npos), names);
      return;
    default:  // CallIntrinsic
      if (const core::Intrinsic* builtin = nkw == 0 ? m.direct_intrinsic(in.imm) : nullptr) {
        if (in.imm == m.str_intrinsic) begin_concat_str_int(in);
        emit_direct_intrinsic(in, *builtin, argv, static_cast<uint32_t>(npos));
        return;
      }
      ok = call("pk_call_intrinsic", {thread, slot(in.dst), u32(in.imm), argv, u32(npos), u32(nkw), names});
      break;
  }
  check(ok);
}

// Binary, Compare, Unary: the helper's inline paths, else (it returns 2) the
// runtime call on the frame slots, with the live register temporaries spilled.
void FunctionEmitter::emit_op(const ir::Instr& in) {
  llvm::Value* second = in.op == Op::Unary ? static_cast<llvm::Value*>(llvm::ConstantPointerNull::get(m.value_ptr))
                                           : slot(in.b);
  llvm::Value* r = b.CreateCall(m.op_helper(in.op, in.imm), {thread, slot(in.dst), slot(in.a), second});
  llvm::BasicBlock* next = new_block("op_done");
  llvm::BasicBlock* slow = new_block("op_slow");
  llvm::SwitchInst* sw = b.CreateSwitch(r, error_block, 2);
  sw->addCase(b.getInt8(1), next);
  sw->addCase(b.getInt8(2), slow);
  b.SetInsertPoint(slow);
  spill_live(cur_block_, cur_instr_);
  store_line();
  llvm::Value* ok = in.op == Op::Unary
                        ? call("pk_unary", {thread, frame_slot(in.dst), u32(in.imm), rooted(in.a)})
                        : call(in.op == Op::Binary ? "pk_binary" : "pk_compare",
                               {thread, frame_slot(in.dst), u32(in.imm), rooted(in.a), rooted(in.b)});
  check(ok);
  if (is_register(in.dst)) copy_value(reg_[in.dst], frame_slot(in.dst));
  b.CreateBr(next);
  b.SetInsertPoint(next);
}

// What infer_types proved of an operand, told to LLVM: when the slot can
// only hold an int (a float, a bool) here, an assume on its tag lets the
// optimiser drop the other kinds' paths of the operation that reads it (the
// tag checks and int/float conversions of a float loop).
void FunctionEmitter::assume_kind(Slot s, uint8_t kinds) {
  uint64_t tag = kinds == ir::kinds::kInt ? kTagInt : kinds == ir::kinds::kFloat ? kTagFloat
                 : kinds == ir::kinds::kBool ? kTagBool : UINT64_MAX;
  if (tag == UINT64_MAX || s == ir::kNoSlot || s >= fn().slot_count) return;
  llvm::Value* holds = b.CreateICmpEQ(load_tag(slot(s)), b.getInt64(tag));
  if (!m.options.check_kinds) {
    b.CreateCall(llvm::Intrinsic::getDeclaration(&m.mod, llvm::Intrinsic::assume), {holds});
    return;
  }
  static const char* const kMessage[] = {"", "an operand inferred to be a bool is not one (compiler bug)",
                                         "an operand inferred to be an int is not one (compiler bug)",
                                         "an operand inferred to be a float is not one (compiler bug)"};
  llvm::BasicBlock* wrong = new_block("kind_wrong");
  llvm::BasicBlock* right = new_block("kind_right");
  b.CreateCondBr(holds, right, wrong);
  b.SetInsertPoint(wrong);
  store_line();
  call("pk_raise", {thread, m.address("SystemError", m.i8_ptr), m.address(kMessage[tag], m.i8_ptr)});
  b.CreateBr(error_block);
  b.SetInsertPoint(right);
}

bool FunctionEmitter::emit_instr(const ir::Instr& in, std::string* error) {
  auto nullable = [&](Slot s) -> llvm::Value* {
    return s == ir::kNoSlot ? static_cast<llvm::Value*>(llvm::ConstantPointerNull::get(m.value_ptr)) : slot(s);
  };
  if (in.op == Op::Binary || in.op == Op::Compare || in.op == Op::Unary || in.op == Op::Truth ||
      in.op == Op::Branch || in.op == Op::GetItem || in.op == Op::SetItem) {
    assume_kind(in.a, in.kinds_a);
    assume_kind(in.b, in.kinds_b);
  }
  switch (in.op) {
    case Op::LoadConst: {
      if (in.imm >= m.ir.constants.size()) {
        *error = "internal error: constant index out of range in " + fn().qualified;
        return false;
      }
      const ir::Constant& c = m.ir.constants[in.imm];
      switch (c.kind) {
        case ir::Constant::Kind::None: store_value(slot(in.dst), kTagNone, b.getInt64(0)); break;
        case ir::Constant::Kind::Bool: store_value(slot(in.dst), kTagBool, b.getInt64(c.i != 0)); break;
        case ir::Constant::Kind::Int: store_value(slot(in.dst), kTagInt, b.getInt64(static_cast<uint64_t>(c.i))); break;
        case ir::Constant::Kind::Float: store_float(slot(in.dst), llvm::ConstantFP::get(m.f64, c.f)); break;
        case ir::Constant::Kind::Str:
        case ir::Constant::Kind::BigInt:
        case ir::Constant::Kind::Bytes:
        case ir::Constant::Kind::Ellipsis: copy_value(slot(in.dst), m.constant_ptr(in.imm)); break;
      }
      return true;
    }
    case Op::Move:
      if (in.dst != in.a) copy_value(slot(in.dst), slot(in.a));
      return true;
    case Op::LoadGlobal: emit_load_global(in); return true;
    case Op::StoreGlobal:
      call("pk_store_global", {thread, m.module_ptr(), u32(in.imm), slot(in.a)});
      return true;
    case Op::LoadBuiltin:
      check(call("pk_load_builtin", {thread, slot(in.dst), u32(in.imm)}));
      return true;
    case Op::MakeCell:
      check(call("pk_make_cell", {thread, slot(in.dst), nullable(in.a)}));
      return true;
    case Op::LoadCell: {
      // The variable's name is the str constant imm (as the interpreter passes it).
      std::string name = in.imm < m.ir.constants.size() ? m.ir.constants[in.imm].s : std::string("?");
      check(call(in.imm2 ? "pk_load_local_cell" : "pk_load_cell", {thread, slot(in.dst), slot(in.a), m.c_string(name)}));
      return true;
    }
    case Op::Unbind: store_value(slot(in.dst), kTagNone, b.getInt64(core::kUnboundPayload)); return true;
    case Op::EnterHandler: call("pk_enter_handler", {thread, slot(in.a)}); return true;
    case Op::LeaveHandler: call("pk_leave_handler", {thread, u32(in.imm)}); return true;
    case Op::CheckBound: {
      // Inline: the marker is a None whose payload is kUnboundPayload (core::unbound_local).
      llvm::Value* v = slot(in.a);
      llvm::Value* unbound = b.CreateAnd(b.CreateICmpEQ(load_tag(v), b.getInt64(kTagNone)),
                                         b.CreateICmpEQ(load_payload(v), b.getInt64(core::kUnboundPayload)));
      llvm::BasicBlock* raise = new_block("unbound_local");
      llvm::BasicBlock* bound = new_block("bound_local");
      b.CreateCondBr(unbound, raise, bound, unlikely_first());
      b.SetInsertPoint(raise);
      store_line();
      std::string name = in.imm < m.ir.constants.size() ? m.ir.constants[in.imm].s : std::string("?");
      call("pk_unbound_local", {thread, m.c_string(name)});
      b.CreateBr(error_block);
      b.SetInsertPoint(bound);
      return true;
    }
    case Op::StoreCell:
      call("pk_store_cell", {thread, slot(in.dst), slot(in.a)});
      return true;
    case Op::LoadFree:
      call("pk_load_free", {thread, slot(in.dst), function_arg, u32(in.imm)});
      return true;
    case Op::Binary:
    case Op::Compare:
    case Op::Unary: emit_op(in); return true;
    case Op::Truth: store_bool(slot(in.dst), emit_truth(slot(in.a), in.a)); return true;
    case Op::BuildList:
    case Op::BuildTuple: {
      llvm::Value* items = contiguous_or_copy(in.args, 0, in.args.size(), scratch, 0);
      check(call(in.op == Op::BuildList ? "pk_build_list" : "pk_build_tuple",
                 {thread, slot(in.dst), items, u32(in.args.size())}));
      return true;
    }
    case Op::BuildDict: {
      llvm::Value* items = contiguous_or_copy(in.args, 0, in.args.size(), scratch, 0);
      check(call("pk_build_dict", {thread, slot(in.dst), items, u32(in.args.size() / 2)}));
      return true;
    }
    case Op::GetItem: emit_get_item(in); return true;
    case Op::SetItem:
      if (in.args.empty()) break;
      emit_set_item(in);
      return true;
    case Op::GetSlice:
      if (in.args.size() != 3) break;
      check(call("pk_get_slice",
                 {thread, slot(in.dst), slot(in.a), slot(in.args[0]), slot(in.args[1]), slot(in.args[2])}));
      return true;
    case Op::GetAttr:
      check(call("pk_get_attr", {thread, slot(in.dst), slot(in.a), m.constant_ptr(in.imm)}));
      return true;
    case Op::SetAttr:
      check(call("pk_set_attr", {thread, slot(in.a), m.constant_ptr(in.imm), slot(in.b)}));
      return true;
    case Op::Call:
    case Op::CallMethod:
    case Op::CallIntrinsic:
      if (in.kwnames.size() > in.args.size()) break;
      emit_call_like(in);
      return true;
    case Op::MakeFunction: {
      uint32_t nd = in.ndefaults + in.nkwdefaults;
      if (nd > in.args.size()) break;
      size_t ncells = in.args.size() - nd;
      llvm::Value* defaults = contiguous_or_copy(in.args, 0, nd, scratch, 0);
      llvm::Value* cells = contiguous_or_copy(in.args, nd, ncells, scratch, nd);
      check(call("pk_make_function", {thread, slot(in.dst), m.module_ptr(), u32(in.imm), defaults, u32(nd),
                                      cells, u32(ncells)}));
      return true;
    }
    case Op::GetIter:
      check(call("pk_get_iter", {thread, slot(in.dst), slot(in.a)}));
      return true;
    case Op::Unpack: {
      size_t n = in.args.size();
      bool consecutive = true;
      for (size_t i = 1; i < n; ++i)
        consecutive = consecutive && !is_register(in.args[i]) && frame_index(in.args[i]) == frame_index(in.args[0]) + i;
      if (consecutive && n > 0 && !is_register(in.args[0])) {
        check(call("pk_unpack", {thread, frame_slot(in.args[0]), slot(in.a), u32(n)}));
        return true;
      }
      llvm::Type* area_ty = llvm::cast<llvm::AllocaInst>(scratch)->getAllocatedType();
      llvm::Value* area = n == 0 ? static_cast<llvm::Value*>(llvm::ConstantPointerNull::get(m.value_ptr))
                                 : b.CreateConstInBoundsGEP2_32(area_ty, scratch, 0, 0);
      check(call("pk_unpack", {thread, area, slot(in.a), u32(n)}));
      for (size_t i = 0; i < n; ++i) {
        copy_value(slot(in.args[i]), b.CreateConstInBoundsGEP2_32(area_ty, scratch, 0, i));
      }
      return true;
    }
    case Op::Assert: {
      llvm::Value* holds = emit_truth(slot(in.a));
      llvm::BasicBlock* failed = new_block("assert_failed");
      llvm::BasicBlock* next = new_block("assert_ok");
      b.CreateCondBr(holds, next, failed);
      b.SetInsertPoint(failed);
      call("pk_assert_failed", {thread, nullable(in.b)});
      b.CreateBr(error_block);
      b.SetInsertPoint(next);
      return true;
    }
    case Op::Step: emit_step(in); return true;
    case Op::Seal: call("pk_seal", {thread, slot(in.a)}); return true;
    case Op::Jump:
      b.CreateBr(blocks[in.target]);
      return true;
    case Op::Branch: {
      llvm::Value* cond = emit_truth(slot(in.a), in.a);
      b.CreateCondBr(cond, blocks[in.target], blocks[in.target2]);
      return true;
    }
    case Op::ForIter: emit_for_iter(in); return true;
    case Op::Return:
    case Op::Yield: {
      llvm::Value* result = f->getArg(3);
      if (in.a == ir::kNoSlot) {
        b.CreateStore(b.getInt64(kTagNone), b.CreateStructGEP(m.value_ty, result, 0));
        b.CreateStore(b.getInt64(0), b.CreateStructGEP(m.value_ty, result, 1));
      } else {
        copy_value(result, slot(in.a));
      }
      if (generator) {  // where the next resumption starts: after this yield, or nowhere (finished)
        uint32_t state = in.op == Op::Yield ? in.imm : UINT32_MAX;
        b.CreateStore(b.getInt32(state), field(generator, layout::kGeneratorState, m.i32));
      }
      fuel_out();
      emit_leave();
      b.CreateRet(llvm::ConstantInt::getTrue(m.ctx));
      return true;
    }
    case Op::Raise:
      call("pk_raise_value", {thread, nullable(in.a), nullable(in.b), u32(in.imm)});
      b.CreateBr(error_block);
      return true;
    case Op::YieldFromStep: {
      check(call("pk_yield_from_step", {thread, slot(in.dst), flag, slot(in.a), slot(in.b), generator}));
      llvm::Value* done = b.CreateICmpNE(b.CreateLoad(m.i8, flag), b.getInt8(0));
      b.CreateCondBr(done, blocks[in.target2], blocks[in.target]);
      return true;
    }
    case Op::Resume: check(call("pk_resume", {thread, slot(in.dst), generator, u32(in.imm)})); return true;
    case Op::BuildSet:
    case Op::BuildString: {
      llvm::Value* items = contiguous_or_copy(in.args, 0, in.args.size(), scratch, 0);
      check(call(in.op == Op::BuildSet ? "pk_build_set" : "pk_build_string", {thread, slot(in.dst), items, u32(in.args.size())}));
      return true;
    }
    case Op::BuildSlice:
      if (in.args.size() != 3) break;
      check(call("pk_build_slice", {thread, slot(in.dst), slot(in.args[0]), slot(in.args[1]), slot(in.args[2])}));
      return true;
    case Op::FormatValue:
      check(call("pk_format_value", {thread, slot(in.dst), slot(in.a), u32(in.imm), nullable(in.b)}));
      return true;
    case Op::CallEx:
      if (in.args.empty()) break;
      check(call("pk_call_ex", {thread, slot(in.dst), slot(in.a), slot(in.args[0]),
                                in.args.size() > 1 ? slot(in.args[1]) : static_cast<llvm::Value*>(llvm::ConstantPointerNull::get(m.value_ptr))}));
      return true;
    case Op::UnpackEx: {
      size_t n = in.args.size();
      llvm::Type* area_ty = llvm::cast<llvm::AllocaInst>(scratch)->getAllocatedType();
      llvm::Value* area = b.CreateConstInBoundsGEP2_32(area_ty, scratch, 0, 0);
      check(call("pk_unpack_ex", {thread, area, slot(in.a), u32(n), u32(in.imm2)}));
      for (size_t i = 0; i < n; ++i) copy_value(slot(in.args[i]), b.CreateConstInBoundsGEP2_32(area_ty, scratch, 0, i));
      return true;
    }
    case Op::DelItem: check(call("pk_del_item", {thread, slot(in.a), slot(in.b)})); return true;
    case Op::DelAttr: check(call("pk_del_attr", {thread, slot(in.a), m.constant_ptr(in.imm)})); return true;
    case Op::DelGlobal: check(call("pk_del_global", {thread, m.module_ptr(), u32(in.imm)})); return true;
    case Op::DelCell: call("pk_del_cell", {thread, slot(in.a)}); return true;
    case Op::LoadClassName:
      check(call("pk_load_class_name", {thread, slot(in.dst), slot(in.a), m.constant_ptr(in.imm), m.module_ptr(), u32(in.imm2)}));
      return true;
    case Op::BuildClass: {
      llvm::Value* bases = contiguous_or_copy(in.args, 0, in.args.size(), scratch, 0);
      check(call("pk_build_class", {thread, slot(in.dst), m.constant_ptr(in.imm), m.constant_ptr(in.imm2), bases,
                                    u32(in.args.size()), slot(in.a), nullable(in.b)}));
      return true;
    }
    case Op::Catch: check(call("pk_catch", {thread, slot(in.dst)})); return true;
    case Op::ExcMatch: check(call("pk_exc_match", {thread, slot(in.dst), slot(in.a), slot(in.b)})); return true;
    case Op::ImportModule: check(call("pk_import", {thread, slot(in.dst), m.constant_ptr(in.imm)})); return true;
    case Op::ImportFrom: check(call("pk_import_from", {thread, slot(in.dst), slot(in.a), m.constant_ptr(in.imm)})); return true;
    case Op::GetYieldFromIter: check(call("pk_yield_from_iter", {thread, slot(in.dst), slot(in.a), u32(in.imm)})); return true;
  }
  *error = "internal error: malformed " + std::string(ir::op_name(in.op)) + " in " + fn().qualified;
  return false;
}

// ---------------------------------------------------------------------------
// The module

namespace {

// Functions longer than this many IR instructions are compiled without IR
// optimisation (LLVM's optnone) at every -O level. They are in practice module
// bodies of generated or pasted programs, which run once; GVN and InstCombine
// grow faster than linearly with a function's size (a 5,000-line module body
// took most of -O2's time), and this keeps -O2 compile time linear in the
// program's length.
constexpr size_t kOptimiseLimit = 2000;

}  // namespace

size_t instruction_count(const ir::Function& fn) {
  size_t n = 0;
  for (const ir::Block& block : fn.blocks) n += block.instrs.size();
  return n;
}

namespace {

std::string symbol_name(const std::string& prefix, size_t i, const std::string& name) {
  std::string out = prefix + "f" + std::to_string(i) + ".";
  for (char c : name) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.') ? c : '_';
  return out;
}

}  // namespace

// Operations that make no runtime call on their usual path (their slow paths
// spill for themselves); any other spills the live register temporaries first.
bool inline_only(const ModuleEmitter& m, const ir::Instr& in) {
  return inline_only(in.op) || m.is_append(in) || m.is_len(in);
}

// A core builtin (Python's builtin functions: no capability needed, and each
// catches its own errors, runtime/args.h `wrap`), which a call with
// positional arguments only may call directly (emit_direct_intrinsic), or null.
const core::Intrinsic* ModuleEmitter::direct_intrinsic(uint32_t index) const {
  if (!runtime) return nullptr;  // dumping: no addresses
  const auto& table = core::intrinsics();
  if (index >= table.size()) return nullptr;
  const core::Intrinsic& in = table[index];
  if (in.category != "builtin" || in.capabilities != 0 || !in.fn) return nullptr;
  return &in;
}

// What pk_call_intrinsic does for such a call, without its table lookup, its
// capability check (none is needed) and its exception guard (an intrinsic's
// function records its errors and returns false): the function is called with
// a CallArgs built here and its result copied to dst on success. The call can
// run Plank code (a builtin may call back), so the fuel is written back around it.
void FunctionEmitter::emit_direct_intrinsic(const ir::Instr& in, const core::Intrinsic& intrinsic, llvm::Value* argv,
                                            uint32_t npos) {
  llvm::Value* args = build_call_args(argv, npos, 0, llvm::ConstantPointerNull::get(m.value_ptr));
  store_value(call_result, kTagNone, b.getInt64(0));
  auto* type = llvm::FunctionType::get(m.i1, {llvm::PointerType::getUnqual(m.thread_ty), m.value_ptr, m.i8_ptr}, false);
  llvm::Value* fn = m.address(reinterpret_cast<const void*>(intrinsic.fn), llvm::PointerType::getUnqual(type));
  fuel_out();
  llvm::CallInst* ok = b.CreateCall(type, fn, {thread, call_result, args});
  ok->addRetAttr(llvm::Attribute::ZExt);
  fuel_in();
  check(ok);
  copy_value(slot(in.dst), call_result);
}

// A core::CallArgs {values, npos, nkw, kwnames} in call_args, as an i8*. npos and nkw as one
// 8-byte store, which the callee's `npos == 1 && nkw == 0` (one 8-byte load) can be forwarded from.
llvm::Value* FunctionEmitter::build_call_args(llvm::Value* argv, uint32_t npos, uint32_t nkw, llvm::Value* names) {
  llvm::Type* ty = call_args->getAllocatedType();
  b.CreateStore(b.CreatePtrToInt(argv, m.i64), b.CreateConstInBoundsGEP2_32(ty, call_args, 0, 0));
  b.CreateStore(b.getInt64(npos | uint64_t(nkw) << 32), b.CreateConstInBoundsGEP2_32(ty, call_args, 0, 1));
  b.CreateStore(b.CreatePtrToInt(names, m.i64), b.CreateConstInBoundsGEP2_32(ty, call_args, 0, 2));
  return b.CreateBitCast(call_args, m.i8_ptr);
}

bool ModuleEmitter::is_append(const ir::Instr& in) const {
  return in.op == Op::CallMethod && in.kwnames.empty() && in.args.size() == 1 && in.imm < ir.constants.size() &&
         ir.constants[in.imm].s == "append";
}

bool ModuleEmitter::is_len(const ir::Instr& in) const {
  return in.op == Op::CallIntrinsic && in.kwnames.empty() && in.args.size() == 1 && in.imm == len_intrinsic;
}

bool inline_only(ir::Op op) {
  switch (op) {
    case Op::LoadConst:
    case Op::Move:
    case Op::Binary:
    case Op::Compare:
    case Op::Unary:
    case Op::Truth:
    case Op::GetItem:
    case Op::SetItem:
    case Op::Branch:
    case Op::Jump:
    case Op::Unbind:
    case Op::CheckBound:  // its raising path stores the line itself and allocates nothing
    case Op::Return: return true;
    default: return false;
  }
}

bool emit_module(const ir::Module& module, core::ModuleRuntime* runtime, const std::string& prefix,
                 const CodegenOptions& options, LLVMModule* out, std::string* error) {
  if (runtime && (runtime->code.size() != module.functions.size() ||
                  runtime->constants.size() != module.constants.size())) {
    *error = "internal error: the module runtime does not match the IR module";
    return false;
  }
  out->context = std::make_unique<llvm::LLVMContext>();
  out->module = std::make_unique<llvm::Module>(prefix.empty() ? "plank" : prefix, *out->context);
  out->entry_names.clear();
  ModuleEmitter me(*out->context, *out->module, module, runtime, options);

  me.find_known_functions();
  if (auto len = core::find_intrinsic("len")) me.len_intrinsic = *len;
  if (auto str = core::find_intrinsic("str")) me.str_intrinsic = *str;
  std::vector<llvm::Function*>& functions = me.entries;
  for (size_t i = 0; i < module.functions.size(); ++i) {
    const ir::Function& fn = module.functions[i];
    std::string name = symbol_name(prefix, i, fn.qualified.empty() ? fn.name : fn.qualified);
    auto* lf = llvm::Function::Create(me.entry_ty, llvm::GlobalValue::ExternalLinkage, name, *out->module);
    lf->addRetAttr(llvm::Attribute::ZExt);
    lf->addFnAttr(llvm::Attribute::NoUnwind);
    lf->addFnAttr("frame-pointer", "all");  // readable native stacks in gdb/perf
    if (instruction_count(fn) > kOptimiseLimit) {
      lf->addFnAttr(llvm::Attribute::OptimizeNone);
      lf->addFnAttr(llvm::Attribute::NoInline);
    }
    functions.push_back(lf);
    out->entry_names.push_back(lf->getName().str());
  }
  for (size_t i = 0; i < module.functions.size(); ++i) {
    if (i < options.skip.size() && options.skip[i]) continue;
    FunctionEmitter fe(me, module.functions[i], static_cast<uint32_t>(i), functions[i]);
    if (!fe.emit(error)) return false;
  }
  if (options.verify) {
    for (llvm::Function& lf : *out->module) {
      if (lf.isDeclaration()) continue;
      std::string problems;
      llvm::raw_string_ostream os(problems);
      if (llvm::verifyFunction(lf, &os)) {
        os.flush();
        auto newline = problems.find('\n');
        *error = "internal error: invalid LLVM IR for " + lf.getName().str() + ": " + problems.substr(0, newline);
        return false;
      }
    }
  }
  return true;
}

std::string print_module(const llvm::Module& module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os, nullptr);
  os.flush();
  return text;
}

std::string dump_llvm(const ir::Module& module, const CodegenOptions& options) {
  LLVMModule out;
  std::string error;
  if (!emit_module(module, nullptr, "plank.", options, &out, &error)) return error + "\n";
  return print_module(*out.module);
}

}  // namespace plank::codegen
