// a + str(x) without str(x)'s object, for the JIT's fused `s + str(i)`
// (codegen begin_concat_str_int). Beside concat_str in objects.cpp, which
// makes the same string of a and str(x); a header of its own so that the
// many files including objects.h are not rebuilt for one JIT entry point.
#pragma once
#include <cstdint>

#include "runtime/value.h"

namespace plank::core {

struct Thread;
Value concat_str_int(Thread* t, Value a, int64_t x);  // a: a str the caller roots

}  // namespace plank::core
