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
// Spellings of CraftAssist's published annotations that the grammar document
// lacks; the data is the ground truth, so they are accepted, each with a
// warning (Entry::warning) naming the key path:
//   reference-object-depth       reference_object.has_depth -> has_height (a hole's depth is its
//                                 vertical extent; kept when has_height is there too: the validator reports it)
//   schematic-tag                schematic.has_tag -> has_name when the schematic has no name
//                                 (the words name what to build), else dropped
//   around-direction             an action's location.relative_direction AROUND -> the action's
//                                 repeat_dir AROUND (one shape round the object, as the grammar spells it);
//                                 AROUND anywhere else (or with a repeat already there) -> NEAR
//   angle-string                 relative_yaw/relative_pitch angle "90" -> 90
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
    std::string warning;   // for a real-data spelling: what was rewritten, to report as a warning
    Span at;               // the rewritten key or value
  };
  std::vector<Entry> applied;
};

// Normalises `form` in place. log may be null.
void normalize(Value& form, NormalizeLog* log = nullptr);

// Returns a normalised copy.
Value normalized(const Value& form, NormalizeLog* log = nullptr);

}  // namespace plank::lf
