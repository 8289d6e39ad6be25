#include "support/source.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace plank {

SourceFile::SourceFile(std::string path, std::string text)
    : path_(std::move(path)), text_(std::move(text)) {
  line_starts_.push_back(0);
  for (uint32_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
}

SourceRef SourceFile::load(const std::string& path, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (error) *error = "cannot open '" + path + "'";
    return nullptr;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) {
    if (error) *error = "cannot read '" + path + "'";
    return nullptr;
  }
  return std::make_shared<const SourceFile>(path, buffer.str());
}

SourceRef SourceFile::from_string(std::string path, std::string text) {
  return std::make_shared<const SourceFile>(std::move(path), std::move(text));
}

LineCol SourceFile::line_col(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
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
