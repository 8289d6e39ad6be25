// CPython 3.11's traceback markers (see traceback_markers.h).
#include "compiler/engine/traceback_markers.h"

#include <algorithm>

#include "compiler/frontend/parser.h"
#include "support/utf8.h"

namespace plank::engine {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\f'; }

// Characters in the first `bytes` bytes of s (CPython counts characters).
size_t chars(std::string_view s, size_t bytes) { return utf8::count(s.substr(0, std::min(bytes, s.size()))); }

// Where, in the segment (byte offsets), the part to mark with `^` starts and
// ends when the segment parses alone as one expression statement that is a
// binary operation or a subscript: CPython's extract_anchors_from_expr, its
// quirks kept (a two-character operator is any operator followed by a
// non-space; a `)` closing the left operand is skipped).
bool anchors(const std::string& segment, size_t* left, size_t* right) {
  DiagnosticSink sink;
  auto module = frontend::parse_module(SourceFile::from_string("<segment>", segment), sink);
  if (!module || sink.has_errors() || module->body.size() != 1) return false;
  auto* stmt = ast::dyn_cast<ast::ExprStmt>(module->body[0].get());
  if (!stmt) return false;
  const ast::Expr* e = stmt->value.get();
  if (auto* bin = ast::dyn_cast<ast::Binary>(e)) {
    size_t right_start = bin->rhs->span.begin;
    bool found = false;
    for (size_t i = bin->lhs->span.end; i < right_start && i < segment.size(); ++i) {
      if (is_space(segment[i]) || segment[i] == '\n') continue;
      *left = i;
      *right = i + 1;
      found = true;
      if (i + 1 < right_start && !is_space(segment[i + 1])) ++*right;
      if (i + 1 < right_start && segment[i] == ')') continue;
      break;
    }
    return found;
  }
  if (auto* sub = ast::dyn_cast<ast::Subscript>(e)) {
    size_t l = sub->object->span.end, r = sub->index->span.end + 1;
    while (l < segment.size() && segment[l] != '[') ++l;
    while (r < segment.size() && segment[r] != ']') ++r;
    if (r < segment.size()) ++r;
    *left = l;
    *right = r;
    return true;
  }
  return false;
}

}  // namespace

std::string traceback_markers(const SourceFile& file, Span failed) {
  if (failed.end <= failed.begin || failed.end > file.text().size()) return "";
  LineCol from = file.line_col(failed.begin), to = file.line_col(failed.end);
  std::string line(file.line_text(from.line));
  while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.pop_back();
  size_t indent = 0;
  while (indent < line.size() && is_space(line[indent])) ++indent;
  size_t start = from.column - 1;
  if (start >= line.size()) return "";
  size_t c_start = chars(line, start), c_end = 0, c_left = 0, c_right = 0;
  bool anchored = false;
  if (to.line == from.line) {
    size_t end = to.column - 1;
    if (end > line.size() || start >= end) return "";
    c_end = chars(line, end);
    size_t left = 0, right = 0;
    anchored = anchors(line.substr(start, end - start), &left, &right);
    c_left = chars(line, start + left);
    c_right = chars(line, start + right);
  } else {
    // To the line's last non-space character, found as CPython finds it: its
    // byte index, scanning down from the line's length in characters, taken
    // as a character offset (the two differ only on a non-ASCII line).
    size_t i = chars(line, line.size());
    while (i > 0 && is_space(line[i - 1])) --i;
    c_end = i;
    if (c_end <= c_start) return "";
  }
  size_t c_indent = chars(line, indent);
  if (c_end - c_start == chars(line, line.size()) - c_indent && !anchored) return "";
  if (c_start < c_indent) return "";
  std::string out(4 + c_start - c_indent, ' ');
  for (size_t c = c_start; c < c_end; ++c) out += anchored && (c < c_left || c >= c_right) ? '~' : '^';
  return out;
}

}  // namespace plank::engine
