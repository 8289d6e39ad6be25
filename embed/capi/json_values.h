// Plank values to and from JSON text, as Python's json module does: tuples are written as
// arrays; dict keys that are int, float, bool or None are written as strings; NaN and the
// infinities, other key types, functions, cycles and strs that are not UTF-8 are refused.
// Whatever from_json gives, to_json writes, and the text reads back to the same value.
#pragma once
#include <string>
#include <string_view>

#include "runtime/thread.h"
#include "runtime/value.h"

namespace plank::embed {

// More containers than this, one inside another, are refused both ways (the conversions
// recurse on the native stack).
inline constexpr int kMaxJsonDepth = 2000;

// False and *why ("Object of type function is not JSON serializable") when JSON cannot hold v.
bool to_json(core::Thread* t, core::Value v, std::string* out, std::string* why);

// False and *why on malformed JSON. The result is not rooted: the caller roots it before the
// next allocation. Throws core::Raised (MemoryError) past the heap limit.
bool from_json(core::Thread* t, std::string_view json, core::Value* out, std::string* why);

}  // namespace plank::embed
