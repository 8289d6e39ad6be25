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

// ------------------------------------------------------------------ errors

void set_error(Thread* t, std::string_view kind, std::string message) {
  t->has_error = true;
  t->error.kind = std::string(kind);
  t->error.message = std::move(message);
  t->error.traceback.clear();
  for (Frame* f = t->top; f; f = f->parent) {
    TraceEntry e;
    if (f->code) {
      e.function = f->code->name;
      e.file = f->code->file;
      if (e.file.empty() && f->code->module) e.file = f->code->module->file;
    }
    e.line = f->line;
    t->error.traceback.push_back(std::move(e));
  }
  std::reverse(t->error.traceback.begin(), t->error.traceback.end());
}

void throw_error(Thread* t, std::string_view kind, std::string message) {
  set_error(t, kind, std::move(message));
  throw Raised{};
}

void rethrow_pending() { throw Raised{}; }

// ------------------------------------------------------------------ construction

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

Value make_list(Thread* t, std::vector<Value> items) {
  size_t extra = items.size() * sizeof(Value);
  RootScope scope(t);
  for (auto& v : items) scope.push(v);
  auto* o = t->heap->alloc<ListObject>(ObjKind::List, extra);
  o->items = std::move(items);
  return Value::object(o);
}

Value make_tuple(Thread* t, std::vector<Value> items) {
  size_t extra = items.size() * sizeof(Value);
  RootScope scope(t);
  for (auto& v : items) scope.push(v);
  auto* o = t->heap->alloc<TupleObject>(ObjKind::Tuple, extra);
  o->items = std::move(items);
  return Value::object(o);
}

Value make_dict(Thread* t) { return Value::object(t->heap->alloc<DictObject>(ObjKind::Dict)); }

Value make_cell(Thread* t, const Value* initial) {
  Value init = initial ? *initial : Value::none();
  RootScope scope(t);
  scope.push(init);
  auto* c = t->heap->alloc<CellObject>(ObjKind::Cell);
  if (initial) {
    c->value = init;
    c->set = true;
  }
  return Value::object(c);
}

Value make_range(Thread* t, int64_t start, int64_t stop, int64_t step) {
  auto* r = t->heap->alloc<RangeObject>(ObjKind::Range);
  r->start = start;
  r->stop = stop;
  r->step = step;
  return Value::object(r);
}

Value make_builtin(Thread* t, uint32_t intrinsic) {
  auto& cache = t->heap->builtin_cache();
  if (cache.size() <= intrinsic) cache.resize(intrinsic + 1, nullptr);
  if (!cache[intrinsic]) {
    auto* b = t->heap->alloc<BuiltinObject>(ObjKind::Builtin);
    b->index = intrinsic;
    cache[intrinsic] = b;
  }
  return Value::object(cache[intrinsic]);
}

Value make_bound_method(Thread* t, Value self, const Method* m) {
  RootScope scope(t);
  scope.push(self);
  auto* b = t->heap->alloc<BoundMethodObject>(ObjKind::BoundMethod);
  b->self = self;
  b->method = m;
  return Value::object(b);
}

Value make_dict_view(Thread* t, Value dict, DictViewKind which) {
  RootScope scope(t);
  scope.push(dict);
  auto* v = t->heap->alloc<DictViewObject>(ObjKind::DictView);
  v->dict = dict;
  v->view = which;
  return Value::object(v);
}

static int64_t range_len(const RangeObject* r) {
  if (r->step > 0) {
    if (r->start >= r->stop) return 0;
    return static_cast<int64_t>((static_cast<unsigned __int128>(r->stop - static_cast<__int128>(r->start)) - 1) /
                                static_cast<unsigned __int128>(r->step) + 1);
  }
  if (r->start <= r->stop) return 0;
  __int128 span = static_cast<__int128>(r->start) - r->stop;
  return static_cast<int64_t>((span - 1) / (-static_cast<__int128>(r->step)) + 1);
}

Value make_iterator(Thread* t, Value v) {
  RootScope scope(t);
  scope.push(v);
  auto make = [&](IterKind k, Value src) {
    auto* it = t->heap->alloc<IteratorObject>(ObjKind::Iterator);
    it->iter = k;
    it->source = src;
    return it;
  };
  if (v.tag == Tag::Object) {
    switch (v.obj->kind) {
      case ObjKind::List: return Value::object(make(IterKind::List, v));
      case ObjKind::Tuple: return Value::object(make(IterKind::Tuple, v));
      case ObjKind::Str: return Value::object(make(IterKind::Str, v));
      case ObjKind::Dict: {
        auto* it = make(IterKind::DictKeys, v);
        it->version = as_dict(v)->version;
        return Value::object(it);
      }
      case ObjKind::DictView: {
        auto* dv = static_cast<DictViewObject*>(v.obj);
        IterKind k = dv->view == DictViewKind::Keys     ? IterKind::DictKeys
                     : dv->view == DictViewKind::Values ? IterKind::DictValues
                                                        : IterKind::DictItems;
        auto* it = make(k, dv->dict);
        it->version = as_dict(dv->dict)->version;
        return Value::object(it);
      }
      case ObjKind::Range: {
        auto* r = static_cast<RangeObject*>(v.obj);
        auto* it = make(IterKind::Range, Value::none());
        it->pos = r->start;
        it->step = r->step;
        it->remaining = range_len(r);
        return Value::object(it);
      }
      case ObjKind::Iterator: return v;
      default: break;
    }
  }
  throw_error(t, "TypeError", fmt::format("'{}' object is not iterable", type_name(v)));
}

