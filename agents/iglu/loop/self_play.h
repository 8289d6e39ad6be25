// Self-play (issue 28): the architect (roles/architect.h) instructs a builder
// turn by turn from an initial world towards a target; after each builder
// turn the architect re-plans from the zone as the builder left it, and when
// the builder asks a question (confidence under the threshold) the architect
// answers it (the next instruction is the step's detail). It ends when the
// zone equals the target, after max_turns, or when two turns in a row change
// nothing. Scored with the F1 of the whole change (initial -> target) and the
// number of turns.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "agents/iglu/eval/dataset.h"
#include "agents/iglu/loop/turn.h"
#include "agents/iglu/roles/builder.h"

namespace plank::iglu {

struct SelfPlayTurn {
  std::string instruction;
  TurnResult::Outcome outcome = TurnResult::Outcome::NoReply;
  std::string question;  // when the builder asked
};

struct SelfPlayResult {
  std::vector<SelfPlayTurn> turns;
  std::vector<Block> final_world;
  bool reached = false;  // the zone equals the target
  double f1 = 0;         // the README's F1 of the whole change
};

SelfPlayResult self_play(Builder& builder, const std::vector<Block>& initial, const std::vector<Block>& target,
                         const TurnOptions& options, int max_turns = 0 /* 0: 2 x the plan's steps + 2 */);

struct SelfPlayEvaluation {
  int examples = 0, reached = 0;
  double f1 = 0, turns = 0;  // means
  double plan_steps = 0;     // mean steps of the architect's plan (a builder following exactly)
  double seconds = 0;
};

SelfPlayEvaluation evaluate_self_play(Builder& builder, const std::vector<Example>& examples, const TurnOptions& options,
                                      const std::function<void(int, int)>& progress = {});

}  // namespace plank::iglu
