// Helpers for the PDDL front end's tests: parse and check text, find the
// shared data.
#pragma once
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "compiler/pddl/check.h"
#include "compiler/pddl/parse.h"
#include "support/diagnostics.h"

namespace plank::test {

inline std::string pddl_shared_dir() {
  const char* env = std::getenv("PLANK_SHARED");
  return env ? env : PLANK_SHARED_DIR;
}

inline pddl::ast::File parse_text(const std::string& text, DiagnosticSink& sink, const std::string& name = "t.pddl") {
  return pddl::parse_file(SourceFile::from_string(name, text), sink);
}

struct Checked {
  DiagnosticSink sink;
  pddl::ast::File domain, problem;
  std::unique_ptr<pddl::Task> task;
  std::string text() const { return render_text(sink.all()); }
};

inline std::unique_ptr<Checked> check_text(const std::string& domain, const std::string& problem = "") {
  auto c = std::make_unique<Checked>();
  c->domain = parse_text(domain, c->sink, "domain.pddl");
  if (!problem.empty()) {
    c->problem = parse_text(problem, c->sink, "problem.pddl");
    c->task = pddl::check(c->domain, &c->problem, c->sink);
  } else {
    pddl::check(c->domain, nullptr, c->sink);
  }
  return c;
}

}  // namespace plank::test
