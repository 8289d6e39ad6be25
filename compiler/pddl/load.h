// A domain and a problem, read, parsed and checked in one call: what
// `plank plan`, `plank check` and the plan() intrinsic share.
#pragma once
#include <memory>
#include <string>

#include "compiler/pddl/ast.h"
#include "compiler/pddl/task.h"
#include "support/diagnostics.h"

namespace plank::pddl {

struct LoadedTask {
  ast::File domain;
  ast::File problem;
  std::unique_ptr<Task> task;  // null when anything was an error (reported)
};

LoadedTask load_task(SourceRef domain, SourceRef problem, DiagnosticSink& sink);
// Reads the files first; a file that cannot be read is an error with code "io".
LoadedTask load_task_files(const std::string& domain_path, const std::string& problem_path, DiagnosticSink& sink);

}  // namespace plank::pddl
