// `a == b`, `a != b`, `a < b` ... with an instance of a class on either side,
// as CPython's do_richcompare (Objects/object.c): the operand whose class is a
// proper subclass of the other's is asked first for its reflected method, then
// a's method, then b's reflected one; the first answer other than
// NotImplemented is the result, whatever value it is (`"yes"`, a list). When
// neither answers, == and != fall back to identity and an ordering is a
// TypeError. A value subclass (class Colour(str)) falls back to its value's
// comparison, and a list or dict of a user class to the list's (dict's).
// values_equal and compare_order take the truth of this result.
#include <fmt/format.h>

#include "runtime/classes.h"
#include "runtime/compare_op.h"
#include "runtime/exceptions.h"
#include "runtime/heap.h"
#include "runtime/objects.h"
#include "runtime/value_subclass.h"

namespace plank::core {

namespace {

// Indexed by CmpOp (runtime/compare_op.h): kLt, kGt, kEq, kGe, kLe, kNe.
constexpr const char* kMethods[] = {"__lt__", "__gt__", "__eq__", "__ge__", "__le__", "__ne__"};
constexpr CmpOp kReflected[] = {kGt, kLt, kEq, kLe, kGe, kNe};
constexpr const char* kSymbols[] = {"<", ">", "==", ">=", "<=", "!="};

// self's method for op with other: true with its answer unless it has none or returns NotImplemented.
bool ask(Thread* t, Value self, uint32_t op, Value other, Value* out) {
  if (is_subclass_instance(self)) {  // a list or dict of a user class: the class's own method, else the value's comparison
    Value m;
    // object's (a builtin) leaves it to the list's (dict's) comparison
    if (!class_lookup(t, subclass_cls(self), dunder(t, kMethods[op]), &m) || m.is(ObjKind::Builtin) || m.is_none()) return false;
    Value args[2] = {self, other};
    RootScope roots(t);
    roots.push(m);
    *out = call_value(t, m, args, 2);
    return !is_not_implemented(*out);
  }
  if (!self.is(ObjKind::Instance)) return false;
  if (is_value_instance(self)) {
    // Along the mro, the built-in type's method comes before object's
    // (class Eq(str) without __ne__: str's __ne__, not the inverse of __eq__).
    Value key = dunder(t, kMethods[op]);
    for (const ClassObject* c : as_instance(self)->cls->mro) {
      Value found;
      if (dict_get(t, c->dict, key, &found)) break;  // a class defines it: the usual lookup
      if (c->builtin && !c->value_type.empty()) {
        Value bound;
        if (!value_attribute(t, self, kMethods[op], &bound)) break;
        RootScope roots(t);
        roots.push(bound);
        *out = call_value(t, bound, &other, 1);
        return !is_not_implemented(*out);
      }
    }
  }
  Value args[2] = {self, other};
  return call_special(t, self, kMethods[op], args, 2, out) && !is_not_implemented(*out);
}

}  // namespace

Value rich_compare(Thread* t, uint32_t op, Value a, Value b) {
  if (op > kNe) throw_error(t, "SystemError", fmt::format("bad rich comparison op {}", op));
  Value r;
  bool reflected_first = class_of(a) && class_of(b) && class_of(a) != class_of(b) && is_subclass(class_of(b), class_of(a));
  if (reflected_first && ask(t, b, kReflected[op], a, &r)) return r;
  if (ask(t, a, op, b, &r)) return r;
  if (!reflected_first && ask(t, b, kReflected[op], a, &r)) return r;
  if (is_value_instance(a) || is_value_instance(b) || is_subclass_instance(a) || is_subclass_instance(b)) {
    Value x = unwrap_value(a), y = unwrap_value(b);  // a list or dict of a user class compares as the list (dict)
    if (op == kEq) return Value::boolean(values_equal(t, x, y));
    if (op == kNe) return Value::boolean(!values_equal(t, x, y));
    return Value::boolean(compare_order(t, order_number(op), x, y));
  }
  bool same = a.tag == b.tag && (a.tag == Tag::None || a.bits == b.bits);
  if (op == kEq) return Value::boolean(same);
  if (op == kNe) return Value::boolean(!same);
  throw_error(t, "TypeError", fmt::format("'{}' not supported between instances of '{}' and '{}'", kSymbols[op],
                                          type_name(a), type_name(b)));
}

}  // namespace plank::core
