// Tab completion: what the word under the cursor may become. Every list is read
// from where it is declared: the session's globals, the intrinsics table, the
// REPL's command table, the logical-form grammar table (keys and categorical
// values, offered inside a string literal or after `:lf`).
#pragma once
#include <string>
#include <vector>

namespace plank::repl {

struct CompletionContext {
  std::vector<std::string> globals;   // the session's bound names
  std::vector<std::string> commands;  // ":help", ":load", ...
};

// Sorted, unique candidates that start with line[start, end).
std::vector<std::string> complete(const std::string& line, size_t start, size_t end, const CompletionContext& context);

// Every key and categorical value of the logical-form grammar (sorted, unique).
const std::vector<std::string>& logical_form_words();

}  // namespace plank::repl
