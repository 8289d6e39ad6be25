// The labels the learned builder trains on: for a training example, the
// zone program (learned/zone_program.h) whose change best matches the
// example's change under the IGLU F1, found by searching the program space.
// Scoring a candidate needs no zone: the F1 ignores where a change is made, so
// the best match is a vote over the offsets that bring a predicted change's
// cells onto the target change's (each of the four rotations).
#pragma once
#include <vector>

#include "agents/iglu/learned/zone_program.h"

namespace plank::iglu {

struct ProgramMatch {
  ZoneProgram program;
  double f1 = 0;  // its F1 against the example's change (0: nothing in the space matches)
};

// The best program; ties go to the simpler (a block, then rows, columns,
// floors, walls; shorter first). Adds are tried in the target change's
// colours and heights, removes in the removed blocks' colours.
ProgramMatch best_program(const std::vector<Block>& initial, const std::vector<Block>& target);

// How well one effect's change matches another's under the IGLU F1 (the same
// vote over rotations and offsets): what minimum-Bayes-risk decoding compares.
double effect_f1(const ProgramEffect& target, const ProgramEffect& predicted);

// The largest lengths and widths the space holds (and the models choose among).
inline constexpr int kMaxLength = 10, kMaxWidth = 6;

}  // namespace plank::iglu