// ------------------------------------------------------------------ access

std::vector<Value>& list_items(Value v) { return as_list(v)->items; }
const std::vector<Value>& tuple_items(Value v) { return as_tuple(v)->items; }

// ------------------------------------------------------------------ strings (UTF-8 helpers)

static size_t utf8_len(unsigned char c) {
  if (c < 0x80) return 1;
  if ((c >> 5) == 6) return 2;
  if ((c >> 4) == 14) return 3;
  if ((c >> 3) == 30) return 4;
  return 1;
}

// ------------------------------------------------------------------ iteration

bool iter_next(Thread* t, Value iterv, Value* out) {
  if (!iterv.is(ObjKind::Iterator)) throw_error(t, "TypeError", fmt::format("'{}' object is not an iterator", type_name(iterv)));
  auto* it = static_cast<IteratorObject*>(iterv.obj);
  switch (it->iter) {
    case IterKind::List: {
      auto& items = as_list(it->source)->items;
      if (it->pos >= static_cast<int64_t>(items.size())) { it->pos = INT64_MAX; return false; }
      *out = items[it->pos++];
      return true;
    }
    case IterKind::Tuple: {
      auto& items = as_tuple(it->source)->items;
      if (it->pos >= static_cast<int64_t>(items.size())) return false;
      *out = items[it->pos++];
      return true;
    }
    case IterKind::Str: {
      std::string_view s = str_view(it->source);
      if (it->pos >= static_cast<int64_t>(s.size())) return false;
      size_t n = std::min(utf8_len(static_cast<unsigned char>(s[it->pos])), s.size() - it->pos);
      std::string_view ch = s.substr(it->pos, n);
      it->pos += n;
      *out = make_str(t, ch);
      return true;
    }
    case IterKind::DictKeys:
    case IterKind::DictValues:
    case IterKind::DictItems: {
      auto* d = as_dict(it->source);
      if (d->version != it->version) {
        it->version = d->version;  // raise once
        throw_error(t, "RuntimeError", "dictionary changed size during iteration");
      }
      while (it->pos < static_cast<int64_t>(d->entries.size()) && !d->entries[it->pos].live) ++it->pos;
      if (it->pos >= static_cast<int64_t>(d->entries.size())) return false;
      auto& e = d->entries[it->pos++];
      if (it->iter == IterKind::DictKeys) *out = e.key;
      else if (it->iter == IterKind::DictValues) *out = e.value;
      else *out = make_tuple(t, {e.key, e.value});
      return true;
    }
    case IterKind::Range: {
      if (it->remaining <= 0) return false;
      *out = Value::integer(it->pos);
      --it->remaining;
      if (it->remaining > 0) it->pos += it->step;
      return true;
    }
    case IterKind::Enumerate: {
      Value item;
      if (!iter_next(t, it->source, &item)) return false;
      RootScope scope(t);
      scope.push(item);
      *out = make_tuple(t, {Value::integer(it->pos), item});
      if (__builtin_add_overflow(it->pos, 1, &it->pos)) throw_error(t, "OverflowError", "integer overflow");
      return true;
    }
    case IterKind::Zip: {
      if (it->parts.empty()) return false;
      RootScope scope(t);
      std::vector<Value> items;
      for (auto& p : it->parts) {
        Value item;
        if (!iter_next(t, p, &item)) return false;
        items.push_back(scope.push(item));
      }
      *out = make_tuple(t, std::move(items));
      return true;
    }
  }
  return false;
}

std::vector<Value> collect_iterable(Thread* t, Value iterable) {
  if (iterable.is(ObjKind::List)) return as_list(iterable)->items;
  if (iterable.is(ObjKind::Tuple)) return as_tuple(iterable)->items;
  t->heap->push_root(iterable);
  Value it = make_iterator(t, iterable);
  t->heap->push_root(it);
  std::vector<Value> out;
  Value item;
  while (iter_next(t, it, &item)) {
    t->heap->push_root(item);  // popped by the caller's RootScope
    out.push_back(item);
  }
  return out;
}

// ------------------------------------------------------------------ semantics

