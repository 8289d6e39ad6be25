// Typed expressions: each is generated for a wanted type and returned with a
// bound on its magnitude (numbers) or length (str, lists); see gen.h.
#include "compiler/progen/gen.h"

namespace plank::progen::detail {

E Gen::int_lit(int lo, int hi) {
  int v = rng_.range(lo, hi);
  return {v < 0 ? "(" + std::to_string(v) + ")" : std::to_string(v), std::fabs(double(v))};
}

E Gen::float_lit() {
  if (rng_.chance(40)) {
    int whole = rng_.range(0, 300), frac = rng_.range(0, 99);
    std::string text = std::to_string(whole) + "." + (frac < 10 ? "0" : "") + std::to_string(frac);
    return {text, whole + 1.0};
  }
  const FloatLit& f = rng_.pick(kFloats);
  std::string text = f.text;
  if (text[0] == '-') text = "(" + text + ")";
  return {text, f.value};
}

E Gen::str_lit() {
  const StrLit& s = rng_.pick(kStrings);
  return {s.text, double(s.length)};
}

std::string Gen::literal_of(Ty ty) {
  switch (ty) {
    case Ty::Int: return int_lit().text;
    case Ty::Float: return float_lit().text;
    case Ty::Bool: return rng_.chance(50) ? "True" : "False";
    case Ty::Str: return str_lit().text;
    case Ty::Tuple: return "(" + int_lit().text + ", " + str_lit().text + ")";
    default: return "";
  }
}

E Gen::expr(Ty ty, int depth) {
  switch (ty) {
    case Ty::Int: return int_expr(depth);
    case Ty::Float: return float_expr(depth);
    case Ty::Bool: return bool_expr(depth);
    case Ty::Str: return str_expr(depth);
    case Ty::ListInt: return list_int_expr(depth);
    case Ty::ListStr: return list_str_expr(depth);
    case Ty::Dict: return dict_expr(depth);
    case Ty::Tuple: return tuple_expr(depth);
    case Ty::Fn:
    case Ty::Obj: break;
  }
  return int_expr(depth);
}

E Gen::stored(Ty ty, int depth) {
  E e = expr(ty, depth);
  return fit(ty, e);
}

E Gen::fit(Ty ty, E e) {
  if (ty == Ty::Int && e.bound > kWrite) return {"(" + wrap_int(e.text) + ")", kWrite};
  if (ty == Ty::Float && e.bound > kWrite) return {"((" + e.text + ") % 1000.0)", 1000};
  if ((ty == Ty::Str || ty == Ty::ListInt || ty == Ty::ListStr) && e.bound > kLenCap)
    return {"(" + e.text + ")[:" + std::to_string(int(kLenCap)) + "]", kLenCap};
  return e;
}

E Gen::leaf_int() {
  if (const Var* v = rng_.chance(65) ? any_var(Ty::Int) : nullptr) return {v->name, kRead};
  return int_lit();
}

E Gen::nonzero_int(int depth) {
  if (depth > 0 && rng_.chance(40)) {
    E a = int_expr(depth - 1);
    return {rng_.chance(70) ? "(abs(" + a.text + ") + 1)" : "(-abs(" + a.text + ") - 1)", a.bound + 1};
  }
  int v = rng_.range(1, 9) * (rng_.chance(25) ? -1 : 1);
  return {v < 0 ? "(" + std::to_string(v) + ")" : std::to_string(v), std::fabs(double(v))};
}

E Gen::int_expr(int depth) {
  if (depth <= 0) return leaf_int();
  int d = depth - 1;
  switch (rng_.below(32)) {
    case 26: return bitwise_int(d);
    case 27: return aggregate_genexp(d);
    case 28:
      if (!value_classes_.empty() && rng_.chance(30))
        if (auto v = value_int_expr(d)) return *v;
      if (auto o = obj_int_expr(d)) return *o;
      return bitwise_int(d);
    case 29:
      if (auto v = varargs_call(d)) return *v;
      return leaf_int();
    case 30: {
      // A lambda called where it is written, with a default parameter.
      std::string q = fresh("q"), r = fresh("q");
      scopes_.push_back({});
      declare(q, Ty::Int, true);
      declare(r, Ty::Int, true);
      bool calls = ctx().calls;
      ctx().calls = false;
      E body = fit(Ty::Int, int_expr(1));
      ctx().calls = calls;
      scopes_.pop_back();
      return {"(lambda " + q + ", " + r + "=" + int_lit().text + ": " + body.text + ")(" + fit(Ty::Int, int_expr(d)).text + ")",
              kWrite};
    }
    case 0:
    case 1: return leaf_int();
    case 2:
    case 3: {
      E a = int_expr(d), b = int_expr(d);
      const char* op = rng_.chance(50) ? " + " : " - ";
      return {"(" + a.text + op + b.text + ")", a.bound + b.bound};
    }
    case 4: {
      E a = int_expr(d), b = rng_.chance(50) ? int_expr(d) : int_lit(-9, 9);
      if (a.bound * b.bound > kExprCap) return a;
      return {"(" + a.text + " * " + b.text + ")", a.bound * b.bound};
    }
    case 5: {
      E a = int_expr(d), b = nonzero_int(d);
      return {"(" + a.text + " // " + b.text + ")", a.bound};
    }
    case 6: {
      E a = int_expr(d), b = nonzero_int(d);
      return {"(" + a.text + " % " + b.text + ")", b.bound};
    }
    case 7: {
      E a = int_expr(d);
      return {rng_.chance(50) ? "abs(" + a.text + ")" : "(-" + a.text + ")", a.bound};
    }
    case 8: {
      E a = int_expr(d), b = int_expr(d);
      std::string f = rng_.chance(50) ? "min" : "max";
      if (rng_.chance(30)) {
        E c = int_expr(d);
        return {f + "(" + a.text + ", " + b.text + ", " + c.text + ")", std::max({a.bound, b.bound, c.bound})};
      }
      return {f + "(" + a.text + ", " + b.text + ")", std::max(a.bound, b.bound)};
    }
    case 9: return {"len(" + sized_expr(d) + ")", 1e5};
    case 10: {
      E l = list_int_expr(d);
      return {"sum(" + l.text + ")", kRead * 1e5};
    }
    case 11: {
      E f = float_expr(d);
      return {"int(" + f.text + ")", f.bound};
    }
    case 12: {
      E a = int_expr(d);
      return {"int(str(" + a.text + "))", a.bound};
    }
    case 13: {
      E l = list_int_expr(d), i = int_expr(d);
      E dflt = int_lit();
      std::string lt = l.text;
      return {"(" + lt + "[" + i.text + " % len(" + lt + ")] if " + lt + " else " + dflt.text + ")",
              std::max(kRead, dflt.bound)};
    }
    case 14: {
      E m = dict_expr(d), k = key_expr(d);
      return {m.text + ".get(" + k.text + ", " + int_lit().text + ")", kRead};
    }
    case 15: {
      E s = str_expr(d), t = str_expr(d);
      return {s.text + (rng_.chance(50) ? ".find(" : ".count(") + t.text + ")", 1e5};
    }
    case 16: {
      E l = list_int_expr(d), v = int_expr(d);
      if (rng_.chance(50)) return {l.text + ".count(" + v.text + ")", 1e5};
      return {"(" + l.text + ".index(" + v.text + ") if " + v.text + " in " + l.text + " else -1)", 1e5};
    }
    case 17: {
      E c = bool_expr(d), a = int_expr(d), b = int_expr(d);
      return {"(" + a.text + " if " + c.text + " else " + b.text + ")", std::max(a.bound, b.bound)};
    }
    case 18:
    case 19: {
      if (auto call = call_returning(Ty::Int, d)) return *call;
      return leaf_int();
    }
    case 20: {
      E a = int_expr(d);
      int k = rng_.range(0, 4);
      return {"((" + a.text + " % 7) ** " + std::to_string(k) + ")", std::pow(7.0, k)};
    }
    case 21: {
      E f = float_expr(d);
      return {"round(" + f.text + ")", f.bound + 1};
    }
    case 22: {
      E b = bool_expr(d), a = int_expr(d);
      return {rng_.chance(50) ? "(" + b.text + " + " + a.text + ")" : "int(" + b.text + ")", a.bound + 1};
    }
    case 23: {
      E t = tuple_expr(d);
      return {t.text + "[0]", kRead};
    }
    case 24: {
      auto fns = vars_of(Ty::Fn);
      if (fns.empty() || !ctx().calls || !charge(3)) return leaf_int();
      const Var* f = fns[static_cast<size_t>(rng_.below(static_cast<int>(fns.size())))];
      return {f->name + "(" + fit(Ty::Int, int_expr(d)).text + ")", kWrite};
    }
    default: {
      E a = int_expr(d), b = int_expr(d);
      return {"(" + a.text + (rng_.chance(50) ? " or " : " and ") + b.text + ")", std::max(a.bound, b.bound)};
    }
  }
}

E Gen::leaf_float() {
  if (const Var* v = rng_.chance(60) ? any_var(Ty::Float) : nullptr) return {v->name, kRead};
  return float_lit();
}

E Gen::nonzero_float(int depth) {
  if (depth > 0 && rng_.chance(40)) {
    E a = float_expr(depth - 1);
    return {"(abs(" + a.text + ") + 0.5)", a.bound + 0.5};
  }
  static const std::vector<FloatLit> divisors = {{"0.5", 0.5}, {"2.0", 2}, {"3.0", 3}, {"7.0", 7}, {"(-4.0)", 4},
                                                 {"0.1", 0.1}, {"1.5", 1.5}, {"3", 3}, {"(-7)", 7}};
  const FloatLit& f = rng_.pick(divisors);
  return {f.text, f.value};
}

E Gen::float_expr(int depth) {
  if (depth <= 0) return leaf_float();
  int d = depth - 1;
  switch (rng_.below(17)) {
    case 0:
    case 1: return leaf_float();
    case 2:
    case 3: {
      E a = float_expr(d), b = rng_.chance(30) ? int_expr(d) : float_expr(d);
      if (rng_.chance(50)) std::swap(a, b);
      return {"(" + a.text + (rng_.chance(50) ? " + " : " - ") + b.text + ")", a.bound + b.bound};
    }
    case 4: {
      E a = float_expr(d), b = rng_.chance(50) ? float_lit() : float_expr(d);
      if (a.bound * b.bound > kExprCap) return a;
      return {"(" + a.text + " * " + b.text + ")", a.bound * b.bound};
    }
    case 5: {
      E a = rng_.chance(50) ? float_expr(d) : int_expr(d), b = rng_.chance(50) ? nonzero_float(d) : nonzero_int(d);
      return {"(" + a.text + " / " + b.text + ")", a.bound * 10};
    }
    case 6: {
      E a = float_expr(d), b = nonzero_float(d);
      return {"(" + a.text + " // " + b.text + ")", a.bound * 10 + 1};
    }
    case 7: {
      E a = float_expr(d), b = nonzero_float(d);
      return {"(" + a.text + " % " + b.text + ")", b.bound};
    }
    case 8: {
      E a = float_expr(d);
      return {rng_.chance(50) ? "abs(" + a.text + ")" : "(-" + a.text + ")", a.bound};
    }
    case 9: {
      E a = int_expr(d);
      return {"float(" + a.text + ")", a.bound};
    }
    case 10: {
      E a = float_expr(d), b = rng_.chance(50) ? float_expr(d) : int_expr(d);
      return {std::string(rng_.chance(50) ? "min(" : "max(") + a.text + ", " + b.text + ")", std::max(a.bound, b.bound)};
    }
    case 11: {
      E a = float_expr(d);
      return {"round(" + a.text + ", " + std::to_string(rng_.range(-2, 3)) + ")", a.bound + 100};
    }
    case 12: {
      E a = float_expr(d);
      return {"float(str(" + a.text + "))", a.bound};
    }
    case 13: {
      E c = bool_expr(d), a = float_expr(d), b = float_expr(d);
      return {"(" + a.text + " if " + c.text + " else " + b.text + ")", std::max(a.bound, b.bound)};
    }
    case 14: {
      E l = list_int_expr(d);
      return {"(sum(" + l.text + ", 0.5) / (len(" + l.text + ") + 1))", kRead + 1};
    }
    case 15: {
      if (auto call = call_returning(Ty::Float, d)) return *call;
      return leaf_float();
    }
    default: {
      E a = int_expr(d), b = nonzero_int(d);
      return {"(" + a.text + " / " + b.text + ")", a.bound};
    }
  }
}

std::pair<E, E> Gen::ordered_pair(int d) {
  switch (rng_.below(6)) {
    case 0: return {int_expr(d), rng_.chance(50) ? float_expr(d) : int_expr(d)};
    case 1: return {float_expr(d), float_expr(d)};
    case 2: return {str_expr(d), str_expr(d)};
    case 3: return {list_int_expr(d), list_int_expr(d)};
    case 4: return {tuple_expr(d), tuple_expr(d)};
    default: return {int_expr(d), int_expr(d)};
  }
}

E Gen::bool_expr(int depth) {
  if (depth <= 0 || rng_.chance(10)) {
    if (const Var* v = rng_.chance(50) ? any_var(Ty::Bool) : nullptr) return {v->name, 1};
    return {rng_.chance(50) ? "True" : "False", 1};
  }
  int d = depth - 1;
  static const std::vector<const char*> ops = {" < ", " <= ", " > ", " >= ", " == ", " != "};
  switch (rng_.below(16)) {
    case 15:
      if (auto o = obj_bool_expr(d)) return *o;
      return {"((" + int_expr(d).text + " & 1) == 0)", 1};
    case 0:
    case 1:
    case 2: {
      auto [a, b] = ordered_pair(d);
      return {"(" + a.text + rng_.pick(ops) + b.text + ")", 1};
    }
    case 3: {
      E a = int_expr(d), b = int_expr(d), c = int_expr(d);
      return {"(" + a.text + rng_.pick(ops) + b.text + rng_.pick(ops) + c.text + ")", 1};
    }
    case 4: return {"(not " + bool_expr(d).text + ")", 1};
    case 5: return {"(" + bool_expr(d).text + (rng_.chance(50) ? " and " : " or ") + bool_expr(d).text + ")", 1};
    case 6: {
      E l = list_int_expr(d), v = int_expr(d);
      return {"(" + v.text + (rng_.chance(70) ? " in " : " not in ") + l.text + ")", 1};
    }
    case 7: {
      E m = dict_expr(d), k = key_expr(d);
      return {"(" + k.text + (rng_.chance(70) ? " in " : " not in ") + m.text + ")", 1};
    }
    case 8: {
      E s = str_expr(d), t = str_expr(d);
      return {"(" + t.text + " in " + s.text + ")", 1};
    }
    case 9: {
      E s = str_expr(d), t = str_expr(d);
      static const std::vector<const char*> m = {".startswith(", ".endswith(", ".isdigit(", ".isspace("};
      std::string which = rng_.pick(m);
      if (which == ".isdigit(" || which == ".isspace(") return {s.text + which + ")", 1};
      if (rng_.chance(25)) return {s.text + which + "(" + t.text + ", " + str_lit().text + "))", 1};
      return {s.text + which + t.text + ")", 1};
    }
    case 10: {
      static const std::vector<const char*> types = {"int", "float", "str", "bool", "list", "dict", "tuple",
                                                     "(int, float)", "(list, tuple)"};
      return {"isinstance(" + any_expr(d).text + ", " + rng_.pick(types) + ")", 1};
    }
    case 11: return {"bool(" + any_expr(d).text + ")", 1};
    case 12: {
      // On a name: `3 is None` draws CPython's "is with a literal" SyntaxWarning.
      const Var* v = any_var(rng_.pick(kValueTypes));
      if (!v) return {"(None is None)", 1};
      return {"(" + v->name + (rng_.chance(50) ? " is None)" : " is not None)"), 1};
    }
    case 13: {
      E a = any_expr(d), b = any_expr(d);
      return {"(" + a.text + (rng_.chance(50) ? " == " : " != ") + b.text + ")", 1};
    }
    default: {
      if (auto call = call_returning(Ty::Bool, d)) return *call;
      return {rng_.chance(50) ? "True" : "False", 1};
    }
  }
}

E Gen::leaf_str() {
  if (const Var* v = rng_.chance(60) ? any_var(Ty::Str) : nullptr) return {v->name, kLenCap};
  return str_lit();
}

E Gen::percent_format(int d) {
  static const std::vector<const char*> int_specs = {"%d", "%5d", "%-4d|", "%05d", "%+d", "%x", "%X", "%o", "%#x", "%i"};
  static const std::vector<const char*> float_specs = {"%.2f", "%f", "%8.3f", "%.0f", "%e", "%.3e", "%g", "%.4g", "%G"};
  static const std::vector<const char*> any_specs = {"%s", "%r", "%-6s|", "%.3s"};
  int n = rng_.range(1, 3);
  std::string format, values;
  for (int i = 0; i < n; ++i) {
    if (i) format += rng_.chance(50) ? " " : "%%";
    switch (rng_.below(3)) {
      case 0: format += rng_.pick(int_specs), values += (i ? ", " : "") + int_expr(d).text; break;
      case 1: format += rng_.pick(float_specs), values += (i ? ", " : "") + float_expr(d).text; break;
      default: format += rng_.pick(any_specs), values += (i ? ", " : "") + any_expr(d).text; break;
    }
  }
  return {"('" + format + "' % (" + values + ",))", 80};
}

E Gen::str_expr(int depth) {
  if (depth <= 0) return leaf_str();
  int d = depth - 1;
  switch (rng_.below(21)) {
    case 18:
    case 19: return fstring(d);
    case 20:
      if (!value_classes_.empty() && rng_.chance(30))
        if (auto v = value_str_expr(d)) return *v;
      if (auto o = obj_str_expr(d)) return *o;
      return fstring(d);
    case 0:
    case 1: return leaf_str();
    case 2: {
      E a = str_expr(d), b = str_expr(d);
      return {"(" + a.text + " + " + b.text + ")", a.bound + b.bound};
    }
    case 3: {
      E a = str_expr(d);
      int k = rng_.range(0, 3);
      return {"(" + a.text + " * " + std::to_string(k) + ")", a.bound * k};
    }
    case 4: {
      E a = str_expr(d);
      return {a.text + slice(d), a.bound};
    }
    case 5: {
      E a = str_expr(d), i = int_expr(d);
      return {"(" + a.text + "[" + i.text + " % len(" + a.text + ")] if " + a.text + " else '')", 1};
    }
    case 6: {
      static const std::vector<const char*> m = {".upper()", ".lower()", ".strip()", ".lstrip()", ".rstrip()"};
      E a = str_expr(d);
      return {a.text + rng_.pick(m), a.bound};
    }
    case 7: {
      E a = str_expr(d);
      return {a.text + ".strip(" + str_lit().text + ")", a.bound};
    }
    case 8: {
      E a = str_expr(d), x = str_lit(), y = str_lit();
      std::string count = rng_.chance(30) ? ", " + std::to_string(rng_.range(-1, 2)) : "";
      return {a.text + ".replace(" + x.text + ", " + y.text + count + ")", a.bound * (y.bound + 1) + y.bound};
    }
    case 9: {
      E v = any_expr(d, true);
      return {"str(" + v.text + ")", 200};
    }
    case 10: return {"repr(" + any_expr(d, true).text + ")", 200};
    case 11: {
      E l = list_str_expr(d);
      return {std::string(rng_.pick(kJoiners)) + ".join(" + l.text + ")", l.bound * 12};
    }
    case 12: {
      E c = bool_expr(d), a = str_expr(d), b = str_expr(d);
      return {"(" + a.text + " if " + c.text + " else " + b.text + ")", std::max(a.bound, b.bound)};
    }
    case 13: {
      E a = str_expr(d), b = str_expr(d);
      return {"(" + a.text + (rng_.chance(50) ? " or " : " and ") + b.text + ")", std::max(a.bound, b.bound)};
    }
    case 14: {
      if (auto call = call_returning(Ty::Str, d)) return *call;
      return leaf_str();
    }
    case 15: return {tuple_expr(d).text + "[1]", kLenCap};
    case 16: return percent_format(d);
    default: {
      E a = int_expr(d);
      return {"str(" + a.text + ")", 20};
    }
  }
}

std::string Gen::slice(int d) {
  auto part = [&]() -> std::string {
    if (rng_.chance(35)) return "";
    return rng_.chance(60) ? int_lit(-6, 8).text : int_expr(d).text;
  };
  std::string s = "[" + part() + ":" + part();
  if (rng_.chance(35)) {
    int step = rng_.range(1, 3) * (rng_.chance(40) ? -1 : 1);
    s += ":" + (step < 0 ? "(" + std::to_string(step) + ")" : std::to_string(step));
  }
  return s + "]";
}

std::string Gen::sized_expr(int d) {
  switch (rng_.below(5)) {
    case 0: return str_expr(d).text;
    case 1: return list_int_expr(d).text;
    case 2: return list_str_expr(d).text;
    case 3: return dict_expr(d).text;
    default: return tuple_expr(d).text;
  }
}

E Gen::key_expr(int d) {
  if (rng_.chance(60)) return {rng_.pick(kKeys), 3};
  return str_expr(d);
}

E Gen::list_int_expr(int depth) {
  if (depth <= 0 || rng_.chance(15)) {
    if (const Var* v = rng_.chance(70) ? any_var(Ty::ListInt) : nullptr) return {v->name, kLenCap};
    return list_int_literal(0);
  }
  int d = depth - 1;
  switch (rng_.below(18)) {
    case 14:
    case 15: return list_comprehension(d);
    case 16:
      if (auto g = generator_list(d)) return *g;
      return list_comprehension(d);
    case 17: {
      E a = list_int_expr(d), b = list_int_expr(d);
      return {"[*" + a.text + ", *" + b.text + "]", a.bound + b.bound};
    }
    case 0: return list_int_literal(d);
    case 1: {
      E a = list_int_expr(d), b = list_int_expr(d);
      return {"(" + a.text + " + " + b.text + ")", a.bound + b.bound};
    }
    case 2: {
      E a = list_int_expr(d);
      int k = rng_.range(0, 3);
      return {"(" + a.text + " * " + std::to_string(k) + ")", a.bound * k};
    }
    case 3: {
      E a = list_int_expr(d);
      return {a.text + slice(d), a.bound};
    }
    case 4: {
      E a = list_int_expr(d);
      return {"sorted(" + a.text + (rng_.chance(30) ? ", reverse=True)" : ")"), a.bound};
    }
    case 5: {
      E a = list_int_expr(d);
      std::string q = fresh("q");
      scopes_.push_back({});
      declare(q, Ty::Int, true);
      bool calls = ctx().calls;
      ctx().calls = false;
      E key = int_expr(1);
      ctx().calls = calls;
      scopes_.pop_back();
      return {"sorted(" + a.text + ", key=lambda " + q + ": " + key.text + (rng_.chance(30) ? ", reverse=True)" : ")"),
              a.bound};
    }
    case 6: {
      int lo = rng_.range(-5, 5), hi = rng_.range(-5, 12), step = rng_.range(1, 3) * (rng_.chance(30) ? -1 : 1);
      std::string args = std::to_string(lo) + ", " + std::to_string(hi);
      if (step != 1 || rng_.chance(30)) args += ", " + std::to_string(step);
      if (lo == 0 && step == 1 && rng_.chance(50)) args = std::to_string(hi);
      return {"list(range(" + args + "))", 20};
    }
    case 7: {
      E m = dict_expr(d);
      return {"list(" + m.text + ".values())", kLenCap};
    }
    case 8: {
      E a = list_int_expr(d);
      return {a.text + ".copy()", a.bound};
    }
    case 9: {
      if (auto call = call_returning(Ty::ListInt, d)) return *call;
      return list_int_literal(d);
    }
    case 10: {
      E c = bool_expr(d), a = list_int_expr(d), b = list_int_expr(d);
      return {"(" + a.text + " if " + c.text + " else " + b.text + ")", std::max(a.bound, b.bound)};
    }
    case 11: {
      E s = str_expr(d);
      return {"[len(" + s.text + "), " + fit(Ty::Int, int_expr(d)).text + "]", 2};
    }
    default: {
      E a = list_int_expr(d);
      return {"list(" + a.text + ")", a.bound};
    }
  }
}

E Gen::list_int_literal(int d) {
  int n = rng_.range(0, 5);
  std::string t = "[";
  for (int i = 0; i < n; ++i) {
    if (i) t += ", ";
    t += (d > 0 && rng_.chance(30)) ? fit(Ty::Int, int_expr(d)).text : int_lit().text;
  }
  return {t + "]", double(n)};
}

E Gen::list_str_expr(int depth) {
  if (depth <= 0 || rng_.chance(15)) {
    if (const Var* v = rng_.chance(70) ? any_var(Ty::ListStr) : nullptr) return {v->name, kLenCap};
    return list_str_literal(0);
  }
  int d = depth - 1;
  switch (rng_.below(11)) {
    case 0: return list_str_literal(d);
    case 1: {
      E s = str_expr(d);
      return {s.text + ".split()", s.bound};
    }
    case 2: {
      E s = str_expr(d);
      std::string max = rng_.chance(25) ? ", " + std::to_string(rng_.range(-1, 2)) : "";
      return {s.text + ".split(" + rng_.pick(kSeparators) + max + ")", s.bound + 1};
    }
    case 3: {
      E a = list_str_expr(d);
      if (rng_.chance(30)) return {"sorted(" + a.text + ", key=len)", a.bound};
      return {"sorted(" + a.text + (rng_.chance(30) ? ", reverse=True)" : ")"), a.bound};
    }
    case 4: {
      E m = dict_expr(d);
      return {"list(" + m.text + (rng_.chance(50) ? ".keys())" : ")"), kLenCap};
    }
    case 5: {
      E s = str_expr(d);
      return {"list(" + s.text + ")", s.bound};
    }
    case 6: {
      E a = list_str_expr(d), b = list_str_expr(d);
      return {"(" + a.text + " + " + b.text + ")", a.bound + b.bound};
    }
    case 7: {
      E a = list_str_expr(d);
      return {a.text + slice(d), a.bound};
    }
    case 8: {
      if (auto call = call_returning(Ty::ListStr, d)) return *call;
      return list_str_literal(d);
    }
    case 9: {
      E a = list_str_expr(d);
      std::string q = fresh("q");
      scopes_.push_back({});
      declare(q, Ty::Str, true);
      bool calls = ctx().calls;
      ctx().calls = false;
      E key = str_expr(1);
      ctx().calls = calls;
      scopes_.pop_back();
      return {"sorted(" + a.text + ", key=lambda " + q + ": " + key.text + ")", a.bound};
    }
    default: {
      E s = str_expr(d), t = str_expr(d);
      return {"[" + s.text + ", " + t.text + "]", 2};
    }
  }
}

E Gen::list_str_literal(int d) {
  int n = rng_.range(0, 4);
  std::string t = "[";
  for (int i = 0; i < n; ++i) {
    if (i) t += ", ";
    t += (d > 0 && rng_.chance(25)) ? fit(Ty::Str, str_expr(d)).text : str_lit().text;
  }
  return {t + "]", double(n)};
}

E Gen::dict_expr(int depth) {
  if (depth <= 0 || rng_.chance(20)) {
    if (const Var* v = rng_.chance(75) ? any_var(Ty::Dict) : nullptr) return {v->name, kLenCap};
    return dict_literal(0);
  }
  int d = depth - 1;
  switch (rng_.below(9)) {
    case 7: return dict_comprehension(d);
    case 8: {
      E a = dict_expr(d), b = dict_expr(d);
      return {"{**" + a.text + ", **" + b.text + "}", a.bound + b.bound};
    }
    case 0: return dict_literal(d);
    case 1: {
      E k = list_str_expr(d), v = list_int_expr(d);
      return {"dict(zip(" + k.text + ", " + v.text + "))", std::min(k.bound, v.bound)};
    }
    case 2: {
      E m = dict_expr(d);
      return {rng_.chance(50) ? "dict(" + m.text + ")" : m.text + ".copy()", m.bound};
    }
    case 3: {
      E a = key_expr(d), b = key_expr(d);
      return {"dict([(" + a.text + ", " + fit(Ty::Int, int_expr(d)).text + "), (" + b.text + ", " + int_lit().text + ")])",
              2};
    }
    case 4: {
      if (auto call = call_returning(Ty::Dict, d)) return *call;
      return dict_literal(d);
    }
    case 5: {
      // Keyword arguments, after an optional mapping (later keys win, first position kept).
      std::string args = rng_.chance(40) ? dict_expr(d).text + ", " : "";
      int n = rng_.range(1, 3), first = rng_.below(4);
      for (int i = 0; i < n; ++i) {
        // 'a', 'b', 'c', 'x' are identifiers; distinct (a repeated keyword is a SyntaxError).
        std::string key = kKeys[static_cast<size_t>((first + i) % 4)];
        args += (i ? ", " : "") + key.substr(1, key.size() - 2) + "=" + fit(Ty::Int, int_expr(d)).text;
      }
      return {"dict(" + args + ")", kLenCap};
    }
    default: return dict_literal(d);
  }
}

E Gen::dict_literal(int d) {
  int n = rng_.range(0, 4);
  std::string t = "{";
  for (int i = 0; i < n; ++i) {
    if (i) t += ", ";
    t += key_expr(d > 0 && rng_.chance(20) ? 1 : 0).text + ": " +
         (d > 0 && rng_.chance(30) ? fit(Ty::Int, int_expr(d)).text : int_lit().text);
  }
  return {t + "}", double(n)};
}

E Gen::tuple_expr(int depth) {
  if (depth <= 0 || rng_.chance(20)) {
    if (const Var* v = rng_.chance(70) ? any_var(Ty::Tuple) : nullptr) return {v->name, 2};
    return {"(" + int_lit().text + ", " + str_lit().text + ")", 2};
  }
  int d = depth - 1;
  switch (rng_.below(4)) {
    case 0: return {"(" + fit(Ty::Int, int_expr(d)).text + ", " + fit(Ty::Str, str_expr(d)).text + ")", 2};
    case 1: {
      E a = tuple_expr(d), b = tuple_expr(d);
      return {std::string(rng_.chance(50) ? "max(" : "min(") + a.text + ", " + b.text + ")", 2};
    }
    case 2: {
      if (auto call = call_returning(Ty::Tuple, d)) return *call;
      return tuple_expr(0);
    }
    default: {
      E c = bool_expr(d), a = tuple_expr(d), b = tuple_expr(d);
      return {"(" + a.text + " if " + c.text + " else " + b.text + ")", 2};
    }
  }
}

E Gen::any_expr(int d, bool extras) {
  if (!extras || rng_.chance(80)) return expr(rng_.pick(kValueTypes), d);
  switch (rng_.below(11)) {
    case 10: {
      // Non-ASCII text: indexing by code point, repr's escapes, Unicode case
      // mapping (ß -> SS, final sigma), character classes and whitespace.
      static const std::vector<const char*> texts = {"'naïve'", "'日本語'", "'a\\u200bb'", "'\\xa0é'", "'😀x'",
                                                     "'Straße ΟΔΟΣ'", "'ǅ١٢\\u2003'"};
      static const std::vector<const char*> methods = {".upper()", ".lower()", ".isalpha()", ".isalnum()",
                                                       ".isdigit()", ".isspace()", ".strip()", ".split()"};
      std::string s = rng_.pick(texts);
      switch (rng_.below(5)) {
        case 0: return {"repr(" + s + ")", 0};
        case 1: return {s + slice(d), 0};
        case 2: return {"len(" + s + ")", 0};
        case 3: return {s + slice(d) + rng_.pick(methods), 0};
        default: return {"[" + s + ", " + s + ".find('" + (rng_.chance(50) ? "b" : "語") + "')]", 0};
      }
    }
    case 0: return {"None", 0};
    case 1: {
      E m = dict_expr(d);
      static const std::vector<const char*> views = {".keys()", ".values()", ".items()"};
      return {m.text + rng_.pick(views), 0};
    }
    case 2: return {"range(" + int_lit(-3, 3).text + ", " + int_lit(-3, 9).text + ")", 0};
    case 3: {
      E m = dict_expr(d);
      return {"sorted(" + m.text + ".items(), key=lambda kv: kv[1])", 0};
    }
    case 4: return {"list(enumerate(" + list_str_expr(d).text + "))", 0};
    case 5: return {"list(zip(" + list_int_expr(d).text + ", " + list_str_expr(d).text + "))", 0};
    case 6: return {"[" + any_expr(d > 0 ? d - 1 : 0, true).text + ", " + any_expr(d > 0 ? d - 1 : 0, true).text + ", None]", 0};
    case 7: return {"(" + any_expr(d > 0 ? d - 1 : 0, true).text + ",)", 0};
    case 8: return {"{" + std::string(rng_.pick(kKeys)) + ": " + any_expr(d > 0 ? d - 1 : 0, true).text + "}", 0};
    default: return {"()", 0};
  }
}

bool Gen::charge(double cost) {
  double c = ctx().mult * cost;
  if (ctx().cost + c > ctx().budget) return false;
  ctx().cost += c;
  return true;
}

std::vector<const Fn*> Gen::visible_fns() const {
  std::vector<const Fn*> out;
  for (const auto& s : scopes_)
    for (const auto& f : s.fns) out.push_back(&f);
  return out;
}

std::optional<E> Gen::call_returning(Ty ty, int d) {
  if (!ctx().calls) return std::nullopt;
  std::vector<const Fn*> candidates;
  for (const Fn* f : visible_fns())
    if (f->ret == ty) candidates.push_back(f);
  if (candidates.empty()) return std::nullopt;
  const Fn callee = *candidates[static_cast<size_t>(rng_.below(static_cast<int>(candidates.size())))];
  const Fn* f = &callee;
  if (!charge(f->cost)) return std::nullopt;
  std::vector<std::string> positional, keywords;
  bool by_keyword = false;
  for (size_t i = 0; i < f->params.size(); ++i) {
    const Param& p = f->params[i];
    std::string arg;
    if (i == 0 && f->rec_limit >= 0) {
      arg = "abs(" + int_expr(d).text + ") % " + std::to_string(f->rec_limit + 1);
    } else {
      arg = fit(p.ty, expr(p.ty, d)).text;
    }
    if (!p.default_text.empty() && rng_.chance(35)) {
      by_keyword = true;  // left to its default; later ones must be keywords
      continue;
    }
    if (by_keyword || (i > 0 && rng_.chance(20))) {
      by_keyword = true;
      keywords.push_back(p.name + "=" + arg);
    } else {
      positional.push_back(arg);
    }
  }
  // Keyword arguments in any order.
  for (size_t i = keywords.size(); i > 1; --i) std::swap(keywords[i - 1], keywords[static_cast<size_t>(rng_.below(int(i)))]);
  std::string text = f->name + "(";
  bool first = true;
  for (auto* list : {&positional, &keywords})
    for (const auto& a : *list) {
      if (!first) text += ", ";
      text += a;
      first = false;
    }
  double bound = ty == Ty::Int || ty == Ty::Float ? kWrite : kLenCap;
  return E{text + ")", bound};
}

}  // namespace plank::progen::detail
