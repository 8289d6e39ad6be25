// An int's decimal digits written straight into their destination (str(x)
// inside `'item' + str(i)`): formatting into a buffer and copying it over cost
// a store-forwarding stall per string (the copy's wide load over the
// formatter's two-byte stores), a fifth of concat_str_int.
#pragma once
#include <cstddef>
#include <cstdint>

namespace plank::core {

// The number of characters of str(x), the sign included.
inline size_t decimal_length(int64_t x) {
  static constexpr uint64_t kPow10[20] = {1ULL,
                                          10ULL,
                                          100ULL,
                                          1000ULL,
                                          10000ULL,
                                          100000ULL,
                                          1000000ULL,
                                          10000000ULL,
                                          100000000ULL,
                                          1000000000ULL,
                                          10000000000ULL,
                                          100000000000ULL,
                                          1000000000000ULL,
                                          10000000000000ULL,
                                          100000000000000ULL,
                                          1000000000000000ULL,
                                          10000000000000000ULL,
                                          100000000000000000ULL,
                                          1000000000000000000ULL,
                                          10000000000000000000ULL};
  uint64_t v = (x < 0 ? 0 - static_cast<uint64_t>(x) : static_cast<uint64_t>(x)) | 1;  // |1: 0 has one digit
  size_t bits = 64 - static_cast<size_t>(__builtin_clzll(v));
  size_t t = (bits * 1233) >> 12;  // floor(bits * log10(2)), the digits of 2^bits less one or exact
  return t + (v >= kPow10[t]) + (x < 0);
}

// Writes str(x) at out, exactly `length` = decimal_length(x) characters.
inline void write_decimal(char* out, int64_t x, size_t length) {
  static constexpr char kPairs[] =
      "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
      "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
      "8081828384858687888990919293949596979899";
  uint64_t v = x < 0 ? 0 - static_cast<uint64_t>(x) : static_cast<uint64_t>(x);
  if (x < 0) out[0] = '-';
  char* p = out + length;
  while (v >= 100) {
    size_t pair = static_cast<size_t>(v % 100) * 2;
    v /= 100;
    *--p = kPairs[pair + 1];
    *--p = kPairs[pair];
  }
  if (v >= 10) {
    *--p = kPairs[v * 2 + 1];
    *--p = kPairs[v * 2];
  } else {
    *--p = static_cast<char>('0' + v);
  }
}

}  // namespace plank::core
