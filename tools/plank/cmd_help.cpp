// `plank help [SUBCOMMAND]` and `plank info`.
#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <unistd.h>

#include "neural/kernels/device.h"
#include "tools/plank/cli.h"

namespace plank::cli {

void register_help(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("help", "Show help for plank or for one subcommand");
  auto topic = std::make_shared<std::string>();
  cmd->add_option("subcommand", *topic, "The subcommand to explain");
  cmd->callback([&app, &action, topic] {
    action = [&app, topic]() -> int {
      if (topic->empty()) {
        // app.help() would describe the selected subcommand (`help`) itself.
        std::fputs(app.get_formatter()->make_help(&app, app.get_name(), CLI::AppFormatMode::Normal).c_str(), stdout);
        return kOk;
      }
      for (auto* sub : app.get_subcommands({})) {
        if (sub->get_name() == *topic) {
          std::fputs(sub->help().c_str(), stdout);
          return kOk;
        }
      }
      std::fprintf(stderr, "plank help: no subcommand named '%s'\n", topic->c_str());
      return kUsage;
    };
  });
}

void register_info(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("info", "Show the build configuration and the compute devices found");
  cmd->callback([&action] {
    action = []() -> int {
      auto devices = neural::query_devices();
      fmt::print("plank {}\n", PLANK_VERSION);
      fmt::print("cuda kernels: {}\n", devices.compiled_with_cuda ? "compiled" : "not compiled");
      fmt::print("gpu devices: {}{}\n", devices.device_count,
                 devices.device_count ? " (" + devices.first_device_name + ")" : " (" + devices.status + ")");
      return kOk;
    };
  });
}

bool OutputOptions::use_color(FILE* stream) const {
  if (color == "always") return true;
  if (color == "never") return false;
  return isatty(fileno(stream)) && std::getenv("NO_COLOR") == nullptr;
}

CLI::App* eval_command(CLI::App& app) {
  for (CLI::App* sub : app.get_subcommands([](CLI::App* a) { return a->get_name() == "eval"; })) return sub;
  CLI::App* eval = app.add_subcommand("eval", "Evaluate over a data set: the parser (eval parser), the DEPS loop (eval deps), an IGLU builder (eval iglu)");
  eval->require_subcommand(1);
  return eval;
}

}  // namespace plank::cli
