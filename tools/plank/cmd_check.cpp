// `plank check`: read Plank source, logical forms or a JSONL data set and say
// precisely what is wrong, without running anything.
//
//   plank check FILE...                       Plank source (plans, scripts)
//   plank check --lf FORM [--utterance TEXT]  one logical form (JSON or Python-dict notation)
//   plank check --jsonl FILE                  {"text", "logical_form"} a line, as in shared/data/caip
//   plank check DOMAIN.pddl [PROBLEM.pddl...] PDDL (cmd_plan.cpp)
#include <fmt/format.h>

#include <cstdio>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "compiler/frontend/ast_dump.h"
#include "compiler/frontend/parser.h"
#include "compiler/lf/check.h"
#include "compiler/lf/from_ast.h"
#include "compiler/lf/json_reader.h"
#include "support/diagnostics.h"
#include "tools/plank/cli.h"

namespace plank::cli {
namespace {

struct CheckOptions {
  std::vector<std::string> files;
  std::string lf_file;
  std::string utterance;
  bool utterance_given = false;
  std::string jsonl_file;
  std::string dump;
  bool print_normalized = false;
  bool quiet = false;
  OutputOptions out;
};

void print_diagnostics(const DiagnosticSink& sink, const OutputOptions& out) {
  std::fputs(render_text(sink.all(), RenderOptions{out.use_color()}).c_str(), stderr);
}

nlohmann::json diagnostics_json(const DiagnosticSink& sink) {
  return nlohmann::json::parse(render_json(sink.all()));
}

SourceRef load_or_report(const std::string& path, DiagnosticSink& sink) {
  std::string error;
  SourceRef file = path == "-" ? SourceFile::from_string("<stdin>", std::string(std::istreambuf_iterator<char>(std::cin), {}))
                               : SourceFile::load(path, &error);
  if (!file) {
    Diagnostic d;
    d.message = error;
    d.code = "io";
    sink.report(std::move(d));
  }
  return file;
}

int check_sources(const CheckOptions& o) {
  DiagnosticSink sink;
  std::string dumps;
  for (const auto& path : o.files) {
    SourceRef file = load_or_report(path, sink);
    if (!file) continue;
    auto module = frontend::parse_module(file, sink);
    if (o.dump == "ast" && module) {
      dumps += ast::dump_ast(*module);
      if (!dumps.empty() && dumps.back() != '\n') dumps += '\n';
    }
  }
  if (o.out.json) {
    nlohmann::json j;
    j["files"] = o.files;
    j["errors"] = sink.error_count();
    j["diagnostics"] = diagnostics_json(sink);
    fmt::print("{}\n", j.dump(2));
  } else {
    std::fputs(dumps.c_str(), stdout);
    print_diagnostics(sink, o.out);
    if (!o.quiet)
      fmt::print(stderr, "plank check: {} file{}, {} error{}\n", o.files.size(), o.files.size() == 1 ? "" : "s",
                 sink.error_count(), sink.error_count() == 1 ? "" : "s");
  }
  return sink.has_errors() ? kInputErrors : kOk;
}

bool has_suffix(const std::string& path, const std::string& suffix) {
  return path.size() >= suffix.size() && path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// PDDL files go to the PDDL checker (cmd_plan.cpp); everything else is Plank source.
bool all_pddl(const std::vector<std::string>& files) {
  for (const auto& f : files)
    if (!has_suffix(f, ".pddl")) return false;
  return !files.empty();
}

bool is_json_path(const std::string& path) {
  return path.size() >= 5 && path.compare(path.size() - 5, 5, ".json") == 0;
}

int check_one_form(const CheckOptions& o) {
  DiagnosticSink sink;
  SourceRef file = load_or_report(o.lf_file, sink);
  std::optional<lf::CheckResult> result;
  if (file) {
    // A .json file is held to JSON (and told when it slips into Python, e.g.
    // 'True'); anything else is read by the Plank grammar, where a Python dict
    // literal and a JSON object are both dict expressions.
    std::optional<lf::Value> value;
    if (is_json_path(o.lf_file)) {
      value = lf::read_json(file, sink);
    } else if (auto expr = frontend::parse_expression(file, sink)) {
      value = lf::value_from_ast(*expr, file, sink);
    }
    if (value) {
      lf::Utterance utterance = lf::Utterance::from_text(o.utterance);
      result = lf::check_logical_form(std::move(*value), o.utterance_given ? &utterance : nullptr, file, sink);
    }
  }
  bool valid = result && result->valid && !sink.has_errors();
  if (o.out.json) {
    nlohmann::json j;
    j["file"] = o.lf_file;
    j["valid"] = valid;
    j["errors"] = diagnostics_json(sink);
    if (valid) j["normalized"] = nlohmann::json::parse(lf::to_json_text(result->normalized, false));
    fmt::print("{}\n", j.dump(2));
  } else {
    print_diagnostics(sink, o.out);
    if (valid && o.print_normalized) fmt::print("{}\n", lf::to_json_text(result->normalized, true));
    if (!o.quiet) fmt::print(stderr, "{}: {}\n", o.lf_file, valid ? "valid logical form" : "invalid logical form");
  }
  return valid ? kOk : kInputErrors;
}

int check_dataset(const CheckOptions& o) {
  DiagnosticSink sink;
  SourceRef file = load_or_report(o.jsonl_file, sink);
  lf::JsonlSummary summary;
  if (file) summary = lf::check_jsonl(file, sink);
  bool ok = file && summary.invalid == 0 && !sink.has_errors();
  if (o.out.json) {
    // Contract: {"valid": N, "invalid": M, "errors": [...]}.
    nlohmann::json j;
    j["valid"] = summary.valid;
    j["invalid"] = summary.invalid;
    j["errors"] = diagnostics_json(sink);
    fmt::print("{}\n", j.dump(2));
  } else {
    print_diagnostics(sink, o.out);
    fmt::print("{} valid, {} invalid\n", summary.valid, summary.invalid);
  }
  return ok ? kOk : kInputErrors;
}

}  // namespace

void register_check(CLI::App& app, Action& action) {
  auto o = std::make_shared<CheckOptions>();
  auto* cmd = app.add_subcommand("check", "Check Plank source, a logical form, or a JSONL data set of logical forms");
  cmd->add_option("files", o->files, "Plank source files ('-' reads standard input), or PDDL files (.pddl: a domain, or a domain and its problems)");
  auto* lf = cmd->add_option("--lf", o->lf_file, "Validate one logical form (a .json file or a Python-dict literal)");
  cmd->add_option("--utterance", o->utterance, "The command the form's spans point into (enables span range checks)")
      ->needs(lf);
  auto* jsonl =
      cmd->add_option("--jsonl", o->jsonl_file, "Validate every {\"text\", \"logical_form\"} line of a JSONL file");
  cmd->add_option("--dump", o->dump, "Print a stage after checking source: ast")->check(CLI::IsMember({"ast"}));
  cmd->add_flag("--normalized", o->print_normalized, "With --lf: print the normalised (ACL-2020) form")->needs(lf);
  cmd->add_flag("--json", o->out.json, "Machine-readable output on stdout");
  cmd->add_flag("-q,--quiet", o->quiet, "No summary line");
  cmd->add_option("--color", o->out.color, "Colour diagnostics: auto, always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  lf->excludes(jsonl);
  cmd->callback([o, &action, cmd] {
    o->utterance_given = cmd->count("--utterance") > 0;
    int modes = !o->files.empty() + !o->lf_file.empty() + !o->jsonl_file.empty();
    if (modes != 1) throw CLI::ValidationError("check", "give source FILES, or --lf FORM, or --jsonl FILE (one of them)");
    if (!o->lf_file.empty()) action = [o] { return check_one_form(*o); };
    else if (!o->jsonl_file.empty()) action = [o] { return check_dataset(*o); };
    else if (all_pddl(o->files))
      action = [o] { return check_pddl_files(o->files, o->out, o->quiet, o->dump); };
    else action = [o] { return check_sources(*o); };
  });
}

}  // namespace plank::cli
