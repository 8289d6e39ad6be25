// e.__traceback__ (see exceptions.h): CPython's traceback objects, one per
// frame the exception passed through, outermost first, each with the line it
// was at (tb_lineno) and the next one inwards (tb_next, None at the frame that
// raised). They are made from the exception's TraceEntry list when first asked
// for and kept in ExceptionData::tb_object, so `e.__traceback__ is tb` holds
// (for the `tb` that `with` passes to __exit__ too) until the exception is
// raised or caught again, which changes the list and drops them.
#include "runtime/exceptions.h"
#include "runtime/heap.h"

namespace plank::core {

namespace {

ClassObject* traceback_class(Thread* t) {
  if (ClassObject* c = builtin_class(t, "traceback")) return c;
  return new_builtin_class(t, "traceback", object_class(t));
}

}  // namespace

Value traceback_object(Thread* t, Value exc) {
  ExceptionData* d = exception_data(exc);
  if (!d || !d->raised || d->traceback.empty()) return Value::none();
  if (!d->tb_object.is_none()) return d->tb_object;
  RootScope roots(t);
  roots.push(exc);
  ClassObject* cls = traceback_class(t);
  Value lineno = roots.push(intern_str(t, "tb_lineno"));
  Value next_name = roots.push(intern_str(t, "tb_next"));
  Value next = Value::none();
  for (auto e = d->traceback.rbegin(); e != d->traceback.rend(); ++e) {
    Value dict = roots.push(make_dict(t));
    auto* o = t->heap->alloc<InstanceObject>(ObjKind::Instance);
    o->cls = cls;
    o->dict = dict;
    Value tb = roots.push(Value::object(o));
    dict_set(t, dict, lineno, Value::integer(e->line));
    dict_set(t, dict, next_name, next);
    next = tb;
  }
  d->tb_object = next;
  return next;
}

}  // namespace plank::core
