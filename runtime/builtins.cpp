// Python's builtin functions (the "builtin" category of the intrinsics table).
#include <algorithm>

#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#include <cmath>
#include <cstring>
#include <cstdio>

#include <fmt/format.h>

#include "runtime/args.h"
#include "runtime/heap.h"
#include "runtime/new_str.h"
#include "runtime/ops.h"
#include "runtime/bigint.h"
#include "runtime/bytes.h"
#include "runtime/classes.h"
#include "runtime/exceptions.h"
#include "runtime/set_object.h"
#include "runtime/value_subclass.h"

namespace plank::core {

namespace {

using P = IntrinsicParam;

// The declared parameters of the builtin `name`. Each builtin asks for its own
// name (a string literal) on every call: the table index is remembered per
// literal address in a small direct-mapped cache (indices are stable;
// references into the table are not, as add_intrinsic may grow it).
const std::vector<IntrinsicParam>& params_of(std::string_view name) {
  struct Entry {
    const char* name = nullptr;
    uint32_t index = 0;
  };
  static thread_local Entry cache[64];
  const auto& table = intrinsics();
  Entry& e = cache[(reinterpret_cast<uintptr_t>(name.data()) >> 3) & 63];
  if (e.name == name.data() && e.index < table.size() && table[e.index].name == name) return table[e.index].params;
  for (size_t i = 0; i < table.size(); ++i)
    if (table[i].name == name) {
      e = Entry{name.data(), static_cast<uint32_t>(i)};
      return table[i].params;
    }
  static std::vector<IntrinsicParam> none;
  return none;
}

void bind(Thread* t, std::string_view name, const CallArgs& args, BoundArgs* out) {
  bind_args(t, name, params_of(name), args, out);
}

bool intlike(Value v) { return v.is_int() || v.is_bool(); }

int64_t as_index(Thread* t, Value v) {
  if (intlike(v)) return v.i;
  if (v.is(ObjKind::BigInt)) throw_error(t, "OverflowError", "Python int too large to convert to C ssize_t");
  throw_error(t, "TypeError", fmt::format("'{}' object cannot be interpreted as an integer", type_name(v)));
}

Value b_print(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind(t, "print", args, &b);
  std::string sep = " ", end = "\n";
  Value file = b.get(3);
  for (size_t i : {1, 2}) {
    if (!b.present(i)) continue;
    Value v = b.values[i];
    if (!v.is(ObjKind::Str))
      throw_error(t, "TypeError", fmt::format("{} must be None or a string, not {}", i == 1 ? "sep" : "end", type_name(v)));
    (i == 1 ? sep : end) = std::string(str_view(v));
  }
  std::string out;
  for (size_t i = 0; i < b.rest.size(); ++i) {
    if (i) out += sep;
    out += to_str(t, b.rest[i]);
  }
  out += end;
  if (!file.is_none()) {  // an object with write(): sys.stdout, sys.stderr, a user's own
    RootScope roots(t);
    Value text = roots.push(make_str_from(t, std::move(out)));
    call_attribute(t, file, intern_str(t, "write"), &text, 1, 0, nullptr);
    return Value::none();
  }
  write_output(t, out);
  return Value::none();
}

Value b_len(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind(t, "len", args, &b);
  return Value::integer(length(t, b.values[0]));
}

Value b_range(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind(t, "range", args, &b);
  int64_t start = 0, stop, step = 1;
  if (!b.has(1)) {
    stop = as_index(t, b.values[0]);
  } else {
    start = as_index(t, b.values[0]);
    stop = as_index(t, b.values[1]);
    if (b.has(2)) step = as_index(t, b.values[2]);
  }
  if (step == 0) throw_error(t, "ValueError", "range() arg 3 must not be zero");
  return make_range(t, start, stop, step);
}

Value b_str(Thread* t, const CallArgs& args) {
  if (args.npos == 1 && args.nkw == 0 && args.positional(0).is_int()) {  // str(i): the common call, no binding
    fmt::format_int digits(args.positional(0).i);
    if (digits.size() <= 1) return make_str(t, std::string_view(digits.data(), digits.size()));
    char* out;  // digits are ASCII: written straight into the string
    Value r = new_ascii_str_for(t, digits.size(), &out);
    std::memcpy(out, digits.data(), digits.size());
    return r;
  }
  BoundArgs b;
  bind(t, "str", args, &b);
  if (!b.has(0)) return make_str(t, "");
  if (b.values[0].is(ObjKind::Str)) return b.values[0];
  if (b.values[0].is_int()) {
    fmt::format_int digits(b.values[0].i);
    return make_str(t, std::string_view(digits.data(), digits.size()));
  }
  if (b.has(1) && is_byteslike(b.values[0])) {  // str(b, encoding): decode
    RootScope roots(t);
    Value enc = b.values[1];
    return call_attribute(t, b.values[0], intern_str(t, "decode"), &enc, 1, 0, nullptr);
  }
  return make_str(t, to_str(t, b.values[0]));
}

Value float_to_int(Thread* t, double f) { return float_to_int_value(t, f); }

Value b_int(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind(t, "int", args, &b);
  if (!b.has(0)) {
    if (b.has(1)) throw_error(t, "TypeError", "int() missing string argument");
    return Value::integer(0);
  }
  Value v = value_unless_special(t, b.values[0], "__int__");
  if (b.has(1)) {
    int64_t base = as_index(t, b.values[1]);
    if (!v.is(ObjKind::Str) && !is_byteslike(v)) throw_error(t, "TypeError", "int() can't convert non-string with explicit base");
    if (base != 0 && (base < 2 || base > 36)) throw_error(t, "ValueError", "int() base must be >= 2 and <= 36, or 0");
    std::string_view s = v.is(ObjKind::Str) ? str_view(v) : std::string_view(as_bytes(v)->data);
    Value out;
    if (!parse_int_value(t, s, static_cast<int>(base), &out))
      throw_error(t, "ValueError", fmt::format("invalid literal for int() with base {}: {}", base,
                                               v.is(ObjKind::Str) ? quote_str(s) : bytes_repr(v)));
    return out;
  }
  if (intlike(v)) return Value::integer(v.i);
  if (v.is(ObjKind::BigInt)) return v;
  if (v.is_float()) return float_to_int(t, v.f);
  if (v.is(ObjKind::Str) || is_byteslike(v)) {
    std::string_view s = v.is(ObjKind::Str) ? str_view(v) : std::string_view(as_bytes(v)->data);
    Value out;
    if (!parse_int_value(t, s, 10, &out))
      throw_error(t, "ValueError", fmt::format("invalid literal for int() with base 10: {}",
                                               v.is(ObjKind::Str) ? quote_str(s) : bytes_repr(v)));
    return out;
  }
  Value r;
  Value self = v;
  if (v.is(ObjKind::Instance) && (call_special(t, v, "__int__", &self, 1, &r) || call_special(t, v, "__index__", &self, 1, &r))) {
    if (!is_int_value(r)) throw_error(t, "TypeError", fmt::format("__int__ returned non-int (type {})", type_name(r)));
    return r;
  }
  throw_error(t, "TypeError",
              fmt::format("int() argument must be a string, a bytes-like object or a real number, not '{}'", type_name(v)));
}

Value b_float(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind(t, "float", args, &b);
  if (!b.has(0)) return Value::real(0.0);
  Value v = value_unless_special(t, b.values[0], "__float__");
  if (intlike(v)) return Value::real(static_cast<double>(v.i));
  if (v.is(ObjKind::BigInt)) return Value::real(int_to_double(t, v));
  if (v.is_float()) return v;
  Value r;
  Value self = v;
  if (v.is(ObjKind::Instance) && call_special(t, v, "__float__", &self, 1, &r)) {
    if (!r.is_float()) throw_error(t, "TypeError", fmt::format("{}.__float__ returned non-float (type {})", type_name(v), type_name(r)));
    return r;
  }
  if (v.is(ObjKind::Str)) {
    double out;
    if (!parse_float(str_view(v), &out))
      throw_error(t, "ValueError", fmt::format("could not convert string to float: {}", quote_str(str_view(v))));
    return Value::real(out);
  }
  throw_error(t, "TypeError", fmt::format("float() argument must be a string or a real number, not '{}'", type_name(v)));
}

Value b_bool(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind(t, "bool", args, &b);
  return Value::boolean(b.has(0) && truth(t, b.values[0]));
}

Value b_abs(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind(t, "abs", args, &b);
  Value v = value_unless_special(t, b.values[0], "__abs__");
  if (intlike(v)) {
    if (v.i == INT64_MIN) return bigint_abs(t, v);
    return Value::integer(v.i < 0 ? -v.i : v.i);
  }
  if (v.is(ObjKind::BigInt)) return bigint_abs(t, v);
  if (v.is_float()) return Value::real(std::fabs(v.f));
  Value r;
  Value self = v;
  if (v.is(ObjKind::Instance) && call_special(t, v, "__abs__", &self, 1, &r)) return r;
  throw_error(t, "TypeError", fmt::format("bad operand type for abs(): '{}'", type_name(v)));
}

Value minmax(Thread* t, const CallArgs& args, bool is_max) {
  const char* name = is_max ? "max" : "min";
  BoundArgs b;
  bind(t, name, args, &b);
  RootScope scope(t);
  std::vector<Value> items;
  if (b.rest.empty()) throw_error(t, "TypeError", fmt::format("{} expected at least 1 argument, got 0", name));
  if (b.rest.size() == 1) {
    items = collect_iterable(t, b.rest[0]);
    if (items.empty()) {
      if (b.has(2)) return b.values[2];
      throw_error(t, "ValueError", fmt::format("{}() arg is an empty sequence", name));
    }
  } else {
    if (b.has(2))
      throw_error(t, "TypeError", fmt::format("Cannot specify a default for {}() with multiple positional arguments", name));
    items = b.rest;
  }
  Value key = b.get(1);
  Value best = items[0];
  Value best_key = key.is_none() ? best : scope.push(call_value(t, key, &best, 1));
  for (size_t i = 1; i < items.size(); ++i) {
    Value k = key.is_none() ? items[i] : scope.push(call_value(t, key, &items[i], 1));
    bool better = is_max ? compare_order(t, 1, k, best_key) : compare_order(t, 0, k, best_key);
    if (better) {
      best = items[i];
      best_key = k;
    }
  }
  return best;
}

Value b_min(Thread* t, const CallArgs& args) { return minmax(t, args, false); }
Value b_max(Thread* t, const CallArgs& args) { return minmax(t, args, true); }

Value b_sum(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind(t, "sum", args, &b);
  Value acc = b.get(1, Value::integer(0));
  if (acc.is(ObjKind::Str)) throw_error(t, "TypeError", "sum() can't sum strings [use ''.join(seq) instead]");
  RootScope scope(t);
  std::vector<Value> items = collect_iterable(t, b.values[0]);
  Value add_op = Value::integer(0);
  for (auto& item : items) {
    Value out;
    if (!pk_binary(t, &out, 0, &acc, &item)) rethrow_pending();
    acc = scope.push(out);
  }
  (void)add_op;
  return acc;
}

// Stable sort of items by key (both rooted by the caller).
void sort_values(Thread* t, std::vector<Value>& items, Value key, bool reverse) {
  RootScope scope(t);
  std::vector<Value> keys;
  keys.reserve(items.size());
  for (auto& v : items) keys.push_back(key.is_none() ? v : scope.push(call_value(t, key, &v, 1)));
  std::vector<size_t> order(items.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return reverse ? compare_order(t, 0, keys[b], keys[a]) : compare_order(t, 0, keys[a], keys[b]);
  });
  std::vector<Value> sorted;
  sorted.reserve(items.size());
  for (size_t i : order) sorted.push_back(items[i]);
  items.swap(sorted);
}

Value b_sorted(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind(t, "sorted", args, &b);
  RootScope scope(t);
  std::vector<Value> items = collect_iterable(t, b.values[0]);
  for (auto& v : items) scope.push(v);
  sort_values(t, items, b.get(1), b.has(2) && truthy(b.values[2]));
  return make_list(t, std::move(items));
}

Value b_enumerate(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind(t, "enumerate", args, &b);
  int64_t start = b.has(1) ? as_index(t, b.values[1]) : 0;
  RootScope scope(t);
  Value inner = scope.push(make_iterator(t, b.values[0]));
  auto* it = t->heap->alloc<IteratorObject>(ObjKind::Iterator);
  it->iter = IterKind::Enumerate;
  it->source = inner;
  it->pos = start;
  return Value::object(it);
}

Value b_zip(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind(t, "zip", args, &b);
  RootScope scope(t);
  std::vector<Value> parts;
  for (size_t i = 0; i < b.rest.size(); ++i) {
    Value v = b.rest[i];
    if (!v.is_object() || v.obj->kind == ObjKind::Function || v.obj->kind == ObjKind::Builtin)
      throw_error(t, "TypeError", fmt::format("'{}' object is not iterable", type_name(v)));
    parts.push_back(scope.push(make_iterator(t, v)));
  }
  auto* it = t->heap->alloc<IteratorObject>(ObjKind::Iterator);
  it->iter = IterKind::Zip;
  it->parts = std::move(parts);
  return Value::object(it);
}

}  // namespace

