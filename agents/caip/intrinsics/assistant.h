// A CAIP session: the agent, the speaker it listens to, its task stack and
// undo log, and the dialogue state (the last object talked about, the reply
// being written, whether the command was done, asked about or refused). The
// intrinsics of the "caip" category (agents/caip/intrinsics/intrinsics.cpp) act on the
// session a HostContext points at; a compiled logical form is a Plank program
// calling them.
//
// Values crossing into Plank are small handles: an object found by a
// reference is an int index into things(), a location an int index into
// locations(), a schematic an int index into schematics(). Handles live as
// long as the command (begin_command() clears them).
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agents/caip/intrinsics/doubts.h"
#include "agents/caip/intrinsics/shapes.h"
#include "runtime/value.h"
#include "world/agent/actions.h"
#include "world/voxels/raycast.h"
#include "world/voxels/world.h"

namespace plank::memory {
class AgentMemory;
}
namespace plank::core {
struct Thread;
}

namespace plank::caip {

using world::Box;
using world::Coord;

enum class Outcome : uint8_t { None, Done, Asked, Refused };
const char* outcome_name(Outcome o);  // "none", "done", "asked", "refused"

// Something a reference object can denote.
enum class ThingKind : uint8_t { Object, Hole, Mob, Speaker, Agent };
struct Thing {
  ThingKind kind = ThingKind::Object;
  std::string name;                // the annotation's name, the mob type, "speaker", "agent", or ""
  std::vector<std::string> names;  // every name and tag that matches it (lemmas)
  std::vector<Coord> cells;        // objects and holes: sorted; entities: the feet cell
  Box bounds;
  std::string colour;              // dominant colour word ("" for holes and entities)
  std::string block;               // dominant block name
  std::map<std::string, int> blocks;   // block name -> cells (objects)
  std::map<std::string, int> colours;  // colour word -> cells (objects)
  int order = -1;                  // named objects: their place in the world's annotations (newer is larger)
  world::EntityId entity = 0;      // mobs, speaker, agent
  std::string describe() const;    // "the house at (3, 0, 2)"
  Coord centre() const;
};

// A resolved location: a point, and when it came from an object and a
// direction, the object's bounds and the world-axis direction to place things
// away from it (placement.h says where a shape goes for it).
struct Location {
  Coord at;
  std::optional<Box> anchor;
  std::vector<Coord> anchor_cells;  // the anchor object's cells (sorted; empty for a point)
  std::string anchor_describe;      // "the wall at (-6, 0, -4)"
  Coord away{0, 0, 0};              // unit world vector, {0,0,0}: none (build centred on `at`)
  std::string direction;            // the relative direction it was resolved with ("": none)
  long copy = 0;                    // which copy of a repeat goes here (0: the first or only one)
  int base = -1;                    // a copy of a repeat: the location the repeat was laid out from
  Coord step{0, 0, 0};              // a copy of a repeat: from one copy to the next (the shape's extent + 1)
  bool exact = false;               // the words place it (coordinates, a copy stacked up or down): built there, held up or not
  std::string describe;
};

struct Schematic {
  const ShapeDef* shape = nullptr;
  std::string name;  // what the speaker called it
  ShapeParams params;
  world::BlockId block = 0;       // main material
  bool block_given = false;
  world::BlockId stripe = 0;      // a second colour ("a white and black tower"): every other layer (flat shapes: a checkerboard)
  bool doorway = false;           // "a building with a door": a doorway cut into the shell's wall facing the speaker
  Coord door_facing{0, 0, -1};    // that wall's outward side (set when the build is placed)
};

// What a build left to do when its time ran out: RESUME places the rest.
struct PendingBuild {
  std::vector<std::pair<Coord, world::BlockId>> cells;  // not placed yet, in build order
  std::string name;                                       // the annotation the finished build gets
  std::vector<std::string> tags;
  std::vector<Coord> all_cells;                           // every solid cell of the whole build
};

struct AssistantOptions {
  bool assume = false;            // the speaker allows assumptions (`--assume`): the policy reads it
  uint64_t tick_budget = 20 * 60 * 20;  // game ticks one command may use (20 minutes)
  int max_loop_steps = 200;       // NEVER / until loops stop after this many steps
  std::string speaker;            // "" = the scene's first speaker
};

struct TaskInfo {
  agent::TaskId id = 0;
  std::string action;             // BUILD, DIG, MOVE, DANCE ...
  std::string what;               // "a house", "to the tree"
};

class Assistant {
 public:
  Assistant(world::World& world, AssistantOptions options = {}, memory::AgentMemory* memory = nullptr);
  ~Assistant();
  Assistant(const Assistant&) = delete;
  Assistant& operator=(const Assistant&) = delete;

  world::World& world() { return world_; }
  agent::Agent& agent() { return agent_; }
  agent::TaskStack& tasks() { return tasks_; }
  agent::ActionLog& log() { return log_; }
  agent::GameClock& clock() { return clock_; }
  memory::AgentMemory* memory() { return memory_; }
  void set_memory(memory::AgentMemory* memory) { memory_ = memory; }
  const AssistantOptions& options() const { return options_; }
  void set_assume(bool a) { options_.assume = a; }

