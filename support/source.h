// Source text and positions. Every later stage points back into a SourceFile
// through byte-offset Spans, so diagnostics can always show file:line:col and
// the offending line with a caret.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace plank {

// Half-open byte range [begin, end) into one SourceFile.
struct Span {
  uint32_t begin = 0;
  uint32_t end = 0;
  static Span at(uint32_t offset, uint32_t length = 1) { return {offset, offset + length}; }
  Span to(Span other) const { return {begin, other.end > end ? other.end : end}; }
};

struct LineCol {
  uint32_t line = 1;    // 1-based
  uint32_t column = 1;  // 1-based, in bytes (what editors and compilers print)
};

// Spans are 32-bit byte offsets: load() refuses larger files.
inline constexpr size_t kMaxSourceBytes = 0xFFFFFFFFu;

class SourceFile {
 public:
  SourceFile(std::string path, std::string text);

  // Reads a file; on failure returns nullptr and sets *error to a readable reason.
  static std::shared_ptr<const SourceFile> load(const std::string& path, std::string* error);
  static std::shared_ptr<const SourceFile> from_string(std::string path, std::string text);

  const std::string& path() const { return path_; }
  const std::string& text() const { return text_; }
  LineCol line_col(uint32_t offset) const;
  // The text of a 1-based line, without its newline.
  std::string_view line_text(uint32_t line) const;
  uint32_t line_count() const { return static_cast<uint32_t>(line_starts_.size()); }
  // Byte offset of a 1-based line/column (clamped to the text).
  uint32_t offset_of(uint32_t line, uint32_t column) const;

 private:
  std::string path_;
  std::string text_;
  std::vector<uint32_t> line_starts_;
};

using SourceRef = std::shared_ptr<const SourceFile>;

}  // namespace plank
