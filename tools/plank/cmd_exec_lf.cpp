// `plank exec-lf`: compile CAIP logical forms to Plank and run them in a world.
//
//   plank exec-lf FORM.json --utterance "..." [--scene NAME|FILE] [--render out.png] [--json]
//                 [--assume] [--dump=plank] [--engine=interp|jit] [--policy FILE]
//   plank exec-lf --jsonl FILE.jsonl [--scene NAME] [--json] [--log OUT.jsonl]
//
// One form: prints the reply and what changed. A data set: each line runs in
// a fresh copy of the scene; prints {"total","done","asked","refused","errors"}
// (+ "invalid" and per-action counts). `errors` counts internal failures.
// Exit codes: 0 ok, 1 input errors (or errors > 0), 2 usage.
#include <fmt/format.h>

#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>

#include "agents/caip/compile/translate.h"
#include "agents/caip/intrinsics/shapes.h"
#include "agents/caip/loop/exec.h"
#include "compiler/engine/engine.h"
#include "compiler/lf/json_reader.h"
#include "tools/plank/cli.h"
#include "world/render/isometric.h"
#include "world/render/png_writer.h"

namespace plank::cli {
namespace {

struct ExecLfOptions {
  std::string file, jsonl, utterance, scene = "village", render, dump, engine, log, policy;
  bool assume = false;
  bool shapes = false;
  int limit = 0;
  int tile = 12;
  OutputOptions output;
};

std::unique_ptr<caip::Executor> open_executor(const ExecLfOptions& o) {
  caip::ExecOptions eo;
  eo.scene = o.scene;
  eo.assume = o.assume;
  eo.engine = o.engine;
  eo.policy = o.policy;
  DiagnosticSink sink;
  auto ex = caip::Executor::open(eo, sink);
  if (!ex) std::fputs(render_text(sink.all(), RenderOptions{o.output.use_color()}).c_str(), stderr);
  return ex;
}

int exec_one(const ExecLfOptions& o) {
  std::string error;
  SourceRef file = SourceFile::load(o.file, &error);
  if (!file) {
    fmt::print(stderr, "plank exec-lf: {}\n", error);
    return kInputErrors;
  }
  DiagnosticSink sink;
  auto form = lf::read_json(file, sink);
  if (!form) {
    std::fputs(render_text(sink.all(), RenderOptions{o.output.use_color()}).c_str(), stderr);
    return kInputErrors;
  }
  // A data-set line ({"text", "logical_form"}) carries its own utterance.
  lf::UtteranceForm line = lf::unwrap_dataset_line(*form);
  std::string utterance = o.utterance.empty() ? line.text : o.utterance;
  lf::Value& lfv = line.form;
  auto ex = open_executor(o);
  if (!ex) return kInputErrors;
  if (o.dump == "plank") {
    auto module = ex->compile(lfv, utterance, &error);
    if (!module) {
      std::fputs(error.c_str(), stderr);
      return kInputErrors;
    }
    std::fputs(caip::program_text(*module).c_str(), stdout);
    return kOk;
  }
  caip::ExecResult r = ex->run(lfv, utterance, file);
  if (r.invalid) {
    std::fputs(r.error.c_str(), stderr);
    return kInputErrors;
  }
  if (!o.render.empty()) {
    render::IsoOptions iso;
    iso.tile = o.tile;
    auto pic = render::render_isometric(ex->world(), iso);
    if (!render::write_png(pic.image, o.render, &error)) fmt::print(stderr, "plank exec-lf: {}\n", error);
  }
  if (o.output.json) {
    nlohmann::json j{{"action", r.action},          {"outcome", caip::outcome_name(r.outcome)},
                     {"reply", r.reply},            {"blocks_changed", r.blocks_changed},
                     {"entities_changed", r.entities_changed}, {"error", r.error}};
    std::puts(j.dump().c_str());
  } else {
    fmt::print("{}\n", r.reply);
    fmt::print("[{}: {}; {} blocks changed, {} entity changes]\n", r.action, caip::outcome_name(r.outcome),
               r.blocks_changed, r.entities_changed);
    if (r.internal_error) fmt::print(stderr, "plank exec-lf: internal error: {}", r.error);
  }
  return r.internal_error ? kInputErrors : kOk;
}

int exec_jsonl(const ExecLfOptions& o) {
  std::string error;
  SourceRef file = SourceFile::load(o.jsonl, &error);
  if (!file) {
    fmt::print(stderr, "plank exec-lf: {}\n", error);
    return kInputErrors;
  }
  auto ex = open_executor(o);
  if (!ex) return kInputErrors;
  struct Counts {
    size_t total = 0, done = 0, asked = 0, refused = 0, errors = 0, invalid = 0;
  };
  Counts all;
  std::map<std::string, Counts> by_action;
  const std::string& text = file->text();
  size_t pos = 0, line_no = 0;
  bool first = true;
  std::FILE* log = o.log.empty() ? nullptr : std::fopen(o.log.c_str(), "w");
  if (!o.log.empty() && !log) {
    fmt::print(stderr, "plank exec-lf: cannot write '{}'\n", o.log);
    return kInputErrors;
  }
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    Span range{uint32_t(pos), uint32_t(end)};
    ++line_no;
    bool blank = text.find_first_not_of(" \t\r", pos) >= end;
    pos = end + 1;
    if (blank) continue;
    if (o.limit && int(all.total) >= o.limit) break;
    DiagnosticSink line_sink;
    auto v = lf::read_json(file, range, line_sink);
    ++all.total;
    const lf::Value* form = v ? v->find("logical_form") : nullptr;
    const lf::Value* utt = v ? v->find("text") : nullptr;
    if (!form || !utt || !utt->is_string()) {
      ++all.invalid;
      fmt::print(stderr, "{}:{}: not a {{\"text\", \"logical_form\"}} line\n", o.jsonl, line_no);
      continue;
    }
    if (!first && !ex->reset(&error)) {
      fmt::print(stderr, "plank exec-lf: {}\n", error);
      return kInputErrors;
    }
    first = false;
    caip::ExecResult r = ex->run(*form, utt->string, file);
    if (log) {
      nlohmann::json j{{"line", line_no}, {"text", utt->string}, {"action", r.action},
                       {"outcome", caip::outcome_name(r.outcome)}, {"reply", r.reply}, {"blocks_changed", r.blocks_changed}};
      std::fputs((j.dump() + "\n").c_str(), log);
    }
    Counts& c = by_action[r.action.empty() ? "INVALID" : r.action];
    ++c.total;
    if (r.invalid) {
      ++all.invalid, ++c.invalid;
      std::fputs(r.error.c_str(), stderr);
    } else if (r.internal_error) {
      ++all.errors, ++c.errors;
      fmt::print(stderr, "{}:{}: internal error on \"{}\": {}\n{}", o.jsonl, line_no, utt->string, r.error, r.program);
    } else if (r.outcome == caip::Outcome::Done) {
      ++all.done, ++c.done;
    } else if (r.outcome == caip::Outcome::Asked) {
      ++all.asked, ++c.asked;
    } else {
      ++all.refused, ++c.refused;
    }
  }
  if (log) std::fclose(log);
  if (o.output.json) {
    nlohmann::json j{{"total", all.total}, {"done", all.done}, {"asked", all.asked}, {"refused", all.refused},
                     {"errors", all.errors}, {"invalid", all.invalid}};
    nlohmann::json per = nlohmann::json::object();
    for (auto& [k, c] : by_action)
      per[k] = {{"total", c.total}, {"done", c.done}, {"asked", c.asked}, {"refused", c.refused}, {"errors", c.errors}};
    j["by_action"] = per;
    std::puts(j.dump().c_str());
  } else {
    fmt::print("| action | total | done | asked | refused | errors |\n|---|---|---|---|---|---|\n");
    for (auto& [k, c] : by_action) fmt::print("| {} | {} | {} | {} | {} | {} |\n", k, c.total, c.done, c.asked, c.refused, c.errors);
    fmt::print("| **all** | {} | {} | {} | {} | {} |\n", all.total, all.done, all.asked, all.refused, all.errors);
  }
  return all.errors || all.invalid ? kInputErrors : kOk;
}

}  // namespace

