// The Python module's native part, `plank._plank`: the C API of plank/plank.h for Python,
// with values converted both ways (None, bool, int, float, str, list, tuple, dict). The
// Python package (plank/__init__.py) builds the documented interface on it: plank.Plank,
// the exception classes, check_lf, parse, plank.deps.
//
// Threads: a plan runs with the GIL released. Host functions and the print writer are
// called on the state's program thread, which takes the GIL for them; that thread keeps one
// Python thread state for the state's life (making one per call cost more than the call).
#include <Python.h>
#include <plank/plank.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <signal.h>

#include <atomic>
#include <list>
#include <memory>
#include <string>
#include <vector>

namespace py = pybind11;

namespace {

// ---------------------------------------------------------------- the GIL on a plan's thread

// Python 3.13 made _Py_IsFinalizing public as Py_IsFinalizing.
bool interpreter_finalizing() {
#if PY_VERSION_HEX >= 0x030D0000
  return Py_IsFinalizing();
#else
  return _Py_IsFinalizing();
#endif
}

// A thread Python did not make (a state's program thread) gets a Python thread state at its
// first callback, kept until the thread ends (when the state closes).
struct PlanThreadState {
  bool made = false;
  PyGILState_STATE base{};
  PyThreadState* saved = nullptr;
  ~PlanThreadState() {
    // At interpreter exit the thread state is left to the interpreter (taking the GIL then
    // would end this thread in the middle of its exit).
    if (made && Py_IsInitialized() && !interpreter_finalizing()) {
      PyEval_RestoreThread(saved);
      PyGILState_Release(base);
    }
  }
};
thread_local PlanThreadState plan_thread;

// Holds the GIL for a callback from plank; cheap after the thread's first.
class Gil {
 public:
  Gil() {
    if (!plan_thread.made && PyGILState_GetThisThreadState() == nullptr) {
      plan_thread.base = PyGILState_Ensure();
      plan_thread.saved = PyEval_SaveThread();
      plan_thread.made = true;
    }
    state_ = PyGILState_Ensure();
  }
  ~Gil() { PyGILState_Release(state_); }
  Gil(const Gil&) = delete;
  Gil& operator=(const Gil&) = delete;

 private:
  PyGILState_STATE state_;
};

// ---------------------------------------------------------------- Ctrl-C

// Python handles SIGINT between bytecodes, and a running plan has none: while a plan runs on
// behalf of the main thread, SIGINT interrupts it instead (plank_interrupt is safe in a
// handler), and the package raises KeyboardInterrupt when the run returns. Python's handler
// is put back when the run ends.
std::atomic<plank_state*> sigint_target{nullptr};
std::atomic<bool> sigint_seen{false};
unsigned long main_thread_ident = 0;

extern "C" void interrupt_on_sigint(int) {
  sigint_seen.store(true);
  if (plank_state* P = sigint_target.load()) plank_interrupt(P);
}

class SigintScope {
 public:
  explicit SigintScope(plank_state* P) : active_(PyThread_get_thread_ident() == main_thread_ident) {
    if (!active_) return;
    sigint_seen.store(false);
    sigint_target.store(P);
    struct sigaction action {};
    action.sa_handler = interrupt_on_sigint;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &previous_);
  }
  ~SigintScope() {
    if (!active_) return;
    sigaction(SIGINT, &previous_, nullptr);
    sigint_target.store(nullptr);
  }
  SigintScope(const SigintScope&) = delete;
  SigintScope& operator=(const SigintScope&) = delete;

 private:
  bool active_;
  struct sigaction previous_ {};
};

// ---------------------------------------------------------------- values

constexpr int kMaxDepth = 1000;