std::string type_name(Value v) {
  switch (v.tag) {
    case Tag::None: return "NoneType";
    case Tag::Bool: return "bool";
    case Tag::Int: return "int";
    case Tag::Float: return "float";
    case Tag::Object: break;
  }
  switch (v.obj->kind) {
    case ObjKind::Str: return "str";
    case ObjKind::List: return "list";
    case ObjKind::Tuple: return "tuple";
    case ObjKind::Dict: return "dict";
    case ObjKind::Function: return "function";
    case ObjKind::Cell: return "cell";
    case ObjKind::Builtin: {
      static const char* types[] = {"int", "float", "str", "bool", "list", "dict", "tuple", "range"};
      auto name = intrinsics()[static_cast<BuiltinObject*>(v.obj)->index].name;
      for (auto* ty : types)
        if (name == ty) return "type";
      return "builtin_function_or_method";
    }
    case ObjKind::BoundMethod: return "builtin_function_or_method";
    case ObjKind::Range: return "range";
    case ObjKind::Iterator:
      switch (static_cast<IteratorObject*>(v.obj)->iter) {
        case IterKind::List: return "list_iterator";
        case IterKind::Tuple: return "tuple_iterator";
        case IterKind::Str: return "str_iterator";
        case IterKind::DictKeys: return "dict_keyiterator";
        case IterKind::DictValues: return "dict_valueiterator";
        case IterKind::DictItems: return "dict_itemiterator";
        case IterKind::Range: return "range_iterator";
        case IterKind::Enumerate: return "enumerate";
        case IterKind::Zip: return "zip";
      }
      return "iterator";
    case ObjKind::DictView:
      switch (static_cast<DictViewObject*>(v.obj)->view) {
        case DictViewKind::Keys: return "dict_keys";
        case DictViewKind::Values: return "dict_values";
        case DictViewKind::Items: return "dict_items";
      }
      return "dict_view";
    case ObjKind::Opaque: return "object";
  }
  return "object";
}

bool truthy(Value v) {
  switch (v.tag) {
    case Tag::None: return false;
    case Tag::Bool:
    case Tag::Int: return v.i != 0;
    case Tag::Float: return v.f != 0.0;
    case Tag::Object: break;
  }
  switch (v.obj->kind) {
    case ObjKind::Str: return as_str(v)->len != 0;
    case ObjKind::List: return !as_list(v)->items.empty();
    case ObjKind::Tuple: return !as_tuple(v)->items.empty();
    case ObjKind::Dict: return as_dict(v)->count != 0;
    case ObjKind::Range: return range_len(static_cast<RangeObject*>(v.obj)) != 0;
    case ObjKind::DictView: return as_dict(static_cast<DictViewObject*>(v.obj)->dict)->count != 0;
    default: return true;
  }
}

static bool is_number(Value v) { return v.tag == Tag::Int || v.tag == Tag::Bool || v.tag == Tag::Float; }

// Exact comparison of an int with a float: -1, 0, 1, or 2 when unordered (NaN).
static int cmp_int_float(int64_t i, double f) {
  if (std::isnan(f)) return 2;
  if (f >= 9223372036854775808.0) return -1;
  if (f < -9223372036854775808.0) return 1;
  double fl = std::floor(f);
  auto fi = static_cast<int64_t>(fl);
  if (i < fi) return -1;
  if (i > fi) return 1;
  return fl == f ? 0 : -1;  // i == floor(f) < f
}

// -1/0/1, 2 unordered
static int cmp_numbers(Value a, Value b) {
  if (a.tag != Tag::Float && b.tag != Tag::Float) return a.i < b.i ? -1 : a.i > b.i ? 1 : 0;
  if (a.tag == Tag::Float && b.tag == Tag::Float) {
    if (std::isnan(a.f) || std::isnan(b.f)) return 2;
    return a.f < b.f ? -1 : a.f > b.f ? 1 : 0;
  }
  if (a.tag == Tag::Float) {
    int c = cmp_int_float(b.i, a.f);
    return c == 2 ? 2 : -c;
  }
  return cmp_int_float(a.i, b.f);
}

bool values_equal(Thread* t, Value a, Value b) {
  if (is_number(a) && is_number(b)) return cmp_numbers(a, b) == 0;
  if (a.tag != Tag::Object || b.tag != Tag::Object) return a.tag == b.tag && a.tag == Tag::None;
  if (a.obj == b.obj) return true;
  if (a.obj->kind != b.obj->kind) return false;
  switch (a.obj->kind) {
    case ObjKind::Str: return str_view(a) == str_view(b);
    case ObjKind::List:
    case ObjKind::Tuple: {
      auto& x = a.obj->kind == ObjKind::List ? as_list(a)->items : as_tuple(a)->items;
      auto& y = b.obj->kind == ObjKind::List ? as_list(b)->items : as_tuple(b)->items;
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
        Value xi = x[i], yi = y[i];
        if (!(xi.tag == Tag::Object && yi.tag == Tag::Object && xi.obj == yi.obj) && !values_equal(t, xi, yi)) return false;
      }
      return x.size() == y.size();
    }
    case ObjKind::Dict: {
      if (as_dict(a)->count != as_dict(b)->count) return false;
      for (auto& e : as_dict(a)->entries) {
        if (!e.live) continue;
        Value other;
        if (!dict_get(t, b, e.key, &other)) return false;
        if (!values_equal(t, e.value, other)) return false;
      }
      return true;
    }
    case ObjKind::Range: {
      auto* x = static_cast<RangeObject*>(a.obj);
      auto* y = static_cast<RangeObject*>(b.obj);
      int64_t lx = range_len(x), ly = range_len(y);
      if (lx != ly) return false;
      if (lx == 0) return true;
      if (x->start != y->start) return false;
      return lx == 1 || x->step == y->step;
    }
    default: return false;
  }
}

