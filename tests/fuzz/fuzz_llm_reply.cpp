// Any bytes as what an LLM endpoint sends back (support/llm): the HTTP
// reply reader, given the bytes whole and again in pieces (sizes drawn from
// the bytes), must reach the same verdict and body; a complete reply's body
// then goes the llm planner's way: the chat-completions JSON, the plan code
// cut from its content (and from the raw body), and the Plank front end on
// that code. Never a crash, a hang or a leak; a refusal always says why.
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "support/llm/http_reply.h"
#include "agents/deps/roles/llm_planner.h"
#include "compiler/frontend/parser.h"

namespace {

void front_end(const std::string& code) {
  auto file = plank::SourceFile::from_string("<reply>", code);
  plank::DiagnosticSink sink;
  if (!plank::frontend::parse_module(file, sink)) std::abort();
}

void plan_code_of(const std::string& text) {
  std::string why;
  auto code = plank::deps::extract_plan_code(text, &why);
  if (code) front_end(*code);
  else if (why.empty()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace plank::llm;
  const std::string_view raw(reinterpret_cast<const char*>(data), size);
  const HttpLimits limits{1 << 16, 1 << 12};  // small, so that fuzzing reaches them
  HttpReply whole;
  std::string error;
  ReplyState verdict = parse_http_reply(raw, true, limits, &whole, &error);
  if (verdict == ReplyState::kIncomplete) std::abort();  // a closed reply is complete or malformed
  if (verdict == ReplyState::kMalformed && error.empty()) std::abort();
  if (verdict == ReplyState::kComplete && whole.body.size() > limits.max_reply_bytes) std::abort();

  ReplyReader reader(limits);
  uint32_t seed = size ? data[0] : 1;
  ReplyState state = ReplyState::kIncomplete;
  for (size_t at = 0; at < size && state == ReplyState::kIncomplete;) {
    seed = seed * 1103515245u + 12345u;
    size_t n = std::min<size_t>(1 + (seed >> 16) % 97, size - at);
    state = reader.feed(raw.substr(at, n));
    at += n;
  }
  if (state == ReplyState::kIncomplete) state = reader.close();
  if (state != verdict) std::abort();
  if (state == ReplyState::kComplete && (reader.reply().body != whole.body || reader.reply().status != whole.status))
    std::abort();
  if (state == ReplyState::kMalformed && reader.error() != error) std::abort();
  if (verdict != ReplyState::kComplete) return 0;

  // What LlmPlanner::ask does with a body.
  auto j = nlohmann::json::parse(whole.body, nullptr, false);
  if (!j.is_discarded()) {
    try {
      plan_code_of(j.at("choices").at(0).at("message").at("content").get<std::string>());
    } catch (const nlohmann::json::exception&) {
    }
  }
  plan_code_of(whole.body);
  return 0;
}
