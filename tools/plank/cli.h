// Shared pieces of the `plank` command line. Each subcommand lives in its own
// cmd_*.cpp and registers itself with register_*(); main.cpp wires them.
#pragma once
#include <CLI/CLI.hpp>

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace plank::cli {

// Exit codes are a contract: scripts and CI rely on them.
enum ExitCode : int { kOk = 0, kInputErrors = 1, kUsage = 2 };

struct OutputOptions {
  bool json = false;
  std::string color = "auto";  // auto | always | never
  bool use_color(FILE* stream = stderr) const;  // --color, else whether `stream` is a terminal (NO_COLOR off)
};

// `plank eval`, shared by the domains that evaluate over a data set (parser, deps):
// created by whichever registers first, each adding its own subcommand.
CLI::App* eval_command(CLI::App& app);

// A subcommand runs after parsing; its result becomes the process exit code.
using Action = std::function<int()>;

void register_check(CLI::App& app, Action& action);
void register_reference(CLI::App& app, Action& action);
void register_help(CLI::App& app, Action& action);
void register_info(CLI::App& app, Action& action);
void register_world(CLI::App& app, Action& action);
void register_run(CLI::App& app, Action& action);
void register_deps(CLI::App& app, Action& action);
void register_memory(CLI::App& app, Action& action);
void register_gen_program(CLI::App& app, Action& action);
void register_exec_lf(CLI::App& app, Action& action);
void register_repl(CLI::App& app, Action& action);
void register_train(CLI::App& app, Action& action);
void register_parse(CLI::App& app, Action& action);
void register_calibrate(CLI::App& app, Action& action);
void register_plan(CLI::App& app, Action& action);
void register_danli(CLI::App& app, Action& action);
void register_iglu(CLI::App& app, Action& action);

// `plank check` on .pddl files (cmd_plan.cpp): a domain alone, or one domain with its problems.
int check_pddl_files(const std::vector<std::string>& files, const OutputOptions& out, bool quiet,
                     const std::string& dump);

}  // namespace plank::cli
