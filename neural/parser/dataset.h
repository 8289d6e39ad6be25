// (utterance, logical form) examples as the parser sees them: read from a
// CAIP-style JSONL file (one {"text", "logical_form", "source"} object a
// line), forms normalised by compiler/lf, tokens = text.split().
#pragma once
#include <string>
#include <vector>

#include "compiler/lf/value.h"

namespace plank::neural {

struct Example {
  std::string id;
  std::string text;
  std::vector<std::string> tokens;
  lf::Value form;        // normalised; valid against the grammar
  std::string source;    // "prompts", "interactive", "synthetic", ...
  std::string type;      // top-level type: action_type of the first action, else dialogue_type
};

struct Dataset {
  std::vector<Example> examples;
  size_t skipped = 0;                 // lines that were not valid examples
  std::vector<std::string> problems;  // "file:line: why" for the first few skipped
};

// Reads a JSONL file. Returns false (with *error) only when the file cannot be read.
bool read_dataset(const std::string& path, Dataset& out, std::string* error);

// Each example's tokens, in order (the input of parse_many).
std::vector<std::vector<std::string>> token_lists(const std::vector<Example>& examples);

// The top-level type used for by-type figures.
std::string form_type(const lf::Value& form);

// Lower-cased token, the parser's input unit.
std::string normalize_word(std::string_view token);

}  // namespace plank::neural
