// Functions an embedding host gives a program (embed/: plank_register), called as
// builtins are. The runtime knows only this record: the name (messages, repr), the
// capabilities the function needs (checked on every call, as for intrinsics) and the
// callback with its data. A program reaches one through a global the host binds
// (engine::ProgramState::define_global): a global shadows the intrinsic of the same
// name, which is how a host's `mine` replaces the world's for one program state and
// no other.
//
// The host owns the record and keeps it alive as long as the heap holding the
// HostFunctionObjects that point at it (embed's plank_state owns both).
#pragma once
#include <cstdint>
#include <string>

#include "runtime/intrinsics.h"
#include "runtime/thread.h"
#include "runtime/value.h"

namespace plank::core {

struct HostFunction {
  // Returns false with the thread's error set (set_error) when the call failed.
  using Callback = bool (*)(Thread* thread, Value* result, const CallArgs& args, void* data);
  std::string name;
  uint32_t capabilities = 0;
  Callback callback = nullptr;
  void* data = nullptr;
};

// The value a program sees; `mine is mine` holds for the one object a host binds.
Value make_host_function(Thread* t, const HostFunction* function);

// Calls it (call_value does for a HostFunction value): capabilities first; after the
// callback returns, an interrupt requested or a time budget passed while it ran ends
// the program there (the clock runs while the host works). Throws Raised on error.
Value call_host_function(Thread* t, const HostFunction* function, const CallArgs& args);

// True when the run should end now: an interrupt is pending or the time budget has passed. A host
// function that works for long may ask and return early; the call then ends the run.
bool should_stop(const Thread* t);

}  // namespace plank::core
