// DANLI's symbolic state, built from what the agent perceives: the world
// runtime's block objects (world/voxels/perception.h) within a view radius of
// the agent, never the whole world. It is a memory, as DANLI's semantic map
// is: an object seen earlier and now out of view stays where it was seen; an
// object whose remembered cells are in view but empty is forgotten.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "world/voxels/world.h"

namespace plank::danli {

struct SeenObject {
  std::string name;                 // PDDL-safe and stable across observations: "sand-1"
  std::string kind;                 // the block most of it is made of: "sand"
  std::vector<std::string> labels;  // the names and tags the world annotates it with ("table")
  std::vector<world::Coord> cells;
  std::optional<world::Coord> stand;  // a cell the agent can stand at within reach of it
  bool in_view = false;               // part of the latest observation
  int seen_at_step = 0;
};

struct ViewOptions {
  double radius = 7.0;  // blocks, from the agent's feet to an object's nearest cell
};

class SymbolicState {
 public:
  // One observation: what is within view now updates the memory.
  void observe(const world::World& world, world::Coord feet, const ViewOptions& view, int step);

  const std::vector<SeenObject>& objects() const { return objects_; }
  const SeenObject* find(const std::string& name) const;
  // Objects a description names: its kind ("sand") or a label ("table"), case-insensitive.
  std::vector<const SeenObject*> matching(const std::string& description) const;

  // What the agent holds (a block kind), as the loop tracks it.
  std::optional<std::string> holding;
  std::string held_name;  // the name the held object had
  world::Coord feet;

 private:
  std::vector<SeenObject> objects_;
  int next_id_ = 1;
};

// The words of a description that a kind or label is matched on: lower case,
// spaces and dashes as '_'.
std::string normalise_word(const std::string& s);

}  // namespace plank::danli
