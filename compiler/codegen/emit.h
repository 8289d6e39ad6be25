// Private to compiler/codegen: the per-function LLVM IR emitter shared by
// codegen.cpp (entry, frame, runtime calls) and fast_paths.cpp (inline paths).
#pragma once
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Module.h>

#include "compiler/codegen/codegen.h"
#include "compiler/ir/ir.h"
#include "runtime/intrinsics.h"

namespace plank::codegen {

// Tags of core::Tag (checked against value.h in runtime_symbols.cpp).
enum : uint64_t { kTagNone = 0, kTagBool = 1, kTagInt = 2, kTagFloat = 3, kTagObject = 4 };

// Types and runtime declarations of one LLVM module.
struct ModuleEmitter {
  llvm::LLVMContext& ctx;
  llvm::Module& mod;
  const ir::Module& ir;
  core::ModuleRuntime* runtime;  // null when dumping
  CodegenOptions options;

  llvm::Type* void_ty;
  llvm::IntegerType* i1;
  llvm::IntegerType* i8;
  llvm::IntegerType* i32;
  llvm::IntegerType* i64;
  llvm::Type* f64;
  llvm::PointerType* i8_ptr;
  llvm::StructType* value_ty;   // %pk.Value
  llvm::PointerType* value_ptr;
  llvm::StructType* frame_ty;   // %pk.Frame
  llvm::StructType* thread_ty;  // %pk.Thread (hot fields only)
  llvm::FunctionType* entry_ty;

  ModuleEmitter(llvm::LLVMContext& c, llvm::Module& m, const ir::Module& irm, core::ModuleRuntime* rt,
                const CodegenOptions& o);
  llvm::FunctionCallee runtime_fn(const char* name);
  llvm::Constant* module_ptr();                 // i8*: the ModuleRuntime
  llvm::Constant* constant_ptr(uint32_t index); // %pk.Value*: runtime constants[index]
  llvm::Constant* code_ptr(uint32_t function);  // i8*: runtime code[function] (a CodeInfo)
  llvm::Constant* c_string(const std::string& text);
  // Per-module helpers holding the inline fast paths of Binary/Compare/Unary:
  //   internal zeroext i1 @plank.<kind>.<op>(%pk.Thread*, %pk.Value* dst, %pk.Value* a, %pk.Value* b)
  // marked alwaysinline: at -O0 (no IR passes) each use is one call, which keeps
  // the LLVM IR small and compiles fast; at -O1..3 the inliner puts the fast
  // path at every use.
  llvm::Function* op_helper(ir::Op kind, uint32_t op);
  // void @plank.init_homes(%pk.Frame*, i32 first, i32 count): once per
  // activation, zero slots[first..count) and widen slot_count to count
  // (register_temps.cpp). Out of line: spills are mostly on slow paths, and
  // one call per spill keeps each function's IR small.
  llvm::Function* init_homes_helper();
  // A runtime address as a constant pointer (only with a runtime).
  llvm::Constant* address(const void* p, llvm::Type* pointer_type);
  // known_function[g]: the function global g is bound to once by a top-level
  // `def`, or -1 (inline_runtime.cpp); entries[i]: the LLVM function of ir function i.
  void find_known_functions();
  // The function a positional Call calls directly when its callee was loaded
  // from global `global`, or -1 (inline_runtime.cpp).
  int32_t direct_target(const ir::Instr& call, uint32_t global) const;
  const core::Intrinsic* direct_intrinsic(uint32_t index) const;
  // `x.append(y)`: one positional argument (emit_append's inline path).
  bool is_append(const ir::Instr& in) const;
  // `len(x)`: one positional argument (emit_len's inline path).
  bool is_len(const ir::Instr& in) const;
  std::vector<int32_t> known_function;
  std::vector<llvm::Function*> entries;
  uint32_t len_intrinsic = UINT32_MAX;  // `len` (emit_len)
  uint32_t str_intrinsic = UINT32_MAX;  // `str` (begin_concat_str_int)

 private:
  std::unordered_map<std::string, llvm::FunctionType*> runtime_types_;
  std::unordered_map<uint32_t, llvm::Function*> helpers_;
  llvm::Function* init_homes_ = nullptr;
};

// Operations that make no runtime call on their usual path (codegen.cpp).
bool inline_only(ir::Op op);
bool inline_only(const ModuleEmitter& m, const ir::Instr& in);  // also an append or a len (emit_append, emit_len)

class FunctionEmitter {
 public:
  FunctionEmitter(ModuleEmitter& m, const ir::Function& fn, uint32_t index, llvm::Function* llvm_fn);
  // For an op helper (no IR function, no frame).
  FunctionEmitter(ModuleEmitter& m, llvm::Function* helper);
  // Emits the body; false with *error on malformed IR.
  bool emit(std::string* error);

