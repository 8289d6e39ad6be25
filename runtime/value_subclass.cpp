// Classes deriving from the built-in value types (see value_subclass.h).
#include "runtime/value_subclass.h"

#include <array>
#include <deque>
#include <utility>

#include <fmt/format.h>

#include "runtime/args.h"
#include "runtime/descriptor.h"
#include "runtime/exceptions.h"
#include "runtime/heap.h"
#include "runtime/ops.h"
#include "runtime/set_object.h"

namespace plank::core {

namespace {

// The types, as bits of a special method's `types` mask.
enum TypeBit : uint32_t {
  kInt = 1, kFloat = 2, kStr = 4, kTuple = 8, kSet = 16, kFrozenSet = 32, kBytes = 64, kByteArray = 128,
  // Iterators: an instance is its own iterator, its __next__ the value's.
  kEnumerate = 256, kZip = 512, kMap = 1024, kFilter = 2048, kReversed = 4096,
  // Descriptors: an instance in a class acts as the wrapper it holds; the
  // type's __init__ (not __new__, as CPython's) makes that wrapper.
  kProperty = 8192, kStaticMethod = 16384, kClassMethod = 32768,
};
constexpr std::pair<std::string_view, uint32_t> kTypes[] = {
    {"int", kInt},           {"float", kFloat},         {"str", kStr},       {"tuple", kTuple},
    {"set", kSet},           {"frozenset", kFrozenSet}, {"bytes", kBytes},   {"bytearray", kByteArray},
    {"enumerate", kEnumerate}, {"zip", kZip},           {"map", kMap},       {"filter", kFilter},
    {"reversed", kReversed}, {"property", kProperty},   {"staticmethod", kStaticMethod},
    {"classmethod", kClassMethod},
};
constexpr uint32_t kIterators = kEnumerate | kZip | kMap | kFilter | kReversed;
constexpr uint32_t kWrappers = kProperty | kStaticMethod | kClassMethod;
constexpr uint32_t kNumbers = kInt | kFloat;
constexpr uint32_t kSets = kSet | kFrozenSet;
constexpr uint32_t kSequences = kStr | kTuple | kBytes | kByteArray;
constexpr uint32_t kContainers = kSequences | kSets;
constexpr uint32_t kAll = kNumbers | kContainers;

uint32_t type_bit(std::string_view name) {
  for (auto& [n, bit] : kTypes)
    if (n == name) return bit;
  return 0;
}

// How a special method acts on the value: the runtime's own operation (ops.h's
// op codes), so that `super().__add__(x)` is exactly what `value + x` is.
enum class Act : uint8_t { Binary, Reflected, Compare, Unary, Repr, Str, Hash, Len, Iter, Bool, GetItem, Contains, Format, Call,
                           IterSelf, Next, DescGet, DescSet, DescDelete, PropCopy };
struct Special {
  const char* name;
  Act act;
  uint32_t op;        // Binary/Reflected: BinOp; Compare: CmpOp; Unary: UnOp
  uint32_t types;     // the types that have it
  const char* call;   // Act::Call: the builtin applied to the value (int, float, abs, round)
};
// ops.cpp's op codes (BinOp, CmpOp, UnOp: part of the IR's ABI).
enum : uint32_t { kAdd, kSub, kMul, kDiv, kFloorDiv, kMod, kPow, kBitOr, kBitXor, kBitAnd, kLShift, kRShift };
enum : uint32_t { kLt, kGt, kEq, kGe, kLe, kNe };
enum : uint32_t { kNeg, kPos, kNot, kInvert };

constexpr Special kSpecials[] = {
    {"__repr__", Act::Repr, 0, kAll, nullptr},
    {"__str__", Act::Str, 0, kStr, nullptr},  // the others use object's: repr(self)
    {"__hash__", Act::Hash, 0, kAll & ~(kSet | kByteArray), nullptr},
    {"__format__", Act::Format, 0, kAll, nullptr},
    {"__eq__", Act::Compare, kEq, kAll, nullptr},
    {"__ne__", Act::Compare, kNe, kAll, nullptr},
    {"__lt__", Act::Compare, kLt, kAll, nullptr},
    {"__le__", Act::Compare, kLe, kAll, nullptr},
    {"__gt__", Act::Compare, kGt, kAll, nullptr},
    {"__ge__", Act::Compare, kGe, kAll, nullptr},
    {"__len__", Act::Len, 0, kContainers, nullptr},
    {"__iter__", Act::Iter, 0, kContainers, nullptr},
    {"__contains__", Act::Contains, 0, kContainers, nullptr},
    {"__iter__", Act::IterSelf, 0, kIterators, nullptr},
    {"__next__", Act::Next, 0, kIterators, nullptr},
    {"__getitem__", Act::GetItem, 0, kSequences, nullptr},
    {"__bool__", Act::Bool, 0, kNumbers, nullptr},
    {"__add__", Act::Binary, kAdd, kNumbers | kSequences, nullptr},
    {"__radd__", Act::Reflected, kAdd, kNumbers, nullptr},
    {"__mul__", Act::Binary, kMul, kNumbers | kSequences, nullptr},
    {"__rmul__", Act::Reflected, kMul, kNumbers | kSequences, nullptr},
    {"__mod__", Act::Binary, kMod, kNumbers | kStr | kBytes | kByteArray, nullptr},
    {"__rmod__", Act::Reflected, kMod, kNumbers, nullptr},
    {"__sub__", Act::Binary, kSub, kNumbers | kSets, nullptr},
    {"__rsub__", Act::Reflected, kSub, kNumbers | kSets, nullptr},
    {"__truediv__", Act::Binary, kDiv, kNumbers, nullptr},
    {"__rtruediv__", Act::Reflected, kDiv, kNumbers, nullptr},
    {"__floordiv__", Act::Binary, kFloorDiv, kNumbers, nullptr},
    {"__rfloordiv__", Act::Reflected, kFloorDiv, kNumbers, nullptr},
    {"__pow__", Act::Binary, kPow, kNumbers, nullptr},
    {"__rpow__", Act::Reflected, kPow, kNumbers, nullptr},
    {"__and__", Act::Binary, kBitAnd, kInt | kSets, nullptr},
    {"__rand__", Act::Reflected, kBitAnd, kInt | kSets, nullptr},
    {"__or__", Act::Binary, kBitOr, kInt | kSets, nullptr},
    {"__ror__", Act::Reflected, kBitOr, kInt | kSets, nullptr},
    {"__xor__", Act::Binary, kBitXor, kInt | kSets, nullptr},
    {"__rxor__", Act::Reflected, kBitXor, kInt | kSets, nullptr},
    {"__lshift__", Act::Binary, kLShift, kInt, nullptr},
    {"__rlshift__", Act::Reflected, kLShift, kInt, nullptr},
    {"__rshift__", Act::Binary, kRShift, kInt, nullptr},
    {"__rrshift__", Act::Reflected, kRShift, kInt, nullptr},
    {"__neg__", Act::Unary, kNeg, kNumbers, nullptr},
    {"__pos__", Act::Unary, kPos, kNumbers, nullptr},
    {"__invert__", Act::Unary, kInvert, kInt, nullptr},
    {"__int__", Act::Call, 0, kNumbers, "int"},
    {"__index__", Act::Call, 0, kInt, "int"},
    {"__float__", Act::Call, 0, kNumbers, "float"},
    {"__abs__", Act::Call, 0, kNumbers, "abs"},
    {"__round__", Act::Call, 0, kNumbers, "round"},
    // The descriptors' own (runtime/descriptor.h): super().__get__(obj, type) in a property subclass.
    {"__get__", Act::DescGet, 0, kWrappers, nullptr},
    {"__set__", Act::DescSet, 0, kProperty, nullptr},
    {"__delete__", Act::DescDelete, 0, kProperty, nullptr},
    // A copy of the subclass's own class (op: which function it replaces).
    {"getter", Act::PropCopy, 0, kProperty, nullptr},
    {"setter", Act::PropCopy, 1, kProperty, nullptr},
    {"deleter", Act::PropCopy, 2, kProperty, nullptr},
};
constexpr size_t kNumSpecials = std::size(kSpecials);

void need_args(Thread* t, const Special& s, const CallArgs& args, uint32_t n) {
  if (args.nkw != 0 || args.npos != n)
    throw_error(t, "TypeError", fmt::format("expected {} argument{} for {}, got {}", n, n == 1 ? "" : "s", s.name, args.npos + args.nkw));
}

// Whether the built-in type's comparison methods take the other value: they
// return NotImplemented for the rest, as CPython's (`(1).__eq__(1.5)`,
// `b'a'.__eq__(bytearray(b'a'))`), so that `super().__eq__(other)` in a
// subclass lets the other operand's method decide.
bool compares_with(std::string_view self_type, std::string_view other_type) {
  auto is = [&](std::initializer_list<std::string_view> names) {
    for (auto n : names)
      if (other_type == n) return true;
    return false;
  };
  if (self_type == "int" || self_type == "bool") return is({"int", "bool"});
  if (self_type == "float") return is({"int", "bool", "float"});
  if (self_type == "set" || self_type == "frozenset") return is({"set", "frozenset"});
  if (self_type == "bytearray") return is({"bytes", "bytearray"});
  return other_type == self_type;
}

Value apply_special(Thread* t, const Special& s, Value self, const CallArgs& args) {
  Value v = unwrap_value(self);
  RootScope roots(t);
  roots.push(self);
  Value r;
  switch (s.act) {
    case Act::Binary:
    case Act::Reflected: {
      need_args(t, s, args, 1);
      Value other = args.positional(0);
      bool ok = s.act == Act::Binary ? pk_binary(t, &r, s.op, &v, &other) : pk_binary(t, &r, s.op, &other, &v);
      if (!ok) rethrow_pending();
      return r;
    }
    case Act::Compare: {
      need_args(t, s, args, 1);
      Value other = args.positional(0);
      Value other_value = is_value_instance(other) ? unwrap_value(other) : other;
      if (!compares_with(type_name(v), other.is(ObjKind::Instance) && !is_value_instance(other) ? "" : type_name(other_value)))
        return not_implemented(t);
      if (!pk_compare(t, &r, s.op, &v, &other)) rethrow_pending();
      return r;
    }
    case Act::Unary:
      need_args(t, s, args, 0);
      if (!pk_unary(t, &r, s.op, &v)) rethrow_pending();
      return r;
    case Act::Repr: need_args(t, s, args, 0); return make_str(t, repr(t, v));
    case Act::Str: need_args(t, s, args, 0); return make_str(t, to_str(t, v));
    case Act::Hash: need_args(t, s, args, 0); return Value::integer(py_hash(t, v));
    case Act::Len: need_args(t, s, args, 0); return Value::integer(length(t, v));
    case Act::Iter: need_args(t, s, args, 0); return make_iterator(t, v);
    case Act::Bool: need_args(t, s, args, 0); return Value::boolean(truthy(v));
    case Act::GetItem: need_args(t, s, args, 1); return get_item_value(t, v, args.positional(0));
    case Act::Contains: need_args(t, s, args, 1); return Value::boolean(contains(t, v, args.positional(0)));
    case Act::Format: {
      need_args(t, s, args, 1);
      Value format = roots.push(make_builtin(t, *find_intrinsic("format")));
      Value call[2] = {v, args.positional(0)};
      return call_value(t, format, call, 2);
    }
    case Act::IterSelf: need_args(t, s, args, 0); return self;
    case Act::Next:
      need_args(t, s, args, 0);
      if (iter_next(t, v, &r)) return r;
      throw_stop_iteration(t, Value::none());
    case Act::Call: {
      Value fn = roots.push(make_builtin(t, *find_intrinsic(s.call)));
      std::vector<Value> call{v};
      call.insert(call.end(), args.values, args.values + args.npos + args.nkw);
      return call_value(t, fn, call.data(), args.npos + 1, args.nkw, args.kwnames);
    }
    case Act::DescGet:
      if (args.nkw != 0 || args.npos < 1 || args.npos > 2)
        throw_error(t, "TypeError", fmt::format("__get__ expected 1 or 2 arguments, got {}", args.npos + args.nkw));
      return wrapper_get(t, self, args.positional(0), args.npos == 2 ? args.positional(1) : Value::none());
    case Act::DescSet: need_args(t, s, args, 2); wrapper_set(t, self, args.positional(0), args.positional(1)); return Value::none();
    case Act::DescDelete: need_args(t, s, args, 1); wrapper_delete(t, self, args.positional(0)); return Value::none();
    case Act::PropCopy: need_args(t, s, args, 1); return property_copy(t, self, static_cast<int>(s.op), args.positional(0));
  }
  return Value::none();
}

template <size_t I>
bool special_fn(Thread* t, Value* result, const Value& self, const CallArgs& args) {
  try {
    *result = apply_special(t, kSpecials[I], self, args);
    return true;
  } catch (const Raised&) {
    return false;
  }
}

// One Method per special method, bound to an instance as a builtin method is
// (BoundMethodObject): never in the methods table, which is per receiver kind.
const std::deque<Method>& special_methods() {
  static const std::deque<Method> methods = [] {
    std::deque<Method> out;
    [&]<size_t... I>(std::index_sequence<I...>) {
      (out.push_back(Method{ObjKind::Instance, kSpecials[I].name, {}, "any", "", &special_fn<I>}), ...);
    }(std::make_index_sequence<kNumSpecials>{});
    return out;
  }();
  return methods;
}

Value value_new(Thread* t, const CallArgs& args, std::string_view type) {
  if (args.npos < 1) throw_error(t, "TypeError", fmt::format("{}.__new__(): not enough arguments", type));
  Value cls = args.positional(0);
  if (cls.is(ObjKind::Builtin) && intrinsics()[static_cast<BuiltinObject*>(cls.obj)->index].name == type)
    return call_value(t, cls, args.values + 1, args.npos - 1, args.nkw, args.kwnames);  // str.__new__(str, x)
  if (!cls.is(ObjKind::Class))
    throw_error(t, "TypeError", fmt::format("{}.__new__(X): X is not a type object ({})", type, type_name(cls)));
  ClassObject* c = as_class(cls);
  if (c->value_type != type)
    throw_error(t, "TypeError", fmt::format("{}.__new__({}): {} is not a subtype of {}", type, c->name, c->name, type));
  return new_value_instance(t, c, args.values + 1, args.npos - 1, args.nkw, args.kwnames);
}

template <size_t I>
Value value_new_of(Thread* t, const CallArgs& args) {
  return value_new(t, args, kTypes[I].first);
}

// property.__init__(self, fget, ...) and staticmethod's and classmethod's: the
// instance now holds property(fget, ...), as CPython's __init__ sets its fields.
Value wrapper_init(Thread* t, const CallArgs& args, std::string_view type) {
  if (args.npos < 1 || !is_value_instance(args.positional(0)) || as_instance(args.positional(0))->cls->value_type != type)
    throw_error(t, "TypeError", fmt::format("descriptor '__init__' requires a '{}' object", type));
  RootScope roots(t);
  Value fn = roots.push(make_builtin(t, *find_intrinsic(type)));
  as_instance(args.positional(0))->value = call_value(t, fn, args.values + 1, args.npos - 1, args.nkw, args.kwnames);
  return Value::none();
}

constexpr std::string_view kWrapperTypes[] = {"property", "staticmethod", "classmethod"};

template <size_t I>
Value wrapper_init_of(Thread* t, const CallArgs& args) {
  return wrapper_init(t, args, kWrapperTypes[I]);
}

}  // namespace

bool is_value_type(std::string_view name) { return type_bit(name) != 0; }

bool is_iterator_instance(Value v) {
  return is_value_instance(v) && (type_bit(as_instance(v)->cls->value_type) & kIterators);
}

Value descriptor_of(Value attr) {
  if (is_value_instance(attr) && as_instance(attr)->value.is(ObjKind::Wrapper)) return as_instance(attr)->value;
  return attr;
}

ClassObject* value_type_class(Thread* t, std::string_view name) {
  auto& named = t->heap->named();
  std::string key = "class:builtins." + std::string(name);
  if (auto it = named.find(key); it != named.end()) return static_cast<ClassObject*>(it->second);
  ClassObject* c = new_builtin_class(t, std::string(name), object_class(t));
  c->value_type = std::string(name);
  c->has_slots = true;  // no __dict__ of its own: a subclass without __slots__ adds one
  RootScope roots(t);
  Value key_new = roots.push(intern_str(t, "__new__"));
  dict_set(t, c->dict, key_new, make_builtin(t, *find_intrinsic(std::string(name) + ".__new__")));
  if (type_bit(name) & kWrappers) {
    Value key_init = roots.push(intern_str(t, "__init__"));
    dict_set(t, c->dict, key_init, make_builtin(t, *find_intrinsic(std::string(name) + ".__init__")));
  }
  return c;
}

Value new_value_instance(Thread* t, ClassObject* cls, const Value* args, uint32_t npos, uint32_t nkw,
                         const Value* kwnames) {
  RootScope roots(t);
  roots.push(Value::object(cls));
  Value value;
  if (type_bit(cls->value_type) & kWrappers) {
    // As CPython's, __new__ takes any arguments and __init__ makes the wrapper:
    // until then it is an empty one (a property without fget).
    value = roots.push(make_wrapper(t, cls->value_type == "property"       ? WrapperKind::Property
                                       : cls->value_type == "staticmethod" ? WrapperKind::StaticMethod
                                                                           : WrapperKind::ClassMethod,
                                    Value::none()));
  } else {
    Value type = roots.push(make_builtin(t, *find_intrinsic(cls->value_type)));
    value = roots.push(call_value(t, type, args, npos, nkw, kwnames));
    // reversed(seq) is seq.__reversed__() where seq has one (a list, a dict, a
    // range ...), not an instance of the class, as CPython's reversed.__new__.
    if (cls->value_type == "reversed" && npos == 1 && !(args[0].tag == Tag::Object && (args[0].is(ObjKind::Tuple) ||
                                                                                      args[0].is(ObjKind::Str) ||
                                                                                      args[0].is(ObjKind::Bytes) ||
                                                                                      args[0].is(ObjKind::ByteArray)))) {
      Value m;
      if (!args[0].is(ObjKind::Instance) || find_special(t, args[0], "__reversed__", &m)) return value;
    }
  }
  Value obj = new_instance(t, cls);
  as_instance(obj)->value = value;
  return obj;
}

bool value_attribute(Thread* t, Value obj, std::string_view name, Value* out) {
  if (!is_value_instance(obj)) return false;
  uint32_t bit = type_bit(as_instance(obj)->cls->value_type);
  const auto& methods = special_methods();
  for (size_t i = 0; i < kNumSpecials; ++i)
    if ((kSpecials[i].types & bit) && name == kSpecials[i].name) {
      *out = make_bound_method(t, obj, &methods[i]);
      return true;
    }
  if (name.size() > 4 && name.starts_with("__") && name.ends_with("__")) return false;  // object's, along the mro
  RootScope roots(t);
  Value key = roots.push(make_str(t, name));
  return try_get_attribute(t, unwrap_value(obj), key, out);
}

bool value_type_special(Thread* t, std::string_view type, std::string_view name, Value* out) {
  uint32_t bit = type_bit(type);
  if (!bit) return false;
  const auto& methods = special_methods();
  for (size_t i = 0; i < kNumSpecials; ++i)
    if ((kSpecials[i].types & bit) && name == kSpecials[i].name) {
      Value b = make_bound_method(t, Value::none(), &methods[i]);
      b.obj->flags |= kUnboundMethod;
      *out = b;
      return true;
    }
  return false;
}

std::string value_instance_repr(Thread* t, Value v) {
  const std::string& type = as_instance(v)->cls->value_type;
  if (type_bit(type) & (kIterators | kWrappers)) return default_repr(t, v);  // object's, as CPython's
  std::string inner = repr(t, unwrap_value(v));
  const std::string& name = as_instance(v)->cls->name;
  if (type == "set") return inner == "set()" ? name + "()" : name + "(" + inner + ")";
  if ((type == "frozenset" || type == "bytearray") && inner.starts_with(type))
    return inner == "frozenset()" ? name + "()" : name + inner.substr(type.size());
  return inner;
}

std::vector<std::string_view> value_type_special_names(std::string_view type) {
  std::vector<std::string_view> out;
  uint32_t bit = type_bit(type);
  for (const Special& s : kSpecials)
    if (s.types & bit) out.push_back(s.name);
  return out;
}

namespace {
// Whether a parameter declared `declared` (IntrinsicParam::type) takes the
// value of an instance of a `type` subclass: it names that type (an int where
// a float is declared too), alone or "|None"; or, in_union, among others.
bool takes_value_type(std::string_view declared, std::string_view type, bool in_union) {
  if (!in_union) {
    if (declared.ends_with("|None")) declared.remove_suffix(5);
    return declared == type || (declared == "float" && type == "int");
  }
  while (!declared.empty()) {
    size_t bar = declared.find('|');
    if (declared.substr(0, bar) == type) return true;
    if (bar == std::string_view::npos) break;
    declared.remove_prefix(bar + 1);
  }
  return false;
}
}  // namespace

bool unwrap_value_args(const std::vector<IntrinsicParam>& params, const Value* args, uint32_t npos, uint32_t nkw,
                       const Value* kwnames, bool in_union, std::vector<Value>* out) {
  uint32_t n = npos + nkw;
  uint32_t i = 0;
  while (i < n && !is_value_instance(args[i])) ++i;
  if (i == n) return false;  // the common case: nothing to look at
  bool changed = false;
  for (; i < n; ++i) {
    if (!is_value_instance(args[i])) continue;
    const IntrinsicParam* p = nullptr;
    if (i < npos) {
      for (size_t k = 0, pos = 0; k < params.size(); ++k) {
        if (params[k].keyword_only || params[k].var_keywords) continue;
        if (params[k].variadic || pos == i) {
          p = &params[k];
          break;
        }
        ++pos;
      }
    } else {
      std::string_view name = str_view(kwnames[i - npos]);
      for (const IntrinsicParam& q : params)
        if (q.name == name) p = &q;
    }
    if (!p || !takes_value_type(p->type, as_instance(args[i])->cls->value_type, in_union)) continue;
    if (!changed) out->assign(args, args + n);
    (*out)[i] = unwrap_value(args[i]);
    changed = true;
  }
  return changed;
}

const std::vector<IntrinsicParam>* intrinsic_params_of(IntrinsicFn fn) {
  for (const Intrinsic& in : intrinsics())
    if (in.fn == fn) return &in.params;
  return nullptr;
}

const std::vector<IntrinsicParam>* method_params_of(MethodFn fn) {
  for (const Method& m : methods())
    if (m.fn == fn) return &m.params;
  return nullptr;
}

bool unwrap_value_call_args(const std::vector<IntrinsicParam>* params, bool method, const CallArgs& args,
                            std::vector<Value>* storage, CallArgs* out) {
  if (!params || !unwrap_value_args(*params, args.values, args.npos, args.nkw, args.kwnames, method, storage)) return false;
  *out = CallArgs{storage->data(), args.npos, args.nkw, args.kwnames};
  return true;
}

Value value_unless_special(Thread* t, Value v, const char* special) {
  Value m;
  if (is_value_instance(v) && !find_special(t, v, special, &m)) return unwrap_value(v);
  return v;
}

std::vector<Intrinsic> value_type_intrinsics() {
  std::vector<Intrinsic> out;
  using P = IntrinsicParam;
  // The table keeps string_views: the names and docs live as long as the program.
  static const auto names = [] {
    std::array<std::string, std::size(kTypes)> n;
    for (size_t i = 0; i < n.size(); ++i) n[i] = fmt::format("{}.__new__", kTypes[i].first);
    return n;
  }();
  static const auto docs = [] {
    std::array<std::string, std::size(kTypes)> d;
    for (size_t i = 0; i < d.size(); ++i)
      d[i] = (kTypes[i].second & kWrappers)
                 ? fmt::format("A new instance of cls (a class deriving from {0}) holding an empty {0} until its `__init__` "
                               "(`{0}.__init__`) makes it: what `super().__new__(cls, ...)` calls in such a class's `__new__`.",
                               kTypes[i].first)
                 : fmt::format("A new instance of cls (a class deriving from {0}) holding {0}(*args): what "
                               "`super().__new__(cls, ...)` calls in such a class's `__new__`.", kTypes[i].first);
    return d;
  }();
  [&]<size_t... I>(std::index_sequence<I...>) {
    (out.push_back(Intrinsic{names[I], {P{"cls", "type", ""}, P{"args", "any", "", true}, P{"kwargs", "any", "", false, false, true}},
                             kTypes[I].first, 0, "builtin-method", docs[I], &wrap<value_new_of<I>>}),
     ...);
  }(std::make_index_sequence<std::size(kTypes)>{});
  static const auto init_names = [] {
    std::array<std::string, std::size(kWrapperTypes)> n;
    for (size_t i = 0; i < n.size(); ++i) n[i] = fmt::format("{}.__init__", kWrapperTypes[i]);
    return n;
  }();
  static const auto init_docs = [] {
    std::array<std::string, std::size(kWrapperTypes)> d;
    for (size_t i = 0; i < d.size(); ++i)
      d[i] = fmt::format("Makes self (an instance of a class deriving from {0}) hold {0}(*args): what `super().__init__(...)` "
                         "calls in such a class's `__init__`.", kWrapperTypes[i]);
    return d;
  }();
  [&]<size_t... I>(std::index_sequence<I...>) {
    (out.push_back(Intrinsic{init_names[I], {P{"self", "any", ""}, P{"args", "any", "", true}, P{"kwargs", "any", "", false, false, true}},
                             "None", 0, "builtin-method", init_docs[I], &wrap<wrapper_init_of<I>>}),
     ...);
  }(std::make_index_sequence<std::size(kWrapperTypes)>{});
  return out;
}

}  // namespace plank::core