plank_value to_plank(plank_state* P, py::handle obj, int depth = 0) {
  if (depth > kMaxDepth) throw py::value_error("the value nests too deeply to give a plan");
  if (obj.is_none()) return plank_none(P);
  if (PyBool_Check(obj.ptr())) return plank_bool(P, obj.ptr() == Py_True);
  if (PyLong_Check(obj.ptr())) {
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(obj.ptr(), &overflow);
    if (overflow) {
      PyErr_SetString(PyExc_OverflowError, "a plan's ints are 64 bits: this one does not fit");
      throw py::error_already_set();
    }
    return plank_int(P, v);
  }
  if (PyFloat_Check(obj.ptr())) return plank_float(P, PyFloat_AS_DOUBLE(obj.ptr()));
  if (PyUnicode_Check(obj.ptr())) {
    Py_ssize_t n = 0;
    const char* s = PyUnicode_AsUTF8AndSize(obj.ptr(), &n);
    if (!s) throw py::error_already_set();
    return plank_lstr(P, s, size_t(n));
  }
  if (PyList_Check(obj.ptr())) {
    plank_value list = plank_list(P);
    for (py::handle item : obj) plank_append(P, list, to_plank(P, item, depth + 1));
    return list;
  }
  if (PyTuple_Check(obj.ptr())) {
    std::vector<plank_value> items;
    for (py::handle item : obj) items.push_back(to_plank(P, item, depth + 1));
    return plank_tuple(P, int(items.size()), items.data());
  }
  if (PyDict_Check(obj.ptr())) {
    plank_value dict = plank_dict(P);
    for (auto kv : py::reinterpret_borrow<py::dict>(obj)) {
      plank_value k = to_plank(P, kv.first, depth + 1), v = to_plank(P, kv.second, depth + 1);
      if (plank_set(P, dict, k, v) != PLANK_OK) throw py::type_error(plank_error_message(P));
    }
    return dict;
  }
  throw py::type_error(std::string("a plan cannot take a ") + py::str(obj.get_type().attr("__name__")).cast<std::string>() +
                       " (None, bool, int, float, str, list, tuple and dict can be given)");
}

py::object from_plank(plank_state* P, plank_value v, int depth = 0) {
  if (depth > kMaxDepth) throw py::value_error("the value nests too deeply for Python");
  switch (plank_type(P, v)) {
    case PLANK_TNONE: return py::none();
    case PLANK_TBOOL: return py::bool_(plank_to_int(P, v) != 0);
    case PLANK_TINT: return py::int_(plank_to_int(P, v));
    case PLANK_TFLOAT: return py::float_(plank_to_float(P, v));
    case PLANK_TSTR: {
      size_t n = 0;
      const char* s = plank_to_str(P, v, &n);
      return py::reinterpret_steal<py::object>(PyUnicode_DecodeUTF8(s, Py_ssize_t(n), "surrogateescape"));
    }
    case PLANK_TLIST:
    case PLANK_TTUPLE: {
      const int64_t n = plank_len(P, v);
      py::list items;
      for (int64_t i = 0; i < n; ++i) {
        int mark = plank_mark(P);
        items.append(from_plank(P, plank_item(P, v, i), depth + 1));
        plank_release(P, mark);
      }
      if (plank_type(P, v) == PLANK_TTUPLE) return py::tuple(items);
      return items;
    }
    case PLANK_TDICT: {
      const int64_t n = plank_len(P, v);
      py::dict d;
      for (int64_t i = 0; i < n; ++i) {
        int mark = plank_mark(P);
        py::object k = from_plank(P, plank_item(P, v, i), depth + 1);
        d[k] = from_plank(P, plank_dict_value(P, v, i), depth + 1);
        plank_release(P, mark);
      }
      return d;
    }
    case PLANK_TOTHER:
      throw py::type_error(std::string("a plan's ") + plank_repr(P, v) + " has no Python value");
    default: throw py::value_error(std::string("not a value: ") + plank_error(P));
  }
}

// ---------------------------------------------------------------- the state

class State;

struct HostFunction {
  State* owner;
  py::object fn;
};

class State {
 public:
  State() : P_(plank_open()) {
    if (!P_) throw std::bad_alloc();
  }
  ~State() { close(); }

  // PLANK_ERR_USAGE, closing nothing, from one of the state's own host functions (plank_close
  // refuses there too, and says why; the callables it runs must outlive it).
  int close() {
    if (host_depth_ > 0) {
      plank_close(P_);
      return PLANK_ERR_USAGE;
    }
    if (P_) {
      // The state's program thread ends here, and its Python thread state with it, which takes
      // the GIL: let go of it meanwhile.
      py::gil_scoped_release unlocked;
      plank_close(P_);
      P_ = nullptr;
    }
    // The callables are Python objects: dropped with the GIL, which a method call holds.
    functions_.clear();
    output_ = py::object();
    host_exception_ = py::object();
    return PLANK_OK;
  }

