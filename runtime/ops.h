// The runtime functions that compiled code and the interpreter call: one per
// fallible IR operation (compiler/ir/ir.h). C ABI so the JIT can bind them as
// absolute symbols by name (see kRuntimeSymbols in ops.cpp). Every function
// returns false after raising an error on the thread (pk_raise), true
// otherwise; `dst` may alias an operand.
//
// Arguments of calls arrive as a contiguous array: positional first, then
// keyword values; `kwnames` holds one str Value per keyword value.
#pragma once
#include <cstddef>
#include <cstdint>

#include "runtime/thread.h"
#include "runtime/value.h"

namespace plank::core {

// Per-module runtime data the engines bind once: constants materialised as
// Values (strings interned), globals (unset = Tag::None with `set` false).
struct ModuleRuntime;

// Every extern "C" function below, by name, for the JIT to bind as absolute symbols.
struct RuntimeSymbol {
  const char* name;
  void* address;
};
extern const RuntimeSymbol kRuntimeSymbols[];
extern const size_t kRuntimeSymbolCount;

// pk_binary's flag for augmented assignment (ir::kInPlace is the same bit).
inline constexpr uint32_t kBinaryInPlace = 0x100;
// pk_binary's flag for a builder local's append (ir::kStrBuilder is the same
// bit): two strs are added with append_str_in_place.
inline constexpr uint32_t kBinaryStrBuilder = 0x200;

// A local variable that holds no value (before its first assignment, after
// `del`): a None whose payload is 1 (IR Unbind). Only the frame slots of
// locals hold it, and the IR reads such a slot through CheckBound (an
// UnboundLocalError) wherever it may hold it; so no operation ever sees it as
// a value, and to the collector it is an immediate.
inline constexpr uint64_t kUnboundPayload = 1;
inline Value unbound_local() {
  Value v = Value::none();
  v.bits = kUnboundPayload;
  return v;
}
inline bool is_unbound_local(const Value& v) { return v.tag == Tag::None && v.bits == kUnboundPayload; }

}  // namespace plank::core

