// The IGLU builder F1 (shared/data/iglu/README.md, "The IGLU F1"): it scores
// only the change. With I, T, P the initial, target and predicted zones, the
// target change is dT = T - I and the predicted change dP = P - I, cell-wise
// differences of colour ids (+c added, -c removed, c2 - c1 re-coloured). dT
// is rotated about the vertical axis (cell (x, z) -> (z, 10 - x)) and shifted
// horizontally by the shifts that keep every changed cell in the zone
// (heights never shift); m counts the changed cells of dT whose value dP has
// at the matching cell. F1 = 2m / (|dP| + |dT|), 0 when m = 0.
//
// Two ways to pick the alignment:
//   Max        the best m over every rotation and shift (the definition; the figure to report);
//   Evaluator  the IGLU 2022 evaluator's: the rotation and shift where dT best
//              matches the whole predicted zone P (the first maximum in the
//              order rotation, dx, dz), then m against dP there only. A
//              perfect prediction can score below 1 under it.
// (The evaluator also adds 1e-10 to its denominators; that moves no printed digit and is left out.)
#pragma once
#include <vector>

#include "agents/iglu/zone/zone.h"

namespace plank::iglu {

enum class F1Mode { Max, Evaluator };

struct F1Score {
  int matched = 0;          // m
  int predicted_changes = 0;  // |dP|
  int target_changes = 0;     // |dT|
  double precision = 0, recall = 0, f1 = 0;
};

F1Score iglu_f1(const ZoneGrid& initial, const ZoneGrid& target, const ZoneGrid& predicted, F1Mode mode = F1Mode::Max);

}  // namespace plank::iglu