  plank_state* get() {
    if (!P_) throw py::value_error("the Plank state is closed");
    return P_;
  }

  int set_limit(const std::string& name, double value) { return plank_set_limit(get(), name.c_str(), value); }
  int set_option(const std::string& name, int value) { return plank_set_option(get(), name.c_str(), value); }
  int allow(const std::string& caps) { return plank_allow(get(), caps.c_str()); }
  int deny(const std::string& caps) { return plank_deny(get(), caps.c_str()); }
  int set_engine(const std::string& name) { return plank_set_engine(get(), name.c_str()); }
  std::string engine() { return plank_engine(get()); }

  void set_output(py::object write) {
    output_ = std::move(write);
    if (output_.is_none()) return plank_set_writer(get(), nullptr, nullptr);
    plank_set_writer(get(), &State::write, this);
  }

  int register_function(const std::string& name, py::object fn) {
    if (!PyCallable_Check(fn.ptr())) throw py::type_error("register() takes a callable");
    functions_.push_back(HostFunction{this, std::move(fn)});
    return plank_register(get(), name.c_str(), &State::call_host, &functions_.back());
  }

  int run(const std::string& source, const std::string& name) {
    plank_state* P = get();
    if (host_depth_ == 0) host_exception_ = py::object();  // inside a host function: the outer run's
    SigintScope ctrl_c(P);
    py::gil_scoped_release unlocked;
    return plank_run(P, source.c_str(), name.c_str());
  }

  py::tuple eval(const std::string& expression) {
    plank_state* P = get();
    if (host_depth_ == 0) host_exception_ = py::object();  // inside a host function: the outer run's
    int mark = plank_mark(P);
    plank_value v = 0;
    int status;
    {
      SigintScope ctrl_c(P);
      py::gil_scoped_release unlocked;
      status = plank_eval(P, expression.c_str(), &v);
    }
    py::object value = status == PLANK_OK ? from_plank(P, v) : py::none();
    plank_release(P, mark);
    return py::make_tuple(status, value);
  }

  py::tuple call(const std::string& function, py::args args) {
    plank_state* P = get();
    if (host_depth_ == 0) host_exception_ = py::object();  // inside a host function: the outer run's
    int mark = plank_mark(P);
    std::vector<plank_value> argv;
    try {
      for (py::handle a : args) argv.push_back(to_plank(P, a));
    } catch (...) {
      plank_release(P, mark);
      throw;
    }
    plank_value v = 0;
    int status;
    {
      SigintScope ctrl_c(P);
      py::gil_scoped_release unlocked;
      status = plank_call_function(P, function.c_str(), int(argv.size()), argv.data(), &v);
    }
    py::object value = status == PLANK_OK ? from_plank(P, v) : py::none();
    plank_release(P, mark);
    return py::make_tuple(status, value);
  }

  py::object get_global(const std::string& name) {
    plank_state* P = get();
    int mark = plank_mark(P);
    plank_value v = plank_get_global(P, name.c_str());
    py::object out = v ? from_plank(P, v) : py::none();
    plank_release(P, mark);
    if (!v) throw py::key_error(name);
    return out;
  }

  int set_global(const std::string& name, py::handle value) {
    plank_state* P = get();
    int mark = plank_mark(P);
    int status = plank_set_global(P, name.c_str(), to_plank(P, value));
    plank_release(P, mark);
    return status;
  }

  void interrupt() {
    if (P_) plank_interrupt(P_);  // from any thread; no GIL needed
  }

  py::dict error_info() {
    plank_state* P = get();
    py::dict d;
    d["status"] = plank_error_status(P);
    d["kind"] = plank_error_kind(P);
    d["message"] = plank_error_message(P);
    d["file"] = plank_error_file(P);
    d["line"] = plank_error_line(P);
    d["col"] = plank_error_col(P);
    d["text"] = plank_error(P);
    d["traceback"] = plank_traceback(P);
    d["diagnostics"] = plank_diagnostics_json(P);
    return d;
  }

  // Whether Ctrl-C (SIGINT) ended the last run.
  bool took_sigint() { return sigint_seen.exchange(false); }

