// CAIP's evaluation over a data set: every {"text", "logical_form"} line run in
// a fresh copy of the scene, and the outcomes tallied (done / asked / refused
// / internal errors / invalid forms), in all and per action type. `plank
// exec-lf --jsonl` prints what this returns.
#pragma once
#include <cstddef>
#include <functional>
#include <map>
#include <string>

#include "agents/caip/loop/exec.h"
#include "support/source.h"

namespace plank::caip {

struct Tally {
  size_t total = 0, done = 0, asked = 0, refused = 0, errors = 0, invalid = 0;
  void add(const ExecResult& r);
};

struct Evaluation {
  Tally all;
  std::map<std::string, Tally> by_action;  // the first action type or the dialogue type; INVALID for bad lines
  // {"total", "done", "asked", "refused", "errors", "invalid", "by_action": {ACTION: {...}}}
  std::string json() const;
  // The Markdown table of docs/caip-execution.md: one row per action, then all.
  std::string markdown() const;
};

struct EvalOptions {
  size_t limit = 0;  // only the first N lines (0: all)
  // Each line's result, as one JSON object: line, text, action, outcome, reply,
  // blocks_changed, entities_changed (`--log`). Empty: not wanted.
  std::function<void(const std::string& json_line)> log;
  // What went wrong on a line (a malformed line, an invalid form, an internal
  // error with its program), for the user. Empty: dropped.
  std::function<void(const std::string& message)> problem;
};

// Runs the lines of `data` (its path names it in messages). False with *error
// when the scene could not be reset between lines.
bool evaluate(Executor& executor, const SourceRef& data, const EvalOptions& options, Evaluation* out, std::string* error);

}  // namespace plank::caip
