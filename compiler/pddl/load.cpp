// Read, parse, check (load.h).
#include "compiler/pddl/load.h"

#include "compiler/pddl/check.h"
#include "compiler/pddl/parse.h"

namespace plank::pddl {

LoadedTask load_task(SourceRef domain, SourceRef problem, DiagnosticSink& sink) {
  LoadedTask out;
  const size_t errors_before = sink.error_count();
  out.domain = parse_file(domain, sink);
  out.problem = parse_file(problem, sink);
  if (!out.domain.domain && !out.domain.problem) return out;
  if (!out.problem.domain && !out.problem.problem) return out;
  out.task = check(out.domain, &out.problem, sink);
  if (sink.error_count() > errors_before) out.task.reset();  // a stray character is still an error
  return out;
}

LoadedTask load_task_files(const std::string& domain_path, const std::string& problem_path, DiagnosticSink& sink) {
  std::string error;
  SourceRef domain = SourceFile::load(domain_path, &error);
  if (!domain) {
    Diagnostic d;
    d.message = domain_path + ": " + error;
    d.code = "io";
    sink.report(std::move(d));
  }
  SourceRef problem = SourceFile::load(problem_path, &error);
  if (!problem) {
    Diagnostic d;
    d.message = problem_path + ": " + error;
    d.code = "io";
    sink.report(std::move(d));
  }
  if (!domain || !problem) return {};
  return load_task(domain, problem, sink);
}

}  // namespace plank::pddl
