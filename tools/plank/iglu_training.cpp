#include "tools/plank/iglu_training.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "support/diagnostics.h"

namespace plank::cli {

std::string path_stem(const std::string& path) {
  auto dot = path.rfind('.');
  auto slash = path.rfind('/');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return path;
  return path.substr(0, dot);
}

std::optional<std::vector<iglu::Example>> read_training_examples(const std::string& path, const char* command) {
  DiagnosticSink sink;
  auto examples = iglu::read_examples(path, sink);
  if (!sink.all().empty()) std::fputs(render_text(sink.all(), RenderOptions{false}).c_str(), stderr);
  if (!examples || sink.has_errors()) {
    fmt::print(stderr, "{}: {}: cannot be read whole\n", command, path);
    return std::nullopt;
  }
  return examples;
}

ProgressBar::ProgressBar(bool no_progress) : off_(no_progress), tty_(!no_progress && isatty(2)) {}

void ProgressBar::operator()(const std::string& stage, int done, int total) const {
  if (off_) return;
  int width = 30, filled = total ? done * width / total : width;
  fmt::print(stderr, "{}[{}{}] {}/{} {}{}", tty_ ? "\r" : "", std::string(filled, '#'), std::string(width - filled, ' '),
             done, total, stage, tty_ ? "\033[K" : "\n");
}

void ProgressBar::finish() const {
  if (tty_) fmt::print(stderr, "\n");
}

void write_model_card_page(const std::string& weights, const nlohmann::json& card) {
  std::ofstream md(path_stem(weights) + ".md");
  md << "# Model card: " << weights << "\n\n```json\n" << card.dump(2) << "\n```\n";
}

}  // namespace plank::cli
