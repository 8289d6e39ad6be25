// `plank exec-lf`: compile CAIP logical forms to Plank and run them in a world.
//
//   plank exec-lf FORM.json --utterance "..." [--scene NAME|FILE] [--render out.png] [--save-scene out.json] [--json]
//                 [--assume] [--dump=plank] [--engine=interp|jit] [--policy FILE]
//   plank exec-lf --jsonl FILE.jsonl [--scene NAME] [--json] [--log OUT.jsonl]
//
// One form: prints the reply and what changed. A data set: agents/caip/eval
// runs each line in a fresh copy of the scene and tallies the outcomes; this
// prints them. Exit codes: 0 ok, 1 input errors (or internal errors), 2 usage.
#include <fmt/format.h>

#include <cstdio>
#include <nlohmann/json.hpp>

#include "agents/caip/compile/translate.h"
#include "agents/caip/eval/evaluate.h"
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
  std::string file, jsonl, utterance, scene = "village", render, dump, engine, log, policy, save_scene;
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
  if (!o.save_scene.empty()) {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> out(std::fopen(o.save_scene.c_str(), "w"), &std::fclose);
    if (!out) {
      fmt::print(stderr, "plank exec-lf: cannot write '{}'\n", o.save_scene);
      return kInputErrors;
    }
    std::fputs(caip::scene_after(ex->world(), utterance, r).c_str(), out.get());
  }
  if (o.output.json) {
    nlohmann::json built = nlohmann::json::array();
    for (const auto& b : r.built)
      built.push_back({{"name", b.name},
                       {"from", {b.bounds.min.x, b.bounds.min.y, b.bounds.min.z}},
                       {"to", {b.bounds.max.x, b.bounds.max.y, b.bounds.max.z}},
                       {"blocks", b.blocks}});
    nlohmann::json j{{"action", r.action},          {"outcome", caip::outcome_name(r.outcome)},
                     {"reply", r.reply},            {"blocks_changed", r.blocks_changed},
                     {"entities_changed", r.entities_changed}, {"error", r.error},
                     {"built", built},              {"agent", {r.agent.x, r.agent.y, r.agent.z}}};
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
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> log(o.log.empty() ? nullptr : std::fopen(o.log.c_str(), "w"), &std::fclose);
  if (!o.log.empty() && !log) {
    fmt::print(stderr, "plank exec-lf: cannot write '{}'\n", o.log);
    return kInputErrors;
  }
  caip::EvalOptions eo;
  eo.limit = size_t(std::max(0, o.limit));
  if (log) eo.log = [&](const std::string& line) { std::fputs(line.c_str(), log.get()); };
  eo.problem = [](const std::string& message) { std::fputs(message.c_str(), stderr); };
  caip::Evaluation ev;
  if (!caip::evaluate(*ex, file, eo, &ev, &error)) {
    fmt::print(stderr, "plank exec-lf: {}\n", error);
    return kInputErrors;
  }
  if (o.output.json) std::puts(ev.json().c_str());
  else std::fputs(ev.markdown().c_str(), stdout);
  return ev.all.errors || ev.all.invalid ? kInputErrors : kOk;
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
  cmd->add_option("--tile", o->tile, "with --render: pixels per block edge (default 12)")->check(CLI::Range(4, 64));
  cmd->add_option("--save-scene", o->save_scene,
                  "write the world after the command as a plank-scene (with what the command built under caip_command)");
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