// The builtin types a type-like intrinsic names (int, str, ...: what isinstance and type() know).
bool is_type_intrinsic(std::string_view n) {
  static const char* const types[] = {"int", "float", "str", "bool", "list", "dict", "tuple", "range", "set",
                                      "frozenset", "bytes", "bytearray", "type", "slice", "property", "staticmethod",
                                      "classmethod", "super", "enumerate", "zip", "map", "filter", "reversed"};
  for (const char* ty : types)
    if (n == ty) return true;
  return false;
}

bool instance_of(Thread* t, Value v, Value cls) {
  if (cls.is(ObjKind::Tuple)) {
    for (auto& c : tuple_items(cls))
      if (instance_of(t, v, c)) return true;
    return false;
  }
  if (cls.is(ObjKind::Class)) {
    ClassObject* c = as_class(cls);
    if (c == object_class(t)) return true;
    if (v.is(ObjKind::Class)) {  // a class is an instance of its metaclass (and of type)
      if (c == builtin_type_class(t, "type")) return true;
      return as_class(v)->metaclass && is_subclass(as_class(v)->metaclass, c);
    }
    ClassObject* k = class_of(v);
    if (!k && c->builtin && !c->is_exception) return type_name(v) == c->name;  // type(g) of a generator, NoneType...
    return k && is_subclass(k, c);
  }
  if (cls.is(ObjKind::Builtin)) {
    std::string_view n = intrinsics()[static_cast<BuiltinObject*>(cls.obj)->index].name;
    if (is_type_intrinsic(n)) {
      if (is_subclass_instance(v)) return n == (v.obj->kind == ObjKind::List ? "list" : "dict");
      if (ClassObject* k = class_of(v)) {  // an instance of a class deriving from the type (class Colour(str))
        ClassObject* native = builtin_type_class(t, n);
        return native && is_subclass(k, native);
      }
      std::string ty = type_name(v);
      if (n == "int" && v.is_bool()) return true;
      if (n == "type") return v.is(ObjKind::Class) || (v.is(ObjKind::Builtin) && type_name(v) == "type");
      if (n == "enumerate" || n == "zip" || n == "map" || n == "filter" || n == "reversed") return ty == n;
      return ty == n;
    }
  }
  throw_error(t, "TypeError", "isinstance() arg 2 must be a type, a tuple of types, or a union");
}