void register_exec_lf(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("exec-lf", "Compile CAIP logical forms to Plank and run them in a world");
  auto o = std::make_shared<ExecLfOptions>();
  cmd->add_option("file", o->file, "a logical form (JSON), or a {\"text\", \"logical_form\"} line");
  cmd->add_option("--jsonl", o->jsonl, "a data set: one {\"text\", \"logical_form\"} object a line");
  cmd->add_option("--utterance", o->utterance, "the command the form's spans point into");
  cmd->add_option("--scene", o->scene, "a built-in scene (village) or a scene file (default village)");
  cmd->add_option("--render", o->render, "write a picture of the world after the command (PNG)");
  cmd->add_option("--dump", o->dump, "print the generated program and stop: plank")->check(CLI::IsMember({"plank"}));
  cmd->add_option("--engine", o->engine, "the engine that runs the program: interp (the default for one-shot programs) or jit")
      ->check(CLI::IsMember(engine::engine_names()));
  cmd->add_option("--log", o->log, "with --jsonl: write each line's outcome and reply to this JSONL file");
  cmd->add_option("--policy", o->policy,
                  "the conversation policy (Plank; default: stdlib/caip/conversation.plank, or $PLANK_STDLIB/caip/...)");
  cmd->add_option("--tile", o->tile, "with --render: pixels per block edge (default 12)");
  cmd->add_option("--limit", o->limit, "with --jsonl: only the first N lines");
  cmd->add_flag("--shapes", o->shapes, "print the shape library (Markdown) and stop");
  cmd->add_flag("--assume", o->assume, "take the documented default instead of asking, and say so");
  cmd->add_flag("--json", o->output.json, "machine-readable output");
  cmd->callback([&action, o] {
    action = [o]() -> int {
      if (o->shapes) {
        std::fputs(caip::shapes_markdown().c_str(), stdout);
        return kOk;
      }
      if (o->file.empty() == o->jsonl.empty()) {
        fmt::print(stderr, "plank exec-lf: give either FILE.json or --jsonl FILE.jsonl\n");
        return kUsage;
      }
      return o->jsonl.empty() ? exec_one(*o) : exec_jsonl(*o);
    };
  });
}

}  // namespace plank::cli
