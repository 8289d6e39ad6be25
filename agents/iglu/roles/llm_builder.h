// The `llm` builder: the paper's builder prompt (its appendix, "Builder
// prompt", word for word) as the system turn of an OpenAI-compatible chat,
// then one user turn per instruction holding the world as it is (the paper's
// frame and colour names, the format the prompt asks for) and the
// instruction. The model's answer is the reply, read like every builder's
// (protocol/reply.h): prose or a fence around the JSON is tolerated, anything
// else is disregarded with its reason. The client is the one DEPS uses
// (support/llm/chat.h).
//
// The paper does not print how the world reaches the model on each turn; the
// user turn here is "World: [[x,y,z,colour], ...]" (its own [] when empty)
// and "Instruction: TEXT", on two lines.
#pragma once
#include <string>
#include <vector>

#include "agents/iglu/roles/builder.h"
#include "support/llm/chat.h"

namespace plank::iglu {

// The appendix's builder prompt.
const std::string& builder_prompt();

// The user turn for one instruction over `world` (zone frame in, paper frame out).
std::string builder_turn(const std::string& instruction, const std::vector<Block>& world);

class LlmBuilder : public Builder {
 public:
  explicit LlmBuilder(llm::ChatOptions options) : options_(std::move(options)) {}
  // nullopt and *error when the endpoint gives no reply (down, the deadline,
  // an HTTP error) or a body that is not a chat completion.
  std::optional<std::string> reply(const BuildRequest& request, std::string* error) override;
  std::string reply_name() const override { return "<llm reply>"; }

 private:
  llm::ChatOptions options_;
};

}  // namespace plank::iglu
