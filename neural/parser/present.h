// A parse shown to a person: the utterance with each span bracketed and named
// by its key, and the tree one key a line with the words each span covers.
// Shared by `plank parse` and the REPL's :parse.
#pragma once
#include <string>
#include <vector>

#include "compiler/lf/value.h"

namespace plank::neural {

struct ParseView {
  std::string highlighted;  // "build a [red]{has_colour} [cube]{has_name}" (ANSI colours when asked)
  std::string tree;         // indented by `depth`, one line a key
};

ParseView present_parse(const lf::Value& form, const std::vector<std::string>& tokens, bool colour, int depth = 1);

}  // namespace plank::neural
