// Runs logical forms in a world: load the conversation policy (policy.h) into
// a live program state, load a scene (a built-in name or a file), replay its
// command history, then for each form: normalise + validate, compile to a
// Plank module (translate.h), run it after the policy with the CAIP assistant
// as host (the module is forgotten once it has run), and report the outcome
// and the reply.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "agents/caip/intrinsics/assistant.h"
#include "agents/host/host_context.h"
#include "compiler/frontend/ast.h"
#include "compiler/lf/value.h"
#include "support/diagnostics.h"

namespace plank::engine {
class ProgramState;
}
namespace plank::memory {
class AgentMemory;
}

namespace plank::caip {

struct ExecOptions {
  std::string scene = "village";  // a built-in scene name or a scene file
  bool assume = false;
  std::string engine;             // runs the compiled program; "": engine::default_engine(OneShot)
  bool history = true;            // replay the scene's caip_history first
  std::string policy;             // the conversation policy (a .plank file); "": default_policy_path()
};

struct ExecResult {
  std::string action;             // first action type or dialogue type
  Outcome outcome = Outcome::None;
  std::string reply;
  std::string program;            // with internal_error: the compiled command as Plank source
  bool invalid = false;           // the form failed validation (diagnostics in `error`)
  bool internal_error = false;    // the program did not compile or raised: a Plank bug
  std::string error;
  size_t blocks_changed = 0;      // world cells changed by this command
  size_t entities_changed = 0;
  std::vector<Assistant::Built> built;  // the objects this command built and named
  world::Coord agent;                   // the agent's feet after the command
};

// The world after a command as a plank-scene (world/voxels/scene_io.h: every
// changed block, the named objects, the agent, speakers, mobs) with a
// "caip_command" entry: the utterance, outcome, reply, and the objects the
// command built, each named after what was built with its bounds. Loading it
// gives that world back (the extra key is ignored), so a test can diff the
// scene before a command against the scene after it.
std::string scene_after(const world::World& world, const std::string& utterance, const ExecResult& result);

// The path of a built-in scene ("village"), or the argument when it names a file.
std::string scene_path(const std::string& scene);

class Executor {
 public:
  // nullptr with the scene's diagnostics in sink on error.
  static std::unique_ptr<Executor> open(const ExecOptions& options, DiagnosticSink& sink);
  ~Executor();

  // Runs one form (JSON value, spans into `utterance`) in the current world;
  // `file` is the text the form's spans point into (diagnostics), null: none.
  ExecResult run(const lf::Value& form, const std::string& utterance, SourceRef file = nullptr);
  // Compiles only (for --dump=plank): the module, or null with the form's diagnostics in *error.
  std::unique_ptr<ast::Module> compile(const lf::Value& form, const std::string& utterance, std::string* error);
  // Back to the scene as loaded (and its history replayed): jsonl runs each line in a fresh copy.
  // By undoing the action log back to that point; reloading only when that fails.
  bool reset(std::string* error);

  world::World& world() { return *world_; }
  Assistant& session() { return *session_; }

 private:
  Executor();
  bool load_policy(DiagnosticSink& sink);
  bool load(std::string* error);
  bool open_memory(std::string* error);
  ExecOptions options_;
  core::HostContext host_;  // what the program state's thread acts on: world_ and session_
  std::unique_ptr<engine::ProgramState> program_;
  SourceRef scene_file_;
  std::shared_ptr<const world::BlockRegistry> registry_;
  std::unique_ptr<world::World> world_;
  // The agent's SQLite memory (in memory): questions are answered from it. A
  // fresh one for each reset scene, so nothing leaks from one line to the next.
  std::unique_ptr<memory::AgentMemory> memory_;
  std::unique_ptr<Assistant> session_;
  std::optional<Assistant::Snapshot> pristine_;
};

}  // namespace plank::caip
