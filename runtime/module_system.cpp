// The time and sys modules (issue 27), and the one list of the runtime-made
// modules' functions (module_intrinsics).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <thread>

#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <fmt/format.h>

#include "runtime/args.h"
#include "runtime/classes.h"
#include "runtime/exceptions.h"
#include "runtime/heap.h"
#include "runtime/modules.h"

namespace plank::core {

std::vector<Intrinsic> math_intrinsics();
std::vector<Intrinsic> plank_native_intrinsics();
std::vector<Intrinsic> async_generator_intrinsics();  // async_generator.cpp

namespace {

using P = IntrinsicParam;

double seconds(std::chrono::nanoseconds d) { return std::chrono::duration<double>(d).count(); }

Value t_time(Thread*, const CallArgs&) { return Value::real(seconds(std::chrono::system_clock::now().time_since_epoch())); }
Value t_time_ns(Thread*, const CallArgs&) {
  return Value::integer(std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch()).count());
}
Value t_perf_counter(Thread*, const CallArgs&) { return Value::real(seconds(std::chrono::steady_clock::now().time_since_epoch())); }
Value t_perf_counter_ns(Thread*, const CallArgs&) {
  return Value::integer(std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}
Value t_process_time(Thread*, const CallArgs&) {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return Value::real(static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9);
}
Value t_sleep(Thread* t, const CallArgs& args) {
  if (args.npos != 1) throw_error(t, "TypeError", "sleep() takes exactly one argument");
  Value v = args.positional(0);
  double s = v.is_float() ? v.f : v.is_int() ? static_cast<double>(v.i) : -1;
  if (s < 0 || std::isnan(s)) throw_error(t, "ValueError", "sleep length must be non-negative");
  if (t->budget.timeout_seconds > 0) s = std::min(s, t->budget.timeout_seconds);  // a budget ends it anyway
  std::this_thread::sleep_for(std::chrono::duration<double>(s));
  return Value::none();
}

// sys.stdout / sys.stderr: objects of a builtin class whose write() goes to the program's output.
Value io_write(Thread* t, const CallArgs& args) {
  if (args.npos != 2) throw_error(t, "TypeError", "write() takes exactly one argument");
  Value self = args.positional(0), text = args.positional(1);
  if (!text.is(ObjKind::Str)) throw_error(t, "TypeError", fmt::format("write() argument must be str, not {}", type_name(text)));
  Value err;
  bool is_err = self.is(ObjKind::Instance) && as_instance(self)->dict.is(ObjKind::Dict) &&
                dict_get(t, as_instance(self)->dict, intern_str(t, "_stderr"), &err) && truthy(err);
  if (is_err) {
    std::fflush(stdout);
    std::fwrite(str_view(text).data(), 1, str_view(text).size(), stderr);
  } else {
    write_output(t, str_view(text));
  }
  return Value::integer(length(t, text));
}
Value io_flush(Thread*, const CallArgs&) {
  std::fflush(stdout);
  return Value::none();
}

Value s_setrecursionlimit(Thread* t, const CallArgs& args) {
  if (args.npos != 1 || !args.positional(0).is_int()) throw_error(t, "TypeError", "setrecursionlimit() takes one int");
  int64_t n = args.positional(0).i;
  if (n < 1) throw_error(t, "ValueError", "recursion limit must be greater or equal than 1");
  t->budget.max_depth = static_cast<uint32_t>(std::min<int64_t>(n, 100000));
  return Value::none();
}
Value s_getrecursionlimit(Thread* t, const CallArgs&) { return Value::integer(t->budget.max_depth); }
Value s_exit(Thread* t, const CallArgs& args) {
  std::vector<Value> a;
  if (args.npos) a.push_back(args.positional(0));
  throw_exception(t, make_exception(t, exception_class(t, "SystemExit"), std::move(a)));
}
Value s_intern(Thread* t, const CallArgs& args) {
  if (args.npos != 1 || !args.positional(0).is(ObjKind::Str)) throw_error(t, "TypeError", "intern() argument must be str");
  return intern_str(t, str_view(args.positional(0)));
}

}  // namespace

std::vector<Intrinsic> module_intrinsics() {
  const char* T = "time";
  const char* S = "sys";
  std::vector<Intrinsic> out = {
      {"time.time", {}, "float", 0, T, "Seconds since the epoch.", &wrap<t_time>},
      {"time.time_ns", {}, "int", 0, T, "Nanoseconds since the epoch.", &wrap<t_time_ns>},
      {"time.perf_counter", {}, "float", 0, T, "A monotonic clock for timing, in seconds.", &wrap<t_perf_counter>},
      {"time.perf_counter_ns", {}, "int", 0, T, "perf_counter in nanoseconds.", &wrap<t_perf_counter_ns>},
      {"time.monotonic", {}, "float", 0, T, "A monotonic clock, in seconds.", &wrap<t_perf_counter>},
      {"time.process_time", {}, "float", 0, T, "CPU time of the process, in seconds.", &wrap<t_process_time>},
      {"time.sleep", {P{"secs", "float"}}, "None", 0, T, "Waits secs seconds (at most the run's time budget).", &wrap<t_sleep>},
      {"sys.setrecursionlimit", {P{"limit", "int"}}, "None", 0, S, "The depth of calls past which RecursionError is raised.",
       &wrap<s_setrecursionlimit>},
      {"sys.getrecursionlimit", {}, "int", 0, S, "The recursion limit.", &wrap<s_getrecursionlimit>},
      {"sys.exit", {P{"status", "any", "None"}}, "None", 0, S, "Raises SystemExit(status).", &wrap<s_exit>},
      {"sys.intern", {P{"string", "str"}}, "str", 0, S, "The one interned copy of the string.", &wrap<s_intern>},
      {"TextIO.write", {P{"self", "TextIO"}, P{"s", "str"}}, "int", 0, "builtin-method", "Writes s; returns its length.",
       &wrap<io_write>},
      {"TextIO.flush", {P{"self", "TextIO"}}, "None", 0, "builtin-method", "Flushes the stream.", &wrap<io_flush>},
  };
  for (auto more : {math_intrinsics, plank_native_intrinsics, async_generator_intrinsics}) {
    std::vector<Intrinsic> v = more();
    out.insert(out.end(), std::make_move_iterator(v.begin()), std::make_move_iterator(v.end()));
  }
  return out;
}

void build_time(Thread* t, Value module) {
  for (const auto& in : intrinsics())
    if (in.name.starts_with("time.")) module_add_function(t, module, in.name);
}

void build_sys(Thread* t, Value module) {
  for (const auto& in : intrinsics())
    if (in.name.starts_with("sys.")) module_add_function(t, module, in.name);
  RootScope roots(t);
  ClassObject* io = new_builtin_class(t, "TextIOWrapper", object_class(t), "_io");
  roots.push(Value::object(io));
  for (const char* m : {"write", "flush"}) {
    Value key = roots.push(intern_str(t, m));
    dict_set(t, io->dict, key, make_builtin(t, *find_intrinsic(std::string("TextIO.") + m)));
  }
  for (const char* stream : {"stdout", "stderr"}) {
    Value s = roots.push(instantiate(t, io, nullptr, 0, 0, nullptr));
    dict_set(t, as_instance(s)->dict, intern_str(t, "_stderr"), Value::boolean(std::string_view(stream) == "stderr"));
    module_set(t, module, stream, s);
  }
  module_set(t, module, "argv", make_list(t, {roots.push(make_str(t, "plank"))}));
  module_set(t, module, "maxsize", Value::integer(INT64_MAX));
  module_set(t, module, "maxunicode", Value::integer(0x10ffff));
  module_set(t, module, "platform", make_str(t, "linux"));
  module_set(t, module, "byteorder", make_str(t, "little"));
  module_set(t, module, "version", make_str(t, "3.11 (Plank)"));
  module_set(t, module, "version_info", make_tuple(t, {Value::integer(3), Value::integer(11), Value::integer(0),
                                                       roots.push(make_str(t, "final")), Value::integer(0)}));
}

}  // namespace plank::core