namespace {

Value b_isinstance(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind(t, "isinstance", args, &b);
  return Value::boolean(instance_of(t, b.values[0], b.values[1]));
}

Value b_list(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind(t, "list", args, &b);
  if (!b.has(0)) return make_list(t);
  RootScope scope(t);
  return make_list(t, collect_iterable(t, b.values[0]));
}

Value b_tuple(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind(t, "tuple", args, &b);
  if (!b.has(0)) return make_tuple(t);
  if (b.values[0].is(ObjKind::Tuple)) return b.values[0];
  RootScope scope(t);
  return make_tuple(t, collect_iterable(t, b.values[0]));
}

void dict_update_from(Thread* t, Value d, Value src) {
  if (src.is(ObjKind::Dict)) {
    std::vector<std::pair<Value, Value>> pairs;
    dict_for_each(src, [&](Value k, Value v) { pairs.emplace_back(k, v); });
    for (auto& [k, v] : pairs) dict_set(t, d, k, v);
    return;
  }
  RootScope scope(t);
  Value keys;
  if (!src.is(ObjKind::List) && !src.is(ObjKind::Tuple) && try_get_attribute(t, src, dunder(t, "keys"), &keys)) {
    // A mapping that is not a dict (a defaultdict or Counter of stdlib/, any
    // class with keys() and []): its keys, then src[key], as CPython's dict(m).
    scope.push(keys);
    std::vector<Value> ks = collect_iterable(t, scope.push(call_value(t, keys, nullptr, 0)));
    for (Value k : ks) scope.push(k);
    for (Value k : ks) dict_set(t, d, k, scope.push(get_item_value(t, src, k)));
    return;
  }
  std::vector<Value> items = collect_iterable(t, src);
  for (size_t i = 0; i < items.size(); ++i) {
    Value item = items[i];
    std::vector<Value> kv;
    if (item.is(ObjKind::Tuple) || item.is(ObjKind::List)) kv = item.is(ObjKind::Tuple) ? tuple_items(item) : list_items(item);
    else if (item.is(ObjKind::Str)) kv = collect_iterable(t, item);
    else
      throw_error(t, "TypeError", fmt::format("cannot convert dictionary update sequence element #{} to a sequence", i));
    if (kv.size() != 2)
      throw_error(t, "ValueError",
                  fmt::format("dictionary update sequence element #{} has length {}; 2 is required", i, kv.size()));
    dict_set(t, d, kv[0], kv[1]);
  }
}

Value b_dict(Thread* t, const CallArgs& args) {
  if (args.npos > 1) throw_error(t, "TypeError", fmt::format("dict expected at most 1 argument, got {}", args.npos));
  RootScope scope(t);
  Value d = scope.push(make_dict(t));
  if (args.npos == 1) dict_update_from(t, d, args.positional(0));
  for (uint32_t k = 0; k < args.nkw; ++k) dict_set(t, d, args.kwnames[k], args.keyword_value(k));
  return d;
}

Value b_repr(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind(t, "repr", args, &b);
  return make_str(t, repr(t, b.values[0]));
}

Value round_float(Thread* t, double x, int64_t nd) {
  if (!std::isfinite(x) || nd > 308) return Value::real(x);
  if (nd >= 0) {
    char buf[512];
    std::snprintf(buf, sizeof buf, "%.*f", static_cast<int>(std::min<int64_t>(nd, 330)), x);
    return Value::real(std::strtod(buf, nullptr));
  }
  if (nd < -308) return Value::real(std::copysign(0.0, x));
  // To a multiple of 10^k, on x's exact decimal value with ties to even, as
  // Python does: x / 10^k would round first (round(-7.087419620795963e+19, -1)
  // came out one ulp off). The integer part prints exactly; the fraction only
  // matters as "nonzero" past the kept digits.
  size_t k = static_cast<size_t>(-nd);
  double whole = std::trunc(std::fabs(x));
  bool fraction = std::fabs(x) != whole;
  char buf[400];
  std::snprintf(buf, sizeof buf, "%.0f", whole);
  std::string digits = buf;
  if (digits.size() <= k) digits.insert(0, k + 1 - digits.size(), '0');
  size_t keep = digits.size() - k;
  char first = digits[keep];
  bool rest = fraction || digits.find_first_not_of('0', keep + 1) != std::string::npos;
  bool up = first > '5' || (first == '5' && (rest || ((digits[keep - 1] - '0') & 1)));
  std::string kept = digits.substr(0, keep);
  if (up) {
    size_t i = kept.size();
    while (i > 0 && kept[i - 1] == '9') kept[--i] = '0';
    if (i == 0) kept.insert(kept.begin(), '1');
    else ++kept[i - 1];
  }
  kept.append(k, '0');
  return Value::real(std::copysign(std::strtod(kept.c_str(), nullptr), x));
}

Value b_round(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind(t, "round", args, &b);
  Value v = value_unless_special(t, b.values[0], "__round__");
  bool has_nd = b.present(1);
  int64_t nd = has_nd ? as_index(t, b.values[1]) : 0;
  if (intlike(v)) {
    if (!has_nd || nd >= 0) return Value::integer(v.i);
    if (nd < -18) return Value::integer(0);
    int64_t p = 1;
    for (int64_t i = 0; i < -nd; ++i) p *= 10;
    int64_t q = v.i / p, r = v.i % p;
    if (r < 0) {
      r += p;
      --q;
    }
    if (2 * static_cast<__int128>(r) > p || (2 * static_cast<__int128>(r) == p && (q & 1))) ++q;
    __int128 res = static_cast<__int128>(q) * p;
    if (res > INT64_MAX || res < INT64_MIN) throw_error(t, "OverflowError", "integer overflow");
    return Value::integer(static_cast<int64_t>(res));
  }
  if (v.is_float()) {
    if (!has_nd) return float_to_int(t, std::nearbyint(v.f));
    return round_float(t, v.f, nd);
  }
  if (v.is(ObjKind::BigInt)) {
    if (!has_nd || nd >= 0) return v;
    // To a multiple of 10**-nd, ties to even: q, r = divmod(v, p); up when 2r > p or (2r == p and q is odd).
    RootScope roots(t);
    Value p = roots.push(bigint_binary(t, 6, Value::integer(10), Value::integer(-nd)));
    Value q = roots.push(bigint_binary(t, 4, v, p)), r = roots.push(bigint_binary(t, 5, v, p));
    Value twice = roots.push(bigint_binary(t, 2, r, Value::integer(2)));
    int c = bigint_compare(twice, p);
    Value odd = roots.push(bigint_binary(t, 9, q, Value::integer(1)));
    if (c > 0 || (c == 0 && bigint_compare(odd, Value::integer(1)) == 0)) q = roots.push(bigint_binary(t, 0, q, Value::integer(1)));
    return bigint_binary(t, 2, q, p);
  }
  Value r;
  Value self = v;
  if (v.is(ObjKind::Instance) && call_special(t, v, "__round__", &self, 1, &r)) return r;
  throw_error(t, "TypeError", fmt::format("type {} doesn't define __round__ method", type_name(v)));
}

Value b_type(Thread* t, const CallArgs& args) {
  if (args.npos == 3 && args.nkw == 0) {  // type(name, bases, dict): a new class
    Value name = args.positional(0), bases = args.positional(1), ns = args.positional(2);
    if (!name.is(ObjKind::Str) || !bases.is(ObjKind::Tuple) || !ns.is(ObjKind::Dict))
      throw_error(t, "TypeError", "type.__new__() argument types: (str, tuple, dict)");
    RootScope roots(t);
    Value copy = roots.push(make_dict(t));
    dict_update_from(t, copy, ns);
    const auto& bs = tuple_items(bases);
    return build_class(t, str_view(name), str_view(name), bs.data(), static_cast<uint32_t>(bs.size()), copy);
  }
  BoundArgs b;
  bind(t, "type", args, &b);
  Value v = b.values[0];
  if (ClassObject* c = class_of(v)) return Value::object(c);
  if (v.is(ObjKind::Class) && as_class(v)->metaclass) return Value::object(as_class(v)->metaclass);
  std::string ty = type_name(v);
  if (auto idx = find_intrinsic(ty); idx && is_type_intrinsic(ty)) return make_builtin(t, *idx);
  if (v.is(ObjKind::Class)) return make_builtin(t, *find_intrinsic("type"));
  // Any other built-in type (NoneType, function, generator, ...): a class of that name, made once per heap.
  if (ClassObject* c = builtin_class(t, ty)) return Value::object(c);
  return Value::object(new_builtin_class(t, ty, object_class(t)));
}

}  // namespace

