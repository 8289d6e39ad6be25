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

// How much a sink keeps. Input is untrusted: a 200 KB data-set line can hold
// 10,000 unknown keys, and a diagnostic per key, each shown with its line,
// once made `plank check` print gigabytes. Past either limit the sink keeps
// counting but stores nothing more, and its last diagnostic becomes a note
// "N more errors not shown" (code "diagnostics.truncated").
struct DiagnosticLimits {
  size_t max_count = 1000;
  size_t max_bytes = size_t{1} << 20;  // of messages, key paths and expected values
  // One message or key path longer than this (it quotes a 2 MB key) is cut,
  // ending in "...", so that the first errors are always kept.
  size_t max_field_bytes = 4096;
};

// Collects diagnostics; stages report and keep going where recovery allows.
class DiagnosticSink {
 public:
  explicit DiagnosticSink(DiagnosticLimits limits = {}) : limits_(limits) {}
  void report(Diagnostic d);
  void error(SourceRef file, Span span, std::string message, std::string code = {});
  bool has_errors() const { return error_count_ > 0; }
  // Every error reported, those not kept included.
  size_t error_count() const { return error_count_; }
  // The kept diagnostics in order, then the truncation note when some were not kept.
  const std::vector<Diagnostic>& all() const { return diagnostics_; }
  // How many diagnostics were reported but not kept.
  size_t omitted() const { return omitted_; }
  // The next diagnostic will only be counted: a stage may skip the work of
  // composing its message (a "did you mean" search, say).
  bool full() const { return omitted_ > 0 || diagnostics_.size() >= limits_.max_count; }
  void clear() {
    diagnostics_.clear();
    error_count_ = omitted_ = omitted_errors_ = bytes_ = 0;
  }

 private:
  DiagnosticLimits limits_;
  std::vector<Diagnostic> diagnostics_;
  size_t error_count_ = 0;
  size_t omitted_ = 0;
  size_t omitted_errors_ = 0;
  size_t bytes_ = 0;
};

struct RenderOptions {
  bool color = false;
};

// `file:line:col: error: key.path: message`, then the source line and a caret
// under the span (`^~~~`). Ends with a newline.
std::string render_text(const Diagnostic& d, const RenderOptions& options = {});
std::string render_text(const std::vector<Diagnostic>& ds, const RenderOptions& options = {});

// A JSON object with file, line, column, end_line, end_column, severity,
// code, message, key_path, expected, source_line, source_column. A long line
// is cut to a window around the span, as in the text (source_column is the
// span's column inside source_line), so no diagnostic copies a whole line.
std::string render_json_object(const Diagnostic& d);
// A JSON array of render_json_object.
std::string render_json(const std::vector<Diagnostic>& ds);

const char* severity_name(Severity s);

}  // namespace plank
