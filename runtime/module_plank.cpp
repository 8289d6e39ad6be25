// The `_plank` module: what the modules written in Plank (stdlib/) need from
// the runtime. The Mersenne Twister of CPython's _random, bit for bit, so
// that stdlib/random.py (CPython's random.py) gives CPython's numbers for a
// seed.
#include <cmath>
#include <chrono>
#include <cstring>

#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <fmt/format.h>

#include "runtime/args.h"
#include "runtime/bigint.h"
#include "runtime/bytes.h"
#include "runtime/classes.h"
#include "runtime/heap.h"
#include "runtime/modules.h"
#include "runtime/set_object.h"

namespace plank::core {

namespace {

using P = IntrinsicParam;

// MT19937 as CPython's _randommodule.c.
struct Twister {
  static constexpr int N = 624, M = 397;
  uint32_t state[N];
  int index = N + 1;

  void init_genrand(uint32_t s) {
    state[0] = s;
    for (int i = 1; i < N; ++i) state[i] = 1812433253U * (state[i - 1] ^ (state[i - 1] >> 30)) + static_cast<uint32_t>(i);
    index = N;
  }
  void init_by_array(const std::vector<uint32_t>& key) {
    init_genrand(19650218U);
    int i = 1, j = 0;
    size_t k = N > key.size() ? N : key.size();
    for (; k; --k) {
      state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) * 1664525U)) + key[j] + static_cast<uint32_t>(j);
      ++i;
      ++j;
      if (i >= N) {
        state[0] = state[N - 1];
        i = 1;
      }
      if (static_cast<size_t>(j) >= key.size()) j = 0;
    }
    for (k = N - 1; k; --k) {
      state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) * 1566083941U)) - static_cast<uint32_t>(i);
      ++i;
      if (i >= N) {
        state[0] = state[N - 1];
        i = 1;
      }
    }
    state[0] = 0x80000000U;
  }
  uint32_t next() {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y;
    if (index >= N) {
      int kk;
      for (kk = 0; kk < N - M; ++kk) {
        y = (state[kk] & 0x80000000U) | (state[kk + 1] & 0x7fffffffU);
        state[kk] = state[kk + M] ^ (y >> 1) ^ mag01[y & 0x1U];
      }
      for (; kk < N - 1; ++kk) {
        y = (state[kk] & 0x80000000U) | (state[kk + 1] & 0x7fffffffU);
        state[kk] = state[kk + (M - N)] ^ (y >> 1) ^ mag01[y & 0x1U];
      }
      y = (state[N - 1] & 0x80000000U) | (state[0] & 0x7fffffffU);
      state[N - 1] = state[M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
      index = 0;
    }
    y = state[index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
  }
};

// A Twister lives in a bytearray-like native object: a Bytes object holding its state.
Twister* twister_of(Thread* t, Value v) {
  if (!v.is(ObjKind::ByteArray) || as_bytes(v)->data.size() != sizeof(Twister))
    throw_error(t, "TypeError", "expected a random generator state");
  return reinterpret_cast<Twister*>(as_bytes(v)->data.data());
}

Value mt_new(Thread* t, const CallArgs&) {
  Twister tw;
  tw.init_genrand(5489U);
  std::string raw(reinterpret_cast<const char*>(&tw), sizeof tw);
  return make_bytes(t, std::move(raw), true);
}

// seed(state, a): an int (its absolute value, in 32-bit words), None (the clock), or
// any other hashable value (its hash), as CPython's random_seed.
Value mt_seed(Thread* t, const CallArgs& args) {
  if (args.npos != 2) throw_error(t, "TypeError", "mt_seed(state, a)");
  Twister* tw = twister_of(t, args.positional(0));
  Value a = args.positional(1);
  mpz_t z;
  mpz_init(z);
  if (a.is_none()) {
    mpz_set_ui(z, static_cast<unsigned long>(std::chrono::steady_clock::now().time_since_epoch().count()));
  } else if (is_int_value(a)) {
    to_mpz(a, z);
  } else {
    mpz_set_si(z, py_hash(t, a));
  }
  mpz_abs(z, z);
  std::vector<uint32_t> key;
  size_t words = (mpz_sizeinbase(z, 2) + 31) / 32;
  key.resize(std::max<size_t>(words, 1), 0);
  size_t count = 0;
  mpz_export(key.data(), &count, -1, sizeof(uint32_t), 0, 0, z);
  if (key.empty()) key.push_back(0);
  key.resize(std::max<size_t>(count, 1));
  mpz_clear(z);
  tw->init_by_array(key);
  return Value::none();
}

Value mt_random(Thread* t, const CallArgs& args) {
  if (args.npos != 1) throw_error(t, "TypeError", "mt_random(state)");
  Twister* tw = twister_of(t, args.positional(0));
  uint32_t a = tw->next() >> 5, b = tw->next() >> 6;
  return Value::real((a * 67108864.0 + b) * (1.0 / 9007199254740992.0));
}

Value mt_getrandbits(Thread* t, const CallArgs& args) {
  if (args.npos != 2 || !args.positional(1).is_int()) throw_error(t, "TypeError", "mt_getrandbits(state, k)");
  Twister* tw = twister_of(t, args.positional(0));
  int64_t k = args.positional(1).i;
  if (k < 0) throw_error(t, "ValueError", "number of bits must be non-negative");
  if (k == 0) return Value::integer(0);
  if (k <= 32) return Value::integer(tw->next() >> (32 - k));
  size_t words = static_cast<size_t>((k - 1) / 32 + 1);
  std::vector<uint32_t> w(words);
  for (size_t i = 0; i < words; ++i, k -= 32) {
    uint32_t r = tw->next();
    if (k < 32) r >>= (32 - k);
    w[i] = r;
  }
  mpz_t z;
  mpz_init(z);
  mpz_import(z, words, -1, sizeof(uint32_t), 0, 0, w.data());
  Value out = make_int(t, z);
  mpz_clear(z);
  return out;
}

// The state as a tuple of 625 ints (getstate) and back (setstate).
Value mt_getstate(Thread* t, const CallArgs& args) {
  Twister* tw = twister_of(t, args.positional(0));
  std::vector<Value> items;
  for (uint32_t s : tw->state) items.push_back(Value::integer(s));
  items.push_back(Value::integer(tw->index));
  return make_tuple(t, std::move(items));
}

Value mt_setstate(Thread* t, const CallArgs& args) {
  Twister* tw = twister_of(t, args.positional(0));
  const auto& items = tuple_items(args.positional(1));
  if (items.size() != Twister::N + 1) throw_error(t, "ValueError", "state vector is the wrong size");
  for (int i = 0; i < Twister::N; ++i) tw->state[i] = static_cast<uint32_t>(items[i].i);
  tw->index = static_cast<int>(items[Twister::N].i);
  return Value::none();
}

// bit_length of an int (the method CPython's ints have; random.py's _randbelow needs it).
Value int_bit_length(Thread* t, const CallArgs& args) {
  if (args.npos != 1 || !is_int_value(args.positional(0))) throw_error(t, "TypeError", "bit_length() needs an int");
  Value v = args.positional(0);
  if (!v.is(ObjKind::BigInt)) {
    uint64_t m = v.i < 0 ? 0 - static_cast<uint64_t>(v.i) : static_cast<uint64_t>(v.i);
    return Value::integer(m == 0 ? 0 : 64 - __builtin_clzll(m));
  }
  mpz_t z;
  mpz_init(z);
  to_mpz(v, z);
  int64_t n = static_cast<int64_t>(mpz_sizeinbase(z, 2));
  mpz_clear(z);
  return Value::integer(n);
}

}  // namespace

