// Call helpers that JIT-compiled code binds as absolute symbols next to the
// runtime's pk_* functions (runtime_symbols.cpp). No LLVM headers here.
#include "runtime/heap.h"
#include "runtime/objects.h"
#include "runtime/ops.h"
#include "runtime/str_concat.h"

using plank::core::CodeInfo;
using plank::core::ObjKind;
using plank::core::Tag;

extern "C" {

// A call with positional arguments only. When the callee is a Plank function
// taking exactly `n` parameters, its entry is called directly with `args`
// (no keyword or default binding is needed, and the arguments are already
// rooted in the caller's slots); anything else goes through pk_call, which
// binds and reports errors. Errors and tracebacks are identical either way:
// they are recorded on the thread where they are raised.
bool pkj_call_positional(plank::core::Thread* t, plank::core::Value* dst, const plank::core::Value* callee,
                         const plank::core::Value* args, uint32_t n) {
  if (callee->tag == Tag::Object && callee->obj->kind == ObjKind::Function) {
    auto* f = static_cast<plank::core::FunctionObject*>(callee->obj);
    const CodeInfo* code = f->code;
    if (code->entry != nullptr && code->simple() && code->params.size() == n) {
      plank::core::Value result = plank::core::Value::none();
      if (!code->entry(t, f, const_cast<plank::core::Value*>(args), &result)) return false;
      *dst = result;
      return true;
    }
  }
  return pk_call(t, dst, callee, args, n, 0, nullptr);
}

// `obj.append(x)` with one positional argument: a list appends directly;
// anything else is the ordinary method call (its errors included).
bool pkj_call_append(plank::core::Thread* t, plank::core::Value* dst, const plank::core::Value* obj,
                     const plank::core::Value* name, const plank::core::Value* args) {
  if (obj->tag == Tag::Object && obj->obj->kind == ObjKind::List && !(obj->obj->flags & plank::core::kSubclassInstance)) {
    try {
      plank::core::list_append(t, *obj, plank::core::load_value(args));
    } catch (const plank::core::Raised&) {  // MemoryError past the heap budget
      return false;
    }
    *dst = plank::core::Value::none();
    return true;
  }
  return pk_call_method(t, dst, obj, name, args, 1, 0, nullptr);
}

// `len(x)` with one positional argument: the runtime's own length, without
// binding arguments through the intrinsics table (one argument cannot fail to bind).
bool pkj_call_len(plank::core::Thread* t, plank::core::Value* dst, const plank::core::Value* args) {
  try {
    *dst = plank::core::Value::integer(plank::core::length(t, args[0]));
    return true;
  } catch (const plank::core::Raised&) {
    return false;
  }
}

// `a + str(x)` when a is a str and x an int (begin_concat_str_int checked
// both): one string, without str(x)'s.
bool pkj_concat_str_int(plank::core::Thread* t, plank::core::Value* dst, const plank::core::Value* a, int64_t x) {
  try {
    *dst = plank::core::concat_str_int(t, *a, x);
    return true;
  } catch (const plank::core::Raised&) {  // MemoryError past the heap budget
    return false;
  }
}

// core::dict_find_int for compiled code (inline_containers.cpp).
int64_t pkj_dict_find_int(plank::core::DictObject* d, int64_t key) { return plank::core::dict_find_int(d, key); }

}  // extern "C"