static uint64_t mix(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

uint64_t hash_value(Thread* t, Value v) {
  switch (v.tag) {
    case Tag::None: return 0x9e3779b97f4a7c15ULL;
    // An int is its own hash, as in CPython: keys that are near each other
    // land in nearby index slots and entries, which the cache rewards (a dict
    // counting small ints). The probe sequence (DictProbe) mixes in the high
    // bits, so runs of consecutive keys do not turn into long linear scans.
    case Tag::Bool:
    case Tag::Int: return static_cast<uint64_t>(v.i);
    case Tag::Float: {
      double f = v.f;
      if (f == std::floor(f) && f >= -9223372036854775808.0 && f < 9223372036854775808.0)
        return static_cast<uint64_t>(static_cast<int64_t>(f));  // equal to the int's: 1.0 and 1 are one key
      if (f == 0) return 0;
      uint64_t bits;
      std::memcpy(&bits, &f, sizeof bits);
      return mix(bits ^ 0x5bd1e995ULL);
    }
    case Tag::Object: break;
  }
  switch (v.obj->kind) {
    case ObjKind::Str: {
      auto* s = as_str(v);
      if (!(s->flags & kStrHashed)) {
        uint64_t h = 1469598103934665603ULL;
        for (unsigned char c : str_view(s)) h = (h ^ c) * 1099511628211ULL;
        h = mix(h);
        s->hash = static_cast<uint32_t>(h ^ (h >> 32));  // 32 bits kept in the object
        s->flags |= kStrHashed;
      }
      // Spread over 64 bits again: the dict's probe and tag read the high bits.
      return s->hash * 0x9e3779b97f4a7c15ULL;
    }
    case ObjKind::Tuple: {
      uint64_t h = 0x345678ULL;
      for (auto& item : as_tuple(v)->items) h = mix(h * 1000003ULL ^ hash_value(t, item));
      return h;
    }
    case ObjKind::List:
    case ObjKind::Dict:
    case ObjKind::DictView:
      throw_error(t, "TypeError", fmt::format("unhashable type: '{}'", type_name(v)));
    default: return mix(reinterpret_cast<uintptr_t>(v.obj));
  }
}

static const char* order_symbol(int op) {
  switch (op) {
    case 0: return "<";
    case 1: return ">";
    case 2: return "<=";
    default: return ">=";
  }
}

// op: 0 <, 1 >, 2 <=, 3 >=
bool compare_order(Thread* t, int op, Value a, Value b) {
  auto apply = [op](int c) {
    if (c == 2) return false;
    switch (op) {
      case 0: return c < 0;
      case 1: return c > 0;
      case 2: return c <= 0;
      default: return c >= 0;
    }
  };
  if (is_number(a) && is_number(b)) return apply(cmp_numbers(a, b));
  if (a.tag == Tag::Object && b.tag == Tag::Object && a.obj->kind == b.obj->kind) {
    switch (a.obj->kind) {
      case ObjKind::Str: {
        int c = str_view(a).compare(str_view(b));
        return apply(c < 0 ? -1 : c > 0 ? 1 : 0);
      }
      case ObjKind::List:
      case ObjKind::Tuple: {
        auto& x = a.obj->kind == ObjKind::List ? as_list(a)->items : as_tuple(a)->items;
        auto& y = b.obj->kind == ObjKind::List ? as_list(b)->items : as_tuple(b)->items;
        size_t i = 0;
        for (; i < x.size() && i < y.size(); ++i)
          if (!values_equal(t, x[i], y[i])) break;
        if (i < x.size() && i < y.size()) return compare_order(t, op, x[i], y[i]);
        return apply(x.size() < y.size() ? -1 : x.size() > y.size() ? 1 : 0);
      }
      default: break;
    }
  }
  throw_error(t, "TypeError", fmt::format("'{}' not supported between instances of '{}' and '{}'", order_symbol(op),
                                          type_name(a), type_name(b)));
}

bool values_less(Thread* t, Value a, Value b) { return compare_order(t, 0, a, b); }

int64_t length(Thread* t, Value v) {
  if (v.tag == Tag::Object) {
    switch (v.obj->kind) {
      case ObjKind::Str: {
        auto* s = as_str(v);
        if (s->flags & kFlagAscii) return static_cast<int64_t>(s->len);
        int64_t n = 0;
        for (unsigned char c : str_view(s))
          if ((c & 0xC0) != 0x80) ++n;
        return n;
      }
      case ObjKind::List: return static_cast<int64_t>(as_list(v)->items.size());
      case ObjKind::Tuple: return static_cast<int64_t>(as_tuple(v)->items.size());
      case ObjKind::Dict: return static_cast<int64_t>(as_dict(v)->count);
      case ObjKind::Range: return range_len(static_cast<RangeObject*>(v.obj));
      case ObjKind::DictView: return static_cast<int64_t>(as_dict(static_cast<DictViewObject*>(v.obj)->dict)->count);
      default: break;
    }
  }
  throw_error(t, "TypeError", fmt::format("object of type '{}' has no len()", type_name(v)));
}

bool contains(Thread* t, Value c, Value item) {
  if (c.tag == Tag::Object) {
    switch (c.obj->kind) {
      case ObjKind::Str:
        if (!item.is(ObjKind::Str))
          throw_error(t, "TypeError", fmt::format("'in <string>' requires string as left operand, not {}", type_name(item)));
        return str_view(c).find(str_view(item)) != std::string_view::npos;
      case ObjKind::List:
      case ObjKind::Tuple: {
        auto& items = c.obj->kind == ObjKind::List ? as_list(c)->items : as_tuple(c)->items;
        for (size_t i = 0; i < items.size(); ++i) {
          Value x = items[i];
          if ((x.tag == Tag::Object && item.tag == Tag::Object && x.obj == item.obj) || values_equal(t, x, item)) return true;
        }
        return false;
      }
      case ObjKind::Dict: {
        Value dummy;
        return dict_get(t, c, item, &dummy);
      }
      case ObjKind::DictView: {
        auto* dv = static_cast<DictViewObject*>(c.obj);
        if (dv->view == DictViewKind::Keys) {
          Value dummy;
          return dict_get(t, dv->dict, item, &dummy);
        }
        for (auto& e : as_dict(dv->dict)->entries) {
          if (!e.live) continue;
          if (dv->view == DictViewKind::Values) {
            if (values_equal(t, e.value, item)) return true;
          } else if (item.is(ObjKind::Tuple) && as_tuple(item)->items.size() == 2 &&
                     values_equal(t, e.key, as_tuple(item)->items[0]) && values_equal(t, e.value, as_tuple(item)->items[1])) {
            return true;
          }
        }
        return false;
      }
      case ObjKind::Range: {
        auto* r = static_cast<RangeObject*>(c.obj);
        int64_t x;
        if (item.tag == Tag::Int || item.tag == Tag::Bool) x = item.i;
        else if (item.tag == Tag::Float && item.f == std::floor(item.f) && std::abs(item.f) < 9.2e18) x = static_cast<int64_t>(item.f);
        else return false;
        int64_t n = range_len(r);
        if (n == 0) return false;
        __int128 off = static_cast<__int128>(x) - r->start;
        if (off % r->step != 0) return false;
        __int128 k = off / r->step;
        return k >= 0 && k < n;
      }
      case ObjKind::Iterator: {
        Value x;
        while (iter_next(t, c, &x))
          if (values_equal(t, x, item)) return true;
        return false;
      }
      default: break;
    }
  }
  throw_error(t, "TypeError", fmt::format("argument of type '{}' is not iterable", type_name(c)));
}

// ------------------------------------------------------------------ dict

// The common keys (ints, the same object, two strs) without values_equal's
// general dispatch; hashes already matched.
static bool keys_equal(Thread* t, Value a, Value b) {
  if (a.tag == b.tag) {
    if (a.tag == Tag::Int) return a.i == b.i;
    if (a.tag == Tag::Object) {
      if (a.obj == b.obj) return true;
      if (a.obj->kind == ObjKind::Str && b.obj->kind == ObjKind::Str) return str_view(a) == str_view(b);
    }
  }
  return values_equal(t, a, b);
}

// hash_value with ints (the commonest key) inline.
static inline uint64_t key_hash(Thread* t, Value key) {
  return key.tag == Tag::Int ? static_cast<uint64_t>(key.i) : hash_value(t, key);
}

// The index slots a hash visits: CPython's open-addressing recurrence
// j = 5j + 1 + perturb, with perturb shifted down each step, so that all the
// hash's bits take part (a hash may be a plain int) and every slot is reached
// once perturb is spent.
struct DictProbe {
  DictProbe(uint64_t hash, size_t mask) : j(hash & mask), mask(mask), perturb(hash) {}
  void next() {
    perturb >>= 5;
    j = (j * 5 + perturb + 1) & mask;
  }
  size_t j, mask;
  uint64_t perturb;
};

static void dict_rebuild(DictObject* d, size_t want) {
  d->last = SIZE_MAX;
  if (d->count != d->entries.size()) {
    std::vector<DictObject::Entry> live;
    live.reserve(d->count);
    for (auto& e : d->entries)
      if (e.live) live.push_back(e);
    d->entries.swap(live);
  }
  size_t cap = 8;
  while (cap * 2 < want * 3 + 3) cap *= 2;
  d->index.assign(cap, DictObject::Slot{-1, 0});
  size_t mask = cap - 1;
  for (size_t i = 0; i < d->entries.size(); ++i) {
    DictProbe p(d->entries[i].hash, mask);
    while (d->index[p.j].entry != -1) p.next();
    d->index[p.j] = {static_cast<int32_t>(i), DictObject::tag_of(d->entries[i].hash)};
  }
}

// Index slot of key, or -1; *insert_at: where a new key would go.
static int64_t dict_lookup(Thread* t, DictObject* d, Value key, uint64_t h, size_t* insert_at) {
  if (d->index.empty()) dict_rebuild(d, 1);
  size_t mask = d->index.size() - 1;
  size_t first_free = SIZE_MAX;
  uint32_t tag = DictObject::tag_of(h);
  for (DictProbe p(h, mask);; p.next()) {
    DictObject::Slot slot = d->index[p.j];
    int32_t idx = slot.entry;
    if (idx == -1) {
      if (insert_at) *insert_at = first_free != SIZE_MAX ? first_free : p.j;
      return -1;
    }
    if (idx == -2) {
      if (first_free == SIZE_MAX) first_free = p.j;
    } else if (slot.tag == tag) {
      auto& e = d->entries[idx];
      if (e.hash == h && keys_equal(t, e.key, key)) return static_cast<int64_t>(p.j);
    }
  }
}

// The entry of d->last when `key` is that entry's key by identity (same int,
// same object; not floats, whose NaN is not equal to itself), else null.
static DictObject::Entry* dict_last(DictObject* d, Value key) {
  if (d->last >= d->entries.size() || key.tag == Tag::Float) return nullptr;
  DictObject::Entry& e = d->entries[d->last];
  return e.live && e.key.tag == key.tag && e.key.bits == key.bits ? &e : nullptr;
}

bool dict_get(Thread* t, Value dict, Value key, Value* out) {
  auto* d = as_dict(dict);
  if (DictObject::Entry* e = dict_last(d, key)) {
    *out = e->value;
    return true;
  }
  uint64_t h = key_hash(t, key);
  if (d->count == 0) return false;
  int64_t j = dict_lookup(t, d, key, h, nullptr);
  if (j < 0) return false;
  d->last = static_cast<size_t>(d->index[j].entry);
  *out = d->entries[d->last].value;
  return true;
}

int64_t dict_find_int(DictObject* d, int64_t key) {
  if (dict_last(d, Value::integer(key))) return static_cast<int64_t>(d->last);
  if (d->count == 0) return -1;
  uint64_t h = static_cast<uint64_t>(key);  // hash_value of an int
  size_t mask = d->index.size() - 1;
  uint32_t tag = DictObject::tag_of(h);
  for (DictProbe p(h, mask);; p.next()) {
    DictObject::Slot slot = d->index[p.j];
    int32_t idx = slot.entry;
    if (idx == -1) return -1;
    if (idx < 0 || slot.tag != tag) continue;  // deleted, or another hash
    const DictObject::Entry& e = d->entries[static_cast<size_t>(idx)];
    if (e.hash != h) continue;
    if (e.key.tag != Tag::Int) return -2;
    if (e.key.i == key) {
      d->last = static_cast<size_t>(idx);
      return idx;
    }
  }
}

void list_append(Thread* t, Value list, Value item) {
  auto& items = list_items(list);
  t->heap->before_push(items);
  items.push_back(item);
  t->heap->note_growth(sizeof(Value));
}

void dict_set(Thread* t, Value dict, Value key, Value value) {
  auto* d = as_dict(dict);
  if (DictObject::Entry* e = dict_last(d, key)) {
    e->value = value;
    return;
  }
  uint64_t h = key_hash(t, key);
  size_t at = 0;
  int64_t j = dict_lookup(t, d, key, h, &at);
  if (j >= 0) {
    d->last = static_cast<size_t>(d->index[j].entry);
    d->entries[d->last].value = value;
    return;
  }
  if ((d->entries.size() + 1) * 3 >= d->index.size() * 2) {
    size_t index_before = d->index.size();
    dict_rebuild(d, d->count + 1 > d->entries.size() / 2 ? (d->count + 1) * 2 : d->count + 1);
    if (d->index.size() > index_before) t->heap->grow((d->index.size() - index_before) * sizeof(DictObject::Slot));
    dict_lookup(t, d, key, h, &at);
  }
  t->heap->before_push(d->entries);
  d->index[at] = {static_cast<int32_t>(d->entries.size()), DictObject::tag_of(h)};
  d->last = d->entries.size();
  d->entries.push_back({key, value, h, true});
  ++d->count;
  ++d->version;
  t->heap->note_growth(sizeof(DictObject::Entry) + sizeof(DictObject::Slot) * 2);
}

bool dict_del(Thread* t, Value dict, Value key, Value* removed) {
  auto* d = as_dict(dict);
  uint64_t h = key_hash(t, key);
  if (d->count == 0) return false;
  int64_t j = dict_lookup(t, d, key, h, nullptr);
  if (j < 0) return false;
  auto& e = d->entries[d->index[j].entry];
  if (removed) *removed = e.value;
  e.live = false;
  e.key = Value::none();
  e.value = Value::none();
  d->index[j].entry = -2;
  --d->count;
  ++d->version;
  if (d->count == 0) {
    d->entries.clear();
    d->index.clear();
  }
  return true;
}

size_t dict_size(Value dict) { return as_dict(dict)->count; }

// ------------------------------------------------------------------ formatting

std::string format_float(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  if (x == 0) return std::signbit(x) ? "-0.0" : "0.0";
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific);
  std::string sci(buf, res.ptr);
  bool neg = sci[0] == '-';
  if (neg) sci.erase(0, 1);
  size_t epos = sci.find('e');
  std::string mant = sci.substr(0, epos);
  int exp = std::atoi(sci.c_str() + epos + 1);
  std::string digits;
  for (char c : mant)
    if (c != '.') digits += c;
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  int decpt = exp + 1;  // value = 0.digits * 10^decpt
  std::string out = neg ? "-" : "";
  if (decpt > -4 && decpt <= 16) {
    if (decpt <= 0) {
      out += "0.";
      out.append(static_cast<size_t>(-decpt), '0');
      out += digits;
    } else if (static_cast<size_t>(decpt) >= digits.size()) {
      out += digits;
      out.append(decpt - digits.size(), '0');
      out += ".0";
    } else {
      out += digits.substr(0, decpt);
      out += '.';
      out += digits.substr(decpt);
    }
  } else {
    out += digits[0];
    if (digits.size() > 1) {
      out += '.';
      out += digits.substr(1);
    }
    int e = decpt - 1;
    out += e < 0 ? "e-" : "e+";
    int ae = std::abs(e);
    if (ae < 10) out += '0';
    out += std::to_string(ae);
  }
  return out;
}

