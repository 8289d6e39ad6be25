// The architect (issue 28; the paper's second role): it sees the target
// structure and the zone as it is, and tells a builder, one step at a time,
// how to get from one to the other in words a builder can follow, never in
// coordinates (as the paper's architect prompt asks): what to remove first,
// then what to add from the ground up, as columns ("stack three red blocks"),
// rows ("a row of four green blocks going east") and single blocks, each
// placed relative to what already exists ("on top of the blue block", "just
// west of the yellow block", "two blocks south of the red block").
//
// A step is planned from the zone as it is *now*, so an architect in a
// dialogue (self-play) re-plans after each builder turn from what the builder
// actually did; it answers the builder's questions about the current step.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "agents/iglu/zone/zone.h"

namespace plank::iglu {

struct ArchitectStep {
  enum class Kind { Remove, Column, Row, Single };
  Kind kind = Kind::Single;
  int colour = 0;
  std::vector<Block> cells;  // what the step changes, zone frame (for Remove, the blocks removed)
  std::string instruction;   // what the architect says
  std::string detail;        // the same with every detail spelled out: the answer to a question
};

// The next step from `now` towards `target`; nullopt when they are equal (the architect says it is done).
std::optional<ArchitectStep> next_step(const std::vector<Block>& now, const std::vector<Block>& target);

// Every step, assuming each is followed exactly: the architect's whole plan
// (`plank iglu architect`). Ends when `now` reaches `target` (at most one step per changed cell).
std::vector<ArchitectStep> plan_steps(const std::vector<Block>& initial, const std::vector<Block>& target);

// The world after `step` is followed exactly.
std::vector<Block> follow_exactly(const std::vector<Block>& now, const ArchitectStep& step);

// The architect's answer to a builder's question about `step`: the detail,
// led by what the question asks about (colour, count, direction, place).
std::string answer_question(const ArchitectStep& step, const std::string& question);

}  // namespace plank::iglu
