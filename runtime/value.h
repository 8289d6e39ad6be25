// Plank's value representation: the ABI shared by JIT-compiled code, the IR
// interpreter and the runtime. A Value is 16 bytes: a tag and a payload.
// Immediate values (None, bool, int, float) need no allocation; everything
// else is a garbage-collected heap Object.
//
// Why 16 bytes and not NaN-boxing: Plank ints are full 64-bit (overflow is an
// error, not a silent promotion), which NaN-boxing cannot hold.
//
// Compiled code and the interpreter keep Values in frame slots (arrays of
// Value registered with the Thread), which is also how the collector finds
// its roots: no conservative stack scanning.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace plank::core {

enum class Tag : uint64_t { None = 0, Bool = 1, Int = 2, Float = 3, Object = 4 };

// Kinds of heap objects. Order is part of the ABI (codegen tests `kind`).
enum class ObjKind : uint8_t {
  Str,
  List,
  Tuple,
  Dict,
  Function,     // a Plank function (code + defaults + captured cells)
  Cell,         // a captured variable shared by closures
  Builtin,      // an intrinsic used as a value (`f = len`)
  BoundMethod,  // `s.split` before the call
  Range,
  Iterator,     // list/tuple/str/dict/range iterators, enumerate, zip
  Opaque,       // runtime-owned handles (world objects, ...) for later issues
  DictView,     // d.keys() / d.values() / d.items() (appended: the order above is ABI)
  HostFunction, // a function an embedding host registered (runtime/host_function.h)
  // The Python of plans and agent scripts (issue 27), appended likewise:
  Set,          // set and frozenset (flags: kFrozen), CPython's table (iteration order as CPython's)
  BigInt,       // an int outside 64 bits (runtime/bigint.h); an int that fits is always a Tag::Int
  Class,        // a class (runtime/classes.h)
  Instance,     // an instance of a class
  Method,       // a function bound to an object (`obj.method` as a value)
  Super,        // super(cls, obj)
  Wrapper,      // staticmethod, classmethod, property
  Generator,    // a generator or coroutine: its frame in the heap (runtime/generator.h)
  Module,       // an imported module (runtime/modules.h)
  Bytes,        // bytes (runtime/bytes.h)
  ByteArray,    // bytearray
  Slice,        // slice(start, stop, step)
  Singleton,    // Ellipsis, NotImplemented
  Native,       // a runtime-defined object with its own methods (deque, partial, ...: runtime/native.h)
};

struct Object {
  ObjKind kind;
  uint8_t gc_mark = 0;  // 0 for an object in the pool (its mark is in its chunk's bitmap); see object_pool.h
  uint16_t flags = 0;
  uint32_t size_class = 0;  // bookkeeping for the collector's byte count
};
static_assert(sizeof(Object) == 8, "an object header is 8 bytes (a str's is 16, its length and hash included)");

struct Value {
  Tag tag;
  union {
    int64_t i;
    double f;
    uint64_t bits;
    Object* obj;
  };

  static Value none() { return Value{Tag::None, {0}}; }
  static Value boolean(bool b) { Value v{Tag::Bool, {0}}; v.i = b ? 1 : 0; return v; }
  static Value integer(int64_t x) { Value v{Tag::Int, {0}}; v.i = x; return v; }
  static Value real(double x) { Value v{Tag::Float, {0}}; v.f = x; return v; }
  static Value object(Object* o) { Value v{Tag::Object, {0}}; v.obj = o; return v; }

  bool is_none() const { return tag == Tag::None; }
  bool is_bool() const { return tag == Tag::Bool; }
  bool is_int() const { return tag == Tag::Int; }
  bool is_float() const { return tag == Tag::Float; }
  bool is_object() const { return tag == Tag::Object; }
  bool is(ObjKind k) const { return tag == Tag::Object && obj->kind == k; }
};
// Reads a Value that compiled code may have just written (as two 8-byte
// stores) with two 8-byte loads. A copy the C++ compiler would otherwise make
// with one 16-byte load cannot be forwarded from those two pending stores and
// stalls about 15 cycles (a tenth of list/dict work's time: `xs.append(x)`,
// `d[k] = v`). The empty asm keeps the halves in integer registers.
inline Value load_value(const Value* p) {
  uint64_t tag = static_cast<uint64_t>(p->tag), bits = p->bits;
  asm("" : "+r"(tag), "+r"(bits));
  Value v{static_cast<Tag>(tag), {0}};
  v.bits = bits;
  return v;
}

static_assert(sizeof(Value) == 16, "Value is part of the JIT ABI");
static_assert(offsetof(Value, i) == 8, "payload offset is part of the JIT ABI");

}  // namespace plank::core
