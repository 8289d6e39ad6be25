// One builder turn: ask the builder, read its reply with the protocol's
// reader, and unless the reply is disregarded or the builder asks its
// question instead (confidence under the threshold), apply it to the zone.
// `plank iglu build` prints one; the evaluation runs one per example.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "agents/iglu/roles/builder.h"
#include "agents/iglu/intrinsics/build_zone.h"
#include "agents/iglu/protocol/reply.h"
#include "support/diagnostics.h"

namespace plank::iglu {

struct TurnOptions {
  ZoneRules rules;
  // A reply whose confidence is under this asks its question instead of
  // acting (a reply with no confidence acts). The paper gives no figure.
  double ask_below = 0.5;
};

struct TurnResult {
  enum class Outcome { Built, Asked, Disregarded, NoReply };
  Outcome outcome = Outcome::NoReply;
  std::string reply_text;            // what the builder said
  SourceRef reply_file;              // the same, as the file diagnostics point into
  std::optional<BuilderReply> reply;  // as read; nullopt when disregarded
  std::string reason;                // Disregarded / NoReply: why, one sentence
  ApplyResult applied;
  DiagnosticSink diagnostics;        // the reader's and the zone's, per block
  std::vector<Block> after;          // the zone after the turn
};

const char* outcome_name(TurnResult::Outcome o);  // "built", "asked", "disregarded", "no-reply"

// `zone` holds the world before the turn and is changed by it.
TurnResult run_turn(Builder& builder, const std::string& instruction, BuildZone& zone, const TurnOptions& options);

}  // namespace plank::iglu
