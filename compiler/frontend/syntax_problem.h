// Private to compiler/frontend: one problem found while lexing, parsing or
// transforming, before it becomes a Diagnostic (parser.cpp sorts and publishes).
#pragma once
#include <string>

#include "support/source.h"

namespace plank::frontend {

struct Problem {
  Span span;
  std::string message;
};

}  // namespace plank::frontend
