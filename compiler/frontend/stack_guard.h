// Private to compiler/frontend: runs the parser where its recursion fits.
//
// The parser recurses once per nesting level, so a deep input needs a deep
// stack. Creating a thread with a big stack on every call costs more than
// parsing a small input (≈0.25 ms against ≈0.15 ms for a CAIP line), so the
// work runs on the caller's thread whenever enough of its stack is left.
#pragma once
#include <cstddef>
#include <functional>

namespace plank::frontend {

// Runs fn on the calling thread when at least `need` bytes of its stack are
// left, otherwise on a new thread with a stack of at least `need` bytes (and
// waits for it). fn must not throw.
void run_with_stack(size_t need, const std::function<void()>& fn);

// Bytes left on the calling thread's stack below this call; 0 when unknown
// (e.g. on a stack the thread library does not know, such as a coroutine's).
size_t stack_left();

}  // namespace plank::frontend
