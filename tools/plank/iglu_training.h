// What `plank train clarifier` and `plank train builder` (IGLU's trained
// models) share: reading a data set whole, the progress bar, and the files
// written beside the weights (OUT.md, the model card).
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "agents/iglu/eval/dataset.h"

namespace plank::cli {

// The path without its extension: "models/iglu_builder.bin" -> "models/iglu_builder".
std::string path_stem(const std::string& path);

// The examples of a JSONL file, or nullopt (its diagnostics and why printed on stderr, led by
// `command`) when any line cannot be read: a model is never trained on part of a file.
std::optional<std::vector<iglu::Example>> read_training_examples(const std::string& path, const char* command);

// A progress bar on stderr (redrawn in place on a terminal, a line per update otherwise), or
// nothing with --no-progress. Call finish() after the last update.
class ProgressBar {
 public:
  explicit ProgressBar(bool no_progress);
  void operator()(const std::string& stage, int done, int total) const;
  void finish() const;

 private:
  bool off_, tty_;
};

// OUT.md beside the weights OUT: the model card (also in the weights' metadata) as a page.
void write_model_card_page(const std::string& weights, const nlohmann::json& card);

}  // namespace plank::cli
