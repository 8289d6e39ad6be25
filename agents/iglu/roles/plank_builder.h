// The `plank` builder (the default): the learned model's program
// (learned/builder_model.h) run over the zone (learned/zone_program.h) and
// answered in the paper's JSON like every other builder. With a clarifier
// (roles/clarifier.h) it first asks whether the instruction is clear: an
// instruction the clarifier judges unclear gets the clarifier's best question
// from the bank (or a general one) with confidence 0, and no blocks, so the
// turn asks instead of acting (loop/turn.h).
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agents/iglu/learned/builder_model.h"
#include "agents/iglu/roles/builder.h"
#include "agents/iglu/roles/clarifier.h"

namespace plank::iglu {

class PlankBuilder : public Builder {
 public:
  explicit PlankBuilder(std::shared_ptr<const BuilderModel> model, DecodeOptions decode = {})
      : model_(std::move(model)), decode_(decode) {}
  // Ask when the clarifier judges the instruction unclear; `questions` is the bank it picks from (may be empty).
  void ask_when_unclear(std::shared_ptr<const Clarifier> clarifier, std::vector<std::string> questions);
  std::optional<std::string> reply(const BuildRequest& request, std::string* error) override;

 private:
  std::shared_ptr<const BuilderModel> model_;
  DecodeOptions decode_;
  std::shared_ptr<const Clarifier> clarifier_;
  std::vector<std::string> questions_;
};

}  // namespace plank::iglu