  // ---- shared helpers (codegen.cpp) ----
  llvm::Value* slot(ir::Slot s);                 // %pk.Value*: the register temporary, else the frame slot
  llvm::Value* frame_slot(ir::Slot s);           // %pk.Value*: the frame slot (a root; a temporary's home once spilled)
  llvm::Value* frame_slot_at(uint32_t index);    // %pk.Value*: the frame's slot array at `index`
  llvm::Value* tag_ptr(llvm::Value* v);          // i64*
  llvm::Value* payload_ptr(llvm::Value* v);      // i64*
  llvm::Value* load_tag(llvm::Value* v);
  llvm::Value* load_payload(llvm::Value* v);
  // The heap object *v holds, as an i8* (its first byte is its kind: kind_of),
  // in a new block named `name`; any other value branches to `otherwise`.
  llvm::Value* object_or(llvm::Value* v, llvm::BasicBlock* otherwise, const char* name);
  llvm::Value* kind_of(llvm::Value* object);  // i8
  void store_value(llvm::Value* v, uint64_t tag, llvm::Value* payload_i64);
  void store_float(llvm::Value* v, llvm::Value* f);
  void store_bool(llvm::Value* v, llvm::Value* b1);
  void copy_value(llvm::Value* dst, llvm::Value* src);  // %pk.Value* <- %pk.Value*
  // Branches to the error exit when `ok` (i1) is false; continues in a new block.
  void check(llvm::Value* ok);
  llvm::BasicBlock* new_block(const char* name);
  llvm::Value* call(const char* name, std::initializer_list<llvm::Value*> args);
  llvm::Value* u32(uint64_t v);

  // ---- fast paths (fast_paths.cpp) ----
  void emit_step(const ir::Instr& in);
  // dst = a <op> b with pointers to Values (helper bodies; see op_helper).
  void emit_binary(uint32_t op, llvm::Value* dst, llvm::Value* a, llvm::Value* b);
  void emit_unary(uint32_t op, llvm::Value* dst, llvm::Value* a);
  void emit_compare(uint32_t op, llvm::Value* dst, llvm::Value* a, llvm::Value* b);
  // bool(*a) as an i1: inline for immediates, pk_truth for objects.
  // `s` names the slot `a` points to when it may be a register temporary
  // (the object path spills and passes the frame slot).
  llvm::Value* emit_truth(llvm::Value* a, ir::Slot s = ir::kNoSlot);
  // An op helper's exit to the caller's runtime call (the helper returns 2).
  void slow_exit();

  // ---- register temporaries (register_temps.cpp) ----
  struct RegisterTemp {
    uint32_t block = UINT32_MAX;
    uint32_t def = 0;       // instruction index of the one definition
    uint32_t last_use = 0;  // instruction index of the last use (same block)
    uint32_t constant = UINT32_MAX;  // defined by LoadConst of this constant: never spilled
    bool live = false;      // kept in a register
  };
  void find_register_temps();
  void create_register_temps();
  void spill_live(uint32_t block, uint32_t instr, ir::Slot except = ir::kNoSlot);
  void spill(ir::Slot s);  // one register temporary to its frame home
  // The frame's layout (register_temps.cpp): the slots that live in memory
  // first (frame_memory_ of them: the collector scans these from entry on),
  // then the frame homes of the register temporaries, scanned only once a
  // spill has initialised them (init_frame_homes).
  void layout_frame();
  uint32_t frame_index(ir::Slot s) const { return frame_index_[s]; }
  void init_frame_homes();
  bool is_register(ir::Slot s) const { return s < reg_.size() && reg_[s]; }
  // Where a runtime call reads slot s, rooted for the call's length: a
  // register temporary holding a constant is read from the module's
  // constants (a root, so it is never spilled); another register temporary
  // from its frame home, which spill_live wrote; any other slot is its frame slot.
  llvm::Value* rooted(ir::Slot s);

  // ---- statement line and fuel kept out of memory (codegen.cpp; -O1 and up, not debug) ----
  // The frame's line is read only by whatever a runtime call does (a traceback,
  // the debugger), so it is stored before a call, not at every Step: on the
  // main path once per line (sync_line), in a slow path always (store_line).
  // The position of the instruction (Frame::pos, its span for a traceback's
  // markers) goes with it, stored whenever it changes, in every mode.
  void sync_line();
  void store_line();
  void store_line_only();
  void store_pos();
  // Thread::fuel lives in a promotable alloca between calls: written back
  // before a call that can step (the callee, pk_call*, pk_poll), reloaded after.
  void fuel_out();
  void fuel_in();

  // ---- inline runtime operations (inline_runtime.cpp) ----
  llvm::Value* field(llvm::Value* base, uint64_t offset, llvm::Type* ty);
  llvm::Value* emit_enter();  // i1: linked (false: RecursionError recorded)
  void emit_leave();
  void emit_load_global(const ir::Instr& in);
  void emit_for_iter(const ir::Instr& in);
  void emit_positional_call(const ir::Instr& in, llvm::Value* argv, uint32_t npos);
  void emit_method_call(const ir::Instr& in, llvm::Value* argv, uint32_t npos, llvm::Value* kwnames);
  // At `t = str(x)` followed by `a + t` (t used nowhere else): a path that
  // makes the sum in one call and joins after the addition (concat_done_).
  void begin_concat_str_int(const ir::Instr& in);
  void track_globals(const ir::Instr& in);