// Code points above ASCII that Python's repr() escapes (str.isprintable() is
// false): the separators (Zs but the space, Zl, Zp), format characters (Cf) and
// private use (Co). Unassigned code points (Cn) are printed as they are, which
// differs from Python; the tables for them are not worth their size here.
struct CodeRange {
  uint32_t lo, hi;
};
constexpr CodeRange kNotPrintable[] = {
    {0x80, 0xA0},       {0xAD, 0xAD},       {0x600, 0x605},     {0x61C, 0x61C},     {0x6DD, 0x6DD},
    {0x70F, 0x70F},     {0x890, 0x891},     {0x8E2, 0x8E2},     {0x1680, 0x1680},   {0x180E, 0x180E},
    {0x2000, 0x200F},   {0x2028, 0x202F},   {0x205F, 0x206F},   {0x2065, 0x2065},   {0x3000, 0x3000},
    {0xD800, 0xF8FF},   {0xFEFF, 0xFEFF},   {0xFFF9, 0xFFFB},   {0x110BD, 0x110BD}, {0x110CD, 0x110CD},
    {0x13430, 0x1343F}, {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A}, {0xE0001, 0xE0001}, {0xE0020, 0xE007F},
    {0xF0000, 0x10FFFF},
};

static bool printable_code_point(uint32_t cp) {
  for (const CodeRange& r : kNotPrintable)
    if (cp >= r.lo && cp <= r.hi) return false;
  return true;
}

