// build_ir: try/except/else/finally, with, raise, and the unwinding of a
// return, break or continue through them (see fn_builder.h).
//
// Exceptions are control flow in the IR: every block names its handler, the
// block an operation that raises there goes to (its first instruction, Catch,
// takes the exception). A finally body is lowered once per way out: the
// normal path, the exception path (catch, run it, raise again), and a copy
// before each return, break or continue that leaves the try.
#include "compiler/lower/fn_builder.h"

namespace plank::lower {

using namespace plank::ast;
using ir::Instr;
using ir::kNoSlot;
using ir::Op;
using ir::Slot;

ir::BlockId FnBuilder::new_handler_block() {
  ir::BlockId h = new_block();
  ir::BlockId saved = current;
  set_block(h);
  emit(make(Op::Catch, temp()));
  set_block(saved);
  return h;
}

FnBuilder::Guarded FnBuilder::under_handler(const std::function<void()>& body) {
  const ir::BlockId outer = handler;
  Guarded g;
  g.caught = new_handler_block();
  handler = g.caught;
  ir::BlockId guarded = new_block();
  jump(guarded);
  set_block(guarded);
  body();
  handler = outer;
  g.after = new_block();
  jump(g.after);
  return g;
}

void FnBuilder::unwind_to(size_t depth) {
  for (size_t i = unwinds.size(); i-- > depth;) {
    Unwind u = unwinds[i];
    std::vector<Unwind> saved = unwinds;
    ir::BlockId saved_handler = handler;
    unwinds.resize(i);  // a return inside the finally body leaves only what is outside it
    handler = u.handler;
    ir::BlockId b = new_block();
    jump(b);
    set_block(b);
    if (u.kind == Unwind::Kind::Finally) {
      stmts(*u.finally_body);
    } else if (u.kind == Unwind::Kind::With) {
      call_value(u.exit_fn, {none(), none(), none()});
    } else if (u.kind == Unwind::Kind::AsyncWith) {
      yield_from(call_value(u.exit_fn, {none(), none(), none()}), true);
    } else if (u.kind == Unwind::Kind::Handled) {
      emit(make(Op::LeaveHandler, kNoSlot, kNoSlot, kNoSlot, 1));
    } else if (u.kind == Unwind::Kind::ExceptName) {
      store_name(u.name, none(), u.name_span);
      delete_name(u.name, u.name_span);
    }
    unwinds = std::move(saved);
    handler = saved_handler;
    if (terminated()) return;  // the finally body returned or jumped: nothing after it runs
    ir::BlockId next = new_block();
    jump(next);
    set_block(next);
  }
}

void FnBuilder::return_value(Slot value) {
  if (!unwinds.empty()) {
    // The value is taken before the finally bodies run (they may change the variable).
    Slot keep = temp();
    move(keep, value == kNoSlot ? none() : value);
    unwind_to(0);
    value = keep;
  }
  emit(make(Op::Return, kNoSlot, value));
}

// A handler block that gives the exception it catches `handled` as its
// implicit __context__ (unless it has one, or is `handled` itself) and raises
// it on to `target`: Raise mode 3.
ir::BlockId FnBuilder::context_entry(ir::BlockId target, Slot handled, bool leaves_handler) {
  const ir::BlockId saved_handler = handler, saved_block = current;
  handler = target;
  const ir::BlockId entry = new_handler_block();
  handler = saved_handler;
  set_block(entry);
  if (leaves_handler) emit(make(Op::LeaveHandler, kNoSlot, kNoSlot, kNoSlot, 1));
  emit(make(Op::Raise, kNoSlot, catch_slot(entry), handled, 3));
  set_block(saved_block);
  return entry;
}

// Lowers `body` so that what it raises gets `handled` as its implicit
// __context__ (an exception raised while another is handled) on its way out.
//
// The body also tells the runtime that `handled` is being handled
// (EnterHandler ... LeaveHandler on every way out), so that what a function
// called from the body raises gets it as __context__ too. A generator
// suspended at a yield inside the body takes its entries with it
// (generator_resume), so its caller does not see them meanwhile.
void FnBuilder::with_context(Slot handled, const std::function<void()>& body) {
  const bool registers = true;
  const ir::BlockId around = handler;
  handler = context_entry(around, handled, registers);
  ir::BlockId start = new_block();
  jump(start);
  set_block(start);
  if (registers) {
    emit(make(Op::EnterHandler, kNoSlot, handled));
    unwinds.push_back({Unwind::Kind::Handled, nullptr, kNoSlot, {}, {}, around, loops.size()});
  }
  body();
  if (registers) unwinds.pop_back();
  handler = around;
  if (registers && !terminated()) emit(make(Op::LeaveHandler, kNoSlot, kNoSlot, kNoSlot, 1));
  if (!terminated()) {
    ir::BlockId after = new_block();
    jump(after);
    set_block(after);
  }
}

void FnBuilder::try_stmt(const Try* t) {
  const ir::BlockId outer = handler;
  const bool has_finally = !t->finalbody.empty();
  // What the try's body, handlers and else raise goes to the finally's exception path, if any.
  const ir::BlockId fin_handler = has_finally ? new_handler_block() : ir::kNoBlock;
  const ir::BlockId inner_outer = has_finally ? fin_handler : outer;
  if (has_finally) unwinds.push_back({Unwind::Kind::Finally, &t->finalbody, kNoSlot, {}, {}, outer, loops.size()});

  handler = inner_outer;
  const ir::BlockId exc = t->handlers.empty() ? ir::kNoBlock : new_handler_block();
  handler = t->handlers.empty() ? inner_outer : exc;
  // Inside a handler, what the body raises was raised while caught.back() was handled,
  // even when this try's own handlers catch it.
  if (!caught.empty()) handler = context_entry(handler, caught.back());
  ir::BlockId body = new_block();
  jump(body);
  set_block(body);
  stmts(t->body);

  handler = inner_outer;
  ir::BlockId join = new_block();
  if (!t->orelse.empty()) {
    ir::BlockId els = new_block();
    jump(els);
    set_block(els);
    stmts(t->orelse);
  }
  jump(join);

  if (exc != ir::kNoBlock) {
    set_block(exc);
    Slot e = catch_slot(exc);
    for (const auto& h : t->handlers) {
      ir::BlockId next = ir::kNoBlock;
      if (h.type) {
        line = mb.line_of(h.span);
        span = h.span;
        Slot ty = expr(h.type.get());
        Slot m = temp();
        emit(make(Op::ExcMatch, m, e, ty));
        ir::BlockId match = new_block();
        next = new_block();
        branch(m, match, next);
        set_block(match);
      }
      if (!h.name.empty()) store_name(h.name, e, h.name_span);
      caught.push_back(e);
      // A return, break or continue out of the handler unbinds the name too.
      if (!h.name.empty()) unwinds.push_back({Unwind::Kind::ExceptName, nullptr, kNoSlot, h.name, h.name_span, handler, loops.size()});
      with_context(e, [&] { stmts(h.body); });
      if (!h.name.empty()) unwinds.pop_back();
      caught.pop_back();
      if (!h.name.empty() && !terminated()) {
        // Python deletes the name (`name = None; del name`): a later read is a NameError.
        store_name(h.name, none(), h.name_span);
        delete_name(h.name, h.name_span);
      }
      jump(join);
      if (next == ir::kNoBlock) break;  // a bare except takes everything
      set_block(next);
    }
    if (!terminated()) {
      Instr again = make(Op::Raise, kNoSlot, e, kNoSlot, 1);
      emit(std::move(again));
    }
  }

  if (has_finally) unwinds.pop_back();
  handler = outer;
  ir::BlockId after = new_block();
  set_block(join);
  if (has_finally) {
    ir::BlockId fin = new_block();
    jump(fin);
    set_block(fin);
    stmts(t->finalbody);
    jump(after);
    // The exception path: run the finally body, then raise the exception again.
    set_block(fin_handler);
    Slot e = catch_slot(fin_handler);
    with_context(e, [&] { stmts(t->finalbody); });
    if (!terminated()) emit(make(Op::Raise, kNoSlot, e, kNoSlot, 1));
  } else {
    jump(after);
  }
  set_block(after);
}

// `with a as x, b: body` is `with a as x: with b: body`. In `async with`
// the results of __aenter__ and __aexit__ are awaited.
void FnBuilder::with_stmt(const With* w, size_t k) {
  const bool async = w->is_async;
  const WithItem& item = w->items[k];
  Slot mgr = expr(item.context.get());
  Slot exit_fn = temp();
  emit(make(Op::GetAttr, exit_fn, mgr, kNoSlot, mb.str_constant(async ? "__aexit__" : "__exit__")));
  Slot entered = async ? yield_from(call_method(mgr, "__aenter__", {}), true) : call_method(mgr, "__enter__", {});
  auto exit = [&](std::vector<Slot> args) {
    Slot r = call_value(exit_fn, std::move(args));
    return async ? yield_from(r, true) : r;
  };
  const ir::BlockId outer = handler;
  Guarded body = under_handler([&] {
    unwinds.push_back({async ? Unwind::Kind::AsyncWith : Unwind::Kind::With, nullptr, exit_fn, {}, {}, outer, loops.size()});
    if (item.target) assign(item.target.get(), entered);
    if (k + 1 < w->items.size()) with_stmt(w, k + 1);
    else stmts(w->body);
    unwinds.pop_back();
  });
  ir::BlockId after = new_block();
  set_block(body.after);
  exit({none(), none(), none()});
  jump(after);
  // An exception: __exit__(type, value, traceback) decides whether it is suppressed.
  set_block(body.caught);
  Slot e = catch_slot(body.caught);
  Slot ty = call_intrinsic("type", {e});
  Slot tb = temp();
  emit(make(Op::GetAttr, tb, e, kNoSlot, mb.str_constant("__traceback__")));
  Slot suppress = exit({ty, e, tb});
  ir::BlockId reraise = new_block();
  branch(suppress, after, reraise);
  set_block(reraise);
  emit(make(Op::Raise, kNoSlot, e, kNoSlot, 1));
  set_block(after);
}

void FnBuilder::raise_stmt(const Raise* r) {
  if (!r->exc) {
    if (!caught.empty()) emit(make(Op::Raise, kNoSlot, caught.back(), kNoSlot, 1));
    else emit(make(Op::Raise, kNoSlot, kNoSlot, kNoSlot, 2));
    return;
  }
  Slot e = expr(r->exc.get());
  Slot cause = r->cause ? expr(r->cause.get()) : kNoSlot;
  emit(make(Op::Raise, kNoSlot, e, cause, 0));
}

}  // namespace plank::lower