  // The Python exception a host function raised in the last run (None when none did).
  py::object take_host_exception() {
    py::object e = host_exception_ ? host_exception_ : py::none();
    host_exception_ = py::object();
    return e;
  }

 private:
  static void write(const char* text, size_t n, void* ud) {
    auto* self = static_cast<State*>(ud);
    Gil gil;
    try {
      self->output_(py::reinterpret_steal<py::object>(PyUnicode_DecodeUTF8(text, Py_ssize_t(n), "surrogateescape")));
    } catch (py::error_already_set& e) {
      e.discard_as_unraisable("plank: the output writer");
    }
  }

  // An argument as a Python object: scalars read straight from the call, containers through a handle.
  static py::object argument(plank_call* c, int i) {
    switch (plank_arg_type(c, i)) {
      case PLANK_TNONE: return py::none();
      case PLANK_TBOOL: return py::bool_(plank_arg_int(c, i) != 0);
      case PLANK_TINT: return py::reinterpret_steal<py::object>(PyLong_FromLongLong(plank_arg_int(c, i)));
      case PLANK_TFLOAT: return py::reinterpret_steal<py::object>(PyFloat_FromDouble(plank_arg_float(c, i)));
      case PLANK_TSTR: {
        size_t n = 0;
        const char* s = plank_arg_lstr(c, i, &n);
        return py::reinterpret_steal<py::object>(PyUnicode_DecodeUTF8(s, Py_ssize_t(n), "surrogateescape"));
      }
      default: return from_plank(plank_call_state(c), plank_arg(c, i));
    }
  }

  // The result, scalars without a handle.
  static void give_result(plank_call* c, py::handle r) {
    if (r.is_none()) return plank_return_none(c);
    if (PyBool_Check(r.ptr())) return plank_return_bool(c, r.ptr() == Py_True);
    if (PyLong_CheckExact(r.ptr())) {
      int overflow = 0;
      long long v = PyLong_AsLongLongAndOverflow(r.ptr(), &overflow);
      if (!overflow) return plank_return_int(c, v);
    } else if (PyFloat_CheckExact(r.ptr())) {
      return plank_return_float(c, PyFloat_AS_DOUBLE(r.ptr()));
    }
    plank_return(c, to_plank(plank_call_state(c), r));
  }

  static int call_host(plank_call* c, void* ud) {
    auto* h = static_cast<HostFunction*>(ud);
    plank_state* P = plank_call_state(c);
    Gil gil;
    HostDepth depth(h->owner);
    try {
      const int argc = plank_argc(c), nkw = plank_kwargc(c);
      const size_t total = size_t(argc) + size_t(nkw);
      // The arguments, owned by `held`; on the stack for the usual few (no allocation per call).
      constexpr size_t kInline = 8;
      py::object held_inline[kInline];
      std::vector<py::object> held_spill(total > kInline ? total : 0);
      py::object* held = total > kInline ? held_spill.data() : held_inline;
      for (int i = 0; i < argc; ++i) held[i] = argument(c, i);
      py::object names;
      if (nkw) {
        py::tuple kwnames(nkw);
        for (int i = 0; i < nkw; ++i) {
          kwnames[size_t(i)] = py::str(plank_kwarg_name(c, i));
          held[argc + i] = from_plank(P, plank_kwarg(c, i));
        }
        names = std::move(kwnames);
      }
      PyObject* args_inline[kInline + 1];
      std::vector<PyObject*> args_spill(total > kInline ? total + 1 : 0);
      PyObject** args = total > kInline ? args_spill.data() : args_inline;
      for (size_t i = 0; i < total; ++i) args[i + 1] = held[i].ptr();
      // Vectorcall (with the slot before the arguments free for the callee's own use).
      PyObject* result = PyObject_Vectorcall(h->fn.ptr(), args + 1, size_t(argc) | PY_VECTORCALL_ARGUMENTS_OFFSET,
                                             names ? names.ptr() : nullptr);
      if (!result) throw py::error_already_set();
      give_result(c, py::reinterpret_steal<py::object>(result));
      return 0;
    } catch (py::error_already_set& e) {
      // The plan sees the error; Python gets the exception itself back, with its traceback,
      // chained to the PlankError the run ends with (the first one, when several are raised).
      py::object value = e.value();
      if (e.trace() && value) PyException_SetTraceback(value.ptr(), e.trace().ptr());
      if (!h->owner->host_exception_) h->owner->host_exception_ = value;
      std::string kind = py::str(e.type().attr("__name__"));
      std::string message = value ? std::string(py::str(value)) : kind;
      return plank_raise_error(c, kind.c_str(), message.c_str());
    } catch (const py::builtin_exception& e) {
      e.set_error();
      return call_host_failed(h, c);
    } catch (const std::exception& e) {
      return plank_raise(c, e.what());
    }
  }