std::string quote_str(std::string_view s) {
  bool has_single = s.find('\'') != std::string_view::npos;
  bool has_double = s.find('"') != std::string_view::npos;
  char q = has_single && !has_double ? '"' : '\'';
  std::string out;
  out.reserve(s.size() + 2);
  out += q;
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == static_cast<unsigned char>(q) || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7f) {
      out += fmt::format("\\x{:02x}", c);
    } else if (uint32_t cp = 0; c >= 0xC0 && unicode::decode_utf8(s, i, &cp) && !printable_code_point(cp)) {
      out += cp < 0x100 ? fmt::format("\\x{:02x}", cp) : cp < 0x10000 ? fmt::format("\\u{:04x}", cp) : fmt::format("\\U{:08x}", cp);
      i += unicode::decode_utf8(s, i, &cp) - 1;
    } else {
      out += static_cast<char>(c);
    }
  }
  out += q;
  return out;
}

static void repr_into(Thread* t, Value v, std::string& out, std::vector<Object*>& active);

static std::string builtin_repr(const BuiltinObject* b) {
  std::string_view name = intrinsics()[b->index].name;
  static const char* types[] = {"int", "float", "str", "bool", "list", "dict", "tuple", "range"};
  for (auto* ty : types)
    if (name == ty) return fmt::format("<class '{}'>", name);
  return fmt::format("<built-in function {}>", name);
}

