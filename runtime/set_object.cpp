// set and frozenset as CPython 3.11's setobject.c lays them out (see set_object.h).
#include "runtime/set_object.h"

#include <cmath>
#include <cstring>

#include <fmt/format.h>

#include "runtime/args.h"
#include "runtime/bigint.h"
#include "runtime/bytes.h"
#include "runtime/classes.h"
#include "runtime/exceptions.h"
#include "runtime/heap.h"

namespace plank::core {

namespace {

constexpr size_t kLinearProbes = 9;
constexpr int kPerturbShift = 5;
constexpr uint64_t kModulus = (uint64_t(1) << 61) - 1;  // CPython's _PyHASH_MODULUS

// CPython's _Py_HashDouble.
int64_t hash_double(double v) {
  if (!std::isfinite(v)) {
    if (std::isinf(v)) return v > 0 ? 314159 : -314159;
    return 0;  // NaN: CPython 3.10+ hashes by identity; 0 keeps it deterministic here
  }
  int e;
  double m = std::frexp(v, &e);
  int sign = 1;
  if (m < 0) {
    sign = -1;
    m = -m;
  }
  uint64_t x = 0;
  while (m) {
    x = ((x << 28) & kModulus) | x >> (61 - 28);
    m *= 268435456.0;  // 2**28
    e -= 28;
    auto y = static_cast<uint64_t>(m);
    m -= static_cast<double>(y);
    x += y;
    if (x >= kModulus) x -= kModulus;
  }
  e = e >= 0 ? e % 61 : 61 - 1 - ((-1 - e) % 61);
  x = ((x << e) & kModulus) | x >> (61 - e);
  int64_t h = static_cast<int64_t>(x) * sign;
  if (h == -1) h = -2;
  return h;
}

int64_t hash_tuple(Thread* t, Value v) {
  constexpr uint64_t kPrime1 = 11400714785074694791ULL, kPrime2 = 14029467366897019727ULL,
                     kPrime5 = 2870177450012600261ULL;
  const auto& items = tuple_items(v);
  uint64_t acc = kPrime5;
  for (Value item : items) {
    uint64_t lane = static_cast<uint64_t>(py_hash(t, item));
    acc += lane * kPrime2;
    acc = (acc << 31) | (acc >> 33);
    acc *= kPrime1;
  }
  acc += items.size() ^ (kPrime5 ^ 3527539UL);
  if (acc == static_cast<uint64_t>(-1)) return 1546275796;
  return static_cast<int64_t>(acc);
}

}  // namespace

int64_t py_hash(Thread* t, Value v) {
  switch (v.tag) {
    case Tag::None: return 0x1c0ffee;  // CPython hashes None by address; any constant keeps sets deterministic
    case Tag::Bool: return v.i;
    case Tag::Int: return int_hash(v);
    case Tag::Float: return hash_double(v.f);
    case Tag::Object: break;
  }
  switch (v.obj->kind) {
    case ObjKind::BigInt: return int_hash(v);
    case ObjKind::Tuple: return hash_tuple(t, v);
    case ObjKind::Set:
      if (as_set(v)->frozen()) return frozenset_hash(t, v);
      break;
    case ObjKind::Instance: {
      Value r;
      Value self = v;
      Value m;
      if (find_special(t, v, "__hash__", &m) && !m.is(ObjKind::Builtin)) {
        if (m.is_none()) throw_error(t, "TypeError", fmt::format("unhashable type: '{}'", type_name(v)));
        r = call_value(t, m, &self, 1);
        if (!is_int_value(r)) throw_error(t, "TypeError", "__hash__ method should return an integer");
        // CPython keeps a result that fits a machine word, else hashes the int.
        int64_t h = r.tag == Tag::Int || r.tag == Tag::Bool ? r.i : int_hash(r);
        return h == -1 ? -2 : h;
      }
      if (is_value_instance(v)) return py_hash(t, unwrap_value(v));
      break;
    }
    default: break;
  }
  uint64_t h = hash_value(t, v);  // str and the rest (hash_value raises for the unhashable)
  int64_t s = static_cast<int64_t>(h >> 1);
  return s == -1 ? -2 : s;
}

namespace {

using Entry = SetObject::Entry;

bool keys_equal(Thread* t, Value a, Value b) {
  if (a.tag == b.tag && a.tag == Tag::Object && a.obj == b.obj) return true;
  return values_equal(t, a, b);
}

// set_insert_clean: into a table with no dummies and no equal key.
void insert_clean(std::vector<Entry>& table, size_t mask, Value key, int64_t hash) {
  uint64_t perturb = static_cast<uint64_t>(hash);
  size_t i = static_cast<size_t>(hash) & mask;
  for (;;) {
    Entry* e = &table[i];
    if (e->state == SetObject::kEmpty) {
      *e = Entry{key, hash, SetObject::kActive};
      return;
    }
    if (i + kLinearProbes <= mask) {
      for (size_t j = 0; j < kLinearProbes; ++j) {
        ++e;
        if (e->state == SetObject::kEmpty) {
          *e = Entry{key, hash, SetObject::kActive};
          return;
        }
      }
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
}

void table_resize(Thread* t, SetObject* so, size_t minused) {
  size_t newsize = 8;
  while (newsize <= minused) newsize <<= 1;
  t->heap->grow(newsize * sizeof(Entry));
  std::vector<Entry> old;
  old.swap(so->table);
  so->table.assign(newsize, Entry{});
  so->mask = newsize - 1;
  so->fill = so->used;
  for (const Entry& e : old)
    if (e.state == SetObject::kActive) insert_clean(so->table, so->mask, e.key, e.hash);
}

// set_add_entry.
void add_entry(Thread* t, SetObject* so, Value key, int64_t hash) {
restart:
  size_t mask = so->mask;
  size_t i = static_cast<size_t>(hash) & mask;
  Entry* freeslot = nullptr;
  Entry* empty = nullptr;
  uint64_t perturb = static_cast<uint64_t>(hash);
  for (;;) {
    Entry* e = &so->table[i];
    size_t probes = (i + kLinearProbes <= mask) ? kLinearProbes : 0;
    for (;;) {
      if (e->state == SetObject::kEmpty) {
        empty = e;
        break;
      }
      if (e->state == SetObject::kActive && e->hash == hash) {
        size_t before = so->table.size();
        Value start = e->key;
        if (keys_equal(t, start, key)) return;
        if (so->table.size() != before || e->state != SetObject::kActive || e->key.bits != start.bits)
          goto restart;  // the comparison changed the set
      } else if (e->state == SetObject::kDummy && !freeslot) {
        freeslot = e;
      }
      if (probes-- == 0) break;
      ++e;
    }
    if (empty) break;
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
  if (freeslot) {
    ++so->used;
    *freeslot = Entry{key, hash, SetObject::kActive};
    return;
  }
  *empty = Entry{key, hash, SetObject::kActive};
  ++so->fill;
  ++so->used;
  if (so->fill * 5 < so->mask * 3) return;
  table_resize(t, so, so->used > 50000 ? so->used * 2 : so->used * 4);
}

// set_lookkey: the active entry equal to key, or null.
Entry* lookkey(Thread* t, SetObject* so, Value key, int64_t hash) {
restart:
  size_t mask = so->mask;
  size_t i = static_cast<size_t>(hash) & mask;
  uint64_t perturb = static_cast<uint64_t>(hash);
  for (;;) {
    Entry* e = &so->table[i];
    size_t probes = (i + kLinearProbes <= mask) ? kLinearProbes : 0;
    for (;;) {
      if (e->state == SetObject::kEmpty) return nullptr;
      if (e->state == SetObject::kActive && e->hash == hash) {
        size_t before = so->table.size();
        Value start = e->key;
        if (keys_equal(t, start, key)) return e;
        if (so->table.size() != before || e->state != SetObject::kActive) goto restart;
      }
      if (probes-- == 0) break;
      ++e;
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
}

// set_merge: other's keys into so, as CPython copies a set into another.
void merge(Thread* t, SetObject* so, SetObject* other) {
  if (so == other || other->used == 0) return;
  if ((so->fill + other->used) * 5 >= so->mask * 3) table_resize(t, so, (so->used + other->used) * 2);
  if (so->fill == 0 && so->mask == other->mask && other->fill == other->used) {
    for (size_t i = 0; i <= other->mask; ++i)
      if (other->table[i].state == SetObject::kActive) so->table[i] = other->table[i];
    so->fill = other->fill;
    so->used = other->used;
    return;
  }
  if (so->fill == 0) {
    so->fill = other->used;
    so->used = other->used;
    for (const Entry& e : other->table)
      if (e.state == SetObject::kActive) insert_clean(so->table, so->mask, e.key, e.hash);
    return;
  }
  std::vector<Entry> entries;
  for (const Entry& e : other->table)
    if (e.state == SetObject::kActive) entries.push_back(e);
  for (const Entry& e : entries) add_entry(t, so, e.key, e.hash);
}

}  // namespace

Value make_set(Thread* t, bool frozen) {
  auto* s = t->heap->alloc<SetObject>(ObjKind::Set, 8 * sizeof(Entry));
  if (frozen) s->flags |= kFrozen;
  return Value::object(s);
}

void set_add(Thread* t, Value set, Value key) {
  RootScope roots(t);
  roots.push(set);
  roots.push(key);
  add_entry(t, as_set(set), key, py_hash(t, key));
}

bool set_contains(Thread* t, Value set, Value key) {
  int64_t h;
  try {
    h = py_hash(t, key);
  } catch (const Raised&) {
    // `x in s` with an unhashable set x looks for frozenset(x), as CPython does.
    if (key.is(ObjKind::Set)) {
      t->has_error = false;
      RootScope roots(t);
      roots.push(set);
      Value frozen = roots.push(set_copy(t, key, true));
      return lookkey(t, as_set(set), frozen, py_hash(t, frozen)) != nullptr;
    }
    throw;
  }
  return lookkey(t, as_set(set), key, h) != nullptr;
}

bool set_discard(Thread* t, Value set, Value key) {
  SetObject* so = as_set(set);
  Entry* e = lookkey(t, so, key, py_hash(t, key));
  if (!e) return false;
  e->state = SetObject::kDummy;
  e->key = Value::none();
  e->hash = -1;
  --so->used;
  return true;
}

void set_update(Thread* t, Value set, Value iterable) {
  RootScope roots(t);
  roots.push(set);
  roots.push(iterable);
  SetObject* so = as_set(set);
  if (iterable.is(ObjKind::Set)) {
    merge(t, so, as_set(iterable));
    return;
  }
  if (iterable.is(ObjKind::Dict)) {
    size_t n = dict_size(iterable);
    if ((so->fill + n) * 5 >= so->mask * 3) table_resize(t, so, (so->used + n) * 2);
    std::vector<Value> keys;
    dict_for_each(iterable, [&](Value k, Value) { keys.push_back(k); });
    for (Value k : keys) add_entry(t, so, k, py_hash(t, k));
    return;
  }
  Value it = roots.push(make_iterator(t, iterable));
  Value item;
  while (iter_next(t, it, &item)) {
    roots.push(item);
    add_entry(t, so, item, py_hash(t, item));
  }
}

Value set_from(Thread* t, Value iterable, bool frozen) {
  RootScope roots(t);
  roots.push(iterable);
  if (frozen && iterable.is(ObjKind::Set) && as_set(iterable)->frozen()) return iterable;
  Value s = roots.push(make_set(t, frozen));
  set_update(t, s, iterable);
  return s;
}

Value set_copy(Thread* t, Value set, bool frozen) {
  RootScope roots(t);
  roots.push(set);
  Value s = roots.push(make_set(t, frozen));
  merge(t, as_set(s), as_set(set));
  return s;
}

void set_clear(Value set) {
  SetObject* so = as_set(set);
  so->table.assign(8, Entry{});
  so->mask = 7;
  so->fill = so->used = 0;
  so->finger = 0;
}

Value set_pop(Thread* t, Value set) {
  SetObject* so = as_set(set);
  if (so->used == 0) throw_key_error(t, make_str(t, "pop from an empty set"));
  size_t i = so->finger & so->mask;
  while (so->table[i].state != SetObject::kActive) i = (i + 1) & so->mask;
  Value key = so->table[i].key;
  so->table[i] = Entry{Value::none(), -1, SetObject::kDummy};
  --so->used;
  so->finger = i + 1;
  return key;
}

bool set_equal(Thread* t, Value a, Value b) {
  SetObject *x = as_set(a), *y = as_set(b);
  if (x->used != y->used) return false;
  if (x->frozen() && y->frozen() && x->hash != -1 && y->hash != -1 && x->hash != y->hash) return false;
  return set_is_subset(t, a, b);
}

bool set_is_subset(Thread* t, Value a, Value b) {
  SetObject *x = as_set(a), *y = as_set(b);
  if (x->used > y->used) return false;
  std::vector<Entry> entries;
  for (const Entry& e : x->table)
    if (e.state == SetObject::kActive) entries.push_back(e);
  for (const Entry& e : entries)
    if (!lookkey(t, y, e.key, e.hash)) return false;
  return true;
}

int64_t frozenset_hash(Thread* t, Value set) {
  SetObject* so = as_set(set);
  if (so->hash != -1) return so->hash;
  auto shuffle = [](uint64_t h) { return ((h ^ 89869747ULL) ^ (h << 16)) * 3644798167ULL; };
  uint64_t hash = 0;
  for (const Entry& e : so->table) hash ^= shuffle(e.state == SetObject::kEmpty ? 0 : static_cast<uint64_t>(e.hash));
  if ((so->mask + 1 - so->fill) & 1) hash ^= shuffle(0);
  if ((so->fill - so->used) & 1) hash ^= shuffle(static_cast<uint64_t>(-1));
  hash ^= (static_cast<uint64_t>(so->used) + 1) * 1927868237ULL;
  hash ^= (hash >> 11) ^ (hash >> 25);
  hash = hash * 69069U + 907133923ULL;
  if (hash == static_cast<uint64_t>(-1)) hash = 590923713ULL;
  so->hash = static_cast<int64_t>(hash);
  return so->hash;
}

// The set operators, as CPython computes each (which set is iterated decides the result's order).
bool set_binary(Thread* t, uint32_t op, Value a, Value b, bool in_place, Value* out) {
  enum : uint32_t { kSub = 1, kBitOr = 7, kBitXor = 8, kBitAnd = 9 };
  if (!a.is(ObjKind::Set) || !b.is(ObjKind::Set)) return false;
  if (op != kSub && op != kBitOr && op != kBitXor && op != kBitAnd) return false;
  RootScope roots(t);
  roots.push(a);
  roots.push(b);
  bool frozen = as_set(a)->frozen();
  bool mutate = in_place && !frozen;
  SetObject* bs = as_set(b);
  auto entries_of = [](SetObject* s) {
    std::vector<Entry> v;
    for (const Entry& e : s->table)
      if (e.state == SetObject::kActive) v.push_back(e);
    return v;
  };
  switch (op) {
    case kBitOr: {
      Value r = mutate ? a : roots.push(set_copy(t, a, frozen));
      merge(t, as_set(r), bs);
      *out = r;
      return true;
    }
    case kBitAnd: {
      if (mutate) {
        Value r = roots.push(make_set(t));
        for (const Entry& e : entries_of(as_set(a)))
          if (lookkey(t, bs, e.key, e.hash)) add_entry(t, as_set(r), e.key, e.hash);
        // in place: a takes the intersection's table
        std::swap(as_set(a)->table, as_set(r)->table);
        std::swap(as_set(a)->fill, as_set(r)->fill);
        std::swap(as_set(a)->used, as_set(r)->used);
        std::swap(as_set(a)->mask, as_set(r)->mask);
        *out = a;
        return true;
      }
      SetObject *so = as_set(a), *other = bs;
      if (other->used > so->used) std::swap(so, other);  // iterate over the smaller one
      Value r = roots.push(make_set(t, frozen));
      for (const Entry& e : entries_of(other))
        if (lookkey(t, so, e.key, e.hash)) add_entry(t, as_set(r), e.key, e.hash);
      *out = r;
      return true;
    }
    case kSub: {
      if (mutate) {
        for (const Entry& e : entries_of(bs)) {
          Entry* hit = lookkey(t, as_set(a), e.key, e.hash);
          if (hit) {
            *hit = Entry{Value::none(), -1, SetObject::kDummy};
            --as_set(a)->used;
          }
        }
        *out = a;
        return true;
      }
      Value r;
      if ((as_set(a)->used >> 2) > bs->used) {  // copy a, then remove b's keys
        r = roots.push(set_copy(t, a, frozen));
        for (const Entry& e : entries_of(bs)) {
          Entry* hit = lookkey(t, as_set(r), e.key, e.hash);
          if (hit) {
            *hit = Entry{Value::none(), -1, SetObject::kDummy};
            --as_set(r)->used;
          }
        }
      } else {
        r = roots.push(make_set(t, frozen));
        for (const Entry& e : entries_of(as_set(a)))
          if (!lookkey(t, bs, e.key, e.hash)) add_entry(t, as_set(r), e.key, e.hash);
      }
      *out = r;
      return true;
    }
    case kBitXor: {
      // CPython: a copy of b, then a's keys toggled in it (in place: b's keys toggled in a).
      Value r = mutate ? a : roots.push(set_copy(t, b, frozen));
      SetObject* target = as_set(r);
      for (const Entry& e : entries_of(mutate ? bs : as_set(a))) {
        Entry* hit = lookkey(t, target, e.key, e.hash);
        if (hit) {
          *hit = Entry{Value::none(), -1, SetObject::kDummy};
          --target->used;
        } else {
          add_entry(t, target, e.key, e.hash);
        }
      }
      *out = r;
      return true;
    }
  }
  return false;
}

std::string set_repr(Thread* t, Value set) {
  SetObject* so = as_set(set);
  const char* name = so->frozen() ? "frozenset" : "set";
  if (so->used == 0) return std::string(name) + "()";
  std::string out = so->frozen() ? "frozenset({" : "{";
  bool first = true;
  for (const Entry& e : so->table) {
    if (e.state != SetObject::kActive) continue;
    if (!first) out += ", ";
    first = false;
    out += repr(t, e.key);
  }
  out += so->frozen() ? "})" : "}";
  return out;
}

// ------------------------------------------------------------------ methods
namespace {

using P = IntrinsicParam;

template <auto Impl, bool Mutating = false>
bool method(Thread* t, Value* result, const Value& self, const CallArgs& args) {
  try {
    if (Mutating && as_set(self)->frozen())
      throw_error(t, "AttributeError", "'frozenset' object has no attribute for this mutating method");
    *result = Impl(t, self, args);
    return true;
  } catch (const Raised&) {
    return false;
  }
}

Value one_arg(Thread* t, const CallArgs& args, const char* name) {
  if (args.npos != 1 || args.nkw)
    throw_error(t, "TypeError", fmt::format("{}() takes exactly one argument ({} given)", name, args.npos));
  return args.positional(0);
}

void no_args(Thread* t, const CallArgs& args, const char* name) {
  if (args.npos || args.nkw) throw_error(t, "TypeError", fmt::format("{}() takes no arguments ({} given)", name, args.npos));
}

Value s_add(Thread* t, Value self, const CallArgs& args) {
  set_add(t, self, one_arg(t, args, "add"));
  return Value::none();
}
Value s_remove(Thread* t, Value self, const CallArgs& args) {
  Value k = one_arg(t, args, "remove");
  if (!set_discard(t, self, k)) throw_key_error(t, k);
  return Value::none();
}
Value s_discard(Thread* t, Value self, const CallArgs& args) {
  set_discard(t, self, one_arg(t, args, "discard"));
  return Value::none();
}
Value s_pop(Thread* t, Value self, const CallArgs& args) {
  no_args(t, args, "pop");
  return set_pop(t, self);
}
Value s_clear(Thread* t, Value self, const CallArgs& args) {
  no_args(t, args, "clear");
  set_clear(self);
  return Value::none();
}
Value s_copy(Thread* t, Value self, const CallArgs& args) {
  no_args(t, args, "copy");
  if (as_set(self)->frozen()) return self;
  return set_copy(t, self, false);
}
Value s_update(Thread* t, Value self, const CallArgs& args) {
  for (uint32_t i = 0; i < args.npos; ++i) set_update(t, self, args.positional(i));
  return Value::none();
}

// union/intersection/difference/symmetric_difference with any iterables.
Value as_set_arg(Thread* t, Value v) { return v.is(ObjKind::Set) ? v : set_from(t, v, false); }

template <uint32_t Op, bool InPlace>
Value s_op(Thread* t, Value self, const CallArgs& args) {
  RootScope roots(t);
  Value acc = self;
  if (args.npos == 0 && !InPlace) return set_copy(t, self, as_set(self)->frozen());
  for (uint32_t i = 0; i < args.npos; ++i) {
    Value other = roots.push(as_set_arg(t, args.positional(i)));
    Value r;
    set_binary(t, Op, acc, other, InPlace, &r);
    acc = roots.push(r);
  }
  return InPlace ? Value::none() : acc;
}

Value s_issubset(Thread* t, Value self, const CallArgs& args) {
  RootScope roots(t);
  Value other = roots.push(as_set_arg(t, one_arg(t, args, "issubset")));
  return Value::boolean(set_is_subset(t, self, other));
}
Value s_issuperset(Thread* t, Value self, const CallArgs& args) {
  RootScope roots(t);
  Value other = roots.push(as_set_arg(t, one_arg(t, args, "issuperset")));
  return Value::boolean(set_is_subset(t, other, self));
}
Value s_isdisjoint(Thread* t, Value self, const CallArgs& args) {
  RootScope roots(t);
  Value other = roots.push(as_set_arg(t, one_arg(t, args, "isdisjoint")));
  bool disjoint = true;
  set_for_each(self, [&](Value k) {
    if (disjoint && set_contains(t, other, k)) disjoint = false;
  });
  return Value::boolean(disjoint);
}

}  // namespace

std::vector<Method> set_methods() {
  constexpr ObjKind S = ObjKind::Set;
  enum : uint32_t { kSub = 1, kBitOr = 7, kBitXor = 8, kBitAnd = 9 };
  P others{"others", "iterable", "", true};
  return {
      {S, "add", {P{"elem", "any"}}, "None", "Adds elem.", &method<s_add, true>},
      {S, "remove", {P{"elem", "any"}}, "None", "Removes elem; KeyError when absent.", &method<s_remove, true>},
      {S, "discard", {P{"elem", "any"}}, "None", "Removes elem if present.", &method<s_discard, true>},
      {S, "pop", {}, "any", "Removes and returns an element (the first in table order, as CPython).", &method<s_pop, true>},
      {S, "clear", {}, "None", "Removes every element.", &method<s_clear, true>},
      {S, "copy", {}, "set", "A shallow copy.", &method<s_copy>},
      {S, "update", {others}, "None", "Adds the elements of each iterable.", &method<s_update, true>},
      {S, "union", {others}, "set", "A new set of the elements of this set and the iterables.", &method<s_op<kBitOr, false>>},
      {S, "intersection", {others}, "set", "A new set of the elements common to all.", &method<s_op<kBitAnd, false>>},
      {S, "difference", {others}, "set", "A new set of the elements not in the others.", &method<s_op<kSub, false>>},
      {S, "symmetric_difference", {P{"other", "iterable"}}, "set", "A new set of the elements in exactly one.",
       &method<s_op<kBitXor, false>>},
      {S, "intersection_update", {others}, "None", "Keeps only elements found in all.", &method<s_op<kBitAnd, true>, true>},
      {S, "difference_update", {others}, "None", "Removes the elements of the others.", &method<s_op<kSub, true>, true>},
      {S, "symmetric_difference_update", {P{"other", "iterable"}}, "None", "Keeps the elements in exactly one.",
       &method<s_op<kBitXor, true>, true>},
      {S, "issubset", {P{"other", "iterable"}}, "bool", "Whether every element is in other.", &method<s_issubset>},
      {S, "issuperset", {P{"other", "iterable"}}, "bool", "Whether every element of other is in this set.",
       &method<s_issuperset>},
      {S, "isdisjoint", {P{"other", "iterable"}}, "bool", "Whether no element is in other.", &method<s_isdisjoint>},
  };
}

}  // namespace plank::core
