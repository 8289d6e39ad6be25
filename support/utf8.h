// UTF-8 encoding of one code point, shared by every stage that builds text
// from code points: string-literal escapes (front end), JSON \u escapes
// (logical forms) and case mapping (the runtime's str methods).
#pragma once
#include <cstdint>
#include <string>

namespace plank {

// Appends cp as UTF-8; a value above U+10FFFF becomes U+FFFD (the
// replacement character), so the output is always well-formed UTF-8.
void append_utf8(std::string& out, uint32_t cp);

}  // namespace plank
