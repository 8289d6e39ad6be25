// Any bytes through the PDDL reader and, when they make a task, the planner.
// The input is split at its first NUL byte (if any) into a domain and a
// problem. It must never crash, hang or leak; every diagnostic points inside
// its file; the dump of what parsed parses back to the same dump; and a task
// that checks is planned with small limits (a plan, a proof, or a limit: any
// of them, never a crash).
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "compiler/pddl/check.h"
#include "compiler/pddl/dump.h"
#include "compiler/pddl/parse.h"
#include "planning/planner.h"

namespace {

void check_spans(const plank::DiagnosticSink& sink) {
  for (const auto& d : sink.all()) {
    if (!d.file) continue;
    size_t size = d.file->text().size();
    if (d.span.begin > size || d.span.end > size || d.span.end < d.span.begin) std::abort();
    (void)plank::render_text(d);
  }
}

void round_trip(const plank::pddl::ast::File& file) {
  if (!file.domain && !file.problem) return;
  std::string dump = plank::pddl::dump_pddl(file);
  plank::DiagnosticSink sink;
  auto again = plank::pddl::parse_file(plank::SourceFile::from_string("dump.pddl", dump), sink);
  if (sink.has_errors() || plank::pddl::dump_pddl(again) != dump) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace plank;
  std::string bytes(reinterpret_cast<const char*>(data), size);
  size_t cut = bytes.find('\0');
  std::string domain_text = bytes.substr(0, cut);
  std::string problem_text = cut == std::string::npos ? "" : bytes.substr(cut + 1);

  DiagnosticSink sink;
  auto domain = pddl::parse_file(SourceFile::from_string("domain.pddl", domain_text), sink);
  round_trip(domain);
  if (problem_text.empty()) {
    pddl::check(domain, nullptr, sink);
    check_spans(sink);
    return 0;
  }
  auto problem = pddl::parse_file(SourceFile::from_string("problem.pddl", problem_text), sink);
  round_trip(problem);
  auto task = pddl::check(domain, &problem, sink);
  check_spans(sink);
  if (task && !sink.has_errors()) {
    planning::PlanRequest request;
    request.timeout_seconds = 0.2;
    request.max_grounded_atoms = 20000;
    (void)planning::plan(*task, request);
  }
  return 0;
}
