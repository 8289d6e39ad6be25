// One call that appends every domain's intrinsics (DEPS skills, CAIP world
// actions, neural parse/select) to the intrinsics table. Call it once, before
// anything compiles against the table (the CLI's main, test mains); further
// calls do nothing. Each domain declares its own table in its folder
// (agents/deps/intrinsics.cpp, ...) and is listed once in the .cpp.
#pragma once

namespace plank::host {

void register_host_intrinsics();

}  // namespace plank::host
