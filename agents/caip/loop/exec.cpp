#include "agents/caip/loop/exec.h"

#include <filesystem>

#include "agents/caip/compile/translate.h"
#include "agents/host/host_context.h"
#include "compiler/engine/run.h"
#include "compiler/lf/check.h"
#include "compiler/lf/json_reader.h"
#include "world/voxels/scene_io.h"

namespace plank::caip {

namespace {

// The history replayed after loading: the "caip_history" list of a scene,
// [{"text": ..., "logical_form": {...}}], run through the same pipeline.
std::optional<std::vector<std::pair<std::string, lf::Value>>> read_history(const SourceRef& file, DiagnosticSink& sink) {
  auto root = lf::read_json(file, sink);
  if (!root) return std::nullopt;
  std::vector<std::pair<std::string, lf::Value>> out;
  const lf::Value* h = root->find("caip_history");
  if (!h || !h->is_list()) return out;
  for (const auto& item : h->items) {
    const lf::Value* text = item.find("text");
    const lf::Value* form = item.find("logical_form");
    if (text && text->is_string() && form) out.push_back({text->string, *form});
  }
  return out;
}

}  // namespace

std::string scene_path(const std::string& scene) {
  if (scene.find('/') != std::string::npos || scene.ends_with(".json")) return scene;
  return std::string(PLANK_SCENES_DIR) + "/" + scene + ".json";
}

Executor::~Executor() = default;

std::unique_ptr<Executor> Executor::open(const ExecOptions& options, DiagnosticSink& sink) {
  std::unique_ptr<Executor> e(new Executor());
  e->options_ = options;
  std::string error;
  e->scene_file_ = SourceFile::load(scene_path(options.scene), &error);
  if (!e->scene_file_) {
    sink.error(nullptr, Span{}, "cannot read scene '" + options.scene + "': " + error, "caip.scene");
    return nullptr;
  }
  std::string warning;
  e->registry_ = world::BlockRegistry::load_default(&warning);
  if (!e->load(&error)) {
    sink.error(nullptr, Span{}, error, "caip.scene");
    return nullptr;
  }
  return e;
}

bool Executor::load(std::string* error) {
  DiagnosticSink sink;
  session_.reset();
  world_ = world::load_scene(scene_file_, registry_, sink);
  if (!world_) {
    *error = render_text(sink.all(), {});
    return false;
  }
  AssistantOptions so;
  so.assume = false;
  session_ = std::make_unique<Assistant>(*world_, so);
  if (options_.history) {
    auto history = read_history(scene_file_, sink);
    if (!history) {
      *error = render_text(sink.all(), {});
      return false;
    }
    for (auto& [text, form] : *history) {
      ExecResult r = run(form, text);
      if (r.internal_error || r.invalid) {
        *error = "the scene's caip_history command \"" + text + "\" failed: " + r.error;
        return false;
      }
    }
  }
  session_->set_assume(options_.assume);
  pristine_ = session_->snapshot();
  return true;
}

bool Executor::reset(std::string* error) {
  if (pristine_ && session_->restore(*pristine_)) return true;
  return load(error);
}

std::optional<std::string> Executor::compile(const lf::Value& form, const std::string& utterance, std::string* error) {
  lf::Utterance utt = lf::Utterance::from_text(utterance);
  DiagnosticSink sink;
  auto file = SourceFile::from_string("<form>", lf::to_json_text(form));
  lf::CheckResult checked = lf::check_logical_form(form, &utt, file, sink);
  if (!checked.valid) {
    *error = render_text(sink.all(), {});
    return std::nullopt;
  }
  return translate(checked.normalized, utt, {options_.assume}).source;
}

ExecResult Executor::run(const lf::Value& form, const std::string& utterance, SourceRef file) {
  ExecResult r;
  lf::Utterance utt = lf::Utterance::from_text(utterance);
  DiagnosticSink sink;
  if (!file) file = SourceFile::from_string("<form>", lf::to_json_text(form));
  lf::CheckResult checked = lf::check_logical_form(form, &utt, file, sink);
  if (!checked.valid) {
    r.invalid = true;
    r.error = render_text(sink.all(), {});
    r.outcome = Outcome::Refused;
    r.reply = "I couldn't understand that command.";
    return r;
  }
  Translation t = translate(checked.normalized, utt, {options_.assume});
  r.action = t.action;
  r.program = t.source;

  // Changes of one kind in the log, from the `from`-th change on.
  auto count_changes = [&](agent::Change::Kind kind, size_t from) {
    size_t seen = 0, n = 0;
    for (const auto& a : session_->log().actions())
      for (const auto& c : a.changes)
        if (seen++ >= from) n += c.kind == kind;
    return n;
  };
  size_t changes_before = session_->log().change_count();
  size_t entities_before = count_changes(agent::Change::Kind::Entity, 0);
  session_->begin_command(utterance);
  core::HostContext host;
  host.world = world_.get();
  host.caip = session_.get();
  engine::RunOptions ro;
  ro.path = "<caip>";
  ro.source = t.source;
  ro.engine = options_.engine;
  ro.workload = engine::Workload::OneShot;
  ro.host = &host;
  ro.max_steps = 1'000'000;
  std::string out, err;
  ro.out = &out;
  ro.err = &err;
  engine::RunResult run = engine::run_program(ro);
  if (run.exit_code != 0) {
    r.internal_error = true;
    r.error = err.empty() ? std::string("the program failed") : err;
  }
  r.outcome = session_->outcome();
  r.reply = session_->reply();
  if (!r.internal_error && r.outcome == Outcome::None) {
    r.internal_error = true;
    r.error = "the program finished without a reply";
  }
  size_t entities_after = count_changes(agent::Change::Kind::Entity, 0);
  r.entities_changed = entities_after > entities_before ? entities_after - entities_before : 0;
  // Blocks: the block changes of the actions recorded for this command.
  r.blocks_changed = count_changes(agent::Change::Kind::Block, changes_before);
  return r;
}

}  // namespace plank::caip
