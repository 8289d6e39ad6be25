// `plank gen-program [--seed N] [--size S]`: writes a random terminating
// program of the Python-compatible core (compiler/progen) to standard output.
// Useful for fuzzing (`plank gen-program --seed $i | plank run -`) and for
// compile-latency measurements on large programs (--size 1300 ≈ 5,000 lines).
#include <cstdio>

#include "compiler/progen/progen.h"
#include "tools/plank/cli.h"

namespace plank::cli {

void register_gen_program(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("gen-program", "Write a random Python-compatible Plank program (deterministic from --seed)");
  auto o = std::make_shared<progen::Options>();
  cmd->add_option("--seed", o->seed, "the seed (same seed, same program)");
  cmd->add_option("--size", o->size, "top-level items (about 4 lines each; default 24)")->check(CLI::Range(1, 1000000));
  cmd->add_flag("--may-raise", o->may_raise, "about one program in six ends with a runtime error");
  cmd->callback([&action, o] {
    action = [o]() -> int {
      std::string text = progen::generate_program(*o);
      std::fwrite(text.data(), 1, text.size(), stdout);
      return kOk;
    };
  });
}

}  // namespace plank::cli
