#include "agents/iglu/eval/question_bank.h"

#include <fmt/format.h>

#include <fstream>
#include <sstream>
#include <vector>

namespace plank::iglu {

std::optional<QuestionBank> read_question_bank_text(const std::string& text, const std::string& name,
                                                    std::string* error) {
  // RFC 4180: fields separated by commas, a quoted field may hold commas,
  // line breaks and doubled quotes.
  std::vector<std::vector<std::string>> rows(1, std::vector<std::string>(1));
  std::vector<int> row_line = {1};
  int line = 1;
  bool quoted = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    std::string& field = rows.back().back();
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') field += '"', ++i;
      else if (c == '"') quoted = false;
      else field += c, line += c == '\n';
    } else if (c == '"' && field.empty()) {
      quoted = true;
    } else if (c == ',') {
      rows.back().emplace_back();
    } else if (c == '\n') {
      ++line;
      rows.emplace_back(1);
      row_line.push_back(line);
    } else if (c != '\r') {
      field += c;
    }
  }
  if (quoted) return *error = fmt::format("{}: a quoted field is not closed", name), std::nullopt;
  QuestionBank bank;
  for (size_t r = 0; r < rows.size(); ++r) {
    const auto& row = rows[r];
    if (row.size() == 1 && row[0].empty()) continue;  // a blank line
    if (row.size() != 2)
      return *error = fmt::format("{}:{}: a row of {} fields (expected qrel,ClarifyingQuestion)", name, row_line[r],
                                  row.size()),
             std::nullopt;
    if (r == 0 && row[0] == "qrel") continue;  // the header
    bank[row[0]] = row[1];
  }
  return bank;
}

std::optional<QuestionBank> read_question_bank(const std::string& path, std::string* error) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return *error = "cannot read " + path, std::nullopt;
  std::stringstream s;
  s << f.rdbuf();
  return read_question_bank_text(s.str(), path, error);
}

}  // namespace plank::iglu
