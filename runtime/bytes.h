// bytes and bytearray (issue 27): byte strings, immutable and mutable.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "runtime/objects.h"

namespace plank::core {

struct BytesObject : Object {
  std::string data;
};

inline BytesObject* as_bytes(Value v) { return static_cast<BytesObject*>(v.obj); }
inline bool is_byteslike(Value v) { return v.is(ObjKind::Bytes) || v.is(ObjKind::ByteArray); }

Value make_bytes(Thread* t, std::string data, bool mutable_ = false);
// bytes(x) / bytearray(x): from an int (zeros), an iterable of ints, a bytes-like, or a str with an encoding.
Value bytes_from(Thread* t, Value source, Value encoding, bool mutable_);
std::string bytes_repr(Value v);  // b'...' (bytearray(b'...'))

std::vector<Method> bytes_methods();

}  // namespace plank::core
