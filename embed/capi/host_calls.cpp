// Host functions: registering them, the runtime's call into one (a plank_call built from
// the plan's arguments), and what a host function may do with its call.
#include <fmt/format.h>

#include <string>

#include "embed/capi/guard.h"
#include "embed/capi/json_values.h"
#include "embed/capi/names.h"
#include "embed/capi/state.h"
#include "runtime/args.h"
#include "runtime/capabilities.h"
#include "runtime/heap.h"
#include "runtime/intrinsics.h"
#include "runtime/objects.h"

using namespace plank;
using namespace plank::embed;
using core::Value;

namespace {

// The plan's arguments in the replaced intrinsic's parameter order: keywords bound by name
// (bind_args raises TypeError as the intrinsic would for a bad call), the optional parameters
// not given dropped at the end and None in between, a variadic parameter's values spread.
void bind_to_intrinsic(core::Thread* t, const core::Intrinsic& in, const core::CallArgs& args, plank_call& c) {
  core::BoundArgs bound;
  core::bind_args(t, in.name, in.params, args, &bound);
  size_t given_end = 0;  // one past the last parameter given
  std::vector<std::pair<Value, std::string_view>> values;
  for (size_t i = 0; i < in.params.size(); ++i) {
    const core::IntrinsicParam& p = in.params[i];
    if (p.var_keywords) continue;
    if (p.variadic) {
      for (Value v : bound.rest) values.push_back({v, p.name});
      if (!bound.rest.empty()) given_end = values.size();
      continue;
    }
    values.push_back({bound.has(i) ? bound.values[i] : Value::none(), p.name});
    if (bound.has(i)) given_end = values.size();
  }
  values.resize(given_end);
  c.bound.reserve(values.size());
  for (auto& [v, name] : values) {
    c.bound.push_back(v);
    c.param_names.emplace_back(name);
  }
}

// The runtime calls this for every call of a registered function (core::HostFunction).
bool call_host(core::Thread* t, Value* result, const core::CallArgs& args, void* data) {
  auto* b = static_cast<HostBinding*>(data);
  plank_state* P = b->state;
  plank_call c;
  c.P = P;
  c.binding = b;
  c.thread = t;
  if (b->replaces >= 0) {
    try {
      bind_to_intrinsic(t, core::intrinsics()[size_t(b->replaces)], args, c);
    } catch (const core::Raised&) {
      return false;
    }
    c.positional = c.bound.data();
    c.argc = uint32_t(c.bound.size());
  } else {
    c.positional = args.values;
    c.argc = args.npos;
    c.args = &args;
  }
  const int mark = plank_mark(P);
  plank_call* outer = P->current_call;
  P->current_call = &c;
  int status = -1;
  try {
    status = b->fn(&c, b->userdata);
  } catch (...) {
    c.fail("RuntimeError", b->function.name + "(): the host function threw a C++ exception");
  }
  P->current_call = outer;
  Value out = Value::none();
  if (c.result) lookup(P, c.result, &out);
  plank_release(P, mark);  // `out` is returned before anything allocates again
  if (!c.error_kind.empty()) {
    core::set_error(t, c.error_kind, c.error_message);
    return false;
  }
  if (status != 0) {
    core::set_error(t, "RuntimeError",
                    fmt::format("{}(): the host function failed (it returned {})", b->function.name, status));
    return false;
  }
  *result = out;
  return true;
}

plank_call* checked(plank_call* c) { return c && c->P ? c : nullptr; }

// Positional argument i, or a TypeError for the plan.
bool argument(plank_call* c, int i, Value* v) {
  if (i >= 0 && uint32_t(i) < c->argc) {
    *v = c->positional[i];
    return true;
  }
  c->fail("TypeError", fmt::format("{}() missing argument {} (it was given {})", c->binding->function.name, i + 1,
                                   c->argc));
  return false;
}

void wrong_argument(plank_call* c, int i, const char* expected, Value v) {
  c->fail("TypeError",
          fmt::format("{}() argument {} must be {}, not {}", c->binding->function.name, i + 1, expected, core::type_name(v)));
}

template <class R, class F>
R with_call(plank_call* c, R on_error, F&& body) {
  if (!checked(c)) return on_error;
  return guarded(c->P, on_error, [&]() -> R { return body(); });
}

}  // namespace

