// Decoding of Plank literal tokens (no ANTLR types here; used by the parser and tests).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace plank::frontend {

// Decodes one string token as written, quotes included ('a\n', "x", '''...''').
// Escapes follow Python: \n \t \r \\ \' \" \a \b \f \v \0-\777 \xHH \uXXXX \UXXXXXXXX,
// backslash-newline is removed, an unknown escape keeps its backslash. Result is UTF-8
// (a \u surrogate pair is joined; a lone surrogate is encoded as three bytes).
std::string decode_string_literal(std::string_view token);

// A string token split at its quotes: the prefix (lower-cased: "", "r", "b", "f", "rb", "fr", "u"),
// the text between the quotes and where it starts in the token.
struct StringParts {
  std::string prefix;
  std::string_view body;
  size_t body_offset = 0;
  bool triple = false;
};
StringParts split_string_token(std::string_view token);

// Decodes the text between the quotes. raw (r''): backslashes are kept, escapes
// are not processed. bytes (b''): \xHH and octal escapes give one byte each
// (the result holds one char per byte) and \u escapes are kept as written.
std::string decode_string_body(std::string_view body, bool raw, bool bytes);

// Parses an integer token (decimal, 0x, 0o, 0b, with '_' separators).
// nullopt when the value does not fit in int64.
std::optional<int64_t> parse_int_literal(std::string_view token);

// Parses a float token ('1.5', '.5', '1e3', '1_000.0').
double parse_float_literal(std::string_view token);

}  // namespace plank::frontend
