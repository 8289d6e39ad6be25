// Arbitrary-precision ints (issue 27) on GMP, with CPython's semantics.
// An int that fits 64 bits is always an immediate (Tag::Int): the fast
// paths of both engines never meet a BigInt, and an operation whose result
// fits again returns an immediate. A BigIntObject holds the rest.
#pragma once
#include <gmp.h>

#include <string>
#include <string_view>

#include "runtime/objects.h"

namespace plank::core {

struct BigIntObject : Object {
  mpz_t z;
  BigIntObject() { mpz_init(z); }
  ~BigIntObject() { mpz_clear(z); }
};

inline const BigIntObject* as_bigint(Value v) { return static_cast<const BigIntObject*>(v.obj); }
// An int of any size (an immediate int, a bool, or a BigInt).
inline bool is_int_value(Value v) { return v.tag == Tag::Int || v.tag == Tag::Bool || v.is(ObjKind::BigInt); }

// The int z as a Value: an immediate when it fits.
Value make_int(Thread* t, const mpz_t z);
void to_mpz(Value v, mpz_t out);  // v: is_int_value (out: initialised by the caller)

// a <op> b for ints of any size (op: ast::BinaryOp numbering, not Div); raises as CPython does.
Value bigint_binary(Thread* t, uint32_t op, Value a, Value b);
Value bigint_negate(Thread* t, Value a);
Value bigint_invert(Thread* t, Value a);
Value bigint_abs(Thread* t, Value a);
// a / b for ints of any size: correctly rounded, as CPython's true division.
Value bigint_true_divide(Thread* t, Value a, Value b);
// pow(a, b, m) with a modulus.
Value int_pow_mod(Thread* t, Value a, Value b, Value m);
int bigint_compare(Value a, Value b);       // ints of any size: -1, 0, 1
int bigint_compare_float(Value a, double f);  // -1, 0, 1; 2 when f is NaN
// float(v): correctly rounded; OverflowError when too large.
double int_to_double(Thread* t, Value v);
// The int of a finite float (truncated), of any size.
Value float_to_int_value(Thread* t, double f);
std::string int_to_string(Value v, int base = 10);
// str(v) in decimal, with CPython 3.11's limit of 4300 digits (ValueError past it).
std::string int_to_decimal(Thread* t, Value v);
// int(text, base) (base 0: the literal's prefix decides); false when malformed.
bool parse_int_value(Thread* t, std::string_view text, int base, Value* out);
// CPython's hash of an int: its value mod 2**61 - 1 (-1 becomes -2).
int64_t int_hash(Value v);
// The int as an int64, or raises OverflowError (message as CPython's index conversions).
int64_t int_as_index(Thread* t, Value v, const char* message);
size_t bigint_bytes(Value v);  // memory held, for the collector's count

}  // namespace plank::core
