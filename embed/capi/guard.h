// The exception boundary of the C API: every extern "C" function runs its body through
// guarded(), so that nothing C++ throws (bad_alloc, a runtime error raised while the host
// builds a value, a bug) crosses into the host.
#pragma once
#include <exception>
#include <new>
#include <string>

#include "embed/capi/state.h"
#include "runtime/objects.h"

namespace plank::embed {

// The thread's pending runtime error (a MemoryError while building a value), as a misuse.
void report_raised(plank_state* P);

template <class R, class F>
R guarded(plank_state* P, R on_error, F&& body) noexcept {
  try {
    return body();
  } catch (const core::Raised&) {
    if (P) report_raised(P);
  } catch (const std::bad_alloc&) {
    if (P) misuse(P, "MemoryError", "out of memory");
  } catch (const std::exception& e) {
    if (P) misuse(P, "InternalError", std::string("internal error: ") + e.what());
  } catch (...) {
    if (P) misuse(P, "InternalError", "internal error");
  }
  return on_error;
}

}  // namespace plank::embed
