// Arbitrary-precision ints on GMP with CPython's semantics (see bigint.h).
#include "runtime/bigint.h"

#include <cmath>
#include <cstring>

#include <fmt/format.h>

#include "runtime/heap.h"

namespace plank::core {

namespace {

// RAII for a scratch mpz.
struct Z {
  mpz_t z;
  Z() { mpz_init(z); }
  explicit Z(Value v) {
    mpz_init(z);
    to_mpz(v, z);
  }
  ~Z() { mpz_clear(z); }
  Z(const Z&) = delete;
  Z& operator=(const Z&) = delete;
  operator mpz_ptr() { return z; }
  operator mpz_srcptr() const { return z; }
};

// CPython 3.11's limit on decimal conversions of ints (sys.get_int_max_str_digits()).
constexpr size_t kMaxStrDigits = 4300;

// The double nearest |m| * 2**exp2 (ties to even), `sticky` when bits below m were dropped
// (they make a tie round up). OverflowError past the largest double.
double round_to_double(Thread* t, mpz_srcptr m, int64_t exp2, bool sticky, const char* overflow_message) {
  if (mpz_sgn(m) == 0) return 0.0;
  int64_t bits = static_cast<int64_t>(mpz_sizeinbase(m, 2));
  int64_t e = bits - 1 + exp2;  // the value is in [2**e, 2**(e+1))
  if (e > 1023) throw_error(t, "OverflowError", overflow_message);
  int64_t keep = 53;
  if (e < -1022) keep = 53 - (-1022 - e);  // subnormal: fewer bits
  if (keep < 0) keep = 0;
  int64_t drop = bits - keep;
  Z q;
  double r;
  if (drop > 0) {
    mpz_fdiv_q_2exp(q, m, static_cast<mp_bitcnt_t>(drop));
    // The first dropped bit is the half; any other dropped bit (or sticky) breaks a tie upwards.
    bool half = mpz_tstbit(m, static_cast<mp_bitcnt_t>(drop - 1));
    bool rest = sticky || mpz_scan1(m, 0) < static_cast<mp_bitcnt_t>(drop - 1);
    if (half && (rest || mpz_odd_p(q.z))) mpz_add_ui(q, q, 1);
    r = std::ldexp(mpz_get_d(q), static_cast<int>(drop + exp2));  // q has at most 54 bits: exact
  } else {
    r = std::ldexp(mpz_get_d(m), static_cast<int>(exp2));
  }
  if (std::isinf(r)) throw_error(t, "OverflowError", overflow_message);
  return r;
}

[[noreturn]] void too_many_digits(Thread* t, size_t digits, bool parsing) {
  if (parsing)
    throw_error(t, "ValueError",
                fmt::format("Exceeds the limit ({} digits) for integer string conversion: value has {} digits; use "
                            "sys.set_int_max_str_digits() to increase the limit",
                            kMaxStrDigits, digits));
  throw_error(t, "ValueError",
              fmt::format("Exceeds the limit ({} digits) for integer string conversion; use "
                          "sys.set_int_max_str_digits() to increase the limit",
                          kMaxStrDigits));
}

}  // namespace

Value make_int(Thread* t, const mpz_t z) {
  if (mpz_fits_slong_p(z)) return Value::integer(mpz_get_si(z));
  auto* o = t->heap->alloc<BigIntObject>(ObjKind::BigInt, mpz_size(z) * sizeof(mp_limb_t));
  mpz_set(o->z, z);
  return Value::object(o);
}

void to_mpz(Value v, mpz_t out) {
  if (v.is(ObjKind::BigInt)) mpz_set(out, as_bigint(v)->z);
  else mpz_set_si(out, v.i);
}

size_t bigint_bytes(Value v) { return mpz_size(as_bigint(v)->z) * sizeof(mp_limb_t); }

Value bigint_binary(Thread* t, uint32_t op, Value a, Value b) {
  enum : uint32_t { kAdd, kSub, kMul, kDiv, kFloorDiv, kMod, kPow, kOr, kXor, kAnd, kLShift, kRShift };
  Z x(a), y(b), r;
  switch (op) {
    case kAdd: mpz_add(r, x, y); break;
    case kSub: mpz_sub(r, x, y); break;
    case kMul: mpz_mul(r, x, y); break;
    case kDiv: return bigint_true_divide(t, a, b);
    case kFloorDiv:
      if (mpz_sgn(y.z) == 0) throw_error(t, "ZeroDivisionError", "integer division or modulo by zero");
      mpz_fdiv_q(r, x, y);
      break;
    case kMod:
      if (mpz_sgn(y.z) == 0) throw_error(t, "ZeroDivisionError", "integer modulo by zero");
      mpz_fdiv_r(r, x, y);
      break;
    case kPow: {
      if (mpz_sgn(y.z) < 0) {
        double base = int_to_double(t, a), exp = int_to_double(t, b);
        if (base == 0) throw_error(t, "ZeroDivisionError", "0.0 cannot be raised to a negative power");
        return Value::real(std::pow(base, exp));
      }
      if (mpz_cmpabs_ui(x.z, 1) <= 0) {  // 0, 1, -1: any exponent
        if (mpz_sgn(x.z) == 0) return Value::integer(mpz_sgn(y.z) == 0 ? 1 : 0);
        if (mpz_cmp_ui(x.z, 1) == 0) return Value::integer(1);
        return Value::integer(mpz_even_p(y.z) ? 1 : -1);
      }
      if (!mpz_fits_ulong_p(y)) throw_error(t, "MemoryError", "integer power result is too large");
      unsigned long e = mpz_get_ui(y);
      double bits = static_cast<double>(mpz_sizeinbase(x, 2)) * static_cast<double>(e);
      if (bits > 8.0 * static_cast<double>(t->budget.max_heap_bytes ? t->budget.max_heap_bytes : (size_t{1} << 34)))
        throw_error(t, "MemoryError", "integer power result is too large");
      mpz_pow_ui(r, x, e);
      break;
    }
    case kOr: mpz_ior(r, x, y); break;
    case kXor: mpz_xor(r, x, y); break;
    case kAnd: mpz_and(r, x, y); break;
    case kLShift:
    case kRShift: {
      if (mpz_sgn(y.z) < 0) throw_error(t, "ValueError", "negative shift count");
      if (!mpz_fits_ulong_p(y)) {
        if (op == kRShift) return Value::integer(mpz_sgn(x.z) < 0 ? -1 : 0);
        if (mpz_sgn(x.z) == 0) return Value::integer(0);
        throw_error(t, "OverflowError", "too many digits in integer");
      }
      unsigned long n = mpz_get_ui(y);
      if (op == kRShift) {
        mpz_fdiv_q_2exp(r, x, n);
      } else {
        if (mpz_sgn(x.z) != 0 && static_cast<double>(n) / 8 > static_cast<double>(t->budget.max_heap_bytes ? t->budget.max_heap_bytes : (size_t{1} << 34)))
          throw_error(t, "MemoryError", "integer shift result is too large");
        mpz_mul_2exp(r, x, n);
      }
      break;
    }
    default: throw_error(t, "SystemError", fmt::format("bad int operator {}", op));
  }
  t->heap->grow(mpz_size(r) * sizeof(mp_limb_t));
  return make_int(t, r);
}

Value bigint_negate(Thread* t, Value a) {
  Z x(a);
  mpz_neg(x, x);
  return make_int(t, x);
}

Value bigint_invert(Thread* t, Value a) {
  Z x(a);
  mpz_com(x, x);
  return make_int(t, x);
}

Value bigint_abs(Thread* t, Value a) {
  Z x(a);
  mpz_abs(x, x);
  return make_int(t, x);
}

Value bigint_true_divide(Thread* t, Value a, Value b) {
  Z x(a), y(b);
  if (mpz_sgn(y.z) == 0) throw_error(t, "ZeroDivisionError", "division by zero");
  if (mpz_sgn(x.z) == 0) return Value::real(mpz_sgn(y.z) < 0 ? -0.0 : 0.0);
  int sign = mpz_sgn(x.z) * mpz_sgn(y.z);
  mpz_abs(x, x);
  mpz_abs(y, y);
  // Scale so the quotient has at least 55 bits, then round once.
  int64_t shift = 55 - (static_cast<int64_t>(mpz_sizeinbase(x, 2)) - static_cast<int64_t>(mpz_sizeinbase(y, 2)));
  Z n, d, q, r;
  if (shift >= 0) {
    mpz_mul_2exp(n, x, static_cast<mp_bitcnt_t>(shift));
    mpz_set(d, y);
  } else {
    mpz_set(n, x);
    mpz_mul_2exp(d, y, static_cast<mp_bitcnt_t>(-shift));
  }
  mpz_tdiv_qr(q, r, n, d);
  double v = round_to_double(t, q, -shift, mpz_sgn(r.z) != 0, "integer division result too large for a float");
  return Value::real(sign < 0 ? -v : v);
}

Value int_pow_mod(Thread* t, Value a, Value b, Value m) {
  Z x(a), y(b), n(m), r;
  if (mpz_sgn(n.z) == 0) throw_error(t, "ValueError", "pow() 3rd argument cannot be 0");
  if (mpz_sgn(y.z) < 0) {
    Z inv;
    if (!mpz_invert(inv, x, n)) throw_error(t, "ValueError", "base is not invertible for the given modulus");
    mpz_neg(y, y);
    mpz_set(x, inv);
  }
  Z absn;
  mpz_abs(absn, n);
  mpz_powm(r, x, y, absn);
  // Python: the result has the modulus's sign.
  if (mpz_sgn(n.z) < 0 && mpz_sgn(r.z) != 0) mpz_add(r, r, n);
  return make_int(t, r);
}

int bigint_compare(Value a, Value b) {
  if (!a.is(ObjKind::BigInt) && !b.is(ObjKind::BigInt)) return a.i < b.i ? -1 : a.i > b.i ? 1 : 0;
  Z x(a), y(b);
  int c = mpz_cmp(x, y);
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

int bigint_compare_float(Value a, double f) {
  if (std::isnan(f)) return 2;
  if (std::isinf(f)) return f > 0 ? -1 : 1;
  Z x(a);
  int c = mpz_cmp_d(x, f);
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

double int_to_double(Thread* t, Value v) {
  if (!v.is(ObjKind::BigInt)) return static_cast<double>(v.i);
  Z x(v);
  int sign = mpz_sgn(x.z);
  mpz_abs(x, x);
  double d = round_to_double(t, x, 0, false, "int too large to convert to float");
  return sign < 0 ? -d : d;
}

Value float_to_int_value(Thread* t, double f) {
  if (std::isnan(f)) throw_error(t, "ValueError", "cannot convert float NaN to integer");
  if (std::isinf(f)) throw_error(t, "OverflowError", "cannot convert float infinity to integer");
  double tr = std::trunc(f);
  if (tr >= -9223372036854775808.0 && tr < 9223372036854775808.0) return Value::integer(static_cast<int64_t>(tr));
  Z z;
  mpz_set_d(z, tr);
  return make_int(t, z);
}

std::string int_to_string(Value v, int base) {
  if (!v.is(ObjKind::BigInt)) {
    if (base == 10) return std::to_string(v.i);
    Z z(v);
    char* s = mpz_get_str(nullptr, base, z);
    std::string out(s);
    void (*freefunc)(void*, size_t);
    mp_get_memory_functions(nullptr, nullptr, &freefunc);
    freefunc(s, std::strlen(s) + 1);
    return out;
  }
  const mpz_t& z = as_bigint(v)->z;
  std::string out(mpz_sizeinbase(z, base) + 2, '\0');
  mpz_get_str(out.data(), base, z);
  out.resize(std::strlen(out.c_str()));
  return out;
}

bool parse_int_value(Thread* t, std::string_view text, int base, Value* out) {
  size_t b = 0, e = text.size();
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; };
  while (b < e && space(text[b])) ++b;
  while (e > b && space(text[e - 1])) --e;
  std::string_view s = text.substr(b, e - b);
  bool neg = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  auto prefix_base = [&](char p) { return p == 'x' || p == 'X' ? 16 : p == 'o' || p == 'O' ? 8 : p == 'b' || p == 'B' ? 2 : 0; };
  if (s.size() >= 2 && s[0] == '0' && prefix_base(s[1]) && (base == 0 || base == prefix_base(s[1]))) {
    base = prefix_base(s[1]);
    s.remove_prefix(2);
    if (!s.empty() && s[0] == '_') s.remove_prefix(1);
  } else if (base == 0) {
    base = 10;
    // a decimal literal may not have leading zeros (unless it is zero)
    if (s.size() > 1 && s[0] == '0' && s.find_first_not_of("0_") != std::string_view::npos) return false;
  }
  if (s.empty()) return false;
  std::string digits;
  digits.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '_') {
      if (i == 0 || i + 1 == s.size() || s[i + 1] == '_') return false;
      continue;
    }
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'z' ? c - 'a' + 10 : c >= 'A' && c <= 'Z' ? c - 'A' + 10 : 99;
    if (d >= base) return false;
    digits += c;
  }
  bool power_of_two = (base & (base - 1)) == 0;
  if (!power_of_two && digits.size() > kMaxStrDigits) too_many_digits(t, digits.size(), true);
  Z z;
  if (mpz_set_str(z, digits.c_str(), base) != 0) return false;
  if (neg) mpz_neg(z, z);
  *out = make_int(t, z);
  return true;
}

