#include "agents/iglu/loop/self_play.h"

#include <chrono>

#include "agents/iglu/eval/f1.h"
#include "agents/iglu/roles/architect.h"

namespace plank::iglu {

SelfPlayResult self_play(Builder& builder, const std::vector<Block>& initial, const std::vector<Block>& target,
                         const TurnOptions& options, int max_turns) {
  if (max_turns <= 0) max_turns = 2 * int(plan_steps(initial, target).size()) + 2;
  auto registry = world::BlockRegistry::builtin();
  BuildZone zone(registry, initial, options.rules);
  SelfPlayResult r;
  int idle = 0;
  std::string pending_answer;  // the answer to the builder's last question
  while (int(r.turns.size()) < max_turns) {
    auto step = next_step(zone.blocks(), target);
    if (!step) break;
    SelfPlayTurn t;
    t.instruction = pending_answer.empty() ? step->instruction : pending_answer;
    pending_answer.clear();
    std::vector<Block> before = zone.blocks();
    TurnResult turn = run_turn(builder, t.instruction, zone, options);
    t.outcome = turn.outcome;
    if (turn.outcome == TurnResult::Outcome::Asked && turn.reply) {
      t.question = turn.reply->question;
      pending_answer = answer_question(*step, t.question);
    }
    r.turns.push_back(t);
    idle = zone.blocks() == before && turn.outcome != TurnResult::Outcome::Asked ? idle + 1 : 0;
    if (idle >= 2) break;
  }
  r.final_world = zone.blocks();
  r.reached = ZoneGrid::of(r.final_world) == ZoneGrid::of(target);
  r.f1 = iglu_f1(ZoneGrid::of(initial), ZoneGrid::of(target), ZoneGrid::of(r.final_world), F1Mode::Max).f1;
  return r;
}

SelfPlayEvaluation evaluate_self_play(Builder& builder, const std::vector<Example>& examples, const TurnOptions& options,
                                      const std::function<void(int, int)>& progress) {
  auto start = std::chrono::steady_clock::now();
  SelfPlayEvaluation e;
  for (size_t i = 0; i < examples.size(); ++i) {
    const Example& ex = examples[i];
    SelfPlayResult r = self_play(builder, ex.initial, ex.target, options);
    ++e.examples;
    e.reached += r.reached;
    e.f1 += r.f1;
    e.turns += double(r.turns.size());
    e.plan_steps += double(plan_steps(ex.initial, ex.target).size());
    if (progress) progress(int(i + 1), int(examples.size()));
  }
  if (e.examples) e.f1 /= e.examples, e.turns /= e.examples, e.plan_steps /= e.examples;
  e.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return e;
}

}  // namespace plank::iglu
