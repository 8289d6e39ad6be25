// plank: the command line. Exit codes: 0 ok, 1 the input has errors, 2 usage error.
#include <fmt/format.h>

#include <cstdio>
#include <exception>

#include "agents/host/register_intrinsics.h"
#include "runtime/heap.h"
#include "tools/plank/cli.h"

int main(int argc, char** argv) {
  using namespace plank::cli;
  CLI::App app{"Plank: a scripting language and JIT runtime for voxel-world agents", "plank"};
  app.set_version_flag("--version", std::string("plank ") + PLANK_VERSION);
  app.require_subcommand(0, 1);

  plank::core::Heap::tune_process_allocator();
  // Every domain's intrinsics join the table before any command compiles against it.
  plank::host::register_host_intrinsics();

  Action action;
  register_check(app, action);
  register_info(app, action);
  register_world(app, action);
  register_run(app, action);
  register_memory(app, action);
  register_gen_program(app, action);
  register_exec_lf(app, action);
  register_repl(app, action);
  register_train(app, action);
  register_parse(app, action);
  register_reference(app, action);
  register_help(app, action);
  register_deps(app, action);
  register_calibrate(app, action);
  register_plan(app, action);
  register_danli(app, action);
  register_iglu(app, action);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);  // prints help, exit 0
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kUsage;
  }
  if (!action) {
    std::fputs(app.help().c_str(), stdout);
    return kUsage;
  }
  try {
    return action();
  } catch (const std::exception& e) {
    // A stage that throws is a Plank bug; say so instead of aborting.
    std::fprintf(stderr, "plank: internal error: %s\n", e.what());
    return 3;
  }
}
