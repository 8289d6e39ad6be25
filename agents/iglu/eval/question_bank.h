// The data set's question bank (question_bank.csv: `qrel,ClarifyingQuestion`,
// RFC 4180 quoting): the clarifying questions that an unclear example's
// `qrel` and `qbank` ids name.
#pragma once
#include <map>
#include <optional>
#include <string>

namespace plank::iglu {

using QuestionBank = std::map<std::string, std::string>;  // id -> question

// nullopt and *error (file and line) when the file cannot be read or a row is malformed.
std::optional<QuestionBank> read_question_bank(const std::string& path, std::string* error);
std::optional<QuestionBank> read_question_bank_text(const std::string& text, const std::string& name,
                                                    std::string* error);

}  // namespace plank::iglu
