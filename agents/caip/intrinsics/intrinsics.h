// The "caip" intrinsics: what a compiled logical form calls. Declared once
// (intrinsics.cpp) and appended to the core table by register_intrinsics(),
// which agents/host/register_intrinsics.cpp calls once.
#pragma once

namespace plank::caip {

void register_intrinsics();

}  // namespace plank::caip
