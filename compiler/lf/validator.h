// Walks a (normalised) logical form against the grammar table and reports
// every error it finds as a Diagnostic with a key path, the accepted values
// and a stable code:
//   lf.node-type        wrong JSON type at a position (a string where a dict goes, ...)
//   lf.unknown-key      a key the node kind does not know (with "did you mean")
//   lf.key-not-allowed  a key the node kind knows, but not for this action/dialogue type
//   lf.duplicate-key    a key given twice in one dict
//   lf.missing-key      dialogue_type, action_type, HUMAN_GIVE_COMMAND's action_sequence
//   lf.bad-value        a categorical value outside its set
//   lf.span-shape       a span that is not [0, [first, last]] with integers
//   lf.span-range       first > last, a negative index, or last past the utterance
//   lf.empty-list       an empty action_sequence
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "compiler/lf/grammar_table.h"
#include "compiler/lf/value.h"
#include "support/diagnostics.h"

namespace plank::lf {

struct ValidateOptions {
  // Number of tokens of the utterance; negative when unknown (no upper bound check).
  long token_count = -1;
};

// Returns the number of errors reported.
size_t validate(const Value& form, const ValidateOptions& options, const SourceRef& file, DiagnosticSink& sink);

// Validates `v` as a node of `kind` at `key_path` (for the REPL and tests).
size_t validate_node(const Value& v, NodeKind kind, std::string key_path, const ValidateOptions& options,
                     const SourceRef& file, DiagnosticSink& sink);

// Levenshtein distance, and the closest candidate (empty when none is close enough).
size_t edit_distance(std::string_view a, std::string_view b);
std::string_view closest(std::string_view word, const std::vector<std::string_view>& candidates);

}  // namespace plank::lf
