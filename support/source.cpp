#include "support/source.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace plank {

SourceFile::SourceFile(std::string path, std::string text)
    : path_(std::move(path)), text_(std::move(text)) {
  // Text past kMaxSourceBytes (only from_string can hold it) is unreachable
  // by a Span; the index stops there rather than wrap around.
  line_starts_.push_back(0);
  const size_t n = std::min<size_t>(text_.size(), kMaxSourceBytes);
  for (size_t i = 0; i < n; ++i)
    if (text_[i] == '\n') line_starts_.push_back(static_cast<uint32_t>(i + 1));
}

SourceRef SourceFile::load(const std::string& path, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (error) *error = "cannot open '" + path + "'";
    return nullptr;
  }
  // Read straight into the string the SourceFile keeps: a stringstream would
  // hold the text twice, and inputs run to hundreds of megabytes.
  std::string text;
  in.seekg(0, std::ios::end);
  std::streamoff size = in.tellg();
  in.seekg(0, std::ios::beg);
  // Spans are 32-bit byte offsets.
  if (size >= static_cast<std::streamoff>(kMaxSourceBytes)) {
    if (error) *error = "'" + path + "' is too large (" + std::to_string(size) + " bytes; the limit is " +
                        std::to_string(kMaxSourceBytes) + ")";
    return nullptr;
  }
  if (size > 0) {
    text.resize(static_cast<size_t>(size));
    in.read(text.data(), size);
    text.resize(static_cast<size_t>(in.gcount()));
  }
  // Not a regular file (a pipe, /dev/stdin): its size is unknown, so read to the end.
  if (size <= 0 || in.peek() != std::char_traits<char>::eof()) {
    in.clear();
    std::ostringstream rest;
    rest << in.rdbuf();
    text += rest.str();
  }
  if (in.bad()) {
    if (error) *error = "cannot read '" + path + "'";
    return nullptr;
  }
  return std::make_shared<const SourceFile>(path, std::move(text));
}

SourceRef SourceFile::from_string(std::string path, std::string text) {
  return std::make_shared<const SourceFile>(std::move(path), std::move(text));
}

LineCol SourceFile::line_col(uint32_t offset) const {
  offset = static_cast<uint32_t>(std::min<size_t>(offset, text_.size()));
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  uint32_t line = static_cast<uint32_t>(it - line_starts_.begin());  // 1-based
  return {line, offset - line_starts_[line - 1] + 1};
}

std::string_view SourceFile::line_text(uint32_t line) const {
  if (line == 0 || line > line_starts_.size()) return {};
  uint32_t begin = line_starts_[line - 1];
  uint32_t end = line < line_starts_.size() ? line_starts_[line] : static_cast<uint32_t>(text_.size());
  std::string_view view(text_.data() + begin, end - begin);
  while (!view.empty() && (view.back() == '\n' || view.back() == '\r')) view.remove_suffix(1);
  return view;
}

uint32_t SourceFile::offset_of(uint32_t line, uint32_t column) const {
  if (line == 0) line = 1;
  if (line > line_starts_.size()) return static_cast<uint32_t>(text_.size());
  uint32_t offset = line_starts_[line - 1] + (column ? column - 1 : 0);
  return std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
}

}  // namespace plank