extern "C" {
using plank::core::FunctionObject;
using plank::core::ModuleRuntime;
using plank::core::Thread;
using plank::core::Value;

// frames and budgets
// pk_enter: push; RecursionError past budget.max_depth (the frame is then NOT linked, and
// pk_leave on it is a harmless no-op, so callers may pk_leave on every exit path).
// Slots must hold valid Values (None-initialised) before pk_enter: they are GC roots.
bool pk_enter(Thread* t, plank::core::Frame* frame);
void pk_leave(Thread* t, plank::core::Frame* frame);  // pop (only when frame is t->top)
bool pk_poll(Thread* t);                              // fuel ran out: steps, timeout, interrupt, hook
bool pk_step(Thread* t, uint32_t line);               // Step in debug builds: line + hook (steps are
                                                      // counted by the fuel path, not here)

// values and operators (op codes are the ast enums)
bool pk_load_global(Thread* t, Value* dst, ModuleRuntime* m, uint32_t index);
void pk_store_global(Thread* t, ModuleRuntime* m, uint32_t index, const Value* v);
bool pk_load_builtin(Thread* t, Value* dst, uint32_t intrinsic);
bool pk_make_cell(Thread* t, Value* dst, const Value* initial /* may be null */);
bool pk_load_cell(Thread* t, Value* dst, const Value* cell, const char* name);
bool pk_load_local_cell(Thread* t, Value* dst, const Value* cell, const char* name);  // UnboundLocalError when empty
void pk_enter_handler(Thread* t, const Value* exc);  // an except/finally body starts handling exc
void pk_leave_handler(Thread* t, uint32_t n);        // ... and n of them end
bool pk_unbound_local(Thread* t, const char* name);  // raises UnboundLocalError for the local `name`; returns false
void pk_store_cell(Thread* t, const Value* cell, const Value* v);
void pk_load_free(Thread* t, Value* dst, FunctionObject* fn, uint32_t index);
// `op` is an ast::BinaryOp, with plank::core::kBinaryInPlace set for augmented
// assignment: then a list left operand is changed in place, as Python's
// __iadd__ / __imul__ do (`x += y` extends x with any iterable; the result is x).
bool pk_binary(Thread* t, Value* dst, uint32_t op, const Value* a, const Value* b);
bool pk_unary(Thread* t, Value* dst, uint32_t op, const Value* a);
void pk_seal(Thread* t, const Value* a);  // ir Seal: seal_str
bool pk_compare(Thread* t, Value* dst, uint32_t op, const Value* a, const Value* b);
bool pk_truth(Thread* t, bool* out, const Value* a);

// containers
bool pk_build_list(Thread* t, Value* dst, const Value* items, uint32_t n);
bool pk_build_tuple(Thread* t, Value* dst, const Value* items, uint32_t n);
bool pk_build_dict(Thread* t, Value* dst, const Value* keys_and_values, uint32_t pairs);
bool pk_get_item(Thread* t, Value* dst, const Value* obj, const Value* index);
bool pk_set_item(Thread* t, const Value* obj, const Value* index, const Value* v);
bool pk_get_slice(Thread* t, Value* dst, const Value* obj, const Value* lo, const Value* hi, const Value* step);
bool pk_get_attr(Thread* t, Value* dst, const Value* obj, const Value* name);
bool pk_set_attr(Thread* t, const Value* obj, const Value* name, const Value* v);
bool pk_get_iter(Thread* t, Value* dst, const Value* obj);
// *done = true when the iterator is exhausted (dst untouched).
bool pk_for_iter(Thread* t, Value* dst, bool* done, const Value* iter);
bool pk_unpack(Thread* t, Value* dsts /* n contiguous */, const Value* src, uint32_t n);
bool pk_assert_failed(Thread* t, const Value* message /* may be null */);

// calls
bool pk_call(Thread* t, Value* dst, const Value* callee, const Value* args, uint32_t npos, uint32_t nkw,
             const Value* kwnames);
bool pk_call_method(Thread* t, Value* dst, const Value* obj, const Value* name, const Value* args, uint32_t npos,
                    uint32_t nkw, const Value* kwnames);
bool pk_call_intrinsic(Thread* t, Value* dst, uint32_t intrinsic, const Value* args, uint32_t npos, uint32_t nkw,
                       const Value* kwnames);
bool pk_make_function(Thread* t, Value* dst, ModuleRuntime* m, uint32_t function, const Value* defaults,
                      uint32_t ndefaults, const Value* cells, uint32_t ncells);

// errors
bool pk_raise(Thread* t, const char* kind, const char* message);  // always returns false

// ---- issue 27 (runtime/ops_python.cpp): one per new IR operation
bool pk_build_set(Thread* t, Value* dst, const Value* items, uint32_t n);
bool pk_build_slice(Thread* t, Value* dst, const Value* lo, const Value* hi, const Value* step);
bool pk_build_string(Thread* t, Value* dst, const Value* parts, uint32_t n);
bool pk_format_value(Thread* t, Value* dst, const Value* v, uint32_t conversion, const Value* spec /* may be null */);
bool pk_call_ex(Thread* t, Value* dst, const Value* callee, const Value* args, const Value* kwargs /* may be null */);
bool pk_unpack_ex(Thread* t, Value* dsts /* n contiguous */, const Value* src, uint32_t n, uint32_t star);
bool pk_del_item(Thread* t, const Value* obj, const Value* index);
bool pk_del_attr(Thread* t, const Value* obj, const Value* name);
bool pk_del_global(Thread* t, ModuleRuntime* m, uint32_t index);
void pk_del_cell(Thread* t, const Value* cell);
bool pk_load_class_name(Thread* t, Value* dst, const Value* ns, const Value* name, ModuleRuntime* m, uint32_t global);
// metaclass: the class statement's `metaclass=`, or null.
bool pk_build_class(Thread* t, Value* dst, const Value* name, const Value* qualname, const Value* bases, uint32_t n,
                    const Value* ns, const Value* metaclass);
// The exception being raised into dst, the error cleared; false when it may not be caught.
bool pk_catch(Thread* t, Value* dst);
bool pk_exc_match(Thread* t, Value* dst, const Value* exc, const Value* cls);
bool pk_import(Thread* t, Value* dst, const Value* name);
bool pk_import_from(Thread* t, Value* dst, const Value* module, const Value* name);
// mode 0: raise exc [from cause]; 1: re-raise the caught exc; 2: a bare raise with none caught;
// 3: re-raise exc, raised while `cause` was being handled (its implicit __context__). Always false.
bool pk_raise_value(Thread* t, const Value* exc, const Value* cause /* may be null */, uint32_t mode);
// The generator `gen` (a GeneratorObject*) resumed: dst = what was sent; false when a throw() is to raise
// here (unless delegating: a yield from passes it to its delegate).
bool pk_resume(Thread* t, Value* dst, void* gen, uint32_t delegating);
bool pk_yield_from_iter(Thread* t, Value* dst, const Value* v, uint32_t await);
// One step of `yield from`: *done false: dst is a value to yield; true: dst is the delegate's return value.
bool pk_yield_from_step(Thread* t, Value* dst, bool* done, const Value* it, const Value* sent, void* gen);
}
