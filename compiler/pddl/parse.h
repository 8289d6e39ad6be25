// The PDDL front end: text -> ast::File (a domain or a problem).
//
// The grammar is grammar/Pddl.g4; the ANTLR parse tree stays inside
// compiler/pddl/syntax/. Every problem becomes a Diagnostic with a code
// starting "pddl.syntax" and an exact span; nothing here throws, crashes or
// hangs, on any bytes.
#pragma once
#include "compiler/pddl/ast.h"
#include "support/diagnostics.h"
#include "support/source.h"

namespace plank::pddl {

// Parses one file. On a syntax error the File holds neither a domain nor a
// problem, and the first error (one root cause, one diagnostic) is reported.
// A stray character (a comma, say) is an error too, but the file is read on
// as if it were a space, so the checker can report what else is wrong.
ast::File parse_file(SourceRef file, DiagnosticSink& sink);

// Deeper nesting than this is refused before parsing (no real domain comes near:
// the deepest shared file nests 14 levels).
inline constexpr int kMaxNesting = 256;

}  // namespace plank::pddl
