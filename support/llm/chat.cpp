#include "support/llm/chat.h"

#include <fmt/format.h>

#include <cstdlib>
#include <nlohmann/json.hpp>

#include "support/llm/http.h"

namespace plank::llm {

bool ChatOptions::resolve(std::string* error) {
  auto env = [](const char* name) -> std::string {
    const char* v = std::getenv(name);
    return v ? v : "";
  };
  if (endpoint.empty()) endpoint = env("PLANK_LLM_ENDPOINT");
  if (model.empty()) model = env("PLANK_LLM_MODEL");
  if (model.empty()) model = "gpt-3.5-turbo";
  if (api_key.empty()) api_key = env("PLANK_LLM_API_KEY");
  if (endpoint.empty()) {
    *error = "the llm needs an endpoint: --llm-endpoint http://host:port/v1/chat/completions or "
             "$PLANK_LLM_ENDPOINT";
    return false;
  }
  while (!endpoint.empty() && endpoint.back() == '/') endpoint.pop_back();
  if (endpoint.size() >= 3 && endpoint.compare(endpoint.size() - 3, 3, "/v1") == 0) endpoint += "/chat/completions";
  return true;
}

std::optional<ChatAnswer> chat_complete(const ChatOptions& options, const std::vector<ChatMessage>& messages,
                                        std::string* error) {
  nlohmann::json body;
  body["model"] = options.model;
  body["temperature"] = 0;
  body["messages"] = nlohmann::json::array();
  for (const auto& m : messages) body["messages"].push_back({{"role", m.role}, {"content", m.content}});
  std::vector<std::string> headers;
  if (!options.api_key.empty()) headers.push_back("Authorization: Bearer " + options.api_key);
  HttpReply reply;
  // A reply is text from an untrusted server: dump() must not throw on bytes that are not UTF-8.
  if (!http_post(options.endpoint, body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), headers,
                 options.timeout_seconds, &reply, error))
    return std::nullopt;
  if (reply.status != 200) {
    *error = fmt::format("the endpoint answered HTTP {}: {}", reply.status, reply.body.substr(0, 200));
    return std::nullopt;
  }
  ChatAnswer answer;
  answer.body = std::move(reply.body);
  try {
    auto j = nlohmann::json::parse(answer.body);
    answer.content = j.at("choices").at(0).at("message").at("content").get<std::string>();
    answer.is_completion = true;
  } catch (const std::exception&) {
    *error = "the reply is not a chat-completions JSON object with choices[0].message.content";
  }
  return answer;
}

}  // namespace plank::llm
