// A strict, fast JSON reader that produces the span-carrying Value tree.
// Never throws, never crashes, never recurses deeper than kMaxJsonDepth, and
// reports the first syntax error precisely (file:line:col via the Span).
#pragma once
#include <optional>

#include "compiler/lf/value.h"
#include "support/diagnostics.h"

namespace plank::lf {

inline constexpr int kMaxJsonDepth = 256;

// Reads exactly one JSON value from `range` of `file` (whitespace around it
// allowed, nothing else). Spans in the result are byte offsets into the whole
// file, so one line of a JSONL file reports its real line number. On error
// reports one Diagnostic (code "json.syntax", or "json.depth") and returns
// nullopt.
std::optional<Value> read_json(const SourceRef& file, Span range, DiagnosticSink& sink);

// The whole file.
std::optional<Value> read_json(const SourceRef& file, DiagnosticSink& sink);

}  // namespace plank::lf
