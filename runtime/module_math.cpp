// The math module (issue 27): CPython's functions on the C library's, with
// its domain and range errors, and ints of any size where CPython takes them.
#include <cmath>
#include <numeric>

#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <fmt/format.h>

#include "runtime/args.h"
#include "runtime/bigint.h"
#include "runtime/classes.h"
#include "runtime/heap.h"
#include "runtime/modules.h"
#include "runtime/ops.h"

namespace plank::core {

namespace {

using P = IntrinsicParam;

double to_float(Thread* t, Value v) {
  if (v.is_float()) return v.f;
  if (is_int_value(v)) return int_to_double(t, v);
  Value r;
  Value self = v;
  if (v.is(ObjKind::Instance) && call_special(t, v, "__float__", &self, 1, &r) && r.is_float()) return r.f;
  throw_error(t, "TypeError", fmt::format("must be real number, not {}", type_name(v)));
}

[[noreturn]] void domain(Thread* t) { throw_error(t, "ValueError", "math domain error"); }
[[noreturn]] void range(Thread* t) { throw_error(t, "OverflowError", "math range error"); }

Value arg0(Thread* t, const CallArgs& args, const char* name, uint32_t n = 1) {
  if (args.nkw) throw_error(t, "TypeError", fmt::format("math.{}() takes no keyword arguments", name));
  if (args.npos != n)
    throw_error(t, "TypeError", n == 1 ? fmt::format("math.{}() takes exactly one argument ({} given)", name, args.npos)
                                       : fmt::format("{} expected {} arguments, got {}", name, n, args.npos));
  return args.positional(0);
}

// A unary float function with C's errno-free checks: domain (NaN from a
// non-NaN) and range (an infinity from a finite argument).
template <double (*F)(double), bool CanOverflow = false>
Value unary(Thread* t, const CallArgs& args, const char* name) {
  double x = to_float(t, arg0(t, args, name));
  double r = F(x);
  if (std::isnan(r) && !std::isnan(x)) domain(t);
  if (std::isinf(r) && std::isfinite(x)) {
    if (CanOverflow) range(t);
    domain(t);
  }
  return Value::real(r);
}

#define UNARY(NAME, FN, OVERFLOW) \
  Value m_##NAME(Thread* t, const CallArgs& args) { return unary<FN, OVERFLOW>(t, args, #NAME); }
double c_sqrt(double x) { return std::sqrt(x); }
double c_exp(double x) { return std::exp(x); }
double c_exp2(double x) { return std::exp2(x); }
double c_expm1(double x) { return std::expm1(x); }
double c_sin(double x) { return std::sin(x); }
double c_cos(double x) { return std::cos(x); }
double c_tan(double x) { return std::tan(x); }
double c_asin(double x) { return std::asin(x); }
double c_acos(double x) { return std::acos(x); }
double c_atan(double x) { return std::atan(x); }
double c_sinh(double x) { return std::sinh(x); }
double c_cosh(double x) { return std::cosh(x); }
double c_tanh(double x) { return std::tanh(x); }
double c_asinh(double x) { return std::asinh(x); }
double c_acosh(double x) { return std::acosh(x); }
double c_atanh(double x) { return std::atanh(x); }
double c_erf(double x) { return std::erf(x); }
double c_erfc(double x) { return std::erfc(x); }
double c_fabs(double x) { return std::fabs(x); }
double c_cbrt(double x) { return std::cbrt(x); }
double c_log1p(double x) { return std::log1p(x); }
double c_degrees(double x) { return x * (180.0 / M_PI); }
double c_radians(double x) { return x * (M_PI / 180.0); }
UNARY(sqrt, c_sqrt, false)
UNARY(exp, c_exp, true)
UNARY(exp2, c_exp2, true)
UNARY(expm1, c_expm1, true)
UNARY(sin, c_sin, false)
UNARY(cos, c_cos, false)
UNARY(tan, c_tan, false)
UNARY(asin, c_asin, false)
UNARY(acos, c_acos, false)
UNARY(atan, c_atan, false)
UNARY(sinh, c_sinh, true)
UNARY(cosh, c_cosh, true)
UNARY(tanh, c_tanh, false)
UNARY(asinh, c_asinh, false)
UNARY(acosh, c_acosh, false)
UNARY(atanh, c_atanh, false)
UNARY(erf, c_erf, false)
UNARY(erfc, c_erfc, false)
UNARY(fabs, c_fabs, false)
UNARY(cbrt, c_cbrt, false)
UNARY(log1p, c_log1p, false)
UNARY(degrees, c_degrees, false)
UNARY(radians, c_radians, false)
#undef UNARY

// The natural log of an int of any size (CPython takes big ints exactly past the float range).
double log_of(Thread* t, Value v) {
  if (is_int_value(v)) {
    if (bigint_compare(v, Value::integer(0)) <= 0) domain(t);
    if (v.is(ObjKind::BigInt)) {
      mpz_t z;
      mpz_init(z);
      to_mpz(v, z);
      long e = 0;
      double m = mpz_get_d_2exp(&e, z);
      mpz_clear(z);
      return std::log(m) + static_cast<double>(e) * std::log(2.0);
    }
  }
  double x = to_float(t, v);
  if (x <= 0 || std::isnan(x)) {
    if (std::isnan(x)) return x;
    domain(t);
  }
  return std::log(x);
}

Value m_log(Thread* t, const CallArgs& args) {
  if (args.npos < 1 || args.npos > 2) throw_error(t, "TypeError", fmt::format("log expected 1 or 2 arguments, got {}", args.npos));
  double num = log_of(t, args.positional(0));
  if (args.npos == 1) return Value::real(num);
  double den = log_of(t, args.positional(1));
  if (den == 0) throw_error(t, "ZeroDivisionError", "float division by zero");
  return Value::real(num / den);
}

Value m_log2(Thread* t, const CallArgs& args) {
  Value v = arg0(t, args, "log2");
  if (is_int_value(v) && v.is(ObjKind::BigInt)) return Value::real(log_of(t, v) / std::log(2.0));
  double x = to_float(t, v);
  if (x <= 0) domain(t);
  return Value::real(std::log2(x));
}

Value m_log10(Thread* t, const CallArgs& args) {
  Value v = arg0(t, args, "log10");
  if (is_int_value(v) && v.is(ObjKind::BigInt)) return Value::real(log_of(t, v) / std::log(10.0));
  double x = to_float(t, v);
  if (x <= 0) domain(t);
  return Value::real(std::log10(x));
}

template <double (*F)(double)>
Value to_int(Thread* t, const CallArgs& args, const char* name) {
  Value v = arg0(t, args, name);
  if (is_int_value(v)) return v.is_bool() ? Value::integer(v.i) : v;
  const char* special = F == static_cast<double (*)(double)>(std::floor) ? "__floor__" : F == static_cast<double (*)(double)>(std::ceil) ? "__ceil__" : "__trunc__";
  Value r;
  Value self = v;
  if (v.is(ObjKind::Instance) && call_special(t, v, special, &self, 1, &r)) return r;
  return float_to_int_value(t, F(to_float(t, v)));
}
double c_floor(double x) { return std::floor(x); }
double c_ceil(double x) { return std::ceil(x); }
double c_trunc(double x) { return std::trunc(x); }
Value m_floor(Thread* t, const CallArgs& args) { return to_int<c_floor>(t, args, "floor"); }
Value m_ceil(Thread* t, const CallArgs& args) { return to_int<c_ceil>(t, args, "ceil"); }
Value m_trunc(Thread* t, const CallArgs& args) { return to_int<c_trunc>(t, args, "trunc"); }

Value need_int(Thread* t, Value v, const char* name) {
  if (is_int_value(v)) return v;
  if (v.is_float()) throw_error(t, "TypeError", "'float' object cannot be interpreted as an integer");
  throw_error(t, "TypeError", fmt::format("'{}' object cannot be interpreted as an integer", type_name(v)));
}

Value m_factorial(Thread* t, const CallArgs& args) {
  Value v = need_int(t, arg0(t, args, "factorial"), "factorial");
  if (bigint_compare(v, Value::integer(0)) < 0) throw_error(t, "ValueError", "factorial() not defined for negative values");
  if (v.is(ObjKind::BigInt) || v.i > 100000) throw_error(t, "OverflowError", "factorial() argument should not exceed 100000");
  mpz_t z;
  mpz_init(z);
  mpz_fac_ui(z, static_cast<unsigned long>(v.i));
  Value out = make_int(t, z);
  mpz_clear(z);
  return out;
}

template <bool Lcm>
Value m_gcd(Thread* t, const CallArgs& args) {
  mpz_t acc, x;
  mpz_init_set_si(acc, Lcm ? 1 : 0);
  mpz_init(x);
  if (Lcm && args.npos == 0) mpz_set_si(acc, 1);
  for (uint32_t i = 0; i < args.npos; ++i) {
    to_mpz(need_int(t, args.positional(i), Lcm ? "lcm" : "gcd"), x);
    if (Lcm) mpz_lcm(acc, acc, x);
    else mpz_gcd(acc, acc, x);
  }
  Value out = make_int(t, acc);
  mpz_clear(acc);
  mpz_clear(x);
  return out;
}

Value m_isqrt(Thread* t, const CallArgs& args) {
  Value v = need_int(t, arg0(t, args, "isqrt"), "isqrt");
  if (bigint_compare(v, Value::integer(0)) < 0) throw_error(t, "ValueError", "isqrt() argument must be nonnegative");
  mpz_t z;
  mpz_init(z);
  to_mpz(v, z);
  mpz_sqrt(z, z);
  Value out = make_int(t, z);
  mpz_clear(z);
  return out;
}

template <bool Comb>
Value m_comb(Thread* t, const CallArgs& args) {
  if (args.npos < 1 || args.npos > 2 || (Comb && args.npos != 2))
    throw_error(t, "TypeError", fmt::format("{} expected {} arguments, got {}", Comb ? "comb" : "perm", Comb ? "2" : "1 or 2", args.npos));
  Value nv = need_int(t, args.positional(0), "n");
  Value kv = args.npos == 2 && !args.positional(1).is_none() ? need_int(t, args.positional(1), "k") : nv;
  if (bigint_compare(nv, Value::integer(0)) < 0) throw_error(t, "ValueError", "n must be a non-negative integer");
  if (bigint_compare(kv, Value::integer(0)) < 0) throw_error(t, "ValueError", "k must be a non-negative integer");
  if (nv.is(ObjKind::BigInt) || kv.is(ObjKind::BigInt)) throw_error(t, "OverflowError", "n or k too large");
  if (kv.i > nv.i) return Value::integer(0);
  mpz_t z;
  mpz_init(z);
  if (Comb) {
    mpz_bin_uiui(z, static_cast<unsigned long>(nv.i), static_cast<unsigned long>(kv.i));
  } else {
    mpz_set_ui(z, 1);
    for (int64_t i = nv.i - kv.i + 1; i <= nv.i; ++i) mpz_mul_ui(z, z, static_cast<unsigned long>(i));
  }
  Value out = make_int(t, z);
  mpz_clear(z);
  return out;
}

Value m_pow(Thread* t, const CallArgs& args) {
  arg0(t, args, "pow", 2);
  double x = to_float(t, args.positional(0)), y = to_float(t, args.positional(1));
  if (x == 0 && y < 0) domain(t);
  if (x < 0 && std::isfinite(x) && std::isfinite(y) && y != std::floor(y)) domain(t);
  double r = std::pow(x, y);
  if (std::isinf(r) && std::isfinite(x) && std::isfinite(y)) range(t);
  return Value::real(r);
}

Value m_atan2(Thread* t, const CallArgs& args) {
  arg0(t, args, "atan2", 2);
  return Value::real(std::atan2(to_float(t, args.positional(0)), to_float(t, args.positional(1))));
}

Value m_copysign(Thread* t, const CallArgs& args) {
  arg0(t, args, "copysign", 2);
  return Value::real(std::copysign(to_float(t, args.positional(0)), to_float(t, args.positional(1))));
}

Value m_fmod(Thread* t, const CallArgs& args) {
  arg0(t, args, "fmod", 2);
  double x = to_float(t, args.positional(0)), y = to_float(t, args.positional(1));
  if (y == 0 && !std::isnan(x)) domain(t);
  if (std::isinf(x) && !std::isnan(y)) domain(t);
  return Value::real(std::fmod(x, y));
}

// IEEE 754 remainder: x - n*y with n the integer nearest x/y (ties to even).
Value m_remainder(Thread* t, const CallArgs& args) {
  arg0(t, args, "remainder", 2);
  double x = to_float(t, args.positional(0)), y = to_float(t, args.positional(1));
  if (std::isnan(x) || std::isnan(y)) return Value::real(std::nan(""));
  if (std::isinf(x) || y == 0) domain(t);
  return Value::real(std::remainder(x, y));
}

Value m_hypot(Thread* t, const CallArgs& args) {
  double acc = 0;
  std::vector<double> xs;
  for (uint32_t i = 0; i < args.npos; ++i) xs.push_back(std::fabs(to_float(t, args.positional(i))));
  if (xs.size() == 2) return Value::real(std::hypot(xs[0], xs[1]));
  for (double x : xs) acc = std::hypot(acc, x);
  return Value::real(acc);
}

template <int Which>  // 0 isnan, 1 isinf, 2 isfinite
Value m_is(Thread* t, const CallArgs& args) {
  double x = to_float(t, arg0(t, args, Which == 0 ? "isnan" : Which == 1 ? "isinf" : "isfinite"));
  return Value::boolean(Which == 0 ? std::isnan(x) : Which == 1 ? std::isinf(x) : std::isfinite(x));
}

Value m_isclose(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind_args(t, "isclose", {P{"a", "float"}, P{"b", "float"}, P{"rel_tol", "float", "1e-09", false, true}, P{"abs_tol", "float", "0.0", false, true}},
            args, &b);
  double a = to_float(t, b.values[0]), c = to_float(t, b.values[1]);
  double rel = b.has(2) ? to_float(t, b.values[2]) : 1e-9, abs_tol = b.has(3) ? to_float(t, b.values[3]) : 0.0;
  if (rel < 0 || abs_tol < 0) throw_error(t, "ValueError", "tolerances must be non-negative");
  if (a == c) return Value::boolean(true);
  if (std::isinf(a) || std::isinf(c)) return Value::boolean(false);
  double diff = std::fabs(c - a);
  return Value::boolean((diff <= std::fabs(rel * c)) || (diff <= std::fabs(rel * a)) || (diff <= abs_tol));
}

Value m_modf(Thread* t, const CallArgs& args) {
  double x = to_float(t, arg0(t, args, "modf"));
  double ip;
  double fp = std::modf(x, &ip);
  return make_tuple(t, {Value::real(fp), Value::real(ip)});
}

Value m_frexp(Thread* t, const CallArgs& args) {
  double x = to_float(t, arg0(t, args, "frexp"));
  int e = 0;
  double m = std::frexp(x, &e);
  return make_tuple(t, {Value::real(m), Value::integer(e)});
}

Value m_ldexp(Thread* t, const CallArgs& args) {
  arg0(t, args, "ldexp", 2);
  double x = to_float(t, args.positional(0));
  Value e = need_int(t, args.positional(1), "ldexp");
  int64_t k = e.is(ObjKind::BigInt) ? (bigint_compare(e, Value::integer(0)) < 0 ? -100000 : 100000) : e.i;
  k = std::max<int64_t>(-100000, std::min<int64_t>(100000, k));
  double r = std::ldexp(x, static_cast<int>(k));
  if (std::isinf(r) && std::isfinite(x)) range(t);
  return Value::real(r);
}

Value m_gamma(Thread* t, const CallArgs& args) {
  double x = to_float(t, arg0(t, args, "gamma"));
  if (x <= 0 && x == std::floor(x)) domain(t);
  double r = std::tgamma(x);
  if (std::isinf(r) && std::isfinite(x)) range(t);
  return Value::real(r);
}

Value m_lgamma(Thread* t, const CallArgs& args) {
  double x = to_float(t, arg0(t, args, "lgamma"));
  if (x <= 0 && x == std::floor(x)) domain(t);
  return Value::real(std::lgamma(x));
}

// math.fsum: Shewchuk's exact summation, as CPython's msum.
Value m_fsum(Thread* t, const CallArgs& args) {
  RootScope roots(t);
  std::vector<Value> items = collect_iterable(t, arg0(t, args, "fsum"));
  std::vector<double> partials;
  double special = 0, inf_sum = 0;
  for (Value v : items) {
    double x = to_float(t, v);
    if (!std::isfinite(x)) {
      if (std::isinf(x)) inf_sum += x;
      special += x;
      continue;
    }
    size_t i = 0;
    for (double y : partials) {
      if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
      double hi = x + y;
      double lo = y - (hi - x);
      if (lo != 0.0) partials[i++] = lo;
      x = hi;
    }
    partials.resize(i);
    partials.push_back(x);
  }
  if (special != 0.0) {
    if (std::isnan(inf_sum)) throw_error(t, "ValueError", "-inf + inf in fsum");
    return Value::real(special);
  }
  double hi = 0.0;
  size_t n = partials.size();
  if (n > 0) {
    hi = partials[--n];
    double lo = 0;
    while (n > 0) {
      double x = hi;
      double y = partials[--n];
      hi = x + y;
      double yr = hi - x;
      lo = y - yr;
      if (lo != 0.0) break;
    }
    if (n > 0 && ((lo < 0.0 && partials[n - 1] < 0.0) || (lo > 0.0 && partials[n - 1] > 0.0))) {
      double y = lo * 2.0;
      double x = hi + y;
      double yr = x - hi;
      if (y == yr) hi = x;
    }
  }
  return Value::real(hi);
}

Value m_prod(Thread* t, const CallArgs& args) {
  if (args.npos != 1) throw_error(t, "TypeError", fmt::format("prod() takes exactly 1 positional argument ({} given)", args.npos));
  Value acc = Value::integer(1);
  for (uint32_t k = 0; k < args.nkw; ++k)
    if (str_view(args.kwnames[k]) == "start") acc = args.keyword_value(k);
  RootScope roots(t);
  roots.push(acc);
  for (Value v : collect_iterable(t, args.positional(0))) {
    Value out;
    if (!pk_binary(t, &out, 2, &acc, &v)) rethrow_pending();
    acc = roots.push(out);
  }
  return acc;
}

Value m_dist(Thread* t, const CallArgs& args) {
  arg0(t, args, "dist", 2);
  RootScope roots(t);
  std::vector<Value> p = collect_iterable(t, args.positional(0)), q = collect_iterable(t, args.positional(1));
  if (p.size() != q.size()) throw_error(t, "ValueError", "both points must have the same number of dimensions");
  double acc = 0;
  for (size_t i = 0; i < p.size(); ++i) acc = std::hypot(acc, to_float(t, p[i]) - to_float(t, q[i]));
  return Value::real(acc);
}

}  // namespace

std::vector<Intrinsic> math_intrinsics() {
  const char* C = "math";
  P x{"x", "float"};
  auto f1 = [&](const char* name, IntrinsicFn fn, const char* doc) { return Intrinsic{name, {x}, "float", 0, C, doc, fn}; };
  return {
      f1("math.sqrt", &wrap<m_sqrt>, "The square root of x."),
      f1("math.exp", &wrap<m_exp>, "e to the power x."),
      f1("math.exp2", &wrap<m_exp2>, "2 to the power x."),
      f1("math.expm1", &wrap<m_expm1>, "exp(x) - 1, accurate near 0."),
      f1("math.sin", &wrap<m_sin>, "The sine of x (radians)."),
      f1("math.cos", &wrap<m_cos>, "The cosine of x (radians)."),
      f1("math.tan", &wrap<m_tan>, "The tangent of x (radians)."),
      f1("math.asin", &wrap<m_asin>, "The arc sine of x."),
      f1("math.acos", &wrap<m_acos>, "The arc cosine of x."),
      f1("math.atan", &wrap<m_atan>, "The arc tangent of x."),
      f1("math.sinh", &wrap<m_sinh>, "The hyperbolic sine of x."),
      f1("math.cosh", &wrap<m_cosh>, "The hyperbolic cosine of x."),
      f1("math.tanh", &wrap<m_tanh>, "The hyperbolic tangent of x."),
      f1("math.asinh", &wrap<m_asinh>, "The inverse hyperbolic sine of x."),
      f1("math.acosh", &wrap<m_acosh>, "The inverse hyperbolic cosine of x."),
      f1("math.atanh", &wrap<m_atanh>, "The inverse hyperbolic tangent of x."),
      f1("math.erf", &wrap<m_erf>, "The error function at x."),
      f1("math.erfc", &wrap<m_erfc>, "The complementary error function at x."),
      f1("math.fabs", &wrap<m_fabs>, "The absolute value of x as a float."),
      f1("math.cbrt", &wrap<m_cbrt>, "The cube root of x."),
      f1("math.log1p", &wrap<m_log1p>, "log(1 + x), accurate near 0."),
      f1("math.degrees", &wrap<m_degrees>, "x radians in degrees."),
      f1("math.radians", &wrap<m_radians>, "x degrees in radians."),
      f1("math.log2", &wrap<m_log2>, "The base-2 logarithm of x."),
      f1("math.log10", &wrap<m_log10>, "The base-10 logarithm of x."),
      f1("math.gamma", &wrap<m_gamma>, "The gamma function at x."),
      f1("math.lgamma", &wrap<m_lgamma>, "The log of the absolute gamma function at x."),
      {"math.log", {x, P{"base", "float", "e"}}, "float", 0, C, "The logarithm of x (natural, or to base).", &wrap<m_log>},
      {"math.floor", {x}, "int", 0, C, "The largest int <= x.", &wrap<m_floor>},
      {"math.ceil", {x}, "int", 0, C, "The smallest int >= x.", &wrap<m_ceil>},
      {"math.trunc", {x}, "int", 0, C, "x truncated towards 0.", &wrap<m_trunc>},
      {"math.factorial", {P{"n", "int"}}, "int", 0, C, "n!", &wrap<m_factorial>},
      {"math.gcd", {P{"integers", "int", "", true}}, "int", 0, C, "The greatest common divisor.", &wrap<m_gcd<false>>},
      {"math.lcm", {P{"integers", "int", "", true}}, "int", 0, C, "The least common multiple.", &wrap<m_gcd<true>>},
      {"math.isqrt", {P{"n", "int"}}, "int", 0, C, "The integer square root of n.", &wrap<m_isqrt>},
      {"math.comb", {P{"n", "int"}, P{"k", "int"}}, "int", 0, C, "n choose k.", &wrap<m_comb<true>>},
      {"math.perm", {P{"n", "int"}, P{"k", "int", "None"}}, "int", 0, C, "n! / (n - k)!.", &wrap<m_comb<false>>},
      {"math.pow", {x, P{"y", "float"}}, "float", 0, C, "x to the power y, as floats.", &wrap<m_pow>},
      {"math.atan2", {P{"y", "float"}, x}, "float", 0, C, "The angle of the point (x, y).", &wrap<m_atan2>},
      {"math.copysign", {x, P{"y", "float"}}, "float", 0, C, "x with the sign of y.", &wrap<m_copysign>},
      {"math.fmod", {x, P{"y", "float"}}, "float", 0, C, "C's fmod(x, y).", &wrap<m_fmod>},
      {"math.remainder", {x, P{"y", "float"}}, "float", 0, C, "IEEE 754 remainder: x - n*y, n the integer nearest x/y.",
       &wrap<m_remainder>},
      {"math.hypot", {P{"coordinates", "float", "", true}}, "float", 0, C, "The Euclidean norm.", &wrap<m_hypot>},
      {"math.dist", {P{"p", "iterable"}, P{"q", "iterable"}}, "float", 0, C, "The distance between two points.", &wrap<m_dist>},
      {"math.isnan", {x}, "bool", 0, C, "Whether x is NaN.", &wrap<m_is<0>>},
      {"math.isinf", {x}, "bool", 0, C, "Whether x is infinite.", &wrap<m_is<1>>},
      {"math.isfinite", {x}, "bool", 0, C, "Whether x is neither infinite nor NaN.", &wrap<m_is<2>>},
      {"math.isclose", {P{"a", "float"}, P{"b", "float"}, P{"rel_tol", "float", "1e-09", false, true}, P{"abs_tol", "float", "0.0", false, true}},
       "bool", 0, C, "Whether a and b are close.", &wrap<m_isclose>},
      {"math.modf", {x}, "tuple", 0, C, "(fractional part, integer part) of x.", &wrap<m_modf>},
      {"math.frexp", {x}, "tuple", 0, C, "(m, e) with x == m * 2**e.", &wrap<m_frexp>},
      {"math.ldexp", {x, P{"i", "int"}}, "float", 0, C, "x * 2**i.", &wrap<m_ldexp>},
      {"math.fsum", {P{"iterable", "iterable"}}, "float", 0, C, "The exact sum of the floats, rounded once.", &wrap<m_fsum>},
      {"math.prod", {P{"iterable", "iterable"}, P{"start", "any", "1", false, true}}, "number", 0, C, "The product of the items.",
       &wrap<m_prod>},
  };
}

void build_math(Thread* t, Value module) {
  for (const auto& in : intrinsics())
    if (in.name.starts_with("math.")) module_add_function(t, module, in.name);
  module_set(t, module, "pi", Value::real(M_PI));
  module_set(t, module, "e", Value::real(M_E));
  module_set(t, module, "tau", Value::real(2 * M_PI));
  module_set(t, module, "inf", Value::real(HUGE_VAL));
  module_set(t, module, "nan", Value::real(std::nan("")));
}

}  // namespace plank::core
