// The IGLU single-turn data set (shared/data/iglu/README.md): one JSON object
// a line, read with Plank's own JSON reader. A line that does not have the
// shape is reported (file:line:col, the key path) and left out; the others
// are read.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "agents/iglu/zone/zone.h"
#include "compiler/lf/value.h"
#include "support/diagnostics.h"

namespace plank::iglu {

struct Example {
  std::string id;           // the release's GameId, "CQ-game-206"
  std::string world;        // the saved starting world, "10-c33/step-4"
  std::string instruction;
  bool clear = true;
  std::string question;     // the annotator's clarifying question when unclear
  std::string qrel;         // its id in question_bank.csv
  std::vector<std::string> qbank;  // the question ids to rank (unclear examples)
  std::vector<Block> initial, target;  // zone frame
};

// Every example of a .jsonl file; nullopt when the file cannot be read.
std::optional<std::vector<Example>> read_examples(const std::string& path, DiagnosticSink& sink);
// The same from text (`name` is what diagnostics call it).
std::vector<Example> read_examples_text(const SourceRef& file, DiagnosticSink& sink);

// A list of [x, y, z, colour] in the zone frame, colour an id 1..6 (the data
// set's) or a name. Reports at `path` and returns nullopt on anything else.
std::optional<std::vector<Block>> read_zone_blocks(const SourceRef& file, const lf::Value& v, const std::string& path,
                                                   DiagnosticSink& sink);

// A world file for `plank iglu build --world`: a list of blocks as above, or
// an object whose "initial" is one (a data-set line).
std::optional<std::vector<Block>> read_world_file(const std::string& path, DiagnosticSink& sink);

}  // namespace plank::iglu
