#include "agents/iglu/roles/llm_builder.h"

#include <fmt/format.h>

namespace plank::iglu {

const std::string& builder_prompt() {
  static const std::string prompt =
      "You are an agent in a voxel world, where the most northernly point is 0,0,-5; the most westerly point "
      "-5,0,0; the most eastern point is 5,0,0; the most southern 0,0,5 and the y-axis is up and down, with y=0 "
      "being the minimum. Describe the coordinates of the blocks their colours (must be one of: blue, yellow, "
      "green, orange, purple, red) and whether the action is to add or remove them, your confidence in your "
      "interpretation of the instruction and optionally a question if the instruction is potentially unclear, in "
      "the JSON format: {\"add\": [[x,y,z,color], ...], \"remove\": [[x,y,z,color], ...], \"confidence\": 0.0, "
      "\"question\": \"...\"}. Give the JSON only, no additional dialog.";
  return prompt;
}

std::string builder_turn(const std::string& instruction, const std::vector<Block>& world) {
  std::string blocks;
  for (const Block& b : world) {
    Block p = to_paper(b);
    blocks += fmt::format("{}[{},{},{},\"{}\"]", blocks.empty() ? "" : ",", p.x, p.y, p.z, colour_name(b.colour));
  }
  return fmt::format("World: [{}]\nInstruction: {}", blocks, instruction);
}

std::optional<std::string> LlmBuilder::reply(const BuildRequest& request, std::string* error) {
  std::vector<llm::ChatMessage> dialogue = {{"system", builder_prompt()},
                                            {"user", builder_turn(request.instruction, request.world)}};
  auto answer = llm::chat_complete(options_, dialogue, error);
  if (!answer) return std::nullopt;
  if (!answer->is_completion) return std::nullopt;  // *error says the body is not a completion
  return answer->content;
}

}  // namespace plank::iglu
