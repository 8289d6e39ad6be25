// Generators and coroutines (issue 27): a function whose body yields runs as
// a state machine over a frame that lives in its generator object, so both
// engines resume it by calling the compiled function again (docs/compiler-design.md,
// "Generators"). The engine's resume entry (CodeInfo::resume) starts at the
// function's first block when state is 0, else at the resume block of the
// yield it stopped at; it sets `state` to the next resume point on a yield
// and to kFinished on a return.
#pragma once
#include <cstdint>

#include "runtime/objects.h"

namespace plank::core {

struct GeneratorObject : Object {
  static constexpr uint32_t kFinished = UINT32_MAX;
  Value* slots = nullptr;           // the frame (nslots Values), owned
  uint32_t nslots = 0;
  uint32_t state = 0;               // 0: not started; k: suspended at resume point k; kFinished
  FunctionObject* function = nullptr;
  Value sent = Value::none();       // what the next Resume receives
  Value delegate = Value::none();   // the iterator a running `yield from` passes through
  bool running = false;
  bool throwing = false;            // resumed by throw(): the pending error is raised at the yield
  bool coroutine = false;           // an `async def`'s
  bool async_generator = false;     // the frame of an async generator (runtime/async_generator.cpp)
  // The exceptions its except/finally bodies were handling when it last
  // yielded (a list, innermost last; None when there were none): taken off the
  // thread's handled stack at the yield and put back when it resumes, as
  // CPython's gi_exc_state, so a function called from such a body gets them as
  // __context__ and its caller does not meanwhile.
  Value handled = Value::none();
  ~GeneratorObject() { delete[] slots; }
};

inline GeneratorObject* as_generator(Value v) { return static_cast<GeneratorObject*>(v.obj); }

// Calling a generator function: its arguments, bound, are the frame's first slots.
// An async generator function's call gives the async_generator around it.
Value make_generator(Thread* t, FunctionObject* f, const Value* bound);
// The async_generator object (stdlib/_asyncgen.py) around an async generator's frame.
Value make_async_generator(Thread* t, Value frame);

enum class Resumed : uint8_t { Yielded, Returned };
// Runs the generator to its next yield (Yielded, *out the value) or to its
// end (Returned, *out the return value). Raises what it raises (a
// StopIteration inside becomes RuntimeError, as PEP 479 says). throwing:
// the thread's pending error is raised at the yield instead of sending.
Resumed generator_resume(Thread* t, GeneratorObject* g, Value sent, bool throwing, Value* out);
// gen.send(v) / gen.throw(e) / gen.close(): StopIteration(value) when it returns.
Value generator_send(Thread* t, Value gen, Value value);
Value generator_throw(Thread* t, Value gen, Value exc);
void generator_close(Thread* t, Value gen);
// next(gen) for iteration: false when it returned.
bool generator_next(Thread* t, Value gen, Value* out);

}  // namespace plank::core