  const world::Entity* speaker() const;
  // The speaker's frame, snapped to world axes: forward and right unit vectors.
  Coord forward() const;
  Coord right() const;
  // The cell the speaker looks at (the face's neighbour: where "there" is).
  std::optional<Coord> look_cell() const;
  std::optional<Coord> look_block() const;
  std::optional<world::RayHit> look_hit() const;
  // Natural ground and air may be built over; anything else belongs to something.
  bool natural_or_air(Coord c) const {
    world::BlockId b = world_.block(c);
    return b == world::kAir || b == world_.natural(c);
  }
  // The most specific object (the one with fewest cells) holding a cell, or null.
  const Thing* thing_at(Coord c);

  // Walking further than this is refused: A*'s search box grows with the distance.
  static constexpr int kMaxWalk = 200;
  bool within_walk(Coord goal) const;

  // ---- one command
  void begin_command(std::string utterance);
  const std::string& utterance() const { return utterance_; }
  Outcome outcome() const { return outcome_; }
  const std::string& reply() const { return reply_; }
  // Dialogue: say appends a sentence; ask/refuse/done set the outcome (the
  // first ask or refuse wins over a later done).
  void say(std::string sentence);
  void ask(std::string question);
  void refuse(std::string reason);
  void mark_done();
  bool budget_left() const;

  // ---- doubts (doubts.h): what the intrinsics cannot settle goes to the policy.
  // True: go on with the default (the policy said so). False: the doubt is raised
  // and the caller returns nullopt / false; the resolving intrinsic hands it over.
  bool unsure(Doubt d) { return doubts_.unsure(std::move(d)); }
  DoubtState& doubts() { return doubts_; }
  // How to go on from each doubt raised this command, by token: the resolving
  // call again with `taken` doubts settled by their defaults (intrinsics.cpp).
  struct GoOn {
    std::function<core::Value(core::Thread*)> call;
    int taken = 0;
  };
  std::vector<GoOn> go_ons;
  uint64_t command_start_tick() const { return command_start_; }

  // ---- perception and handles
  const std::vector<Thing>& things();  // recomputed when the world changed
  const Thing& thing(int handle) const { return handles_.at(size_t(handle)); }
  int add_thing(Thing t);              // a handle
  bool valid_thing(int h) const { return h >= 0 && size_t(h) < handles_.size(); }
  int add_location(Location l);
  const Location& location(int h) const { return locations_.at(size_t(h)); }
  bool valid_location(int h) const { return h >= 0 && size_t(h) < locations_.size(); }
  int add_schematic(Schematic s);
  const Schematic& schematic(int h) const { return schematics_.at(size_t(h)); }
  bool valid_schematic(int h) const { return h >= 0 && size_t(h) < schematics_.size(); }

  // What this command built and named (exec-lf reports it, --save-scene marks it).
  struct Built {
    std::string name;
    Box bounds;
    size_t blocks = 0;
  };
  std::vector<Built> built;
  // The object talked about last (coreference: "it", "that").
  std::optional<Thing> last_referenced;
  // Tags given to creatures (blocks carry theirs in world annotations).
  std::map<world::EntityId, std::vector<std::string>> entity_tags;
  // Where each copy of a repeat was built this command, by (its layout's base location, copy): the next copy
  // goes one step on from where the one before it really went, so a copy shifted out of the way does not
  // scatter the row.
  std::map<std::pair<int, long>, Coord> copy_sites;
  // Builds paused by the tick budget, by task.
  std::map<agent::TaskId, PendingBuild> pending;
  // Rewards the speaker gave (+1 / -1), oldest first.
  std::vector<int> rewards;
  // What the agent is doing / did: tasks with their CAIP action names.
  std::vector<TaskInfo> task_log;
  agent::TaskId start_task(const std::string& action, const std::string& what);
  void finish_task(agent::TaskId id, bool ok);
  const TaskInfo* task_info(agent::TaskId id) const;

  // The dialogue and task state (not the world: the action log restores that),
  // so a run can go back to a point: exec-lf --jsonl resets the scene this way.
  struct Snapshot {
    agent::TaskStack tasks;
    std::vector<TaskInfo> task_log;
    std::optional<Thing> last_referenced;
    std::map<world::EntityId, std::vector<std::string>> entity_tags;
    std::vector<int> rewards;
    std::map<agent::TaskId, PendingBuild> pending;
    size_t log_actions = 0;
  };
  Snapshot snapshot() const;
  // Undoes every action recorded since the snapshot and restores its state.
  // False (and the world as undone so far) when the log cannot go back.
  bool restore(const Snapshot& snap);

  // Perception is cached; every action that changes the world calls this.
  void invalidate() { things_at_changes_ = size_t(-1); }

 private:
  world::World& world_;
  AssistantOptions options_;
  memory::AgentMemory* memory_;
  agent::GameClock clock_;
  agent::TaskStack tasks_;
  agent::ActionLog log_;
  agent::Agent agent_;
  std::string utterance_;
  std::string reply_;
  Outcome outcome_ = Outcome::None;
  uint64_t command_start_ = 0;
  std::vector<Thing> things_;
  size_t things_at_changes_ = size_t(-1);
  std::vector<Thing> handles_;
  std::vector<Location> locations_;
  std::vector<Schematic> schematics_;
  DoubtState doubts_;
};

}  // namespace plank::caip
