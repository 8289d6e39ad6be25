// UTF-8, once for the whole project: the lexer, the JSON reader, the runtime's
// str operations and the neural tokenizers decode and encode through here, so
// they agree on what is well-formed (RFC 3629: no overlong forms, no
// surrogates, nothing above U+10FFFF, no truncated sequences).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace plank::utf8 {

inline constexpr size_t npos = static_cast<size_t>(-1);

// A byte that continues a sequence (10xxxxxx) rather than starting one.
constexpr bool is_continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// The well-formed sequence starting at s[i]: its length (1 to 4) with its code
// point in *cp, or 0 when the bytes there are not one (a stray continuation
// byte, an overlong form such as C0 AF for '/', a surrogate, a value above
// U+10FFFF, a sequence cut short by the end of `s`). i < s.size().
size_t decode(std::string_view s, size_t i, uint32_t* cp);

// The offset of the first byte that does not start a well-formed sequence,
// npos when all of `s` is valid UTF-8.
size_t find_invalid(std::string_view s);

// The characters of a string, as the runtime's str sees them: a well-formed
// sequence is one character (one code point), and so is each byte that does
// not start one. len(), indexing, slicing and iteration all count this way
// (before, len() counted lead bytes, so "\xc0\xaf" was one character long
// and iterated as two).
// The bytes of the character at s[i] (i < s.size()): decode()'s length, or 1.
size_t char_length(std::string_view s, size_t i);

// The number of characters.
size_t count(std::string_view s);

// The byte offset where each character starts, then s.size(): character k is
// bytes [starts[k], starts[k+1]).
std::vector<size_t> starts(std::string_view s);

// Appends cp as UTF-8; a value above U+10FFFF becomes U+FFFD (the replacement
// character), so the output is always well-formed.
void append(std::string& out, uint32_t cp);

}  // namespace plank::utf8

namespace plank {
inline void append_utf8(std::string& out, uint32_t cp) { utf8::append(out, cp); }
}  // namespace plank
