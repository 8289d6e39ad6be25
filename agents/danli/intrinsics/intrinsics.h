// DANLI's intrinsics and the planner's: plan(domain, problem), and the loop's
// steps (danli_problem, danli_plan, danli_act, danli_done). See intrinsics.cpp.
#pragma once

namespace plank::danli {

void register_intrinsics();

}  // namespace plank::danli