static void repr_into(Thread* t, Value v, std::string& out, std::vector<Object*>& active) {
  switch (v.tag) {
    case Tag::None: out += "None"; return;
    case Tag::Bool: out += v.i ? "True" : "False"; return;
    case Tag::Int: out += std::to_string(v.i); return;
    case Tag::Float: out += format_float(v.f); return;
    case Tag::Object: break;
  }
  Object* o = v.obj;
  auto recursive = [&](const char* text) {
    if (std::find(active.begin(), active.end(), o) != active.end()) {
      out += text;
      return true;
    }
    return false;
  };
  switch (o->kind) {
    case ObjKind::Str: out += quote_str(str_view(v)); return;
    case ObjKind::List: {
      if (recursive("[...]")) return;
      active.push_back(o);
      out += '[';
      auto& items = as_list(v)->items;
      for (size_t i = 0; i < items.size(); ++i) {
        if (i) out += ", ";
        repr_into(t, items[i], out, active);
      }
      out += ']';
      active.pop_back();
      return;
    }
    case ObjKind::Tuple: {
      if (recursive("(...)")) return;
      active.push_back(o);
      out += '(';
      auto& items = as_tuple(v)->items;
      for (size_t i = 0; i < items.size(); ++i) {
        if (i) out += ", ";
        repr_into(t, items[i], out, active);
      }
      if (items.size() == 1) out += ',';
      out += ')';
      active.pop_back();
      return;
    }
    case ObjKind::Dict: {
      if (recursive("{...}")) return;
      active.push_back(o);
      out += '{';
      bool first = true;
      for (auto& e : as_dict(v)->entries) {
        if (!e.live) continue;
        if (!first) out += ", ";
        first = false;
        repr_into(t, e.key, out, active);
        out += ": ";
        repr_into(t, e.value, out, active);
      }
      out += '}';
      active.pop_back();
      return;
    }
    case ObjKind::DictView: {
      auto* dv = static_cast<DictViewObject*>(o);
      out += type_name(v);
      out += "([";
      bool first = true;
      for (auto& e : as_dict(dv->dict)->entries) {
        if (!e.live) continue;
        if (!first) out += ", ";
        first = false;
        if (dv->view == DictViewKind::Keys) {
          repr_into(t, e.key, out, active);
        } else if (dv->view == DictViewKind::Values) {
          repr_into(t, e.value, out, active);
        } else {
          out += '(';
          repr_into(t, e.key, out, active);
          out += ", ";
          repr_into(t, e.value, out, active);
          out += ')';
        }
      }
      out += "])";
      return;
    }
    case ObjKind::Function: {
      auto* f = as_function(v);
      std::string q = f->code ? (f->code->qualified.empty() ? f->code->name : f->code->qualified) : std::string("?");
      out += fmt::format("<function {} at {:#x}>", q, reinterpret_cast<uintptr_t>(o));
      return;
    }
    case ObjKind::Cell: out += fmt::format("<cell at {:#x}>", reinterpret_cast<uintptr_t>(o)); return;
    case ObjKind::Builtin: out += builtin_repr(static_cast<BuiltinObject*>(o)); return;
    case ObjKind::BoundMethod: {
      auto* b = static_cast<BoundMethodObject*>(o);
      out += fmt::format("<built-in method {} of {} object at {:#x}>", b->method->name, type_name(b->self),
                         reinterpret_cast<uintptr_t>(b->self.tag == Tag::Object ? b->self.obj : nullptr));
      return;
    }
    case ObjKind::Range: {
      auto* r = static_cast<RangeObject*>(o);
      if (r->step == 1) out += fmt::format("range({}, {})", r->start, r->stop);
      else out += fmt::format("range({}, {}, {})", r->start, r->stop, r->step);
      return;
    }
    case ObjKind::Iterator:
    case ObjKind::Opaque:
      out += fmt::format("<{} object at {:#x}>", type_name(v), reinterpret_cast<uintptr_t>(o));
      return;
  }
}