int64_t int_hash(Value v) {
  constexpr uint64_t kModulus = (uint64_t(1) << 61) - 1;
  if (!v.is(ObjKind::BigInt)) {
    int64_t x = v.i;
    uint64_t m = x < 0 ? (0 - static_cast<uint64_t>(x)) % kModulus : static_cast<uint64_t>(x) % kModulus;
    int64_t h = x < 0 ? -static_cast<int64_t>(m) : static_cast<int64_t>(m);
    return h == -1 ? -2 : h;
  }
  const mpz_t& z = as_bigint(v)->z;
  uint64_t m = mpz_tdiv_ui(z, kModulus);
  int64_t h = mpz_sgn(z) < 0 ? -static_cast<int64_t>(m) : static_cast<int64_t>(m);
  return h == -1 ? -2 : h;
}

int64_t int_as_index(Thread* t, Value v, const char* message) {
  if (!v.is(ObjKind::BigInt)) return v.i;
  throw_error(t, "OverflowError", message);
}

// The limit on decimal conversions applies to str() and repr() of a big int.
std::string int_to_decimal(Thread* t, Value v) {
  if (v.is(ObjKind::BigInt) && mpz_sizeinbase(as_bigint(v)->z, 10) > kMaxStrDigits + 1) {
    std::string s = int_to_string(v, 10);
    size_t digits = s.size() - (s[0] == '-' ? 1 : 0);
    if (digits > kMaxStrDigits) too_many_digits(t, digits, false);
    return s;
  }
  return int_to_string(v, 10);
}

}  // namespace plank::core
