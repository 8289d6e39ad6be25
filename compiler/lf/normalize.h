// Rewrites what real data contains into the ACL-2020 canonical form, one
// small named rewrite at a time. Values keep their spans (inserted values take
// the span of the node they were inferred from), so errors found after
// normalisation still point into the original text.
//
// Rewrites (names as reported in NormalizeLog):
//   trailing-underscore-key      has_name_ -> has_name (legacy spelling)
//   unwrap-fixed-value           {"fixed_value": "X"} -> "X" (Feb 2021 wrapping)
//   action-to-action-sequence    {"action": A} -> {"action_sequence": [A]}
//   lift-reference-object-filters  reference_object.filters{has_x.., location} -> onto the reference_object
//   special-reference-to-location-type  location.reference_object.special_reference
//                                 SPEAKER/AGENT/SPEAKER_LOOK/{coordinates_span} -> location_type
//                                 SPEAKER_POS/AGENT_POS/SPEAKER_LOOK/COORDINATES (+coordinates)
//   fill-destroy-location        FILL/DESTROY action-level location -> reference_object.location
//   infer-location-type          missing location_type: REFERENCE_OBJECT with a reference_object,
//                                 COORDINATES with coordinates, else SPEAKER_LOOK
// Accepted by the grammar table itself (no rewrite needed): OTHERACTION,
// has_tag, repeat.stop_condition, text_span.
#pragma once
#include <string>
#include <vector>

#include "compiler/lf/value.h"

namespace plank::lf {

struct NormalizeLog {
  struct Entry {
    std::string rewrite;   // one of the names above
    std::string key_path;  // where it applied
  };
  std::vector<Entry> applied;
};

// Normalises `form` in place. log may be null.
void normalize(Value& form, NormalizeLog* log = nullptr);

// Returns a normalised copy.
Value normalized(const Value& form, NormalizeLog* log = nullptr);

}  // namespace plank::lf
