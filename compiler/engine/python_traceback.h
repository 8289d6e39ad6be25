// An uncaught exception reported as CPython 3.11 reports it on stderr: for a
// Python program (`plank run x.py`), in place of Plank's `file:line: error:`.
#pragma once
#include <string>

#include "runtime/thread.h"

namespace plank::engine {

// The thread's pending error as CPython prints it: the chain first (the
// __cause__, "The above exception was the direct cause of the following
// exception:", else an unsuppressed __context__, "During handling of the
// above exception, another exception occurred:"), then for each exception
// "Traceback (most recent call last):", a `File "...", line N, in f` line,
// the stripped source line and 3.11's `~~~^^^` markers under the part of it
// that failed (traceback_markers.h) per frame, and `Type: message`. Files
// are named as CPython names the main script: relative paths joined to the
// working directory.
std::string python_traceback(core::Thread& t);

// An uncaught SystemExit (sys.exit) ends a Python program quietly, as in
// CPython: its code is the exit status (None: 0), or any other value is
// printed (`message`, with a newline) and the status is 1. False for any
// other error.
bool python_system_exit(core::Thread& t, int* exit_code, std::string* message);

// Whether `plank run` reports a program's uncaught exception this way: a
// Python source file (`.py`).
bool reports_python_tracebacks(const std::string& path);

}  // namespace plank::engine
