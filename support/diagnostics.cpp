#include "support/diagnostics.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

namespace plank {

void DiagnosticSink::report(Diagnostic d) {
  if (d.severity == Severity::Error) ++error_count_;
  diagnostics_.push_back(std::move(d));
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
    std::string_view line = d.file->line_text(lc.line);
    // Very long lines (a JSONL record) are shown as a window around the caret.
    constexpr uint32_t kWindow = 100;
    std::string prefix;
    uint32_t column = lc.column;
    if (line.size() > 2 * kWindow && column > kWindow / 2) {
      uint32_t start = column - kWindow / 2;
      line = line.substr(start - 1);
      column -= start - 1;
      prefix = "...";
    }
    if (line.size() > 2 * kWindow) line = line.substr(0, 2 * kWindow);
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
    j["source_line"] = std::string(d.file->line_text(lc.line));
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
