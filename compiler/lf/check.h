// The public face of compiler/lf: what `plank check --lf/--jsonl` calls.
#pragma once
#include <string>
#include <vector>

#include "compiler/lf/json_reader.h"
#include "compiler/lf/normalize.h"
#include "compiler/lf/validator.h"
#include "compiler/lf/value.h"
#include "support/diagnostics.h"

namespace plank::lf {

// The command a form's spans point into: tokens are text split on whitespace
// (Python's str.split()); token_spans are where each token lies in text, so a
// span leaf [0, [i, j]] can point back at the words (CAIP's compiled commands do).
struct Utterance {
  std::string text;
  std::vector<std::string> tokens;
  std::vector<Span> token_spans;
  static Utterance from_text(std::string text);
};

struct CheckResult {
  bool valid = false;
  Value normalized;
  NormalizeLog rewrites;  // which normalisations applied, and where
};

// Normalises then validates one form; diagnostics (with key paths) go to sink.
CheckResult check_logical_form(const Value& form, const Utterance* utterance, const SourceRef& file,
                               DiagnosticSink& sink);
// Same, consuming the form (no copy).
CheckResult check_logical_form(Value&& form, const Utterance* utterance, const SourceRef& file, DiagnosticSink& sink);

struct JsonlSummary {
  size_t valid = 0;
  size_t invalid = 0;
};

// One {"text", "logical_form"} object per line (blank lines skipped); a
// malformed line is invalid, not fatal. Key paths are relative to the line's
// logical_form.
JsonlSummary check_jsonl(const SourceRef& file, DiagnosticSink& sink);

}  // namespace plank::lf
