// The one OpenAI-compatible chat-completions client, shared by every system
// that asks a language model (DEPS's llm planner, IGLU's llm builder): the
// endpoint, model and key (flags or the environment), one request with the
// whole dialogue at temperature 0, and the reply's content read from
// choices[0].message.content. The transport is http.h (plain HTTP, one
// deadline, a strict reply reader): the server is not trusted.
//
// Endpoint: --llm-endpoint or $PLANK_LLM_ENDPOINT (http://host:port/v1/chat/completions; a URL
// ending in /v1 gets /chat/completions), model: --llm-model or $PLANK_LLM_MODEL (default
// gpt-3.5-turbo), key: $PLANK_LLM_API_KEY (sent as a Bearer token when set).
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace plank::llm {

struct ChatOptions {
  std::string endpoint;
  std::string model;
  std::string api_key;
  double timeout_seconds = 120;
  // Fills what is empty from the environment; false and *error when no endpoint is known.
  bool resolve(std::string* error);
};

struct ChatMessage {
  std::string role;  // system | user | assistant
  std::string content;
};

struct ChatAnswer {
  // Whether the body was a chat-completions object with choices[0].message.content.
  bool is_completion = false;
  std::string content;  // that content; else empty
  std::string body;     // the reply's body as it came (what a caller describes back when it is not one)
};

// One request. nullopt and *error (one sentence) when the endpoint gave no
// reply (a bad URL, no connection, the deadline, a malformed HTTP reply, a
// status other than 200); a 200 reply whose body is not a completion comes
// back with is_completion false and *error saying so.
std::optional<ChatAnswer> chat_complete(const ChatOptions& options, const std::vector<ChatMessage>& messages,
                                        std::string* error);

}  // namespace plank::llm