namespace plank::embed {

void bind_host_function(plank_state* P, HostBinding& b) {
  core::Thread& t = P->program->thread();
  Value f = core::make_host_function(&t, &b.function);  // nothing allocates until it is a global
  P->program->define_global(b.function.name, f);
}

}  // namespace plank::embed

extern "C" {

int plank_register_with(plank_state* P, const char* name, plank_cfunction fn, void* userdata, const char* capabilities) {
  if (!P) return PLANK_ERR_USAGE;
  return guarded(P, int(PLANK_ERR_USAGE), [&] {
    if (!name || !is_identifier(name) || !fn) {
      usage_error(P, std::string("plank_register: '") + (name ? name : "(null)") +
                         (fn ? "' is not an identifier" : "' has no function"));
      return int(PLANK_ERR_USAGE);
    }
    if (P->busy.load()) return refuse_busy(P, "plank_register");  // running: the state is not ours to touch
    auto b = std::make_unique<HostBinding>();
    b->state = P;
    b->fn = fn;
    b->userdata = userdata;
    b->function.name = name;
    b->function.callback = &call_host;
    b->function.data = b.get();
    if (auto index = core::find_intrinsic(name)) {
      b->replaces = int(*index);
      b->function.capabilities = core::intrinsics()[*index].capabilities;
    }
    if (capabilities) {
      std::string why;
      if (!core::parse_capabilities(capabilities, &b->function.capabilities, &why)) {
        usage_error(P, "plank_register: " + why);
        return int(PLANK_ERR_USAGE);
      }
    }
    if (P->program) bind_host_function(P, *b);
    P->bindings.push_back(std::move(b));
    return int(PLANK_OK);
  });
}

int plank_register(plank_state* P, const char* name, plank_cfunction fn, void* userdata) {
  return plank_register_with(P, name, fn, userdata, nullptr);
}

plank_state* plank_call_state(plank_call* c) { return checked(c) ? c->P : nullptr; }
const char* plank_call_name(plank_call* c) { return checked(c) ? c->binding->function.name.c_str() : ""; }
int plank_argc(plank_call* c) { return checked(c) ? int(c->argc) : 0; }

const char* plank_arg_name(plank_call* c, int i) {
  if (!checked(c) || i < 0 || size_t(i) >= c->param_names.size()) return nullptr;
  return c->param_names[size_t(i)].c_str();
}

int plank_arg_type(plank_call* c, int i) {
  if (!checked(c) || i < 0 || uint32_t(i) >= c->argc) return -1;
  return type_of(c->positional[i]);
}

plank_value plank_arg(plank_call* c, int i) {
  return with_call(c, plank_value(0), [&]() -> plank_value {
    Value v;
    return argument(c, i, &v) ? hold(c->P, v) : 0;
  });
}

int64_t plank_arg_int(plank_call* c, int i) {
  return with_call(c, int64_t(0), [&]() -> int64_t {
    Value v;
    if (!argument(c, i, &v)) return 0;
    if (v.is_int() || v.is_bool()) return v.i;
    wrong_argument(c, i, "int", v);
    return 0;
  });
}

double plank_arg_float(plank_call* c, int i) {
  return with_call(c, 0.0, [&]() -> double {
    Value v;
    if (!argument(c, i, &v)) return 0;
    if (v.is_int() || v.is_bool()) return double(v.i);
    if (v.is_float()) return v.f;
    wrong_argument(c, i, "float", v);
    return 0;
  });
}

const char* plank_arg_lstr(plank_call* c, int i, size_t* length) {
  if (length) *length = 0;
  return with_call(c, static_cast<const char*>(nullptr), [&]() -> const char* {
    Value v;
    if (!argument(c, i, &v)) return nullptr;
    if (!v.is(core::ObjKind::Str)) {
      wrong_argument(c, i, "str", v);
      return nullptr;
    }
    std::string_view s = core::str_view(v);
    if (length) *length = s.size();
    return c->strings.keep(std::string(s));
  });
}

const char* plank_arg_str(plank_call* c, int i) { return plank_arg_lstr(c, i, nullptr); }

const char* plank_arg_json(plank_call* c, int i) {
  return with_call(c, static_cast<const char*>(nullptr), [&]() -> const char* {
    Value v;
    if (!argument(c, i, &v)) return nullptr;
    std::string out, why;
    if (!to_json(c->thread, v, &out, &why)) {
      c->fail("TypeError", fmt::format("{}() argument {}: {}", c->binding->function.name, i + 1, why));
      return nullptr;
    }
    return c->strings.keep(std::move(out));
  });
}

int plank_kwargc(plank_call* c) { return checked(c) && c->args ? int(c->args->nkw) : 0; }

const char* plank_kwarg_name(plank_call* c, int i) {
  if (!checked(c) || !c->args || i < 0 || uint32_t(i) >= c->args->nkw) return nullptr;
  return with_call(c, static_cast<const char*>(nullptr), [&]() -> const char* {
    return c->strings.keep(std::string(core::str_view(c->args->kwnames[i])));
  });
}

plank_value plank_kwarg(plank_call* c, int i) {
  if (!checked(c) || !c->args || i < 0 || uint32_t(i) >= c->args->nkw) return 0;
  return with_call(c, plank_value(0), [&] { return hold(c->P, c->args->keyword_value(uint32_t(i))); });
}

void plank_return(plank_call* c, plank_value v) {
  with_call(c, 0, [&] {
    Value x;
    if (!lookup(c->P, v, &x)) c->fail("TypeError", c->binding->function.name + "(): the host returned a dead handle");
    else c->result = v;
    return 0;
  });
}

void plank_return_none(plank_call* c) {
  if (checked(c)) c->result = 0;
}
void plank_return_bool(plank_call* c, int b) {
  with_call(c, 0, [&] { return c->result = hold(c->P, Value::boolean(b != 0)), 0; });
}
void plank_return_int(plank_call* c, int64_t v) {
  with_call(c, 0, [&] { return c->result = hold(c->P, Value::integer(v)), 0; });
}
void plank_return_float(plank_call* c, double v) {
  with_call(c, 0, [&] { return c->result = hold(c->P, Value::real(v)), 0; });
}
void plank_return_str(plank_call* c, const char* s) {
  with_call(c, 0, [&] {
    if (!s) return c->fail("TypeError", c->binding->function.name + "(): the host returned a NULL string"), 0;
    return c->result = hold(c->P, core::make_str(c->thread, s)), 0;
  });
}
void plank_return_json(plank_call* c, const char* json) {
  with_call(c, 0, [&] {
    Value v;
    std::string why;
    if (!json || !from_json(c->thread, json, &v, &why))
      return c->fail("ValueError", c->binding->function.name + "(): the host returned " + (json ? why : "NULL JSON")), 0;
    return c->result = hold(c->P, v), 0;
  });
}

int plank_raise_error(plank_call* c, const char* kind, const char* message) {
  if (!checked(c)) return -1;
  std::string k = kind && is_identifier(kind) ? kind : "RuntimeError";
  c->fail(std::move(k), message ? message : "");
  return -1;
}

int plank_raise(plank_call* c, const char* message) { return plank_raise_error(c, "RuntimeError", message); }

int plank_should_stop(plank_call* c) { return checked(c) && core::should_stop(c->thread) ? 1 : 0; }

}  // extern "C"
