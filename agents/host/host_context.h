// The host side of a running program: what world intrinsics (CAIP actions,
// DEPS skills, memory queries) act on. core::Thread holds a HostContext* that
// the embedder (the CLI, the REPL, a test) fills; the language core only
// forwards the pointer. Each agent system owns its own state type and reaches it
// through its field here, so domains never see each other's internals.
#pragma once

namespace plank::world {
class World;
}
namespace plank::memory {
class AgentMemory;
}
namespace plank::deps {
class SkillExecutor;   // agents/deps: the controller skills act on, the plan run's step records
struct EpisodeContext;  // agents/deps: the episode a loop program (stdlib/deps/loop.plank) drives
}
namespace plank::caip {
class Assistant;  // agents/caip: agent, speaker, task stack, undo log, dialogue state
}
namespace plank::danli {
class Session;  // agents/danli: the agent, its symbolic state, the last compiled problem
}
namespace plank::iglu {
class BuildZone;  // agents/iglu: the build zone a builder's place/remove/zone act on
}

namespace plank::core {

struct HostContext {
  world::World* world = nullptr;
  memory::AgentMemory* memory = nullptr;
  deps::SkillExecutor* deps = nullptr;          // plan code's skills act here
  deps::EpisodeContext* deps_episode = nullptr;  // the DEPS loop's intrinsics act here
  caip::Assistant* caip = nullptr;
  danli::Session* danli = nullptr;
  iglu::BuildZone* iglu = nullptr;
};

}  // namespace plank::core
