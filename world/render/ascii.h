// Terminal pictures: a top-down map (x across, z down: north at the top) and a
// side view from the south (x across, y up). Each block type in view gets a
// letter, listed in a legend; '.' is untouched ground, '_' a hole, A the agent,
// S a speaker, M a mob.
#pragma once
#include <string>

#include "world/render/view.h"
#include "world/voxels/world.h"

namespace plank::render {

std::string render_ascii(const world::World& world, const ViewOptions& options = {});

}  // namespace plank::render
