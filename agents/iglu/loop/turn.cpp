#include "agents/iglu/loop/turn.h"

namespace plank::iglu {

const char* outcome_name(TurnResult::Outcome o) {
  switch (o) {
    case TurnResult::Outcome::Built: return "built";
    case TurnResult::Outcome::Asked: return "asked";
    case TurnResult::Outcome::Disregarded: return "disregarded";
    case TurnResult::Outcome::NoReply: return "no-reply";
  }
  return "?";
}

TurnResult run_turn(Builder& builder, const std::string& instruction, BuildZone& zone, const TurnOptions& options) {
  TurnResult r;
  std::string error;
  auto text = builder.reply({instruction, zone.blocks()}, &error);
  if (!text) {
    r.outcome = TurnResult::Outcome::NoReply;
    r.reason = error;
    r.after = zone.blocks();
    return r;
  }
  r.reply_text = *text;
  r.reply_file = SourceFile::from_string(builder.reply_name(), *text);
  r.reply = read_reply(r.reply_file, r.diagnostics);
  if (!r.reply) {
    r.outcome = TurnResult::Outcome::Disregarded;
    for (const Diagnostic& d : r.diagnostics.all())
      if (d.severity == Severity::Error) {
        r.reason = (d.key_path.empty() ? "" : d.key_path + ": ") + d.message;
        break;
      }
  } else if (r.reply->confidence && *r.reply->confidence < options.ask_below) {
    r.outcome = TurnResult::Outcome::Asked;
  } else {
    r.outcome = TurnResult::Outcome::Built;
    r.applied = zone.apply(*r.reply, r.reply_file, r.diagnostics);
  }
  r.after = zone.blocks();
  return r;
}

}  // namespace plank::iglu
