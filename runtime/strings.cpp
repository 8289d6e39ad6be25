// String objects: construction (inline, long, interned), concatenation and in-place append.
#include "runtime/objects.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "runtime/copy_bytes.h"
#include "runtime/decimal.h"
#include "runtime/heap.h"
#include "runtime/module_runtime.h"
#include "runtime/new_str.h"
#include "runtime/str_concat.h"
#include "runtime/unicode.h"

namespace plank::core {

static constexpr uint16_t kFlagAscii = kStrAscii;

static bool is_ascii(std::string_view s) {
  for (unsigned char c : s)
    if (c >= 0x80) return false;
  return true;
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winvalid-offsetof"  // StrObject is not standard-layout (Object is its base)
static_assert(offsetof(StrObject, bytes) == kStrInlineOffset);
#pragma GCC diagnostic pop

static StrObject* new_buffer_str(Thread* t, size_t capacity);

// A string's length, refused past what its 32-bit field holds (4 GiB), before
// anything is allocated or changed.
[[noreturn, gnu::noinline]] static void str_too_long(Thread* t, size_t n) {
  throw_error(t, "MemoryError", fmt::format("a string of {} bytes is longer than the {} bytes a str can hold", n, StrObject::kMaxLen));
}
static inline uint32_t checked_len(Thread* t, size_t n) {
  if (__builtin_expect(n > StrObject::kMaxLen, 0)) str_too_long(t, n);
  return static_cast<uint32_t>(n);
}

// new_str_of's long string (new_str.h): a buffer of exactly n bytes.
StrObject* new_long_str_of(Thread* t, size_t n, uint16_t flags, char** bytes) {
  uint32_t len = checked_len(t, n);
  StrObject* o = new_buffer_str(t, n);
  o->shared.buffer.resize(n);
  *bytes = o->shared.buffer.data();
  o->len = len;
  o->flags = flags;
  return o;
}

// A string with its own buffer of `capacity` bytes, empty (the caller appends).
static StrObject* new_buffer_str(Thread* t, size_t capacity) {
  auto* o = t->heap->alloc<StrObject>(ObjKind::Str, capacity);
  o->start_shared();
  o->shared.buffer.reserve(capacity);
  return o;
}

static Value new_str(Thread* t, std::string_view s) {
  char* bytes;
  StrObject* o = new_str_of(t, s.size(), is_ascii(s) ? kFlagAscii : 0, &bytes);
  copy_bytes(bytes, s.data(), s.size());
  return Value::object(o);
}

Value make_str(Thread* t, std::string_view s) {
  if (s.size() > 1 || (s.size() == 1 && static_cast<unsigned char>(s[0]) >= 0x80)) return new_str(t, s);
  Object*& cached = t->heap->small_str(s.empty() ? 0 : 1 + static_cast<unsigned char>(s[0]));
  if (!cached) cached = new_str(t, s).obj;
  return Value::object(cached);
}

Value make_str_from(Thread* t, std::string&& s) {
  if (s.size() <= StrObject::kInlineMax) return make_str(t, s);
  uint32_t len = checked_len(t, s.size());
  auto* o = t->heap->alloc<StrObject>(ObjKind::Str, s.capacity());
  o->start_shared();
  o->len = len;
  o->flags = is_ascii(s) ? kFlagAscii : 0;
  o->shared.buffer = std::move(s);
  return Value::object(o);
}

static constexpr uint16_t kFlagAppended = 2;  // made by concat_str: the next append reserves room to grow

// `a` + the bytes `tail` (ASCII or not as tail_ascii says). The caller roots
// `a`, and `tail` stays valid across allocation (a rooted string's bytes or
// bytes off the heap).
static Value concat_bytes(Thread* t, Value a, std::string_view tail, bool tail_ascii) {
  StrObject* sa = as_str(a);
  StrObject* root = sa->root();
  size_t n = checked_len(t, sa->len + tail.size());
  uint16_t flags = (tail_ascii ? (sa->flags & kFlagAscii) : 0) | kFlagAppended;
  // `a` is the tip of its buffer and the buffer has room: append in place.
  // Within capacity std::string does not reallocate, so the views of older
  // strings (and string_views the runtime holds) stay valid.
  if (root && root->shared.buffer.size() == sa->len && root->shared.buffer.capacity() - root->shared.buffer.size() >= tail.size()) {
    auto* r = t->heap->alloc<StrObject>(ObjKind::Str);
    r->start_shared(root);
    // tail may lie in the same buffer, before its end: no overlap
    root->shared.buffer.append(tail.data(), tail.size());
    t->heap->note_growth(tail.size());
    r->len = static_cast<uint32_t>(n);
    r->flags = flags;
    return Value::object(r);
  }
  // A first append (`a` was not made by one) gives a string made whole: inline
  // when it is short, a buffer of exactly its size otherwise.
  if (!(sa->flags & kFlagAppended) && n <= StrObject::kInlineMax) {
    char* bytes;
    StrObject* r = new_str_of(t, n, flags, &bytes);
    std::string_view x = str_view(sa);  // a is rooted and does not move
    std::memcpy(bytes, x.data(), x.size());
    std::memcpy(bytes + x.size(), tail.data(), tail.size());
    return Value::object(r);
  }
  // A new buffer; when `a` was itself built by appending, reserve room for more (doubling: amortised linear).
  size_t capacity = (sa->flags & kFlagAppended) ? std::max<size_t>(2 * n, 64) : n;
  StrObject* r = new_buffer_str(t, capacity);
  r->shared.buffer.append(str_view(sa));
  r->shared.buffer.append(tail);
  r->len = static_cast<uint32_t>(n);
  r->flags = flags;
  return Value::object(r);
}

Value concat_str(Thread* t, Value a, Value b) {
  RootScope scope(t);
  scope.push(a);
  scope.push(b);
  return concat_bytes(t, a, str_view(b), as_str(b)->flags & kFlagAscii);
}

// The caller (the JIT, whose frame slot holds a) roots a.
Value concat_str_int(Thread* t, Value a, int64_t x) {
  StrObject* sa = as_str(a);
  size_t digits = decimal_length(x);
  size_t n = sa->len + digits;
  // A short string made whole (`'item' + str(i)`): the sum is made whole too,
  // as concat_bytes would, with str(x) written in place.
  if (sa->is_inline() && !(sa->flags & kFlagAppended) && n <= StrObject::kInlineMax) {
    char* bytes;
    StrObject* r = new_str_of(t, n, (sa->flags & kFlagAscii) | kFlagAppended, &bytes);  // inline: n is short
    copy_bytes(bytes, sa->bytes, sa->len);
    write_decimal(bytes + sa->len, x, digits);
    return Value::object(r);
  }
  fmt::format_int text(x);  // off the heap: valid across concat_bytes' allocation
  return concat_bytes(t, a, std::string_view(text.data(), text.size()), true);
}

Value append_str_in_place(Thread* t, Value a, Value b) {
  StrObject* sa = as_str(a);
  StrObject* sb = as_str(b);
  StrObject* root = sa->root();
  std::string_view tail = str_view(sb);  // may lie in this buffer: append copes with aliasing
  // Only the tip may grow: shorter strings sharing the buffer keep their prefix
  // either way, but a longer one would see the new bytes. A buffer another
  // string owns grows only within its capacity, as concat_str's do (runtime
  // code up the stack may hold a view of that string); the builder's own
  // buffer may reallocate: strings made from it are younger than this frame.
  // An inline string has no buffer to grow.
  bool tip = root && root->shared.buffer.size() == sa->len;
  bool room = root == sa || (root && root->shared.buffer.capacity() - root->shared.buffer.size() >= tail.size());
  if ((sa->flags & kStrBuilder) && tip && room) {
    uint32_t len = checked_len(t, sa->len + tail.size());
    std::string& buffer = root->shared.buffer;
    size_t needed = buffer.size() + tail.size();
    if (needed > buffer.capacity())  // it will reallocate, doubling: held to the heap budget
      t->heap->grow(std::max(needed, 2 * buffer.capacity()) - buffer.capacity());
    buffer.append(tail.data(), tail.size());
    sa->len = len;
    sa->flags = static_cast<uint16_t>((sa->flags & ~kStrHashed) & ((sb->flags & kFlagAscii) | ~kFlagAscii));
    return a;
  }
  Value r = concat_str(t, a, b);
  r.obj->flags |= kStrBuilder;
  return r;
}

void seal_str(Value v) {
  if (v.is(ObjKind::Str)) v.obj->flags &= static_cast<uint16_t>(~kStrBuilder);
}

Value intern_str(Thread* t, std::string_view s) {
  auto& table = t->heap->interned();
  auto it = table.find(std::string(s));
  if (it != table.end()) return Value::object(it->second);
  Value v = make_str(t, s);
  table.emplace(std::string(s), v.obj);
  return v;
}

}  // namespace plank::core
