// `plank reference lf`: reference documentation generated from the tables the
// compiler itself uses (docs/lf-grammar.md is this output).
#include <fmt/format.h>

#include "cli.h"
#include "lf/grammar_doc.h"

namespace plank::cli {

void register_reference(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("reference", "Print reference docs generated from Plank's own tables (Markdown)");
  auto topic = std::make_shared<std::string>();
  cmd->add_option("topic", *topic, "lf: the logical-form grammar")->required()->check(CLI::IsMember({"lf"}));
  cmd->callback([&action, topic] {
    action = [topic]() -> int {
      fmt::print("{}", lf::grammar_reference_markdown());
      return kOk;
    };
  });
}

}  // namespace plank::cli
