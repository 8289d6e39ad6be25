// Runtime errors: setting the thread's pending error with its traceback, and raising it.
#include "runtime/objects.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "runtime/copy_bytes.h"
#include "runtime/decimal.h"
#include "runtime/handled_exceptions.h"
#include "runtime/heap.h"
#include "runtime/module_runtime.h"
#include "runtime/new_str.h"
#include "runtime/str_concat.h"
#include "runtime/unicode.h"

namespace plank::core {

void set_error(Thread* t, std::string_view kind, std::string message) {
  t->has_error = true;
  t->exception = Value::none();  // a kind and a message; exceptions.cpp makes the object if a handler catches it
  note_error_context(t);
  t->error.kind = std::string(kind);
  t->error.message = std::move(message);
  t->error.traceback.clear();
  for (Frame* f = t->top; f; f = f->parent) {
    TraceEntry e;
    if (f->code) {
      e.function = f->code->name;
      e.file = f->code->file;
      if (e.file.empty() && f->code->module) e.file = f->code->module->file;
    }
    e.line = f->line;
    if (f->code && f->pos != 0 && f->pos < f->code->positions.size()) e.span = f->code->positions[f->pos];
    t->error.traceback.push_back(std::move(e));
  }
  std::reverse(t->error.traceback.begin(), t->error.traceback.end());
}

void throw_error(Thread* t, std::string_view kind, std::string message) {
  set_error(t, kind, std::move(message));
  throw Raised{};
}

void rethrow_pending() { throw Raised{}; }

}  // namespace plank::core