std::string repr(Thread* t, Value v) {
  std::string out;
  std::vector<Object*> active;
  repr_into(t, v, out, active);
  return out;
}

std::string to_str(Thread* t, Value v) {
  if (v.is(ObjKind::Str)) return std::string(str_view(v));
  return repr(t, v);
}

// ------------------------------------------------------------------ parsing

static std::string_view strip_ws(std::string_view s) {
  auto ws = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; };
  while (!s.empty() && ws(s.front())) s.remove_prefix(1);
  while (!s.empty() && ws(s.back())) s.remove_suffix(1);
  return s;
}

bool parse_int(std::string_view s, int64_t* out, bool* overflow) {
  *overflow = false;
  s = strip_ws(s);
  bool neg = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s.empty()) return false;
  unsigned __int128 acc = 0;
  bool prev_digit = false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '_') {
      if (!prev_digit || i + 1 == s.size()) return false;
      prev_digit = false;
      continue;
    }
    if (c < '0' || c > '9') return false;
    prev_digit = true;
    acc = acc * 10 + static_cast<unsigned>(c - '0');
    if (acc > (static_cast<unsigned __int128>(1) << 64)) *overflow = true;
  }
  if (!prev_digit) return false;
  if (*overflow) return true;
  unsigned __int128 limit = neg ? (static_cast<unsigned __int128>(1) << 63) : ((static_cast<unsigned __int128>(1) << 63) - 1);
  if (acc > limit) {
    *overflow = true;
    return true;
  }
  *out = neg ? static_cast<int64_t>(-static_cast<__int128>(acc)) : static_cast<int64_t>(acc);
  return true;
}

bool parse_float(std::string_view s, double* out) {
  s = strip_ws(s);
  std::string clean;
  bool prev_digit = false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '_') {
      if (!prev_digit || i + 1 == s.size() || !(s[i + 1] >= '0' && s[i + 1] <= '9')) return false;
      continue;
    }
    prev_digit = c >= '0' && c <= '9';
    clean += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  std::string_view body = clean;
  bool neg = false;
  if (!body.empty() && (body[0] == '+' || body[0] == '-')) {
    neg = body[0] == '-';
    body.remove_prefix(1);
  }
  if (body == "inf" || body == "infinity") {
    *out = neg ? -INFINITY : INFINITY;
    return true;
  }
  if (body == "nan") {
    *out = neg ? -NAN : NAN;
    return true;
  }
  if (body.empty()) return false;
  for (char c : body)
    if (!((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == '+' || c == '-')) return false;
  char* end = nullptr;
  double v = std::strtod(clean.c_str(), &end);
  if (end != clean.c_str() + clean.size()) return false;
  *out = v;
  return true;
}

}  // namespace plank::core
