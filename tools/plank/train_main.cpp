// plank-train: `plank train parser` in an executable of its own, the only one
// that links libtorch (see tools/plank/CMakeLists.txt). `plank train ...` runs
// it with the same arguments; it can also be run directly.
#include <cstdio>
#include <exception>

#include "tools/plank/cli.h"

int main(int argc, char** argv) {
  using namespace plank::cli;
  CLI::App app{"Plank: train a model (the libtorch half of `plank train`)", "plank"};
  app.set_version_flag("--version", std::string("plank ") + PLANK_VERSION);
  app.require_subcommand(1);
  Action action;
  register_train(app, action);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kUsage;
  }
  if (!action) return kUsage;
  try {
    return action();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "plank: internal error: %s\n", e.what());
    return 3;
  }
}
