// A builder: reads an architect's instruction and the zone, and answers in
// the paper's JSON (protocol/reply.h). Every builder answers in text, the
// C++ ones included, so that every reply goes through the one reader and its
// checks (loop/turn.h).
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agents/iglu/intrinsics/build_zone.h"
#include "agents/iglu/zone/zone.h"
#include "support/llm/chat.h"

namespace plank::iglu {

struct BuildRequest {
  std::string instruction;
  std::vector<Block> world;  // the zone before the instruction, zone frame
};

class Builder {
 public:
  virtual ~Builder() = default;
  // The reply text; nullopt and *error when the builder could not answer at
  // all (an endpoint down), which is not the same as a reply that is invalid.
  virtual std::optional<std::string> reply(const BuildRequest& request, std::string* error) = 0;
  // What diagnostics call the reply ("<reply>", or the file a recorded reply came from).
  virtual std::string reply_name() const { return "<reply>"; }
};

// A builder that always gives the same text: a recorded reply (`plank iglu
// build --reply FILE`), and the tests of the protocol's error paths.
class FixedReplyBuilder : public Builder {
 public:
  explicit FixedReplyBuilder(std::string text, std::string name = "<reply>")
      : text_(std::move(text)), name_(std::move(name)) {}
  std::optional<std::string> reply(const BuildRequest& request, std::string* error) override;
  std::string reply_name() const override { return name_; }

 private:
  std::string text_, name_;
};

// The builder `--builder` names: "plank" (the learned builder, with the
// shipped weights models/iglu_builder.bin), "colour-word" (the README's baseline), "llm"
// (the paper's prompt over `llm`, its empty fields filled from the
// environment), or a Plank program "FILE.plank" (run under `rules`). nullptr
// and *error for another name (saying which exist), for plank without its
// weights, or for llm without an endpoint.
std::unique_ptr<Builder> make_builder(const std::string& name, const ZoneRules& rules, std::string* error,
                                      llm::ChatOptions llm = {});
// What make_builder accepts, for --help.
const std::vector<std::string>& builder_names();

}  // namespace plank::iglu
