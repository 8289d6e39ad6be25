// :deps, :inv and :survival (deps.cpp), over agents/deps and world/survival.
#pragma once
#include <string>

namespace plank::repl {

struct State;
void deps_command(State& state, const std::string& arg);
void inventory_command(State& state, const std::string& arg);
// :survival [SEED]: a seeded survival world with a controller and a DEPS session.
void survival_command(State& state, const std::string& arg);

// What the DEPS loop appends to a plan so that it runs (the call of its def).
std::string plan_epilogue(const std::string& code);

struct SurvivalHost;
struct SurvivalHostDeleter {
  void operator()(SurvivalHost* host) const;
};

}  // namespace plank::repl
