// The "intrinsics bound as absolute symbols" of docs/compiler-design.md: every
// extern "C" function of runtime/ops.h, by name, for the JIT (jit.cpp).
// Compiled code calls nothing else (codegen.cpp declares the same names).
#include <cstddef>
#include <iterator>
#include <vector>

#include "compiler/codegen/jit.h"
#include "compiler/ir/ir.h"
#include "runtime/objects.h"
#include "runtime/ops.h"
#include "runtime/thread.h"

// JIT-side helpers (jit_calls.cpp).
extern "C" bool pkj_call_positional(plank::core::Thread* t, plank::core::Value* dst, const plank::core::Value* callee,
                                    const plank::core::Value* args, uint32_t n);
extern "C" bool pkj_call_append(plank::core::Thread* t, plank::core::Value* dst, const plank::core::Value* obj,
                                const plank::core::Value* name, const plank::core::Value* args);
extern "C" bool pkj_call_len(plank::core::Thread* t, plank::core::Value* dst, const plank::core::Value* args);
extern "C" int64_t pkj_dict_find_int(plank::core::DictObject* d, int64_t key);
extern "C" bool pkj_concat_str_int(plank::core::Thread* t, plank::core::Value* dst, const plank::core::Value* a,
                                   int64_t x);

namespace plank::codegen {

// The JIT reads and writes these fields of core::Thread and core::Frame at
// fixed offsets (codegen.cpp's %pk.Thread and %pk.Frame types).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winvalid-offsetof"  // Thread is not standard-layout; its hot prefix is
static_assert(offsetof(core::Thread, top) == 0);
static_assert(offsetof(core::Thread, fuel) == 8);
static_assert(offsetof(core::Thread, depth) == 16);
#pragma GCC diagnostic pop
static_assert(offsetof(core::Frame, parent) == 0);
static_assert(offsetof(core::Frame, code) == 8);
static_assert(offsetof(core::Frame, slots) == 16);
static_assert(offsetof(core::Frame, slot_count) == 24);
static_assert(offsetof(core::Frame, line) == 28);
static_assert(offsetof(core::Frame, function) == 32);
static_assert(offsetof(core::Frame, pos) == 40);
static_assert(sizeof(core::Frame) == 48);
static_assert(sizeof(core::Value) == 16);
static_assert(ir::kInPlace == core::kBinaryInPlace);
static_assert(ir::kStrBuilder == core::kBinaryStrBuilder);
static_assert(sizeof(bool) == 1);
static_assert(static_cast<int>(core::Tag::None) == 0 && static_cast<int>(core::Tag::Bool) == 1 &&
              static_cast<int>(core::Tag::Int) == 2 && static_cast<int>(core::Tag::Float) == 3 &&
              static_cast<int>(core::Tag::Object) == 4);

#define PK_SYMBOL(name) {#name, reinterpret_cast<const void*>(&name)}

// Every pk_* function of runtime/ops.h (the runtime's own list of them,
// core::kRuntimeSymbols) and the JIT's pkj_* helpers.
const RuntimeSymbol* runtime_symbols() {
  static const std::vector<RuntimeSymbol> table = [] {
    std::vector<RuntimeSymbol> all;
    for (size_t i = 0; i < core::kRuntimeSymbolCount; ++i)
      all.push_back({core::kRuntimeSymbols[i].name, core::kRuntimeSymbols[i].address});
    const RuntimeSymbol helpers[] = {
        PK_SYMBOL(pkj_call_positional), PK_SYMBOL(pkj_call_append),   PK_SYMBOL(pkj_call_len),
        PK_SYMBOL(pkj_dict_find_int),   PK_SYMBOL(pkj_concat_str_int),
    };
    all.insert(all.end(), std::begin(helpers), std::end(helpers));
    all.push_back({nullptr, nullptr});
    return all;
  }();
  return table.data();
}

}  // namespace plank::codegen
