// CPython's report of an uncaught exception (see python_traceback.h).
#include "compiler/engine/python_traceback.h"

#include <unistd.h>

#include <algorithm>
#include <map>
#include <vector>

#include "compiler/engine/traceback_markers.h"
#include "runtime/classes.h"
#include "runtime/exceptions.h"
#include "runtime/heap.h"

namespace plank::engine {

namespace {

// The files a traceback names, each read once (null: unreadable).
class SourceFiles {
 public:
  const SourceFile* get(const std::string& path) {
    auto it = files_.find(path);
    if (it == files_.end()) {
      std::string error;
      it = files_.emplace(path, path.empty() ? nullptr : SourceFile::load(path, &error)).first;
    }
    return it->second.get();
  }

 private:
  std::map<std::string, SourceRef> files_;
};

// A source line as CPython shows it: without its indentation and line end.
std::string shown_line(const SourceFile& file, uint32_t n) {
  if (n == 0 || n > file.line_count()) return "";
  std::string l(file.line_text(n));
  size_t start = l.find_first_not_of(" \t\f");
  if (start == std::string::npos) return "";
  l = l.substr(start);
  while (!l.empty() && (l.back() == '\r' || l.back() == '\n')) l.pop_back();
  return l;
}

// CPython shows the main script's path joined to the working directory.
std::string shown_path(const std::string& file) {
  if (file.empty() || file[0] == '/' || file[0] == '<') return file;
  char buf[4096];
  if (!::getcwd(buf, sizeof buf)) return file;
  std::string cwd(buf);
  return cwd + "/" + (file.rfind("./", 0) == 0 ? file.substr(2) : file);
}

// A frame's line is its failing part's first line (the statement's when
// that part is unknown), and the markers go under it (traceback_markers.h).
std::string frames(const std::vector<core::TraceEntry>& traceback, SourceFiles& sources) {
  std::string s = "Traceback (most recent call last):\n";
  for (const auto& e : traceback) {
    const SourceFile* file = sources.get(e.file);
    bool spanned = file && e.span.end != 0 && e.span.end <= file->text().size();
    uint32_t line = spanned ? file->line_col(e.span.begin).line : e.line;
    s += "  File \"" + shown_path(e.file) + "\", line " + std::to_string(line) + ", in " + e.function + "\n";
    std::string src = file ? shown_line(*file, line) : "";
    if (src.empty()) continue;
    s += "    " + src + "\n";
    if (std::string markers = spanned ? traceback_markers(*file, e.span) : ""; !markers.empty()) s += markers + "\n";
  }
  return s;
}

// `Type: message`, the type qualified by its module unless that is builtins or __main__.
std::string last_line(const std::string& type, const std::string& message) {
  return message.empty() ? type + "\n" : type + ": " + message + "\n";
}

std::string type_of(core::Value exc) {
  const core::ClassObject* c = core::as_instance(exc)->cls;
  if (c->module.empty() || c->module == "builtins" || c->module == "__main__") return c->qualname;
  return c->module + "." + c->qualname;
}

std::string message_of(core::Thread& t, core::Value exc) {
  try {
    return core::exception_str(&t, exc);
  } catch (const core::Raised&) {
    t.has_error = false;
    return "<exception str() failed>";
  }
}

void chain(core::Thread& t, core::Value exc, std::vector<core::Object*>& seen, SourceFiles& sources, std::string& out) {
  seen.push_back(exc.obj);
  core::ExceptionData* d = core::exception_data(exc);
  auto unseen = [&](core::Value v) {
    return core::exception_data(v) && std::find(seen.begin(), seen.end(), v.obj) == seen.end();
  };
  if (unseen(d->cause)) {
    chain(t, d->cause, seen, sources, out);
    out += "\nThe above exception was the direct cause of the following exception:\n\n";
  } else if (!d->suppress_context && unseen(d->context)) {
    chain(t, d->context, seen, sources, out);
    out += "\nDuring handling of the above exception, another exception occurred:\n\n";
  }
  if (!d->traceback.empty()) out += frames(d->traceback, sources);
  out += last_line(type_of(exc), message_of(t, exc));
}

}  // namespace

std::string python_traceback(core::Thread& t) {
  SourceFiles sources;
  core::Value exc = t.exception;
  core::RuntimeError error = t.error;  // exception_str may run Plank code
  if (!core::exception_data(exc)) return frames(error.traceback, sources) + last_line(error.kind, error.message);
  std::vector<core::Object*> seen;
  std::string out;
  core::RootScope roots(&t);
  roots.push(exc);
  chain(t, exc, seen, sources, out);
  return out;
}

bool python_system_exit(core::Thread& t, int* exit_code, std::string* message) {
  core::Value exc = t.exception;
  core::ExceptionData* d = core::exception_data(exc);
  if (!d || !core::is_subclass(core::as_instance(exc)->cls, core::exception_class(&t, "SystemExit"))) return false;
  const auto& args = core::tuple_items(d->args);
  core::Value code = args.empty() ? core::Value::none() : args.size() == 1 ? args[0] : d->args;
  message->clear();
  if (code.is_none()) {
    *exit_code = 0;
  } else if (code.is_int()) {
    *exit_code = static_cast<int>(code.i & 0xff);
  } else {
    *exit_code = 1;
    try {
      *message = core::to_str(&t, code) + "\n";
    } catch (const core::Raised&) {
      t.has_error = false;
    }
  }
  return true;
}

bool reports_python_tracebacks(const std::string& path) {
  return path.size() > 3 && path.compare(path.size() - 3, 3, ".py") == 0;
}

}  // namespace plank::engine
