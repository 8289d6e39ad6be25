#include "support/diagnostics.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "support/utf8.h"

namespace plank {

namespace {

// Cuts at a character boundary, so that a cut message is still UTF-8.
void clip(std::string& field, size_t max_bytes) {
  if (field.size() <= max_bytes) return;
  size_t end = max_bytes;
  while (end > 0 && utf8::is_continuation(static_cast<unsigned char>(field[end]))) --end;
  field.resize(end);
  field += "...";
}

size_t stored_bytes(const Diagnostic& d) {
  size_t n = d.message.size() + d.key_path.size() + d.code.size();
  for (const auto& e : d.expected) n += e.size();
  return n;
}

}  // namespace

void DiagnosticSink::report(Diagnostic d) {
  const bool is_error = d.severity == Severity::Error;
  if (is_error) ++error_count_;
  clip(d.message, limits_.max_field_bytes);
  clip(d.key_path, limits_.max_field_bytes);
  const size_t size = stored_bytes(d);
  if (omitted_ == 0 && diagnostics_.size() < limits_.max_count && bytes_ + size <= limits_.max_bytes) {
    bytes_ += size;
    diagnostics_.push_back(std::move(d));
    return;
  }
  if (omitted_ == 0) {
    Diagnostic note;
    note.severity = Severity::Note;
    note.code = "diagnostics.truncated";
    diagnostics_.push_back(std::move(note));
  }
  ++omitted_;
  if (is_error) ++omitted_errors_;
  std::string& message = diagnostics_.back().message;
  if (omitted_errors_ == omitted_)
    message = fmt::format("{} more error{} not shown", omitted_, omitted_ == 1 ? "" : "s");
  else
    message = fmt::format("{} more diagnostic{} not shown ({} error{})", omitted_, omitted_ == 1 ? "" : "s",
                          omitted_errors_, omitted_errors_ == 1 ? "" : "s");
}

void DiagnosticSink::error(SourceRef file, Span span, std::string message, std::string code) {
  Diagnostic d;
  d.file = std::move(file);
  d.span = span;
  d.message = std::move(message);
  d.code = std::move(code);
  report(std::move(d));
}

const char* severity_name(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "error";
}

namespace {

const char* severity_color(Severity s) {
  switch (s) {
    case Severity::Error: return "\033[1;31m";
    case Severity::Warning: return "\033[1;35m";
    case Severity::Note: return "\033[1;36m";
  }
  return "";
}

// Tabs are kept in the caret line so the caret stays under the right column.
std::string caret_line(std::string_view line, uint32_t column, uint32_t length) {
  std::string out;
  for (uint32_t i = 1; i < column && i - 1 < line.size(); ++i) out += line[i - 1] == '\t' ? '\t' : ' ';
  out += '^';
  for (uint32_t i = 1; i < length; ++i) out += '~';
  return out;
}

// The part of a diagnostic's line that is shown: very long lines (a JSONL
// record) are cut to a window around the caret.
struct LineWindow {
  std::string_view text;
  uint32_t column = 1;  // the span's 1-based column inside text
  bool cut_before = false;
};

LineWindow line_window(std::string_view line, uint32_t column) {
  constexpr uint32_t kWindow = 100;
  LineWindow w{line, column, false};
  if (line.size() > 2 * kWindow && column > kWindow / 2) {
    uint32_t start = std::min<uint32_t>(column - kWindow / 2, static_cast<uint32_t>(line.size()));
    w.text = line.substr(start - 1);
    w.column = column - (start - 1);
    w.cut_before = true;
  }
  if (w.text.size() > 2 * kWindow) w.text = w.text.substr(0, 2 * kWindow);
  return w;
}

std::string full_message(const Diagnostic& d) {
  std::string msg = d.key_path.empty() ? d.message : d.key_path + ": " + d.message;
  return msg;
}

}  // namespace

std::string render_text(const Diagnostic& d, const RenderOptions& options) {
  const char* bold = options.color ? "\033[1m" : "";
  const char* reset = options.color ? "\033[0m" : "";
  const char* sev_color = options.color ? severity_color(d.severity) : "";
  std::string out;
  if (d.file) {
    LineCol lc = d.file->line_col(d.span.begin);
    out += fmt::format("{}{}:{}:{}:{} ", bold, d.file->path(), lc.line, lc.column, reset);
  }
  out += fmt::format("{}{}:{} {}{}{}\n", sev_color, severity_name(d.severity), reset, bold, full_message(d),
                     reset);
  if (d.file && d.file->line_count() > 0) {
    LineCol lc = d.file->line_col(d.span.begin);
    LineWindow window = line_window(d.file->line_text(lc.line), lc.column);
    std::string_view line = window.text;
    uint32_t column = window.column;
    std::string prefix = window.cut_before ? "..." : "";
    uint32_t end = d.span.end > d.span.begin ? d.span.end : d.span.begin + 1;
    LineCol elc = d.file->line_col(end);
    uint32_t length = elc.line == lc.line ? std::max<uint32_t>(1, elc.column - lc.column) : 1;
    length = std::min<uint32_t>(length, static_cast<uint32_t>(line.size()) + 1 - std::min<uint32_t>(column - 1, line.size()));
    out += fmt::format("  {}{}\n", prefix, line);
    out += fmt::format("  {}{}{}{}\n", std::string(prefix.size(), ' '), options.color ? "\033[1;32m" : "",
                       caret_line(line, column, std::max<uint32_t>(1, length)), reset);
  }
  if (!d.expected.empty()) {
    std::string list;
    for (size_t i = 0; i < d.expected.size(); ++i) list += (i ? ", " : "") + d.expected[i];
    // Messages that already name the accepted values do not repeat them.
    if (d.message.find(list) == std::string::npos)
      out += fmt::format("  {}note:{} expected one of: {}\n", options.color ? "\033[1;36m" : "", reset, list);
  }
  return out;
}

std::string render_text(const std::vector<Diagnostic>& ds, const RenderOptions& options) {
  std::string out;
  for (const auto& d : ds) out += render_text(d, options);
  return out;
}

static nlohmann::json to_json(const Diagnostic& d) {
  nlohmann::json j;
  j["severity"] = severity_name(d.severity);
  j["message"] = d.message;
  j["code"] = d.code;
  j["key_path"] = d.key_path;
  j["expected"] = d.expected;
  if (d.file) {
    LineCol lc = d.file->line_col(d.span.begin);
    LineCol elc = d.file->line_col(std::max(d.span.end, d.span.begin));
    j["file"] = d.file->path();
    j["line"] = lc.line;
    j["column"] = lc.column;
    j["end_line"] = elc.line;
    j["end_column"] = elc.column;
    LineWindow window = line_window(d.file->line_text(lc.line), lc.column);
    j["source_line"] = std::string(window.text);
    j["source_column"] = window.column;
  } else {
    j["file"] = nullptr;
  }
  return j;
}

std::string render_json_object(const Diagnostic& d) {
  return to_json(d).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string render_json(const std::vector<Diagnostic>& ds) {
  nlohmann::json arr = nlohmann::json::array();
  for (const auto& d : ds) arr.push_back(to_json(d));
  return arr.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace plank
