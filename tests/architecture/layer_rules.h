// The layer rules of docs/architecture.md, read from its "Layers" table, and
// the check that every project include of a source file points down (or
// sideways where the table allows it). The table is the one source of truth:
// the test reads the document, so the document cannot drift from what holds.
//
// Table rows, between the markers `<!-- layers -->` and `<!-- /layers -->`:
//   | layer | folders | may include |
//   | world | `world/` | support |
// "may include" names other layers ("-" for none); a layer may always include
// itself. Further rules, one per row between `<!-- confined -->` markers:
//   | header | only in |
//   | `antlr4-runtime.h` | `compiler/frontend/` |
// A header whose name starts with the first column may be included only by
// files under one of the folders of the second.
#pragma once
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace plank::architecture {

struct Layer {
  std::string name;
  std::vector<std::string> folders;  // "world/", "tools/"
  std::set<std::string> may_include; // other layers' names
};

struct Confinement {
  std::string header_prefix;         // "llvm/", "antlr4-runtime.h"
  std::vector<std::string> folders;  // where it may be included
};

struct Rules {
  std::vector<Layer> layers;
  std::vector<Confinement> confined;
  // Agent systems: agents/<system>/ may not include another system's folder;
  // agents/host/ (which registers them all) may.
  std::string systems_root = "agents/";
  std::string systems_hub = "agents/host/";
};

// Parses the two tables out of the markdown; nullopt and *error when malformed.
std::optional<Rules> parse_rules(const std::string& markdown, std::string* error);

struct SourceText {
  std::string path;     // repository-relative, "world/voxels/world.h"
  std::string content;
};

struct Violation {
  std::string file;
  int line = 0;
  std::string include;
  std::string why;
  std::string text() const;  // "world/a.h:3: includes \"compiler/b.h\": ..."
};

// Checks every `#include "..."` of every source: the included path must exist
// among `known` files (root-relative spelling is required for project
// headers), and its layer must be the includer's own or one it may include.
std::vector<Violation> check_includes(const Rules& rules, const std::vector<SourceText>& sources,
                                      const std::set<std::string>& known);

// The layer of a repository-relative path, or nullptr when it is in none.
const Layer* layer_of(const Rules& rules, const std::string& path);

}  // namespace plank::architecture
