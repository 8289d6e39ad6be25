// A minimal HTTP/1.1 client for the llm planner: POST a JSON body to an
// http:// URL and read the reply (Content-Length or chunked). Plain HTTP
// only: the build has no TLS library, so an https endpoint (api.openai.com)
// needs a local proxy; local OpenAI-compatible servers (llama.cpp, vLLM,
// Ollama) and the test's replay server speak plain HTTP.
#pragma once
#include <string>
#include <vector>

namespace plank::deps {

struct HttpReply {
  int status = 0;
  std::string body;
};

// false and *error (one sentence) on a bad URL, connection failure, timeout or malformed reply.
bool http_post(const std::string& url, const std::string& body, const std::vector<std::string>& headers,
               double timeout_seconds, HttpReply* reply, std::string* error);

}  // namespace plank::deps
