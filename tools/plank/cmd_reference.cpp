// `plank reference lf|intrinsics`: reference documentation generated from the
// tables the compiler itself uses. docs/lf-grammar.md and docs/intrinsics.md are
// this output (tests/cli/reference_doc_test.cpp fails when they drift):
//   build/bin/plank reference lf > docs/lf-grammar.md
//   build/bin/plank reference intrinsics > docs/intrinsics.md
#include <fmt/format.h>

#include "compiler/lf/grammar_doc.h"
#include "runtime/intrinsics.h"
#include "tools/plank/cli.h"

namespace plank::cli {

void register_reference(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("reference", "Print reference docs generated from Plank's own tables (Markdown)");
  auto topic = std::make_shared<std::string>();
  cmd->add_option("topic", *topic, "lf: the logical-form grammar; intrinsics: every intrinsic and method")
      ->required()
      ->check(CLI::IsMember({"lf", "intrinsics"}));
  cmd->callback([&action, topic] {
    action = [topic]() -> int {
      // main() registered every domain's intrinsics before parsing, so the table is complete here.
      fmt::print("{}", *topic == "intrinsics" ? core::reference_markdown() : lf::grammar_reference_markdown());
      return kOk;
    };
  });
}

}  // namespace plank::cli