void write_output(Thread* t, std::string_view text) {
  if (t->writer) t->writer(t->writer_data, text.data(), text.size());
  else if (t->output) t->output->append(text);
  else std::fwrite(text.data(), 1, text.size(), stdout);
}

std::vector<Intrinsic> builtin_intrinsics() {
  const char* B = "builtin";
  return {
      {"print", {P{"objects", "any", "", true, false}, P{"sep", "str", "' '", false, true}, P{"end", "str", "'\\n'", false, true},
                 P{"file", "any", "None", false, true}, P{"flush", "bool", "False", false, true}},
       "None", 0, B, "Writes the objects' str() separated by `sep` and followed by `end` (to `file`'s write() when given).",
       &wrap<b_print>},
      {"len", {P{"obj", "any"}}, "int", 0, B, "The number of items of a str, list, tuple, dict or range.", &wrap<b_len>},
      {"range", {P{"start", "int"}, P{"stop", "int", "None"}, P{"step", "int", "1"}}, "range", 0, B,
       "The integers from start (0 when one argument is given) up to, not including, stop by step.", &wrap<b_range>},
      {"str", {P{"object", "any", "''"}, P{"encoding", "str", "'utf-8'"}}, "str", 0, B,
       "The str() of a value (the str type); bytes with an encoding are decoded.", &wrap<b_str>},
      {"int", {P{"x", "any", "0"}, P{"base", "int", "10"}}, "int", 0, B,
       "An int (of any size) from an int, bool, float (truncated) or a str in base `base` (the int type).", &wrap<b_int>},
      {"float", {P{"x", "any", "0.0"}}, "float", 0, B, "A float from a number or str (the float type).", &wrap<b_float>},
      {"bool", {P{"x", "any", "False"}}, "bool", 0, B, "The truth value of x (the bool type).", &wrap<b_bool>},
      {"abs", {P{"x", "int|float"}}, "int|float", 0, B, "The absolute value of a number.", &wrap<b_abs>},
      {"min", {P{"args", "any", "", true, false}, P{"key", "callable", "None", false, true}, P{"default", "any", "<none>", false, true}},
       "any", 0, B, "The smallest item of one iterable or of several arguments, by `key` when given.", &wrap<b_min>},
      {"max", {P{"args", "any", "", true, false}, P{"key", "callable", "None", false, true}, P{"default", "any", "<none>", false, true}},
       "any", 0, B, "The largest item of one iterable or of several arguments, by `key` when given.", &wrap<b_max>},
      {"sum", {P{"iterable", "iterable"}, P{"start", "any", "0"}}, "any", 0, B, "start plus the sum of the items.",
       &wrap<b_sum>},
      {"sorted", {P{"iterable", "iterable"}, P{"key", "callable", "None", false, true}, P{"reverse", "bool", "False", false, true}},
       "list", 0, B, "A new list of the items in ascending order (stable), by `key` when given.", &wrap<b_sorted>},
      {"enumerate", {P{"iterable", "iterable"}, P{"start", "int", "0"}}, "iterator", 0, B,
       "An iterator of (index, item) pairs counting from start.", &wrap<b_enumerate>},
      {"zip", {P{"iterables", "iterable", "", true, false}}, "iterator", 0, B,
       "An iterator of tuples of the i-th items of each iterable, stopping at the shortest.", &wrap<b_zip>},
      {"isinstance", {P{"obj", "any"}, P{"classinfo", "type|tuple"}}, "bool", 0, B,
       "Whether obj is of the type (int, float, str, bool, list, dict, tuple, range) or one of a tuple of types; bool is an int.",
       &wrap<b_isinstance>},
      {"list", {P{"iterable", "iterable", "()"}}, "list", 0, B, "A new list of the iterable's items (the list type).",
       &wrap<b_list>},
      {"dict", {P{"mapping", "dict|iterable", "None"}, P{"pairs", "any", "", false, false, true}}, "dict", 0, B,
       "A new dict from a mapping or an iterable of pairs, plus keyword arguments (the dict type).", &wrap<b_dict>},
      {"tuple", {P{"iterable", "iterable", "()"}}, "tuple", 0, B, "A tuple of the iterable's items (the tuple type).",
       &wrap<b_tuple>},
      {"repr", {P{"obj", "any"}}, "str", 0, B, "The printable representation of a value, as Python's repr().", &wrap<b_repr>},
      {"round", {P{"number", "int|float"}, P{"ndigits", "int", "None"}}, "int|float", 0, B,
       "number rounded to ndigits decimals (half to even); an int when ndigits is omitted.", &wrap<b_round>},
      {"type", {P{"obj", "any"}, P{"bases", "tuple", "None"}, P{"dict", "dict", "None"}}, "type", 0, B,
       "The class of a value (its class for an object, the built-in type otherwise); type(name, bases, dict) makes a class.",
       &wrap<b_type>},
  };
}

// Used by list.sort (methods.cpp).
void sort_list_values(Thread* t, std::vector<Value>& items, Value key, bool reverse) { sort_values(t, items, key, reverse); }
void update_dict_from(Thread* t, Value d, Value src) { dict_update_from(t, d, src); }

}  // namespace plank::core
