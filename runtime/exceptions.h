// Exceptions as values (issue 27): the builtin hierarchy as classes, raising
// an exception object, catching the one being raised, matching `except`.
//
// The runtime raises most errors as a kind and a message (set_error); the
// exception object is made only when a handler catches it (materialize). A
// program's own `raise` sets both at once. BudgetExceeded and Interrupted are
// never caught: a plan cannot outlive its budget by catching them.
#pragma once
#include <string_view>
#include <vector>

#include "runtime/classes.h"

namespace plank::core {

// The builtin exception class named `kind` (an unknown kind becomes a
// subclass of Exception of that name, made once per heap).
ClassObject* exception_class(Thread* t, std::string_view kind);
Value make_exception(Thread* t, ClassObject* cls, std::vector<Value> args);
ExceptionData* exception_data(Value exc);  // null unless exc is an exception instance
bool is_exception_class(Value v);
// Whether `name` is a class of the builtin exception hierarchy (ValueError, OSError, ...).
bool is_builtin_exception(std::string_view name);
// The class OSError(errno, strerror, ...) makes: cls, or for cls OSError itself
// the subclass CPython picks for the errno (FileNotFoundError for ENOENT ...).
ClassObject* os_error_class_for(Thread* t, ClassObject* cls, const Value* args, uint32_t npos);

// Raises an exception object (an instance, or a class to instantiate with no
// arguments): the thread's error names its class and str(); its traceback is
// where it is raised (or, reraising, where it was raised first).
[[noreturn]] void throw_exception(Thread* t, Value exc, bool reraise = false);
[[noreturn]] void throw_key_error(Thread* t, Value key);
[[noreturn]] void throw_stop_iteration(Thread* t, Value value);
// The exception being raised, as an object, with the error cleared; false
// (still raised) when it may not be caught (budgets, interrupts).
bool catch_exception(Thread* t, Value* out);
// `except cls` against the exception exc: TypeError when cls is not an exception class (or a tuple of them).
bool exception_matches(Thread* t, Value exc, Value cls);
// Whether the pending error is a StopIteration (and, when it is, its value, the error cleared).
bool take_stop_iteration(Thread* t, Value* value);
// Whether the pending error is of class `kind` or a subclass (it stays raised).
bool pending_is(Thread* t, std::string_view kind);

// e.__traceback__: None until exc is raised, then a chain of `traceback`
// objects (tb_lineno, tb_next) from the frame that caught it to where it was
// raised, the same objects each time until the exception moves on
// (runtime/traceback_object.cpp).
Value traceback_object(Thread* t, Value exc);

// str(e) and repr(e) of an exception instance.
std::string exception_str(Thread* t, Value exc);
std::string exception_repr(Thread* t, Value exc);

}  // namespace plank::core
