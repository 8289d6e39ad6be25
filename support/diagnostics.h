// Diagnostics: the one way every stage tells the user what is wrong.
// A Diagnostic points at a Span of a SourceFile; logical-form errors also
// carry the key path (`action_sequence[0].location.relative_direction`) and
// the values that would have been accepted.
#pragma once
#include <string>
#include <vector>

#include "support/source.h"

namespace plank {

enum class Severity { Error, Warning, Note };

struct Diagnostic {
  Severity severity = Severity::Error;
  SourceRef file;             // may be null for errors with no source (e.g. a missing file)
  Span span;
  std::string message;        // one sentence, lower case, no trailing period
  std::string key_path;       // logical-form key path, empty for source errors
  std::vector<std::string> expected;  // what would have been accepted, if known
  std::string code;           // stable machine-readable kind, e.g. "syntax", "lf.unknown-key"
};

// Collects diagnostics; stages report and keep going where recovery allows.
class DiagnosticSink {
 public:
  void report(Diagnostic d);
  void error(SourceRef file, Span span, std::string message, std::string code = {});
  bool has_errors() const { return error_count_ > 0; }
  size_t error_count() const { return error_count_; }
  const std::vector<Diagnostic>& all() const { return diagnostics_; }
  void clear() { diagnostics_.clear(); error_count_ = 0; }

 private:
  std::vector<Diagnostic> diagnostics_;
  size_t error_count_ = 0;
};

struct RenderOptions {
  bool color = false;
};

// `file:line:col: error: key.path: message`, then the source line and a caret
// under the span (`^~~~`). Ends with a newline.
std::string render_text(const Diagnostic& d, const RenderOptions& options = {});
std::string render_text(const std::vector<Diagnostic>& ds, const RenderOptions& options = {});

// A JSON object with file, line, column, end_line, end_column, severity,
// code, message, key_path, expected, source_line.
std::string render_json_object(const Diagnostic& d);
// A JSON array of render_json_object.
std::string render_json(const std::vector<Diagnostic>& ds);

const char* severity_name(Severity s);

}  // namespace plank
