// The host side of a running program: what world intrinsics (CAIP actions,
// DEPS skills, memory queries) act on. core::Thread holds a HostContext* that
// the embedder (the CLI, the REPL, a test) fills; the language core only
// forwards the pointer. Each domain owns its own session type and reaches it
// through its field here, so domains never see each other's internals.
#pragma once

namespace plank::world {
class World;
}
namespace plank::memory {
class AgentMemory;
}
namespace plank::deps {
class Session;  // agents/deps: inventory, controller, plan execution state
}
namespace plank::caip {
class Session;  // agents/caip: agent, speaker, task stack, undo log, dialogue state
}

namespace plank::core {

struct HostContext {
  world::World* world = nullptr;
  memory::AgentMemory* memory = nullptr;
  deps::Session* deps = nullptr;
  caip::Session* caip = nullptr;
};

}  // namespace plank::core
