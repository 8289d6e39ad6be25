// The logical-form grammar reference, rendered from the grammar table itself
// so that docs/lf-grammar.md can never drift from what the validator accepts.
#pragma once
#include <string>

namespace plank::lf {

// Markdown: one section per node kind, its keys, what each holds, the
// categorical values, and the per-variant key sets of ROOT and ACTION.
std::string grammar_reference_markdown();

}  // namespace plank::lf