  // A conversion failed as a Python exception set by set_error(): the same path as a raise.
  static int call_host_failed(HostFunction* h, plank_call* c) {
    py::error_already_set e;
    py::object value = e.value();
    if (!h->owner->host_exception_) h->owner->host_exception_ = value;
    std::string kind = py::str(e.type().attr("__name__"));
    std::string message = value ? std::string(py::str(value)) : kind;
    return plank_raise_error(c, kind.c_str(), message.c_str());
  }

  // Counts the host functions of this state running now (under the GIL): what they may not do.
  struct HostDepth {
    explicit HostDepth(State* s) : s_(s) { ++s_->host_depth_; }
    ~HostDepth() { --s_->host_depth_; }
    State* s_;
  };

  plank_state* P_;
  int host_depth_ = 0;
  std::list<HostFunction> functions_;  // stable addresses: the C API holds pointers to them
  py::object output_;
  py::object host_exception_;
};

// A short-lived state for the tools that need one only for the strings they return.
struct ToolState {
  plank_state* P = plank_open();
  ~ToolState() { plank_close(P); }
  std::string take(const char* s) {
    if (!s) throw py::value_error(plank_error(P));
    return s;
  }
};

}  // namespace

PYBIND11_MODULE(_plank, m) {
  m.doc() = "The native part of the plank package (the C API of plank/plank.h); use `import plank`.";
  m.attr("OK") = int(PLANK_OK);
  m.attr("ERR_SYNTAX") = int(PLANK_ERR_SYNTAX);
  m.attr("ERR_RUNTIME") = int(PLANK_ERR_RUNTIME);
  m.attr("ERR_BUDGET") = int(PLANK_ERR_BUDGET);
  m.attr("ERR_INTERRUPTED") = int(PLANK_ERR_INTERRUPTED);
  m.attr("ERR_USAGE") = int(PLANK_ERR_USAGE);
  m.attr("ERR_ENGINE") = int(PLANK_ERR_ENGINE);
  m.attr("version") = std::string(plank_version());

  py::class_<State>(m, "State")
      .def(py::init<>())
      .def("close", &State::close)
      .def("set_limit", &State::set_limit)
      .def("set_option", &State::set_option)
      .def("allow", &State::allow)
      .def("deny", &State::deny)
      .def("set_engine", &State::set_engine)
      .def("engine", &State::engine)
      .def("set_output", &State::set_output)
      .def("register", &State::register_function)
      .def("run", &State::run)
      .def("eval", &State::eval)
      .def("call", &State::call)
      .def("get_global", &State::get_global)
      .def("set_global", &State::set_global)
      .def("interrupt", &State::interrupt)
      .def("error_info", &State::error_info)
      .def("take_host_exception", &State::take_host_exception)
      .def("took_sigint", &State::took_sigint);
  main_thread_ident = py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();

  m.def("check_lf", [](const std::string& form, py::object utterance) {
    ToolState t;
    std::string u = utterance.is_none() ? std::string() : utterance.cast<std::string>();
    return t.take(plank_check_lf(t.P, form.c_str(), utterance.is_none() ? nullptr : u.c_str()));
  });
  m.def("parse", [](const std::string& text, int beam) {
    ToolState t;
    const char* out;
    {
      py::gil_scoped_release unlocked;
      out = plank_parse(t.P, text.c_str(), beam);
    }
    return t.take(out);
  });
  m.def("deps_episode", [](const std::string& options_json) {
    ToolState t;
    const char* out;
    {
      py::gil_scoped_release unlocked;
      out = plank_deps_episode(t.P, options_json.c_str());
    }
    return t.take(out);
  });
  m.def("intrinsics", [] {
    ToolState t;
    return t.take(plank_intrinsics_json(t.P));
  });
}
