// Making a str whose bytes the caller then writes, inline in the caller.
//
// Most of a string program's allocations are short strings (`'item' +
// str(i)`, `s.upper()`, the parts of `split`): inline here, the call and its
// register saves are gone (they were a fifth of such an allocation's cost).
// A string past StrObject::kInlineMax gets its own buffer, out of line.
#pragma once
#include <cstddef>
#include <cstdint>

#include "runtime/heap.h"
#include "runtime/objects.h"

namespace plank::core {

// A str of n bytes (more than kInlineMax) in a buffer of its own; MemoryError past kMaxLen.
StrObject* new_long_str_of(Thread* t, size_t n, uint16_t flags, char** bytes);

// A str of n bytes with `flags`, its bytes at *bytes for the caller to write
// before anything else allocates.
[[gnu::always_inline]] inline StrObject* new_str_of(Thread* t, size_t n, uint16_t flags, char** bytes) {
  if (__builtin_expect(n > StrObject::kInlineMax, 0)) return new_long_str_of(t, n, flags, bytes);
  auto* o = t->heap->alloc_sized<StrObject>(ObjKind::Str, kStrInlineOffset + n, 0, Heap::Finalize::kNo);
  o->len = static_cast<uint32_t>(n);
  o->flags = flags | kStrInline;
  *bytes = o->bytes;
  return o;
}

// A new ASCII str of n bytes (n >= 2) that the caller writes at *bytes before
// anything else allocates: a result computed byte by byte goes straight into
// the object instead of through a std::string.
[[gnu::always_inline]] inline Value new_ascii_str_for(Thread* t, size_t n, char** bytes) {
  return Value::object(new_str_of(t, n, kStrAscii, bytes));
}

}  // namespace plank::core
