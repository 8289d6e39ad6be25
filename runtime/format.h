// Python's format specification mini-language (issue 27): format(value,
// spec), f-string fields `{x:>10.3f}` and str.format, with CPython's results
// for ints of any size, floats, strs and objects with __format__.
#pragma once
#include <string>
#include <string_view>

#include "runtime/objects.h"

namespace plank::core {

// format(v, spec); ValueError for a spec the value's type does not accept.
std::string format_value(Thread* t, Value v, std::string_view spec);

// str.format(*args, **kwargs) of the template `fmt`.
std::string format_template(Thread* t, std::string_view fmt, const Value* args, uint32_t npos, uint32_t nkw,
                            const Value* kwnames);

// An f-string field's conversion: 's' str(), 'r' repr(), 'a' ascii(), 0 none.
Value convert_value(Thread* t, Value v, uint32_t conversion);

// ascii(): repr() with every non-ASCII code point escaped.
std::string ascii_repr(Thread* t, Value v);

}  // namespace plank::core
