#include "agents/iglu/roles/plank_builder.h"

#include "agents/iglu/protocol/reply.h"

namespace plank::iglu {

void PlankBuilder::ask_when_unclear(std::shared_ptr<const Clarifier> clarifier, std::vector<std::string> questions) {
  clarifier_ = std::move(clarifier);
  questions_ = std::move(questions);
}

std::optional<std::string> PlankBuilder::reply(const BuildRequest& request, std::string*) {
  if (clarifier_ && clarifier_->unclear(request.instruction, request.world)) {
    std::string question = "Which blocks do you mean: what colour, how many, and where?";
    if (!questions_.empty())
      question = questions_[clarifier_->rank_questions(request.instruction, request.world, questions_)[0]];
    return reply_json(make_reply({}, {}, 0.0, question));
  }
  ProgramPrediction p = model_->predict(request.instruction, request.world, decode_);
  ProgramEffect effect = run_program(p.program, request.world);
  return reply_json(make_reply(effect.add, effect.remove));
}

}  // namespace plank::iglu
