// plank/plank.hpp: RAII over the C API of plank/plank.h, header only. Errors are
// exceptions here, on the C++ side only: nothing is thrown across the C boundary (a host
// function's exception becomes the plan's error before it gets there).
//
//   plank::State plan;
//   plan.limit("steps", 1e6).limit("seconds", 2);
//   plan.function("mine", [&](plank::Call& call) {
//     call.return_json(my_env.mine(call.arg_json(0)));
//   });
//   plan.run("mine({'log': 3}, null)", "llm-plan");   // throws plank::Error
#pragma once
#include <plank/plank.h>

#include <functional>
#include <list>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace plank {

// A failed run (or misuse): what plank_error* report, and the status.
class Error : public std::runtime_error {
 public:
  Error(int status, plank_state* P)
      : std::runtime_error(plank_error(P)),
        status_(status),
        kind_(plank_error_kind(P)),
        message_(plank_error_message(P)),
        file_(plank_error_file(P)),
        line_(plank_error_line(P)),
        col_(plank_error_col(P)),
        traceback_(plank_traceback(P)) {}
  int status() const { return status_; }  // PLANK_ERR_*
  const std::string& kind() const { return kind_; }  // "SyntaxError", "BudgetExceeded", ...
  const std::string& message() const { return message_; }
  const std::string& file() const { return file_; }
  int line() const { return line_; }
  int col() const { return col_; }
  const std::string& traceback() const { return traceback_; }

 private:
  int status_;
  std::string kind_, message_, file_;
  int line_, col_;
  std::string traceback_;
};

// One call of a host function: its arguments and its result.
class Call {
 public:
  explicit Call(plank_call* c) : c_(c) {}
  plank_call* get() const { return c_; }
  plank_state* state() const { return plank_call_state(c_); }
  std::string name() const { return plank_call_name(c_); }
  int argc() const { return plank_argc(c_); }
  int arg_type(int i) const { return plank_arg_type(c_, i); }
  int64_t arg_int(int i) const { return plank_arg_int(c_, i); }
  double arg_float(int i) const { return plank_arg_float(c_, i); }
  std::string arg_str(int i) const {
    size_t n = 0;
    const char* s = plank_arg_lstr(c_, i, &n);
    return s ? std::string(s, n) : std::string();
  }
  std::string arg_json(int i) const {
    const char* s = plank_arg_json(c_, i);
    return s ? s : "null";
  }
  bool should_stop() const { return plank_should_stop(c_) != 0; }
  void return_none() { plank_return_none(c_); }
  void return_bool(bool b) { plank_return_bool(c_, b); }
  void return_int(int64_t v) { plank_return_int(c_, v); }
  void return_float(double v) { plank_return_float(c_, v); }
  void return_str(const std::string& s) { plank_return_str(c_, s.c_str()); }
  void return_json(const std::string& json) { plank_return_json(c_, json.c_str()); }

 private:
  plank_call* c_;
};

// Thrown by a host function to raise an error of its own kind in the plan; any other
// std::exception becomes a RuntimeError with its what().
class PlanError : public std::runtime_error {
 public:
  PlanError(std::string kind, const std::string& message) : std::runtime_error(message), kind_(std::move(kind)) {}
  const std::string& kind() const { return kind_; }

 private:
  std::string kind_;
};

// One program world (plank_state): move-only, closed on destruction.
class State {
 public:
  using Function = std::function<void(Call&)>;
  using Writer = std::function<void(std::string_view)>;

  State() : P_(plank_open()) {
    if (!P_) throw std::bad_alloc();
  }
  State(State&&) noexcept = default;
  State& operator=(State&&) noexcept = default;

  plank_state* get() const { return P_.get(); }

  State& limit(const char* name, double value) { return check(plank_set_limit(get(), name, value)); }
  State& allow(const char* capabilities) { return check(plank_allow(get(), capabilities)); }
  State& deny(const char* capabilities) { return check(plank_deny(get(), capabilities)); }
  State& engine(const char* name) { return check(plank_set_engine(get(), name)); }

  // print() of the plan goes to `write` (on the thread that runs the plan).
  State& writer(Writer write) {
    writer_ = std::make_unique<Writer>(std::move(write));
    plank_set_writer(
        get(), [](const char* text, size_t n, void* ud) { (*static_cast<Writer*>(ud))(std::string_view(text, n)); },
        writer_.get());
    return *this;
  }

  // A host function as any callable taking Call&; `capabilities` as plank_register_with
  // (nullptr: none, or those of the intrinsic it replaces).
  State& function(const std::string& name, Function fn, const char* capabilities = nullptr) {
    functions_.push_back(std::move(fn));
    return check(plank_register_with(get(), name.c_str(), &State::trampoline, &functions_.back(), capabilities));
  }

  void run(const std::string& source, const std::string& chunk = "<plan>") { check(plank_run(get(), source.c_str(), chunk.c_str())); }

  // The value of an expression / a call of a plan function, as JSON text.
  std::string eval_json(const std::string& expression) { return text(plank_eval_json(get(), expression.c_str())); }
  std::string call_json(const std::string& function, const std::string& args_json = "[]") {
    return text(plank_call_json(get(), function.c_str(), args_json.c_str()));
  }

  void interrupt() { plank_interrupt(get()); }

 private:
  struct Close {
    void operator()(plank_state* P) const { plank_close(P); }
  };

  static int trampoline(plank_call* c, void* ud) {
    Call call(c);
    try {
      (*static_cast<Function*>(ud))(call);
      return 0;
    } catch (const PlanError& e) {
      return plank_raise_error(c, e.kind().c_str(), e.what());
    } catch (const std::exception& e) {
      return plank_raise(c, e.what());
    } catch (...) {
      return plank_raise(c, "unknown C++ exception in a host function");
    }
  }

  State& check(int status) {
    if (status != PLANK_OK) throw Error(status, get());
    return *this;
  }
  std::string text(const char* s) {
    if (!s) throw Error(plank_error_status(get()), get());
    return s;
  }

  std::list<Function> functions_;  // stable addresses: the C API holds pointers to them
  std::unique_ptr<Writer> writer_;
  std::unique_ptr<plank_state, Close> P_;  // last: closed first, before what it points at
};

}  // namespace plank
