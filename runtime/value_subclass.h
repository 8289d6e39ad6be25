// Classes deriving from the built-in value types (issue 27): `class Colour(str)`,
// `class Flags(int)`, namedtuple-style `class Point(tuple)`, and float, set,
// frozenset, bytes and bytearray; and the iterators enumerate, zip, map,
// filter and reversed, and the descriptors property, staticmethod and
// classmethod (whose instance holds the wrapper: descriptor_of).
//
// An instance is an InstanceObject (its own attributes, __slots__ and the
// class's methods, as for any class) holding a value of the built-in type
// (InstanceObject::value). Whatever the class does not define acts on that
// value: the operations (+, ==, <, hash, len, [], in, iteration, repr, str,
// format, int(), float(), abs()) unwrap it where they would otherwise find no
// special method (unwrap_value, classes.h); attribute lookup falls back to the
// value's attributes (`Colour('red').upper()` is the str's, returning a str as
// in CPython); super() and `obj.__add__` find the type's special methods here;
// and the type's __new__ (`super().__new__(cls, v)`, `tuple.__new__(cls, xs)`)
// makes the instance. One mechanism for every such type: what differs is only
// which special methods a type has (kSpecials).
#pragma once
#include <string_view>
#include <vector>

#include "runtime/classes.h"
#include "runtime/intrinsics.h"

namespace plank::core {

// Whether a class may derive from the built-in type `name` this way.
bool is_value_type(std::string_view name);
// An instance of a class deriving from enumerate, zip, map, filter or
// reversed: its own iterator (iter(x) is x), whose __next__ unless the class
// defines one is the value's.
bool is_iterator_instance(Value v);
// A class attribute as the descriptor it acts as: the wrapper an instance of a
// class deriving from property, staticmethod or classmethod holds, else attr.
Value descriptor_of(Value attr);
// The class standing for that type as a base (one per heap): its own layout
// (so `class X(int, str)` is CPython's lay-out conflict) and a `__new__`.
ClassObject* value_type_class(Thread* t, std::string_view name);
// `<type>.__new__(cls, *args)`: a new instance of cls holding type(*args).
Value new_value_instance(Thread* t, ClassObject* cls, const Value* args, uint32_t npos, uint32_t nkw,
                         const Value* kwnames);
// The attribute `name` of the built-in type for obj (a value instance): a
// special method of the type bound to obj, else the value's own attribute
// (its methods). False when the type has none.
bool value_attribute(Thread* t, Value obj, std::string_view name, Value* out);
// repr() of a value instance whose class has no __repr__: the value's, and as
// CPython's, set, frozenset and bytearray name the class (`Tags({'a'})`).
std::string value_instance_repr(Thread* t, Value v);
// `str.__add__` and the other special methods of a built-in value type as
// values (an unbound method: the first argument is self); false when it has none.
bool value_type_special(Thread* t, std::string_view type, std::string_view name, Value* out);
// The names of the special methods the built-in type `type` has here (for dir()).
std::vector<std::string_view> value_type_special_names(std::string_view type);
// v's value when v is a value instance whose class does not define the special
// method `special` (int(), float(), abs() ... of a Flags(int)); else v.
Value value_unless_special(Thread* t, Value v, const char* special);
// Where a builtin or method declares a parameter of a built-in value type
// (int, float, str, bytes: its IntrinsicParam::type) and is given a value
// instance, the instance's value is what it gets: *out holds the arguments
// with those unwrapped, and the result says whether any was. A builtin's
// parameter must name the one type (round's "int|float" dispatches to the
// class's __round__ first); a method's may name it in a union (startswith's
// "str|tuple"): methods of the built-in types never look at special methods.
bool unwrap_value_args(const std::vector<IntrinsicParam>& params, const Value* args, uint32_t npos, uint32_t nkw,
                       const Value* kwnames, bool in_union, std::vector<Value>* out);
// The `<type>.__new__` intrinsics (joined to the table by intrinsics.cpp).
std::vector<Intrinsic> value_type_intrinsics();

}  // namespace plank::core
