// The exceptions being handled (an `except` or `finally` body running),
// innermost last: what a raise takes as its implicit __context__, in the
// handler's own frame or in any function called from it, as CPython's
// per-thread exc_info. Kept in lists the heap names (one thread a heap), so
// the collector sees them without a field in Thread.
#pragma once
#include "runtime/objects.h"

namespace plank::core {

void enter_handler(Thread* t, Value exc);  // pk_enter_handler
void leave_handlers(Thread* t, uint32_t n);  // pk_leave_handler
// The innermost exception being handled, or None.
Value handled_exception(Thread* t);
// A generator's handler bodies across a yield (generator.cpp): how many are
// being handled now; those above `depth` taken off into a list (None when
// there are none); a list of them put back.
size_t handled_depth(Thread* t);
Value take_handled_above(Thread* t, size_t depth);
void restore_handled(Thread* t, Value saved);
// Forgets them all (an uncatchable error ends the run: no handler runs to its end).
void clear_handled(Thread* t);
// set_error: remembers the innermost handled exception as the context of the
// error being set (its object is made only when a handler catches it);
// error_context gives it back. Neither allocates.
void note_error_context(Thread* t);
Value error_context(Thread* t);

}  // namespace plank::core
