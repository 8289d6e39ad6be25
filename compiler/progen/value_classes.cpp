// Classes deriving from int and str (issue 27): `class N3(int)` and
// `class S4(str)` with a method of their own, sometimes a `__new__` that calls
// `super().__new__(cls, ...)` and a `__repr__`. Their instances are used where
// the program uses ints and strs (arithmetic and concatenation give the base
// type back, the base type's methods apply, printing goes through __repr__ or
// the value), so every operation meets them (see gen.h, ValueClass).
#include "compiler/progen/gen.h"

namespace plank::progen::detail {

namespace {
constexpr const char* kModulus = "1000003";
}

void Gen::value_class_def() {
  ValueClass v;
  v.is_int = rng_.chance(50);
  v.name = fresh(v.is_int ? "N" : "S");
  v.method = fresh("m");
  v.custom_new = rng_.chance(40);
  line("class " + v.name + (v.is_int ? "(int):" : "(str):"));
  ++indent_;
  if (v.custom_new) {
    // The value is normalised on the way in: super().__new__ makes the instance.
    line("def __new__(cls, value):");
    ++indent_;
    line(std::string("obj = super().__new__(cls, ") + (v.is_int ? "abs(value) % " + std::string(kModulus) : "value.strip()") + ")");
    line("obj.tag = " + std::to_string(rng_.range(0, 9)));
    line("return obj");
    --indent_;
  }
  line("def " + v.method + (v.is_int ? "(self, k):" : "(self):"));
  ++indent_;
  if (v.is_int) line("return (self * k + " + std::to_string(rng_.range(0, 50)) + ") % " + kModulus);
  else line(std::string("return self.upper() + ") + rng_.pick(kJoiners));
  --indent_;
  if (rng_.chance(50)) {
    line("def __repr__(self):");
    ++indent_;
    line("return '" + v.name + "(' + " + (v.is_int ? "str(int(self))" : "str.__repr__(self)") + " + ')'");
    --indent_;
  }
  --indent_;
  value_classes_.push_back(v);
}

const ValueClass* Gen::any_value_class(bool is_int) {
  std::vector<const ValueClass*> found;
  for (const auto& v : value_classes_)
    if (v.is_int == is_int) found.push_back(&v);
  if (found.empty()) return nullptr;
  return found[static_cast<size_t>(rng_.below(static_cast<int>(found.size())))];
}

std::optional<E> Gen::value_int_expr(int d) {
  const ValueClass* v = any_value_class(true);
  if (!v) return std::nullopt;
  E a = fit(Ty::Int, int_expr(d));
  std::string made = v->name + "(" + a.text + ")";
  double bound = v->custom_new ? 1000003 : a.bound;
  switch (rng_.below(4)) {
    case 0: return E{made, bound};
    case 1: return E{made + "." + v->method + "(" + int_lit(-9, 9).text + ")", 1000003};
    case 2: return E{"(" + made + " + " + int_lit(-9, 9).text + ")", bound + 9};
    default: return E{"int(" + made + ")", bound};
  }
}

std::optional<E> Gen::value_str_expr(int d) {
  const ValueClass* v = any_value_class(false);
  if (!v) return std::nullopt;
  E a = str_expr(d);
  std::string made = v->name + "(" + a.text + ")";
  switch (rng_.below(4)) {
    case 0: return E{made, a.bound};
    case 1: return E{made + "." + v->method + "()", a.bound + 2};
    case 2: return E{made + ".lower()", a.bound};
    default: {
      E b = str_expr(d);
      return E{"(" + made + " + " + b.text + ")", a.bound + b.bound};
    }
  }
}

}  // namespace plank::progen::detail
