// The part of the world a picture shows: the cells that changed (builds and
// holes) and the entities, with a margin of ground around them and a slab of
// ground below. Shared by the isometric and ASCII renderers so both show the same thing.
#pragma once
#include "world/voxels/world.h"

namespace plank::render {

struct ViewOptions {
  int margin = 3;          // cells of ground around the content
  int ground_depth = 2;    // ground layers shown below the surface (more where holes go deeper)
  int max_extent = 256;    // per axis: a guard against drawing an enormous world
};

world::Box view_box(const world::World& world, const ViewOptions& options = {});

}  // namespace plank::render
