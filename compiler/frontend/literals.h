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

// Parses an integer token (decimal, 0x, 0o, 0b, with '_' separators).
// nullopt when the value does not fit in int64.
std::optional<int64_t> parse_int_literal(std::string_view token);

// Parses a float token ('1.5', '.5', '1e3', '1_000.0').
double parse_float_literal(std::string_view token);

}  // namespace plank::frontend