  // ---- list and dict fast paths (inline_containers.cpp) ----
  llvm::Value* list_item(llvm::Value* list, llvm::Value* index, llvm::BasicBlock* out_of_range);
  llvm::Value* dict_int_value(llvm::Value* dict, llvm::Value* key, llvm::BasicBlock* miss);
  llvm::Value* int_keyed_container(llvm::Value* container, llvm::Value* key, llvm::BasicBlock* list,
                                   llvm::BasicBlock* dict, llvm::BasicBlock* slow);
  void emit_get_item(const ir::Instr& in);
  void emit_set_item(const ir::Instr& in);
  void emit_dict_contains(bool negate, llvm::Value* dst, llvm::Value* key, llvm::Value* container,
                          llvm::BasicBlock* slow, llvm::BasicBlock* done);
  void emit_list_iter_next(llvm::Value* iter, const ir::Instr& in, llvm::BasicBlock* slow);
  void emit_append(const ir::Instr& in);
  void emit_len(const ir::Instr& in);
  llvm::MDNode* unlikely_first() { return llvm::MDBuilder(m.ctx).createBranchWeights(1, 2000); }

  ModuleEmitter& m;
  const ir::Function* fn_ = nullptr;
  const ir::Function& fn() const { return *fn_; }
  uint32_t index;
  llvm::Function* f;
  llvm::IRBuilder<> b;
  llvm::Value* thread = nullptr;
  llvm::Value* function_arg = nullptr;
  llvm::Value* slots = nullptr;    // [slot_count x %pk.Value]*
  llvm::Value* frame = nullptr;    // %pk.Frame*
  llvm::Value* scratch = nullptr;  // [n x %pk.Value]*: call arguments
  llvm::Value* kwscratch = nullptr;
  llvm::Value* flag = nullptr;     // i8*: pk_truth / pk_for_iter out-parameter
  llvm::AllocaInst* call_args = nullptr;    // [3 x i64]: a core::CallArgs (emit_direct_intrinsic)
  llvm::AllocaInst* call_result = nullptr;  // %pk.Value: its result
  // Where an operation that raises goes: the current IR block's exception
  // handler, or the function's error exit (exit_block) when it has none.
  llvm::BasicBlock* error_block = nullptr;
  llvm::BasicBlock* exit_block = nullptr;
  llvm::Type* slots_ty = nullptr;      // [slot_count x %pk.Value]: what `slots` points to
  llvm::Value* generator = nullptr;    // i8*: the GeneratorObject a generator function runs in (else null)
  std::vector<llvm::BasicBlock*> blocks;
  llvm::MDNode* unlikely = nullptr;  // branch weights: the second successor is unlikely

 private:
  bool emit_instr(const ir::Instr& in, std::string* error);
  llvm::Value* contiguous_or_copy(const std::vector<ir::Slot>& slots, size_t from, size_t count, llvm::Value* area,
                                  uint32_t area_offset);
  llvm::Value* kwnames(const ir::Instr& in);
  void emit_call_like(const ir::Instr& in);
  void emit_op(const ir::Instr& in);
  void assume_kind(ir::Slot s, uint8_t kinds);
  void emit_direct_intrinsic(const ir::Instr& in, const core::Intrinsic& intrinsic, llvm::Value* argv, uint32_t npos);
  llvm::Value* build_call_args(llvm::Value* argv, uint32_t npos, uint32_t nkw, llvm::Value* kwnames);
  std::vector<llvm::AllocaInst*> reg_;   // per slot: its register temporary, or null
  std::vector<RegisterTemp> temp_;
  // Per slot: the operands naming it, but as a definition's dst
  // (find_register_temps; empty in debug builds).
  std::vector<uint32_t> appearances_;
  std::vector<ir::Slot> active_;  // register temporaries of the current block defined so far (spill_live)
  std::vector<uint32_t> frame_index_;  // IR slot -> index in the frame's slot array
  uint32_t frame_memory_ = 0;          // slots scanned from entry on (memory slots)
  llvm::AllocaInst* fuel_ = nullptr;  // i64: Thread::fuel while no call runs (null: debug, -O0)
  bool fuel_synced_ = false;          // Thread::fuel equals fuel_ here (a call since the last Step)
  uint32_t line_ = 0;                 // the line of the statement being emitted
  uint32_t stored_line_ = UINT32_MAX; // the line the frame holds on the main path here (UINT32_MAX: unknown)
  uint32_t pos_ = 0;                  // the position (ir::Instr::pos) of the instruction being emitted
  uint32_t stored_pos_ = UINT32_MAX;  // the position the frame holds on the main path here (UINT32_MAX: unknown)
  uint32_t cur_block_ = 0, cur_instr_ = 0;
  llvm::BasicBlock* concat_done_ = nullptr;  // begin_concat_str_int's fused path joins here, after the addition
  std::unordered_map<ir::Slot, uint32_t> slot_global_;  // slot -> global loaded into it (this block)
  uint32_t scratch_size_ = 0;
  uint32_t kw_size_ = 0;
};

}  // namespace plank::codegen
