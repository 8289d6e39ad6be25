// Templated synthetic (utterance, logical form) pairs: commands of the kinds
// the CAIP data holds (build, move, destroy, dig, fill, spawn, stop, resume,
// undo, come here), with varied wording, optional colours, sizes, counts and
// reference-object locations; spans are computed from where each word lands,
// so every form is valid for its utterance by construction (tested).
// Conventions follow the human data (e.g. "next to" is a bare REFERENCE_OBJECT
// location; relative directions only for left/right/front/behind/above/below).
#pragma once
#include <cstdint>
#include <vector>

#include "neural/parser/dataset.h"

namespace plank::neural {

// n examples (source "synthetic"), deterministic for a seed.
std::vector<Example> synthesize(int n, uint64_t seed);

}  // namespace plank::neural
