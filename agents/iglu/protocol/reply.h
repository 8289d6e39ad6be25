// The builder's reply, in the paper's format (its appendix, "Builder prompt"):
//
//   {"add": [[x, y, z, colour], ...], "remove": [[x, y, z, colour], ...],
//    "confidence": 0.0-1.0, "question": "..."}
//
// in the paper's frame (x and z from -5 to 5, north = -z, y from 0 up) with
// colour names (blue, green, red, orange, purple, yellow). Read with Plank's
// own JSON reader (compiler/lf), so every problem is a Diagnostic with a
// file:line:col, a caret and the key path ("add[2][3]").
//
// Two grades of problem, as the paper treats them:
//   - the reply as a whole is unusable (not JSON, not an object, "add" not a
//     list): an Error, and read_reply returns nullopt: the reply is
//     disregarded, and the sink says why;
//   - one block is unusable (not [x, y, z, colour], outside the zone, an
//     unknown colour): a Warning naming that block, which is skipped while
//     the rest of the reply stands.
// Never throws, never crashes: a reply is untrusted text.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "agents/iglu/zone/zone.h"
#include "support/diagnostics.h"

namespace plank::iglu {

struct ReplyBlock {
  Block block;           // in the zone frame (converted from the paper's)
  std::string key_path;  // "add[2]"
  Span span;             // the block's text in the reply
};

struct BuilderReply {
  std::vector<ReplyBlock> add, remove;
  std::optional<double> confidence;  // absent when the reply gives none (or an unusable one)
  std::string question;              // "" when none
};

// The reply text, optionally inside a ``` code fence (a chat model's habit).
std::optional<BuilderReply> read_reply(const SourceRef& reply, DiagnosticSink& sink);

// The reply as the paper's JSON (paper frame, colour names), one line.
std::string reply_json(const BuilderReply& reply);

// A reply made in C++ (by a builder): blocks in the zone frame.
BuilderReply make_reply(const std::vector<Block>& add, const std::vector<Block>& remove,
                        std::optional<double> confidence = std::nullopt, std::string question = {});

}  // namespace plank::iglu
