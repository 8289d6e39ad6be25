// What values mean to each other: type names, truth, equality, hashing, ordering, length, membership.
#include "runtime/objects.h"
#include "runtime/compare_op.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "runtime/char_index.h"
#include "runtime/copy_bytes.h"
#include "runtime/decimal.h"
#include "runtime/heap.h"
#include "runtime/module_runtime.h"
#include "runtime/new_str.h"
#include "runtime/str_concat.h"
#include "runtime/unicode.h"
#include "runtime/bigint.h"
#include "runtime/bytes.h"
#include "runtime/classes.h"
#include "runtime/exceptions.h"
#include "runtime/generator.h"
#include "runtime/modules.h"
#include "runtime/set_object.h"

namespace plank::core {

std::string type_name(Value v) {
  switch (v.tag) {
    case Tag::None: return "NoneType";
    case Tag::Bool: return "bool";
    case Tag::Int: return "int";
    case Tag::Float: return "float";
    case Tag::Object: break;
  }
  if (v.obj->flags & kSubclassInstance && (v.obj->kind == ObjKind::List || v.obj->kind == ObjKind::Dict))
    return subclass_cls(v)->name;
  switch (v.obj->kind) {
    case ObjKind::Str: return "str";
    case ObjKind::List: return "list";
    case ObjKind::Tuple: return "tuple";
    case ObjKind::Dict: return "dict";
    case ObjKind::Function: return "function";
    case ObjKind::Cell: return "cell";
    case ObjKind::Builtin: {
      if (is_type_intrinsic(intrinsics()[static_cast<BuiltinObject*>(v.obj)->index].name)) return "type";
      return "builtin_function_or_method";
    }
    case ObjKind::BoundMethod:
    case ObjKind::HostFunction: return "builtin_function_or_method";
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
        case IterKind::Set: return "set_iterator";
        case IterKind::Bytes: {
          Value source = static_cast<IteratorObject*>(v.obj)->source;
          return source.is(ObjKind::ByteArray) ? "bytearray_iterator" : "bytes_iterator";
        }
        case IterKind::Reversed:
          return static_cast<IteratorObject*>(v.obj)->source.is(ObjKind::List) ? "list_reverseiterator" : "reversed";
        case IterKind::Map: return "map";
        case IterKind::Filter: return "filter";
        case IterKind::Callable:  // iter(f, sentinel), or the sequence protocol (step 1: make_iterator)
          return static_cast<IteratorObject*>(v.obj)->step == 1 ? "iterator" : "callable_iterator";
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
    case ObjKind::Set: return as_set(v)->frozen() ? "frozenset" : "set";
    case ObjKind::BigInt: return "int";
    case ObjKind::Class: return "type";
    case ObjKind::Instance: return as_instance(v)->cls->name;
    case ObjKind::Method: return "method";
    case ObjKind::Super: return "super";
    case ObjKind::Wrapper:
      switch (static_cast<WrapperObject*>(v.obj)->wrap) {
        case WrapperKind::StaticMethod: return "staticmethod";
        case WrapperKind::ClassMethod: return "classmethod";
        case WrapperKind::Property: return "property";
      }
      return "property";
    case ObjKind::Generator: return as_generator(v)->coroutine ? "coroutine" : "generator";
    case ObjKind::Module: return "module";
    case ObjKind::Bytes: return "bytes";
    case ObjKind::ByteArray: return "bytearray";
    case ObjKind::Slice: return "slice";
    case ObjKind::Singleton:
      return std::string_view(static_cast<SingletonObject*>(v.obj)->name) == "Ellipsis" ? "ellipsis" : "NotImplementedType";
    case ObjKind::Native: return "object";
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
    case ObjKind::Set: return as_set(v)->used != 0;
    case ObjKind::Bytes:
    case ObjKind::ByteArray: return !as_bytes(v)->data.empty();
    default: return true;  // a BigInt is never 0
  }
}

bool truth(Thread* t, Value v) {
  if (!v.is(ObjKind::Instance) && !(v.is(ObjKind::Class) && as_class(v)->metaclass)) return truthy(v);
  Value r;
  Value self = v;
  if (call_special(t, v, "__bool__", &self, 1, &r)) {
    if (!r.is_bool()) throw_error(t, "TypeError", fmt::format("__bool__ should return bool, returned {}", type_name(r)));
    return r.i != 0;
  }
  Value m;
  if (find_special(t, v, "__len__", &m)) return length(t, v) != 0;
  if (is_value_instance(v)) return truthy(unwrap_value(v));
  return true;
}

static bool is_number(Value v) {
  return v.tag == Tag::Int || v.tag == Tag::Bool || v.tag == Tag::Float || v.is(ObjKind::BigInt);
}

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
  if (a.is(ObjKind::BigInt) || b.is(ObjKind::BigInt)) {
    if (a.tag == Tag::Float) {
      int c = bigint_compare_float(b, a.f);
      return c == 2 ? 2 : -c;
    }
    if (b.tag == Tag::Float) return bigint_compare_float(a, b.f);
    return bigint_compare(a, b);
  }
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
  if (a.is(ObjKind::Instance) || b.is(ObjKind::Instance)) return truth(t, rich_compare(t, kEq, a, b));
  if (a.tag != Tag::Object || b.tag != Tag::Object) return a.tag == b.tag && a.tag == Tag::None;
  if (a.obj == b.obj) return true;
  if (is_byteslike(a) && is_byteslike(b)) return as_bytes(a)->data == as_bytes(b)->data;
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
    case ObjKind::Set: return set_equal(t, a, b);
    case ObjKind::Bytes:
    case ObjKind::ByteArray: return as_bytes(a)->data == as_bytes(b)->data;
    case ObjKind::Method: {
      auto* x = static_cast<MethodObject*>(a.obj);
      auto* y = static_cast<MethodObject*>(b.obj);
      return x->func.bits == y->func.bits && x->self.bits == y->self.bits;
    }
    case ObjKind::Slice: {
      auto* x = static_cast<SliceObject*>(a.obj);
      auto* y = static_cast<SliceObject*>(b.obj);
      return values_equal(t, x->start, y->start) && values_equal(t, x->stop, y->stop) && values_equal(t, x->step, y->step);
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
      if (std::isfinite(f) && f == std::floor(f)) return static_cast<uint64_t>(int_hash(float_to_int_value(t, f)));
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
    case ObjKind::ByteArray:
      throw_error(t, "TypeError", fmt::format("unhashable type: '{}'", type_name(v)));
    case ObjKind::BigInt: return static_cast<uint64_t>(int_hash(v));  // as a float of the same value hashes
    case ObjKind::Set:
      if (!as_set(v)->frozen()) throw_error(t, "TypeError", "unhashable type: 'set'");
      return static_cast<uint64_t>(frozenset_hash(t, v));
    case ObjKind::Bytes: {
      uint64_t h = 1469598103934665603ULL;
      for (unsigned char c : as_bytes(v)->data) h = (h ^ c) * 1099511628211ULL;
      return mix(h);
    }
    case ObjKind::Instance: {
      Value m;
      if (find_special(t, v, "__hash__", &m) && !m.is(ObjKind::Builtin)) {
        if (m.is_none()) throw_error(t, "TypeError", fmt::format("unhashable type: '{}'", type_name(v)));
        return static_cast<uint64_t>(py_hash(t, v));
      }
      if (is_value_instance(v)) return hash_value(t, unwrap_value(v));
      return mix(reinterpret_cast<uintptr_t>(v.obj));
    }
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

bool compare_order(Thread* t, int op, Value a, Value b) {
  if (a.is(ObjKind::Instance) || b.is(ObjKind::Instance)) return truth(t, rich_compare(t, order_op(op), a, b));
  if (is_anyset(a) && is_anyset(b)) {
    switch (op) {
      case 0: return as_set(a)->used < as_set(b)->used && set_is_subset(t, a, b);
      case 1: return as_set(a)->used > as_set(b)->used && set_is_subset(t, b, a);
      case 2: return set_is_subset(t, a, b);
      default: return set_is_subset(t, b, a);
    }
  }
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
      case ObjKind::Bytes:
      case ObjKind::ByteArray: {
        int c = as_bytes(a)->data.compare(as_bytes(b)->data);
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
        if (s->flags & kStrAscii) return static_cast<int64_t>(s->len);
        return static_cast<int64_t>(char_count(t->heap, s, str_view(s)));
      }
      case ObjKind::List: return static_cast<int64_t>(as_list(v)->items.size());
      case ObjKind::Tuple: return static_cast<int64_t>(as_tuple(v)->items.size());
      case ObjKind::Dict: return static_cast<int64_t>(as_dict(v)->count);
      case ObjKind::Range: return range_len(static_cast<RangeObject*>(v.obj));
      case ObjKind::DictView: return static_cast<int64_t>(as_dict(static_cast<DictViewObject*>(v.obj)->dict)->count);
      case ObjKind::Set: return static_cast<int64_t>(as_set(v)->used);
      case ObjKind::Bytes:
      case ObjKind::ByteArray: return static_cast<int64_t>(as_bytes(v)->data.size());
      case ObjKind::Class:  // its metaclass's __len__
      case ObjKind::Instance: {
        Value r;
        Value self = v;
        if (!call_special(t, v, "__len__", &self, 1, &r)) {
          if (is_value_instance(v)) return length(t, unwrap_value(v));
          break;
        }
        if (!is_int_value(r)) throw_error(t, "TypeError", fmt::format("'{}' object cannot be interpreted as an integer", type_name(r)));
        if (r.is(ObjKind::BigInt)) throw_error(t, "OverflowError", "cannot fit 'int' into an index-sized integer");
        if (r.i < 0) throw_error(t, "ValueError", "__len__() should return >= 0");
        return r.i;
      }
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
      case ObjKind::Iterator:
      case ObjKind::Generator: {
        RootScope roots(t);
        roots.push(c);
        roots.push(item);
        Value x;
        while (iter_next(t, c, &x))
          if (values_equal(t, x, item)) return true;
        return false;
      }
      case ObjKind::Set: return set_contains(t, c, item);
      case ObjKind::Bytes:
      case ObjKind::ByteArray: {
        const std::string& d = as_bytes(c)->data;
        if (is_int_value(item)) {
          if (item.is(ObjKind::BigInt) || item.i < 0 || item.i > 255) throw_error(t, "ValueError", "byte must be in range(0, 256)");
          return d.find(static_cast<char>(item.i)) != std::string::npos;
        }
        if (!is_byteslike(item)) throw_error(t, "TypeError", fmt::format("a bytes-like object is required, not '{}'", type_name(item)));
        return d.find(as_bytes(item)->data) != std::string::npos;
      }
      case ObjKind::Class:  // its metaclass's __contains__
      case ObjKind::Instance: {
        Value r;
        Value args[2] = {c, item};
        if (call_special(t, c, "__contains__", args, 2, &r)) return truth(t, r);
        Value m;
        if (is_value_instance(c) && !find_special(t, c, "__iter__", &m) && !find_special(t, c, "__getitem__", &m))
          return contains(t, unwrap_value(c), item);
        if (find_special(t, c, "__iter__", &m) || find_special(t, c, "__getitem__", &m)) {
          RootScope roots(t);
          roots.push(item);
          Value it = roots.push(make_iterator(t, c));
          Value x;
          while (iter_next(t, it, &x))
            if (x.bits == item.bits && x.tag == item.tag ? true : values_equal(t, x, item)) return true;
          return false;
        }
        break;
      }
      default: break;
    }
  }
  throw_error(t, "TypeError", fmt::format("argument of type '{}' is not iterable", type_name(c)));
}

}  // namespace plank::core
