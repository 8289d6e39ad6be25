// The `llm` planner backend: an OpenAI-compatible chat-completions endpoint
// prompted as in the paper's Appendix G (Prompt 3: the wooden_button and
// stone_sword dialogues as few-shot turns), then asked "How to obtain 1 X in
// Minecraft step-by-step?" and, after each failed round, given the
// descriptor's and explainer's sentences and "Please fix the above errors and
// replan the task". The reply's plan code is cut out (code fences and curly
// quotes undone) and run through Plank's own parser and compiler like any
// plan; a reply with no usable code is described back to the model as the
// next turn, never crashed on.
//
// The endpoint, model and key, and the request itself, are the shared chat
// client's (support/llm/chat.h).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "support/llm/chat.h"

namespace plank::deps {

using LlmOptions = llm::ChatOptions;
using ChatMessage = llm::ChatMessage;

// The Appendix G dialogue (the few-shot turns before the task's question).
const std::vector<ChatMessage>& deps_prompt();

// The plan code in a reply: from its first `def` to the end of that function (or the skill calls when
// there is no def), fences removed, curly quotes made straight. nullopt and *why when there is none.
std::optional<std::string> extract_plan_code(const std::string& reply, std::string* why);

class LlmPlanner {
 public:
  explicit LlmPlanner(LlmOptions options);
  // Each ask appends the user turn and the model's reply to the dialogue. nullopt and *error when the
  // endpoint fails (no reply at all); a reply without plan code gives "" and *error says why.
  std::optional<std::string> first_plan(const std::string& task_text, std::string* error);
  std::optional<std::string> replan(const std::string& task_text, const std::string& descriptor,
                                    const std::string& explainer, std::string* error);
  const std::vector<ChatMessage>& dialogue() const { return dialogue_; }

 private:
  std::optional<std::string> ask(const std::string& user, std::string* error);
  LlmOptions options_;
  std::vector<ChatMessage> dialogue_;
};

}  // namespace plank::deps
