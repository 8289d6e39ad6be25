// set and frozenset (issue 27), laid out as CPython's setobject.c so that a
// set iterates (and prints) in exactly CPython's order: the same table
// sizes, linear probes, perturbation, resizing and dummies, over CPython's
// hash of ints, floats, tuples and frozensets (py_hash). Strings hash
// differently (CPython randomises them per process anyway).
#pragma once
#include <cstdint>
#include <vector>

#include "runtime/objects.h"

namespace plank::core {

inline constexpr uint16_t kFrozen = 1;  // SetObject flag: a frozenset

struct SetObject : Object {
  enum : uint8_t { kEmpty = 0, kActive = 1, kDummy = 2 };
  struct Entry {
    Value key;
    int64_t hash = 0;
    uint8_t state = kEmpty;
  };
  std::vector<Entry> table = std::vector<Entry>(8);
  size_t fill = 0;     // active + dummy
  size_t used = 0;     // active
  size_t mask = 7;
  size_t finger = 0;   // where pop() looks next
  int64_t hash = -1;   // a frozenset's, once computed
  bool frozen() const { return flags & kFrozen; }
};

inline SetObject* as_set(Value v) { return static_cast<SetObject*>(v.obj); }
inline bool is_anyset(Value v) { return v.is(ObjKind::Set); }

// CPython's hash() of a value (ints mod 2**61 - 1, floats, tuples, frozensets;
// a str or other object: a hash of its own). TypeError when unhashable.
int64_t py_hash(Thread* t, Value v);

Value make_set(Thread* t, bool frozen = false);
// set(iterable) / frozenset(iterable), as CPython fills them.
Value set_from(Thread* t, Value iterable, bool frozen);
void set_add(Thread* t, Value set, Value key);
bool set_contains(Thread* t, Value set, Value key);
bool set_discard(Thread* t, Value set, Value key);  // whether it was there
void set_update(Thread* t, Value set, Value iterable);
Value set_pop(Thread* t, Value set);
void set_clear(Value set);
Value set_copy(Thread* t, Value set, bool frozen);
// Calls f(key) for each key in table order.
template <class F>
void set_for_each(Value set, F&& f) {
  for (auto& e : as_set(set)->table)
    if (e.state == SetObject::kActive) f(e.key);
}
// The binary operators | & - ^ on sets (kind of a); false when b is not a set (NotImplemented).
bool set_binary(Thread* t, uint32_t op, Value a, Value b, bool in_place, Value* out);
// == and the subset orders (<= < >= >).
bool set_equal(Thread* t, Value a, Value b);
bool set_is_subset(Thread* t, Value a, Value b);
int64_t frozenset_hash(Thread* t, Value set);
std::string set_repr(Thread* t, Value set);

std::vector<Method> set_methods();

}  // namespace plank::core
