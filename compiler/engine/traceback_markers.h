// The marker line CPython 3.11 prints under a traceback frame's source line:
// `^` under the part of the line that failed, and for a binary operation or a
// subscript `~` under the operands and `^` under the operator or the
// subscript (Python/traceback.c: tb_displayline, extract_anchors_from_line).
#pragma once
#include <string>

#include "support/source.h"

namespace plank::engine {

// The marker line (without its newline) for the bytes `failed` of `file`,
// or "" where CPython prints none: the range covers the whole stripped line
// (and has no operator to point at), or it is unknown. A range over several
// lines is marked to the end of its first line, as in 3.11.
std::string traceback_markers(const SourceFile& file, Span failed);

}  // namespace plank::engine
