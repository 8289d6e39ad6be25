// The CAIP compiler: a normalised, validated logical form and the utterance its
// spans point into become a Plank program calling the "caip" intrinsics
// (agents/caip/intrinsics/intrinsics.cpp). Spans become string literals (block types and
// colours resolve at run time against the world's registry); counts are folded
// here; repeat FOR/ALL become loops and stop conditions loop conditions.
//
// One file per concern: emit.h (the source writer), lower_refs.cpp (reference
// objects and locations), lower_actions.cpp (one lowering per action type and
// dialogue type), translate.cpp (the entry point).
#pragma once
#include <string>

#include "compiler/lf/check.h"
#include "compiler/lf/value.h"

namespace plank::caip {

struct TranslateOptions {
  bool assume = false;  // compile-time defaults (an unreadable count is 1) instead of asking
};

struct Translation {
  std::string source;   // the Plank program
  std::string action;   // the first action type or dialogue type, for statistics
};

// `form` must be normalised and valid (lf::check_logical_form).
Translation translate(const lf::Value& form, const lf::Utterance& utterance, const TranslateOptions& options = {});

}  // namespace plank::caip
