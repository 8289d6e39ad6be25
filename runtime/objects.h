// Heap object layouts and the small public API the engines and intrinsics use
// to build, inspect and print values. Objects are allocated by the Heap
// (heap.h) and never move; a Value holding an Object* keeps it alive only while
// the Value is reachable from a root (frame slots, module constants/globals,
// the heap's explicit root stack).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/intrinsics.h"
#include "runtime/thread.h"
#include "runtime/value.h"

namespace plank::core {

// A str is immutable: its bytes are `len` UTF-8 bytes read through str_view().
// Building a string by appending (`s = s + t`, `s += t`) is amortised linear,
// as in CPython, without knowing whether anything else refers to `s`: the
// result of an append to a string whose bytes end its buffer (the "tip")
// shares that buffer, which grows in place within its reserved capacity, so
// every older string still reads its own unchanged prefix (see concat_str).
inline constexpr uint16_t kStrAscii = 1;   // StrObject flag: all bytes < 0x80 (code points = bytes)
inline constexpr uint16_t kStrHashed = 4;  // StrObject flag: `hash` is set (a flag, not a bool: the object fits 64 bytes)
// StrObject flag: only one local refers to this string (a "builder", proved by
// compiler/lower/mark_string_builders), so an append may change it in place.
// Set only by append_str_in_place on a string it made; cleared by seal_str.
inline constexpr uint16_t kStrBuilder = 8;
// StrObject flag: the bytes are inline, in the object itself, which is then
// allocated 16 + len bytes (a 32-, 48- or 64-byte pool slot): most strings are
// short and made whole (str(i), s.upper(), split's parts), and a third to half
// of a 64-byte slot was a std::string with nothing in it.
inline constexpr uint16_t kStrInline = 16;
// A 16-byte header (the object's 8, a 32-bit length, a 32-bit cached hash):
// strings of up to 16 bytes (`'item' + str(i)`, most words and numbers) take a
// 32-byte slot. With a 64-bit length and hash they took 48 bytes from 9 on,
// and a string benchmark's time goes with the memory its strings cover.
struct StrObject : Object {
  uint32_t len = 0;   // bytes; make_str and the others refuse more than kMaxLen (MemoryError)
  uint32_t hash = 0;  // valid when flags has kStrHashed
  static constexpr size_t kMaxLen = UINT32_MAX;
  struct Shared {
    StrObject* owner = nullptr;  // set: this string's bytes are owner->shared.buffer[0, len)
    std::string buffer;          // the bytes when owner is null; may extend past len (appended strings share it)
  };
  static constexpr size_t kInlineMax = 48;  // the most bytes kept inline: the object is then one 64-byte slot
  union {
    Shared shared;               // without kStrInline (started by start_shared, ended by Heap::destroy)
    char bytes[kInlineMax];      // with kStrInline: the first len
  };
  StrObject() {}
  ~StrObject() {}
  bool is_inline() const { return flags & kStrInline; }
  void start_shared(StrObject* owner = nullptr) { new (&shared) Shared{owner, {}}; }
  void end() {
    if (!is_inline()) shared.~Shared();
  }
  // The buffer this string's bytes are in; null for an inline string.
  StrObject* root() { return is_inline() ? nullptr : shared.owner ? shared.owner : this; }
};
static_assert(sizeof(StrObject) <= 64, "a str is one 64-byte pool slot");
inline constexpr size_t kStrInlineOffset = sizeof(Object) + 2 * sizeof(uint32_t);  // where `bytes` starts

struct ListObject : Object {
  std::vector<Value> items;
};

// A list or dict that is an instance of a user class deriving from list or
// dict (`class OrderedCollection(list)`): the same object kind, so every list
// or dict operation works on it unchanged, with the class and the instance's
// own attributes after the native part (runtime/classes.h).
struct ClassObject;
inline constexpr uint16_t kSubclassInstance = 0x8000;  // Object::flags of such a list or dict

struct TupleObject : Object {
  std::vector<Value> items;
};

// Insertion-ordered hash map (CPython's compact dict): `entries` in insertion
// order (deleted ones have live=false), `index` an open-addressed table of
// entry indices (-1 empty, -2 deleted).
struct DictObject : Object {
  struct Entry {
    Value key;
    Value value;
    uint64_t hash;
    bool live;
  };
  // An index slot: the entry's position (-1 empty, -2 deleted) and a tag
  // made from its hash, so that a probe passes over a colliding slot without
  // loading the entry (the loads of colliding entries were half of an
  // int-keyed lookup's time).
  struct Slot {
    int32_t entry;
    uint32_t tag;
  };
  // Mixed (an int's hash is the int itself, whose top half is usually 0).
  static uint32_t tag_of(uint64_t hash) { return static_cast<uint32_t>((hash * 0x9e3779b97f4a7c15ULL) >> 32); }
  std::vector<Entry> entries;
  std::vector<Slot> index;
  size_t count = 0;
  // The entry the last lookup found or inserted: `k in d`, then `d[k]`, then
  // `d[k] = v` find it without hashing or probing when k is the same int or
  // the same object (identity implies equality for a key, as in CPython's
  // lookup). Checked against the entry itself (live, same key), so only a
  // rebuild, which moves entries, must reset it.
  size_t last = SIZE_MAX;
  uint64_t version = 0;  // bumped when the key set changes (iteration checks)
};

struct ListSubObject : ListObject {
  ClassObject* cls = nullptr;
  Value dict = Value::none();
};
struct DictSubObject : DictObject {
  ClassObject* cls = nullptr;
  Value dict = Value::none();
};
inline bool is_subclass_instance(Value v) {
  return v.tag == Tag::Object && (v.obj->kind == ObjKind::List || v.obj->kind == ObjKind::Dict) &&
         (v.obj->flags & kSubclassInstance);
}

struct FunctionObject : Object {
  CodeInfo* code = nullptr;
  ModuleRuntime* module = nullptr;
  std::vector<Value> defaults;  // for the last defaults.size() positional parameters
  std::vector<Value> kwdefaults;  // for the keyword-only parameters that have one, in order
  std::vector<Value> cells;     // captured cells, in CodeInfo::free_names order
  Value dict = Value::none();   // the function's own attributes (`f.cache = {}`), made on first use
  Value doc = Value::none();    // __doc__ (its docstring), which is not one of those attributes
  // __name__ and __qualname__ once assigned (strs; None: the code's), __module__
  // once assigned (any value, own_module set): the function's own, as CPython's.
  Value name = Value::none();
  Value qualname = Value::none();
  Value module_name = Value::none();
  bool own_module = false;
};

struct CellObject : Object {
  Value value = Value::none();
  bool set = false;
};

struct BuiltinObject : Object {
  uint32_t index = 0;  // into intrinsics()
};

struct HostFunction;  // runtime/host_function.h
struct HostFunctionObject : Object {
  const HostFunction* function = nullptr;
};

// `s.split` before the call; with kUnboundMethod (`str.lower`), the first argument is self.
inline constexpr uint16_t kUnboundMethod = 1;
struct BoundMethodObject : Object {
  Value self = Value::none();
  const Method* method = nullptr;
};

struct RangeObject : Object {
  int64_t start = 0, stop = 0, step = 1;
};

// Reversed: items of a list/tuple/str/range backwards (source the sequence, pos the next index);
// Map: func(items of parts) (source the function); Filter: items of source for which
// parts[0] (None: truth) holds; Callable: iter(func, sentinel) (source func, parts[0] sentinel).
enum class IterKind : uint8_t {
  List, Tuple, Str, DictKeys, DictValues, DictItems, Range, Enumerate, Zip,
  Set, Bytes, Reversed, Map, Filter, Callable,
};

struct IteratorObject : Object {
  IterKind iter = IterKind::List;
  Value source = Value::none();  // the container (or the inner iterator for enumerate)
  int64_t pos = 0;               // index / byte offset / current range value / enumerate counter
  int64_t remaining = 0;         // range: items left
  int64_t step = 0;              // range step
  uint64_t version = 0;          // dict iterators: the dict's version at creation
  std::vector<Value> parts;      // zip: the inner iterators
};

enum class DictViewKind : uint8_t { Keys, Values, Items };
struct DictViewObject : Object {
  Value dict = Value::none();
  DictViewKind view = DictViewKind::Keys;
};

// ------------------------------------------------------------------ errors
// Internal: runtime C++ code raises with throw_error (records the error on the
// thread, then throws Raised); every extern "C" pk_* entry point catches it and
// returns false, so no exception ever crosses compiled code.
struct Raised {};
[[noreturn]] void throw_error(Thread* t, std::string_view kind, std::string message);
[[noreturn]] void rethrow_pending();  // after a pk_* / entry returned false
void set_error(Thread* t, std::string_view kind, std::string message);  // records + captures the traceback

// ------------------------------------------------------------------ construction
// All of these may collect: operands must be rooted (slots, root stack).
Value make_str(Thread* t, std::string_view s);
Value make_str_from(Thread* t, std::string&& s);  // takes the bytes over: no copy of a built result
// A str whose bytes the caller writes into the object: new_str.h.
Value concat_str(Thread* t, Value a, Value b);  // a + b for two str values
// a + b for a builder local's `a = a + b` (the compiler has proved that
// nothing else refers to a string with kStrBuilder): extends a itself when it
// carries the flag and ends its buffer, else returns a new flagged string.
Value append_str_in_place(Thread* t, Value a, Value b);
// The builder's string may be shared from now on (`return s`).
void seal_str(Value v);
Value intern_str(Thread* t, std::string_view s);  // one object per distinct string, never collected
Value make_list(Thread* t, std::vector<Value> items = {});
Value make_tuple(Thread* t, std::vector<Value> items = {});
Value make_dict(Thread* t);
Value make_cell(Thread* t, const Value* initial);
Value make_range(Thread* t, int64_t start, int64_t stop, int64_t step);
int64_t range_len(const RangeObject* r);          // how many values the range yields
Value make_builtin(Thread* t, uint32_t intrinsic);  // cached: `len is len`
Value make_bound_method(Thread* t, Value self, const Method* m);
Value make_iterator(Thread* t, Value iterable);     // iter(x); TypeError when not iterable
Value make_dict_view(Thread* t, Value dict, DictViewKind which);

// ------------------------------------------------------------------ access
inline StrObject* as_str(Value v) { return static_cast<StrObject*>(v.obj); }
inline ListObject* as_list(Value v) { return static_cast<ListObject*>(v.obj); }
inline TupleObject* as_tuple(Value v) { return static_cast<TupleObject*>(v.obj); }
inline DictObject* as_dict(Value v) { return static_cast<DictObject*>(v.obj); }
inline FunctionObject* as_function(Value v) { return static_cast<FunctionObject*>(v.obj); }
inline CellObject* as_cell(Value v) { return static_cast<CellObject*>(v.obj); }
inline std::string_view str_view(const StrObject* s) {
  if (s->is_inline()) return {s->bytes, s->len};
  return {(s->shared.owner ? s->shared.owner : s)->shared.buffer.data(), s->len};
}
inline std::string_view str_view(Value v) { return str_view(as_str(v)); }
std::vector<Value>& list_items(Value v);
void list_append(Thread* t, Value list, Value item);  // xs.append(item), held to the heap budget
const std::vector<Value>& tuple_items(Value v);

// dict: Python key equality (1 == 1.0 == True hash alike); unhashable keys raise TypeError.
bool dict_get(Thread* t, Value dict, Value key, Value* out);  // false when absent
void dict_set(Thread* t, Value dict, Value key, Value value);
// The entry index of int key `key` in `d` (remembered as its last lookup), -1
// when absent, -2 when an entry of the same hash has a key that is not an int
// (a bool or float that may equal it: dict_get decides). Never allocates or
// raises, so compiled code calls it without rooting anything (codegen's
// inline_containers.cpp).
int64_t dict_find_int(DictObject* d, int64_t key);
bool dict_del(Thread* t, Value dict, Value key, Value* removed = nullptr);
// A new dict with the entries of dict, in order.
Value dict_copy(Thread* t, Value dict);
size_t dict_size(Value dict);
// Live entries in insertion order.
template <class F>
void dict_for_each(Value dict, F&& f) {
  for (auto& e : as_dict(dict)->entries)
    if (e.live) f(e.key, e.value);
}

// ------------------------------------------------------------------ semantics
std::string type_name(Value v);                    // "int", "str", "NoneType", "function", ...
bool truthy(Value v);
bool values_equal(Thread* t, Value a, Value b);    // Python ==
uint64_t hash_value(Thread* t, Value v);           // TypeError: unhashable type: 'list'
// Python's ordering; compare_order op: 0 <, 1 >, 2 <=, 3 >=. TypeError for unordered types.
bool values_less(Thread* t, Value a, Value b);
bool compare_order(Thread* t, int op, Value a, Value b);
// a <op> b with an instance on either side (op: runtime/compare_op.h, kLt..kNe): the
// value the class's method returns, as CPython's (runtime/rich_compare.cpp).
Value rich_compare(Thread* t, uint32_t op, Value a, Value b);
bool contains(Thread* t, Value container, Value item);  // `item in container`
Value get_item_value(Thread* t, Value obj, Value index);   // obj[index] (raises)
// The builtin a global name falls back to: an intrinsic, a builtin class (object,
// ValueError...), NotImplemented, Ellipsis, __name__; false when there is none.
bool builtin_value(Thread* t, std::string_view name, Value* out);
// Python truth with __bool__ / __len__ for objects of classes; truthy() for the rest.
bool truth(Thread* t, Value v);
int64_t length(Thread* t, Value v);                // len(); TypeError when unsized
// Calls any callable (functions, builtins, bound methods).
Value call_value(Thread* t, Value callee, const Value* args, uint32_t npos, uint32_t nkw = 0,
                 const Value* kwnames = nullptr);
// next(it): false when exhausted.
bool iter_next(Thread* t, Value iter, Value* out);
// Materialises any iterable as a vector. Items it creates (str characters, dict
// item tuples) are pushed on the heap's root stack: call it inside a RootScope.
std::vector<Value> collect_iterable(Thread* t, Value iterable);

// ------------------------------------------------------------------ formatting
std::string format_float(double x);                // Python repr(float)
std::string quote_str(std::string_view s);         // Python repr(str)
std::string repr(Thread* t, Value v);
// A function's __qualname__ (assigned, else its code's), as its repr and call errors name it.
std::string function_display_name(const FunctionObject* f);
// Where print (and the REPL's display of a value) writes: Thread::writer, else Thread::output, else stdout.
void write_output(Thread* t, std::string_view text);
std::string to_str(Thread* t, Value v);

// parsing (int() / float() of a str)
bool parse_int(std::string_view s, int64_t* out, bool* overflow);
bool parse_float(std::string_view s, double* out);

}  // namespace plank::core