std::vector<Intrinsic> plank_native_intrinsics() {
  const char* C = "_plank";
  return {
      {"_plank.mt_new", {}, "bytearray", 0, C, "A new Mersenne Twister state (seeded as CPython's default).", &wrap<mt_new>},
      {"_plank.mt_seed", {P{"state", "bytearray"}, P{"a", "any"}}, "None", 0, C, "Seeds the state as CPython's random.seed(a).",
       &wrap<mt_seed>},
      {"_plank.mt_random", {P{"state", "bytearray"}}, "float", 0, C, "The next float in [0, 1), as CPython's random().",
       &wrap<mt_random>},
      {"_plank.mt_getrandbits", {P{"state", "bytearray"}, P{"k", "int"}}, "int", 0, C, "An int of k random bits.",
       &wrap<mt_getrandbits>},
      {"_plank.mt_getstate", {P{"state", "bytearray"}}, "tuple", 0, C, "The generator's state.", &wrap<mt_getstate>},
      {"_plank.mt_setstate", {P{"state", "bytearray"}, P{"values", "tuple"}}, "None", 0, C, "Restores a state.", &wrap<mt_setstate>},
      {"_plank.bit_length", {P{"n", "int"}}, "int", 0, C, "The number of bits of |n|.", &wrap<int_bit_length>},
  };
}

void build_plank_native(Thread* t, Value module) {
  for (const auto& in : intrinsics())
    if (in.name.starts_with("_plank.")) module_add_function(t, module, in.name);
}

}  // namespace plank::core
