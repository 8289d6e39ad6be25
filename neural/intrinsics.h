// The neural intrinsics of the Plank language: parse(text) and parse(text, n).
#pragma once

namespace plank::neural {

// Appends parse to the intrinsics table (agents/host/register_intrinsics.cpp calls it).
void register_intrinsics();

}  // namespace plank::neural
