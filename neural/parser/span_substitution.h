// Span substitution: a training-time augmentation that moves the words of one
// has_name span into another command ("destroy the [barn]" + "the [big red
// tower]" -> "destroy the [big red tower]"), re-pointing every span of the
// gold decisions. Names are what test commands most often bring new
// (docs/neural-parser.md, "Span substitution"); unlike name swapping, the
// replacement may have another length, so the parser also sees names of
// lengths and words it was never shown in that frame.
//
// Pure data manipulation on token ids and GoldSteps (no libtorch), so it is
// tested on its own and the trainer only calls it.
#pragma once

#include <utility>
#include <vector>

#include "neural/parser/form_builder.h"

namespace plank::neural {

// The distinct (first, last) spans of `steps` whose key is has_name, in order.
std::vector<std::pair<int, int>> name_spans(const std::vector<GoldStep>& steps);

// Replaces tokens [first, last] of `ids` by `words` (non-empty) and moves the
// spans of `steps` with them: a span after it shifts, a span that contains it
// stretches, a span equal to it becomes the new words. Returns false and
// changes nothing when another span overlaps it only in part (no form would
// say what the mixed span means) or when the arguments do not fit.
bool substitute_span(std::vector<int>& ids, std::vector<GoldStep>& steps, int first, int last,
                     const std::vector<int>& words);

}  // namespace plank::neural
