// build_ir: yield, yield from and await (see fn_builder.h).
//
// A generator's frame lives in its generator object, and the function is a
// state machine over it: a Yield ends a block, recording the resume point
// (1, 2, ...) whose block the next resumption starts at; that block's first
// instruction, Resume, receives what was sent (or raises what was thrown).
// Every value is in a frame slot, so nothing else needs saving.
#include "compiler/lower/fn_builder.h"

namespace plank::lower {

using ir::Instr;
using ir::kNoSlot;
using ir::Op;
using ir::Slot;

Slot FnBuilder::yield_value(Slot value) {
  ir::BlockId resume = new_block();
  f.resume_blocks.push_back(resume);
  Instr in = make(Op::Yield, kNoSlot, value, kNoSlot, static_cast<uint32_t>(f.resume_blocks.size()));
  in.target = resume;
  emit(std::move(in));
  set_block(resume);
  Slot sent = temp();
  emit(make(Op::Resume, sent));
  return sent;
}

// `yield from x` (and `await x`): pass every value of x's iterator out and
// every sent value (or thrown exception) in, until it returns; its return
// value is the expression's.
Slot FnBuilder::yield_from(Slot iterable, bool await) {
  Slot it = temp();
  emit(make(Op::GetYieldFromIter, it, iterable, kNoSlot, await ? 1 : 0));
  Slot sent = temp();
  move(sent, none());
  Slot value = temp();
  ir::BlockId head = new_block(), yielded = new_block(), done = new_block();
  jump(head);
  set_block(head);
  Instr step = make(Op::YieldFromStep, value, it, sent);
  step.target = yielded;
  step.target2 = done;
  emit(std::move(step));
  set_block(yielded);
  ir::BlockId resume = new_block();
  f.resume_blocks.push_back(resume);
  Instr y = make(Op::Yield, kNoSlot, value, kNoSlot, static_cast<uint32_t>(f.resume_blocks.size()));
  y.target = resume;
  emit(std::move(y));
  set_block(resume);
  emit(make(Op::Resume, sent, kNoSlot, kNoSlot, 1));
  jump(head);
  set_block(done);
  return value;
}

// An async generator's frame yields what its awaits pass through as they
// are, and its own values marked (runtime/async_generator.cpp).
Slot FnBuilder::yield_async_value(Slot value) {
  return yield_value(call_intrinsic("_plank.asyncgen_wrap", {value}));
}

Slot FnBuilder::async_iter(Slot iterable) { return call_method(iterable, "__aiter__", {}); }

// One step of `async for` (or of an async comprehension's clause):
// `await it.__anext__()`, whose StopAsyncIteration ends the loop (to `done`);
// any other exception goes on to the enclosing handler.
Slot FnBuilder::async_next(Slot it, ir::BlockId done) {
  Slot item = kNoSlot;
  Guarded awaited = under_handler([&] { item = yield_from(call_method(it, "__anext__", {}), true); });
  set_block(awaited.caught);
  Slot e = catch_slot(awaited.caught);
  Slot ended = call_intrinsic("_plank.is_stop_async_iteration", {e});
  ir::BlockId other = new_block();
  branch(ended, done, other);
  set_block(other);
  emit(make(Op::Raise, kNoSlot, e, kNoSlot, 1));
  set_block(awaited.after);
  return item;
}

}  // namespace plank::lower
