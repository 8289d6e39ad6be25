// Private to compiler/codegen: byte offsets of the runtime objects that
// compiled code reads and writes directly (inline_runtime.cpp,
// inline_containers.cpp). One place, so a change to runtime/objects.h
// that moves a field breaks the build here, not a program at run time.
#pragma once
#include <cstddef>
#include <cstdint>

#include "runtime/intrinsics.h"
#include "runtime/generator.h"
#include "runtime/objects.h"
#include "runtime/thread.h"

namespace plank::codegen::layout {

// Thread and the object types are not standard-layout; offsetof still gives
// the offsets GCC and Clang use.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winvalid-offsetof"
constexpr uint64_t kThreadHeap = offsetof(core::Thread, heap);
constexpr uint64_t kThreadMaxDepth = offsetof(core::Thread, budget) + offsetof(core::Budget, max_depth);
constexpr uint64_t kFunctionCode = offsetof(core::FunctionObject, code);
constexpr uint64_t kObjectFlags = offsetof(core::Object, flags);
constexpr uint64_t kStrLen = offsetof(core::StrObject, len);
constexpr uint64_t kIterKind = offsetof(core::IteratorObject, iter);
constexpr uint64_t kIterSource = offsetof(core::IteratorObject, source);
constexpr uint64_t kIterPos = offsetof(core::IteratorObject, pos);
constexpr uint64_t kIterRemaining = offsetof(core::IteratorObject, remaining);
constexpr uint64_t kIterStep = offsetof(core::IteratorObject, step);
constexpr uint64_t kListItems = offsetof(core::ListObject, items);       // a std::vector<Value>
constexpr uint64_t kDictEntries = offsetof(core::DictObject, entries);  // a std::vector<Entry>
constexpr uint64_t kEntryValue = offsetof(core::DictObject::Entry, value);
constexpr uint64_t kEntrySize = sizeof(core::DictObject::Entry);
constexpr uint64_t kEntryLive = offsetof(core::DictObject::Entry, live);
constexpr uint64_t kDictLast = offsetof(core::DictObject, last);
constexpr uint64_t kGeneratorSlots = offsetof(core::GeneratorObject, slots);  // a Value*
constexpr uint64_t kGeneratorState = offsetof(core::GeneratorObject, state);  // a uint32_t
#pragma GCC diagnostic pop
static_assert(offsetof(core::Object, kind) == 0 && sizeof(core::ObjKind) == 1);
static_assert(sizeof(core::IterKind) == 1);
static_assert(sizeof(core::GeneratorObject::state) == 4 && sizeof(core::GeneratorObject::slots) == 8);
static_assert(sizeof(core::Object::flags) == 2 && sizeof(core::StrObject::len) == 4);
static_assert(sizeof(core::Value) == 16);
static_assert(offsetof(core::CallArgs, values) == 0 && offsetof(core::CallArgs, npos) == 8 &&
              offsetof(core::CallArgs, nkw) == 12 && offsetof(core::CallArgs, kwnames) == 16 &&
              sizeof(core::CallArgs) == 24);  // emit_direct_intrinsic builds one
static_assert(offsetof(core::DictObject::Entry, key) == 0 && sizeof(bool) == 1 && sizeof(size_t) == 8);

// Compiled code reads a std::vector as three pointers (begin, end, end of
// capacity), as libstdc++ and libc++ lay it out. Checked once against a real
// vector; where it does not hold, the list and dict fast paths are not emitted.
bool vector_is_begin_end();

}  // namespace plank::codegen::layout
