// The world tells one observer; the action log, memory sync and others may all
// want to hear. The hub forwards each event to every observer, in the order
// they were added.
#pragma once
#include <algorithm>
#include <vector>

#include "world/voxels/world.h"

namespace plank::agent {

class ObserverHub : public world::WorldObserver {
 public:
  void add(world::WorldObserver* o) { observers_.push_back(o); }
  void remove(world::WorldObserver* o) { std::erase(observers_, o); }
  void on_block(const world::BlockChange& c) override {
    for (auto* o : observers_) o->on_block(c);
  }
  void on_entity(const world::Entity* before, const world::Entity* after) override {
    for (auto* o : observers_) o->on_entity(before, after);
  }
  void on_annotation(size_t index, const world::Annotation* before, const world::Annotation* after) override {
    for (auto* o : observers_) o->on_annotation(index, before, after);
  }

 private:
  std::vector<world::WorldObserver*> observers_;
};

}  // namespace plank::agent
