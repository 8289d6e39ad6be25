#include "agents/caip/loop/exec.h"

#include <filesystem>

#include "agents/caip/compile/translate.h"
#include "agents/caip/loop/policy.h"
#include "compiler/engine/program_state.h"
#include "compiler/frontend/parser.h"
#include "compiler/lf/check.h"
#include "compiler/lf/json_reader.h"
#include "support/data_paths.h"
#include "world/memory/agent_memory.h"
#include "world/voxels/scene_io.h"

#include <nlohmann/json.hpp>

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
  return data_path(DataItem::Scenes) + "/" + scene + ".json";
}

// A command may run this many steps of Plank (its own and the policy's).
constexpr int64_t kCommandSteps = 1'000'000;

Executor::Executor() = default;
Executor::~Executor() = default;

std::unique_ptr<Executor> Executor::open(const ExecOptions& options, DiagnosticSink& sink) {
  std::unique_ptr<Executor> e(new Executor());
  e->options_ = options;
  if (e->options_.policy.empty()) e->options_.policy = default_policy_path();
  if (!e->load_policy(sink)) return nullptr;
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

// The policy is the first input of the program state and stays: every command
// after it calls its functions by name (the checker knows them as globals).
bool Executor::load_policy(DiagnosticSink& sink) {
  engine::ProgramStateOptions po;
  po.engine = options_.engine;
  po.workload = engine::Workload::OneShot;
  po.debug = false;
  po.host = &host_;
  program_ = std::make_unique<engine::ProgramState>(po);
  if (!program_->error().empty()) {
    sink.error(nullptr, Span{}, program_->error(), "caip.engine");
    return false;
  }
  std::string error;
  SourceRef file = SourceFile::load(options_.policy, &error);
  if (!file) {
    sink.error(nullptr, Span{}, "cannot read the conversation policy '" + options_.policy + "': " + error, "caip.policy");
    return false;
  }
  auto module = frontend::parse_module(file, sink);
  if (sink.has_errors()) return false;
  engine::InputResult r = program_->run(std::move(module));
  if (!r.ok()) {
    sink.error(nullptr, Span{}, "the conversation policy '" + options_.policy + "' did not load:\n" + r.messages, "caip.policy");
    return false;
  }
  return true;
}

bool Executor::load(std::string* error) {
  DiagnosticSink sink;
  session_.reset();
  host_ = {};
  world_ = world::load_scene(scene_file_, registry_, sink);
  if (!world_) {
    *error = render_text(sink.all(), {});
    return false;
  }
  AssistantOptions so;
  so.assume = false;
  if (!open_memory(error)) return false;
  session_ = std::make_unique<Assistant>(*world_, so, memory_.get());
  host_.world = world_.get();
  host_.memory = memory_.get();
  host_.caip = session_.get();
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

bool Executor::open_memory(std::string* error) {
  std::string why;
  auto fresh = memory::AgentMemory::open(":memory:", &why);
  if (!fresh) {
    *error = "the agent's memory did not open: " + why;
    return false;
  }
  if (session_) session_->set_memory(fresh.get());
  host_.memory = fresh.get();
  memory_ = std::move(fresh);
  return true;
}

bool Executor::reset(std::string* error) {
  // The memory is rebuilt from the restored world and tasks when next asked.
  if (pristine_ && session_->restore(*pristine_)) return open_memory(error);
  return load(error);
}

std::unique_ptr<ast::Module> Executor::compile(const lf::Value& form, const std::string& utterance, std::string* error) {
  lf::Utterance utt = lf::Utterance::from_text(utterance);
  DiagnosticSink sink;
  auto file = SourceFile::from_string("<form>", lf::to_json_text(form));
  lf::CheckResult checked = lf::check_logical_form(form, &utt, file, sink);
  if (!checked.valid) {
    *error = render_text(sink.all(), {});
    return nullptr;
  }
  return translate(checked.normalized, utt).module;
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
  Translation t = translate(checked.normalized, utt);
  r.action = t.action;

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
  engine::ModuleInput once;
  once.keep = false;  // forgotten after it ran: the state stays the policy's
  once.max_steps = kCommandSteps;
  engine::InputResult run = program_->run(std::move(t.module), once);
  if (!run.ok()) {
    r.internal_error = true;
    r.error = run.messages.empty() ? std::string("the program failed") : run.messages;
  }
  r.outcome = session_->outcome();
  r.reply = session_->reply();
  if (!r.internal_error && r.outcome == Outcome::None) {
    r.internal_error = true;
    r.error = "the program finished without a reply";
  }
  if (r.internal_error) r.program = program_text(*translate(checked.normalized, utt).module);  // the same module, to show
  size_t entities_after = count_changes(agent::Change::Kind::Entity, 0);
  r.entities_changed = entities_after > entities_before ? entities_after - entities_before : 0;
  // Blocks: the block changes of the actions recorded for this command.
  r.blocks_changed = count_changes(agent::Change::Kind::Block, changes_before);
  r.built = session_->built;
  r.agent = session_->agent().feet();
  return r;
}

std::string scene_after(const world::World& world, const std::string& utterance, const ExecResult& result) {
  std::string scene = world::save_scene(world);
  nlohmann::json built = nlohmann::json::array();
  for (const auto& b : result.built)
    built.push_back({{"name", b.name},
                     {"from", {b.bounds.min.x, b.bounds.min.y, b.bounds.min.z}},
                     {"to", {b.bounds.max.x, b.bounds.max.y, b.bounds.max.z}},
                     {"blocks", b.blocks}});
  nlohmann::json command{{"text", utterance},
                         {"action", result.action},
                         {"outcome", outcome_name(result.outcome)},
                         {"reply", result.reply},
                         {"built", built}};
  // save_scene ends with "\n}\n": the command goes in as the last key.
  size_t end = scene.rfind('}');
  return scene.substr(0, end > 0 ? end - 1 : end) + ",\n  \"caip_command\": " + command.dump() + "\n}\n";
}

}  // namespace plank::caip
