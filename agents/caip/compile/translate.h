// The CAIP compiler: a normalised, validated logical form and the utterance
// its spans point into become a Plank module (an AST, built directly: no
// source text, no second parse) whose SourceFile is the utterance, so every
// node, diagnostic and traceback points at the words it came from.
//
// The module is `def command(): ...` then `command()`. Its statements call the
// caip_* intrinsics (agents/caip/intrinsics/intrinsics.cpp) for the heavy parts
// and the conversation policy (stdlib/caip/conversation.plank) for the
// decisions: every result that may be a doubt goes through `settle`, questions
// are answered by `answer`. Counts are folded here when the words are a number;
// repeat FOR/ALL become loops and stop conditions loop conditions.
//
// One file per concern: builder.h (the AST under construction, spans),
// lower_refs.cpp (reference objects, locations, counts), lower_actions.cpp (one
// lowering per action type, chosen by action_table.h), lower_dialogue.cpp (one
// per dialogue type, chosen by the table in translate.cpp).
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/frontend/ast.h"
#include "compiler/lf/check.h"
#include "compiler/lf/value.h"

namespace plank::caip {

struct Translation {
  std::unique_ptr<ast::Module> module;  // its file is the utterance
  std::string action;                   // the first action type or the dialogue type, for statistics
};

// `form` must be normalised and valid (lf::check_logical_form); `file_name` names
// the utterance in diagnostics.
Translation translate(const lf::Value& form, const lf::Utterance& utterance, const std::string& file_name = "<utterance>");

// The module as Plank source, under a comment with the utterance (`--dump=plank`).
std::string program_text(const ast::Module& module);

// The dialogue types translate() has a lowering for (one row each).
std::vector<std::string_view> dialogue_type_names();

}  // namespace plank::caip
