// Exceptions as values (see exceptions.h).
#include "runtime/exceptions.h"

#include <cerrno>

#include <fmt/format.h>

#include "runtime/args.h"
#include "runtime/handled_exceptions.h"
#include "runtime/heap.h"
#include "runtime/intrinsics.h"

namespace plank::core {

namespace {

// Python 3.11's builtin hierarchy (the part programs meet), parents first,
// and Plank's own: CapabilityError, and BudgetExceeded and Interrupted,
// which derive from BaseException and are never caught.
struct Builtin {
  const char* name;
  const char* base;
};
constexpr Builtin kHierarchy[] = {
    {"BaseException", nullptr},
    {"SystemExit", "BaseException"},
    {"KeyboardInterrupt", "BaseException"},
    {"GeneratorExit", "BaseException"},
    {"BudgetExceeded", "BaseException"},
    {"Interrupted", "BaseException"},
    {"Exception", "BaseException"},
    {"StopIteration", "Exception"},
    {"StopAsyncIteration", "Exception"},
    {"ArithmeticError", "Exception"},
    {"FloatingPointError", "ArithmeticError"},
    {"OverflowError", "ArithmeticError"},
    {"ZeroDivisionError", "ArithmeticError"},
    {"AssertionError", "Exception"},
    {"AttributeError", "Exception"},
    {"BufferError", "Exception"},
    {"EOFError", "Exception"},
    {"ImportError", "Exception"},
    {"ModuleNotFoundError", "ImportError"},
    {"LookupError", "Exception"},
    {"IndexError", "LookupError"},
    {"KeyError", "LookupError"},
    {"MemoryError", "Exception"},
    {"NameError", "Exception"},
    {"UnboundLocalError", "NameError"},
    {"OSError", "Exception"},
    {"BlockingIOError", "OSError"},
    {"ChildProcessError", "OSError"},
    {"ConnectionError", "OSError"},
    {"BrokenPipeError", "ConnectionError"},
    {"ConnectionAbortedError", "ConnectionError"},
    {"ConnectionRefusedError", "ConnectionError"},
    {"ConnectionResetError", "ConnectionError"},
    {"FileNotFoundError", "OSError"},
    {"FileExistsError", "OSError"},
    {"InterruptedError", "OSError"},
    {"IsADirectoryError", "OSError"},
    {"NotADirectoryError", "OSError"},
    {"PermissionError", "OSError"},
    {"ProcessLookupError", "OSError"},
    {"TimeoutError", "OSError"},
    {"ReferenceError", "Exception"},
    {"RuntimeError", "Exception"},
    {"NotImplementedError", "RuntimeError"},
    {"RecursionError", "RuntimeError"},
    {"SyntaxError", "Exception"},
    {"SystemError", "Exception"},
    {"TypeError", "Exception"},
    {"ValueError", "Exception"},
    {"UnicodeError", "ValueError"},
    {"UnicodeDecodeError", "UnicodeError"},
    {"UnicodeEncodeError", "UnicodeError"},
    {"Warning", "Exception"},
    {"UserWarning", "Warning"},
    {"DeprecationWarning", "Warning"},
    {"RuntimeWarning", "Warning"},
    {"CapabilityError", "Exception"},
};

bool uncatchable(std::string_view kind) { return kind == "BudgetExceeded" || kind == "Interrupted"; }

const Builtin* find_builtin(std::string_view name) {
  for (const auto& b : kHierarchy)
    if (name == b.name) return &b;
  return nullptr;
}

ClassObject* make_builtin_exception(Thread* t, const Builtin& b) {
  ClassObject* base = b.base ? exception_class(t, b.base) : object_class(t);
  ClassObject* c = new_builtin_class(t, b.name, base);
  if (!b.base) {
    c->is_exception = true;
    RootScope roots(t);
    for (const char* m : {"__init__", "__str__", "__repr__", "with_traceback"}) {
      auto idx = find_intrinsic(std::string("BaseException.") + m);
      if (!idx) continue;
      Value key = roots.push(intern_str(t, m));
      dict_set(t, c->dict, key, make_builtin(t, *idx));
    }
  }
  return c;
}

}  // namespace

bool is_builtin_exception(std::string_view name) { return find_builtin(name) != nullptr; }

// OSError(errno, strerror) is the subclass for the errno, as CPython's
// OSError.__new__ picks it (Objects/exceptions.c, _PyExc_InitState's table).
ClassObject* os_error_class_for(Thread* t, ClassObject* cls, const Value* args, uint32_t npos) {
  if (npos < 2 || !args[0].is_int() || cls != exception_class(t, "OSError")) return cls;
  static const std::pair<int, const char*> kByErrno[] = {
      {EAGAIN, "BlockingIOError"},       {EALREADY, "BlockingIOError"},      {EINPROGRESS, "BlockingIOError"},
      {EWOULDBLOCK, "BlockingIOError"},  {EPIPE, "BrokenPipeError"},         {ESHUTDOWN, "BrokenPipeError"},
      {ECHILD, "ChildProcessError"},     {ECONNABORTED, "ConnectionAbortedError"},
      {ECONNREFUSED, "ConnectionRefusedError"}, {ECONNRESET, "ConnectionResetError"},
      {EEXIST, "FileExistsError"},       {ENOENT, "FileNotFoundError"},      {EISDIR, "IsADirectoryError"},
      {ENOTDIR, "NotADirectoryError"},   {EINTR, "InterruptedError"},        {EACCES, "PermissionError"},
      {EPERM, "PermissionError"},        {ESRCH, "ProcessLookupError"},      {ETIMEDOUT, "TimeoutError"},
  };
  for (auto& [code, name] : kByErrno)
    if (args[0].i == code) return exception_class(t, name);
  return cls;
}

ClassObject* exception_class(Thread* t, std::string_view kind) {
  if (ClassObject* c = builtin_class(t, kind)) return c;
  if (const Builtin* b = find_builtin(kind)) return make_builtin_exception(t, *b);
  // A kind the runtime raises that the table does not know: an Exception of that name.
  return new_builtin_class(t, std::string(kind), exception_class(t, "Exception"));
}

bool is_exception_class(Value v) { return v.is(ObjKind::Class) && as_class(v)->is_exception; }

ExceptionData* exception_data(Value exc) {
  if (!exc.is(ObjKind::Instance)) return nullptr;
  return as_instance(exc)->exc.get();
}

Value make_exception(Thread* t, ClassObject* cls, std::vector<Value> args) {
  RootScope roots(t);
  for (auto& v : args) roots.push(v);
  Value tuple = roots.push(make_tuple(t, args));
  Value exc = instantiate(t, cls, args.data(), static_cast<uint32_t>(args.size()), 0, nullptr);
  if (auto* d = exception_data(exc)) d->args = tuple;
  return exc;
}

std::string exception_str(Thread* t, Value exc) {
  Value m;
  if (find_special(t, exc, "__str__", &m) && !m.is(ObjKind::Builtin)) return to_str(t, call_value(t, m, &exc, 1));
  ExceptionData* d = exception_data(exc);
  if (!d) return to_str(t, exc);
  const auto& args = tuple_items(d->args);
  if (args.empty()) return "";
  if (args.size() == 1) {
    if (is_subclass(as_instance(exc)->cls, exception_class(t, "KeyError"))) return repr(t, args[0]);
    return to_str(t, args[0]);
  }
  if ((args.size() == 2 || args.size() == 3) && is_subclass(as_instance(exc)->cls, exception_class(t, "OSError"))) {
    std::string s = "[Errno " + to_str(t, args[0]) + "] " + to_str(t, args[1]);  // as CPython's OSError.__str__
    return args.size() == 3 ? s + ": " + repr(t, args[2]) : s;
  }
  return repr(t, d->args);
}

std::string exception_repr(Thread* t, Value exc) {
  ExceptionData* d = exception_data(exc);
  std::string name = as_instance(exc)->cls->name;
  if (!d) return name + "()";
  const auto& args = tuple_items(d->args);
  if (args.size() == 1) return name + "(" + repr(t, args[0]) + ")";
  std::string r = repr(t, d->args);  // (a, b)
  return name + r;
}

void throw_exception(Thread* t, Value exc, bool reraise) {
  RootScope roots(t);
  roots.push(exc);
  if (exc.is(ObjKind::Class)) {
    if (!is_exception_class(exc)) throw_error(t, "TypeError", "exceptions must derive from BaseException");
    exc = roots.push(instantiate(t, as_class(exc), nullptr, 0, 0, nullptr));
  }
  ExceptionData* d = exception_data(exc);
  if (!d) throw_error(t, "TypeError", "exceptions must derive from BaseException");
  std::string message = exception_str(t, exc);
  std::string kind = as_instance(exc)->cls->name;
  set_error(t, kind, std::move(message));
  // An exception's traceback runs from the frame that last caught it to where
  // it was raised (catch_exception cuts it there), as CPython's __traceback__.
  // Raised again, the frames outside this one come before it: a re-raise
  // continues the traceback (this frame's entry is already its first), a
  // `raise e` of a caught exception adds this frame's entry too, so the frame
  // shows twice, as in CPython.
  if (d->raised) {
    std::vector<TraceEntry> outer = std::move(t->error.traceback);
    if (reraise && !outer.empty()) outer.pop_back();
    outer.insert(outer.end(), d->traceback.begin(), d->traceback.end());
    d->traceback = outer;
    t->error.traceback = std::move(outer);
  } else {
    d->traceback = t->error.traceback;
    d->raised = true;
  }
  d->tb_object = Value::none();
  // The exception being handled where it is raised becomes its implicit
  // __context__ (not for a re-raise: that keeps the one it got when first
  // raised). A cycle through the handled exception's own chain is cut there,
  // as CPython does.
  if (Value handled = handled_exception(t); !reraise && !handled.is_none()) {
    if (!(handled.is_object() && handled.obj == exc.obj)) {
      for (Value o = handled; ExceptionData* od = exception_data(o);) {
        if (od->context.is_object() && od->context.obj == exc.obj) {
          od->context = Value::none();
          break;
        }
        o = od->context;
      }
      d->context = handled;
    }
  }
  t->exception = exc;
  throw Raised{};
}

void throw_key_error(Thread* t, Value key) { throw_exception(t, make_exception(t, exception_class(t, "KeyError"), {key})); }

void throw_stop_iteration(Thread* t, Value value) {
  std::vector<Value> args;
  if (!value.is_none()) args.push_back(value);
  throw_exception(t, make_exception(t, exception_class(t, "StopIteration"), std::move(args)));
}

bool catch_exception(Thread* t, Value* out) {
  if (!t->has_error) return false;
  if (uncatchable(t->error.kind)) {
    clear_handled(t);  // the run ends here: no handler runs to its end
    return false;
  }
  Value exc = t->exception;
  if (exc.is_none()) {
    // Raised by the runtime as a kind and a message: the object is made now.
    std::vector<Value> args;
    RootScope roots(t);
    if (!t->error.message.empty()) args.push_back(roots.push(make_str(t, t->error.message)));
    RuntimeError saved = t->error;
    t->has_error = false;
    exc = make_exception(t, exception_class(t, saved.kind), std::move(args));
    exception_data(exc)->traceback = saved.traceback;
    exception_data(exc)->raised = true;
    Value context = error_context(t);
    if (!(context.is_object() && context.obj == exc.obj)) exception_data(exc)->context = context;
  }
  t->has_error = false;
  t->exception = Value::none();
  // Caught here: its traceback now starts at this frame (see throw_exception).
  size_t frames = 0;
  for (Frame* f = t->top; f; f = f->parent) ++frames;
  if (ExceptionData* d = exception_data(exc); d && frames > 1 && d->traceback.size() >= frames) {
    d->traceback.erase(d->traceback.begin(), d->traceback.begin() + static_cast<long>(frames - 1));
    d->tb_object = Value::none();
  }
  *out = exc;
  return true;
}

bool exception_matches(Thread* t, Value exc, Value cls) {
  if (cls.is(ObjKind::Tuple)) {
    for (Value c : tuple_items(cls))
      if (exception_matches(t, exc, c)) return true;
    return false;
  }
  if (!is_exception_class(cls))
    throw_error(t, "TypeError", "catching classes that do not inherit from BaseException is not allowed");
  ClassObject* k = class_of(exc);
  return k && is_subclass(k, as_class(cls));
}

bool pending_is(Thread* t, std::string_view kind) {
  if (!t->has_error) return false;
  ClassObject* want = exception_class(t, kind);
  if (t->exception.is(ObjKind::Instance)) return is_subclass(as_instance(t->exception)->cls, want);
  return is_subclass(exception_class(t, t->error.kind), want);
}

bool take_stop_iteration(Thread* t, Value* value) {
  if (!pending_is(t, "StopIteration")) return false;
  Value v = Value::none();
  if (ExceptionData* d = exception_data(t->exception)) {
    const auto& args = tuple_items(d->args);
    if (!args.empty()) v = args[0];
  }
  t->has_error = false;
  t->exception = Value::none();
  *value = v;
  return true;
}

// ------------------------------------------------------------------ BaseException's methods
namespace {

Value self_exception(Thread* t, const CallArgs& args, const char* what) {
  if (args.npos < 1 || !exception_data(args.positional(0)))
    throw_error(t, "TypeError", fmt::format("descriptor '{}' of 'BaseException' object needs an argument", what));
  return args.positional(0);
}

Value b_exc_init(Thread* t, const CallArgs& args) {
  Value self = self_exception(t, args, "__init__");
  exception_data(self)->args = make_tuple(t, std::vector<Value>(&args.positional(1), &args.positional(0) + args.npos));
  return Value::none();
}

Value b_exc_str(Thread* t, const CallArgs& args) {
  Value self = self_exception(t, args, "__str__");
  ExceptionData* d = exception_data(self);
  const auto& a = tuple_items(d->args);
  if (a.empty()) return make_str(t, "");
  if (a.size() == 1) return make_str(t, to_str(t, a[0]));
  return make_str(t, repr(t, d->args));
}

Value b_exc_repr(Thread* t, const CallArgs& args) { return make_str(t, exception_repr(t, self_exception(t, args, "__repr__"))); }

Value b_exc_with_traceback(Thread* t, const CallArgs& args) { return self_exception(t, args, "with_traceback"); }

}  // namespace

std::vector<Intrinsic> exception_intrinsics() {
  using P = IntrinsicParam;
  const char* M = "builtin-method";
  return {
      {"BaseException.__init__", {P{"self", "BaseException", ""}, P{"args", "any", "", true}}, "None", 0, M,
       "Sets the exception's args.", &wrap<b_exc_init>},
      {"BaseException.__str__", {P{"self", "BaseException", ""}}, "str", 0, M,
       "'' for no args, str(args[0]) for one, str(args) for more.", &wrap<b_exc_str>},
      {"BaseException.__repr__", {P{"self", "BaseException", ""}}, "str", 0, M, "Name(args...).", &wrap<b_exc_repr>},
      {"BaseException.with_traceback", {P{"self", "BaseException", ""}, P{"tb", "any", ""}}, "BaseException", 0, M,
       "The exception itself (its traceback stays its own: tb is not assigned).", &wrap<b_exc_with_traceback>},
  };
}

// ------------------------------------------------------------------ the exceptions being handled
namespace {
constexpr const char* kHandled = "exc:handled";              // the stack, innermost last
constexpr const char* kErrorContext = "exc:error_context";  // one item
ListObject* named_list(Thread* t, const char* key) {
  auto& named = t->heap->named();
  auto it = named.find(key);
  return it == named.end() ? nullptr : static_cast<ListObject*>(it->second);
}
}  // namespace

void enter_handler(Thread* t, Value exc) {
  if (!named_list(t, kHandled)) {
    RootScope roots(t);
    roots.push(exc);
    t->heap->named()[kHandled] = roots.push(make_list(t)).obj;
    t->heap->named()[kErrorContext] = make_list(t, {Value::none()}).obj;
  }
  named_list(t, kHandled)->items.push_back(exc);
}

void leave_handlers(Thread* t, uint32_t n) {
  if (ListObject* l = named_list(t, kHandled)) l->items.resize(l->items.size() > n ? l->items.size() - n : 0);
}

Value handled_exception(Thread* t) {
  ListObject* l = named_list(t, kHandled);
  return l && !l->items.empty() ? l->items.back() : Value::none();
}

size_t handled_depth(Thread* t) {
  ListObject* l = named_list(t, kHandled);
  return l ? l->items.size() : 0;
}

Value take_handled_above(Thread* t, size_t depth) {
  ListObject* l = named_list(t, kHandled);
  if (!l || l->items.size() <= depth) return Value::none();
  std::vector<Value> above(l->items.begin() + static_cast<std::ptrdiff_t>(depth), l->items.end());
  RootScope roots(t);
  for (Value v : above) roots.push(v);
  Value saved = make_list(t, std::move(above));
  l = named_list(t, kHandled);
  l->items.resize(depth);
  return saved;
}

void restore_handled(Thread* t, Value saved) {
  if (!saved.is(ObjKind::List)) return;
  for (Value v : list_items(saved)) enter_handler(t, v);
}

void clear_handled(Thread* t) {
  if (ListObject* l = named_list(t, kHandled)) l->items.clear();
}

void note_error_context(Thread* t) {
  if (ListObject* c = named_list(t, kErrorContext)) c->items[0] = handled_exception(t);
}

Value error_context(Thread* t) {
  ListObject* c = named_list(t, kErrorContext);
  return c ? c->items[0] : Value::none();
}

}  // namespace plank::core
