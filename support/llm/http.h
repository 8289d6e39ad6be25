// A minimal HTTP/1.1 client for the language-model clients (chat.h): POST a JSON body to an
// http:// URL and read the reply (Content-Length, chunked, or to the close).
// Plain HTTP only: the build has no TLS library, so an https endpoint
// (api.openai.com) needs a local proxy; local OpenAI-compatible servers
// (llama.cpp, vLLM, Ollama) and the test's replay server speak plain HTTP.
//
// The server is not trusted (issue 24): one deadline, timeout_seconds from
// the call, bounds every wait (name resolution, connect, each write and each
// read), so a server that accepts and then says nothing, or drips a byte a
// second, ends the call on time; a reply is parsed strictly (status line,
// header syntax, chunk sizes as at most 16 hex digits that fit what is left)
// and refused past HttpLimits (http_reply.h).
#pragma once
#include <string>
#include <vector>

#include "support/llm/http_reply.h"

namespace plank::llm {

// false and *error (one sentence) on a bad URL, a failure to resolve or
// connect, the deadline passing, a malformed reply, or one past `limits`.
bool http_post(const std::string& url, const std::string& body, const std::vector<std::string>& headers,
               double timeout_seconds, HttpReply* reply, std::string* error, const HttpLimits& limits = {});

}  // namespace plank::llm
