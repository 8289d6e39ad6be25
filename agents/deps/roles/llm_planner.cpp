#include "agents/deps/roles/llm_planner.h"

#include <fmt/format.h>

#include <cstring>
#include <sstream>

namespace plank::deps {

// Appendix G, Prompt 3, as chat turns (ASCII quotes, indentation restored; the paper's "I obtain 1
// stone_pickaxe" after the wooden_button plan is its typo, kept out).
const std::vector<ChatMessage>& deps_prompt() {
  static const std::vector<ChatMessage> m = {
      {"system", "You are a helper agent in Minecraft. You need to generate the sequences of goals for a certain "
                 "task in Minecraft."},
      {"user", "How to obtain 1 wooden_button in Minecraft step-by-step?"},
      {"assistant", "The code for obtaining 1 wooden_button is as follows:\n"
                    "def obtain_1_wooden_button(inventory={}):\n"
                    "    mine({'log':1}, null); # step 1: mine 1 log without tool\n"
                    "    craft({'planks':4}, {'log':1}, null); # step 2: craft 4 planks from 1 log\n"
                    "    craft({'wooden_button':1}, {'planks':1}, null); # step 3: craft 1 wooden_button from 1 planks\n"
                    "    return \"wooden_button\""},
      {"user", "Descriptor: I succeed in step 1, 2, 3.\nGood. I finish all steps and I obtain 1 wooden_button "
               "successfully."},
      {"assistant", "OK."},
      {"user", "How to obtain 1 stone_sword in Minecraft step-by-step?"},
      {"assistant",
       "The code for obtaining stone_sword is as follows:\n"
       "def obtain_1_stone_sword(inventory = {}):\n"
       "    mine({'log':3}, null); # step 1: mine 3 log without tool\n"
       "    craft({'planks':12}, {'log':3}, null); # step 2: craft 12 planks from 3 log\n"
       "    craft({'stick':4}, {'planks':2}, null); # step 3: craft 4 stick from 2 planks\n"
       "    mine({'cobblestone':2}, null); # step 4: mine 2 cobblestone without tool\n"
       "    craft({'stone_sword':1}, {'cobblestone':2, 'stick':1}, 'crafting_table'); # step 5: craft 1 stone_sword "
       "from 2 cobblestone and 1 stick, on crafting_table\n"
       "    return stone_sword"},
      {"user", "Descriptor: I succeed on step 1, 2, 3, but I fail on step 4 \"mine({'cobblestone':2}, null);\". My "
               "inventory now has 10 planks, 4 stick.\nExplainer: Because mining cobblestone needs to use the tool "
               "wooden_pickaxe.\nPlease fix the above errors and replan the task \"obtain 1 stone_sword\"."},
      {"assistant",
       "The code for crafting stone_sword is as bellows:\n"
       "def obtain_1_stone_sword(inventory = {'planks':10, 'stick':4}):\n"
       "    craft({'wooden_pickaxe':1}, {'planks':3, 'stick':2}, 'crafting_table'); # step 1: craft 1 wooden_pickaxe "
       "from 3 planks and 2 stick, on crafting_table\n"
       "    mine({'cobblestone':2}, 'wooden_pickaxe'); # step 2: mine 2 cobblestone with wooden_pickaxe\n"
       "    craft({'stone_sword':1}, {'cobblestone':2, 'stick':1}, 'crafting_table'); # step 3: craft 1 stone_sword "
       "from 2 cobblestone and 1 stick, on crafting_table\n"
       "    return stone_sword"},
      {"user", "Descriptor: I fail on step 1 \"craft({'wooden_pickaxe':1}, {'planks':3, 'stick':2}, "
               "'crafting_table');\". My inventory now has 10 planks, 4 stick.\nExplainer: Because the action needs "
               "to use the tool crafting_table, but I do not have it.\nPlease fix the above errors and replan the task "
               "\"obtain 1 stone_sword\"."},
      {"assistant",
       "The code for crafting stone_sword is as bellows:\n"
       "def obtain_1_stone_sword(inventory = {'planks':10, 'stick':4}):\n"
       "    craft({'crafting_table':1}, {'planks':4}, null); # step 1: craft 1 crafting_table from 4 planks\n"
       "    craft({'wooden_pickaxe':1}, {'planks':3, 'stick':2}, 'crafting_table'); # step 2: craft 1 wooden_pickaxe "
       "from 3 planks and 2 stick, on crafting_table\n"
       "    mine({'cobblestone':2}, 'wooden_pickaxe'); # step 3: mine 2 cobblestone with wooden_pickaxe\n"
       "    craft({'stone_sword':1}, {'cobblestone':2, 'stick':2}, 'crafting_table'); # step 4: craft 1 stone_sword "
       "from 2 cobblestone and 1 stick, on crafting_table\n"
       "    return stone_sword"},
      {"user", "Descriptor: I succeed in step 1, 2, 3, 4.\nGood. I finish all steps and I obtain 1 stone_sword "
               "successfully."},
      {"assistant", "OK."},
  };
  return m;
}

std::optional<std::string> extract_plan_code(const std::string& reply, std::string* why) {
  // Straight quotes for the curly ones models (and PDFs) write.
  std::string text;
  for (size_t i = 0; i < reply.size(); ++i) {
    if (reply.compare(i, 3, "\xE2\x80\x98") == 0 || reply.compare(i, 3, "\xE2\x80\x99") == 0) text += '\'', i += 2;
    else if (reply.compare(i, 3, "\xE2\x80\x9C") == 0 || reply.compare(i, 3, "\xE2\x80\x9D") == 0) text += '"', i += 2;
    else if (reply[i] != '\r') text += reply[i];
  }
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);)
    if (l.rfind("```", 0) != 0) lines.push_back(l);
  auto indent = [](const std::string& l) { return l.find_first_not_of(" \t"); };
  std::string code;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].rfind("def ", 0) != 0) continue;
    code = lines[i] + "\n";
    for (size_t j = i + 1; j < lines.size(); ++j) {
      size_t at = indent(lines[j]);
      if (at == 0) break;  // back at the left margin: the function ended
      code += lines[j] + "\n";
    }
    return code;
  }
  static const char* verbs[] = {"mine(", "craft(", "smelt(", "kill(", "equip("};
  for (const auto& l : lines) {
    size_t at = indent(l);
    if (at == std::string::npos) continue;
    for (const char* v : verbs)
      if (l.compare(at, std::strlen(v), v) == 0) code += l.substr(at) + "\n";
  }
  if (code.empty()) {
    *why = "the reply holds no plan code (no `def` and no skill calls)";
    return std::nullopt;
  }
  return code;
}

LlmPlanner::LlmPlanner(LlmOptions options) : options_(std::move(options)), dialogue_(deps_prompt()) {}

std::optional<std::string> LlmPlanner::ask(const std::string& user, std::string* error) {
  dialogue_.push_back({"user", user});
  auto answer = llm::chat_complete(options_, dialogue_, error);
  if (!answer) return std::nullopt;
  if (!answer->is_completion) {
    // A malformed reply is the model's turn all the same: it is described back.
    dialogue_.push_back({"assistant", answer->body.substr(0, 2000)});
    return std::string();
  }
  dialogue_.push_back({"assistant", answer->content});
  std::string why;
  auto code = extract_plan_code(answer->content, &why);
  if (!code) {
    *error = why;
    return std::string();
  }
  return *code;
}

std::optional<std::string> LlmPlanner::first_plan(const std::string& task_text, std::string* error) {
  std::string what = task_text.rfind("obtain ", 0) == 0 ? task_text.substr(7) : task_text;
  return ask(fmt::format("How to obtain {} in Minecraft step-by-step?", what), error);
}

std::optional<std::string> LlmPlanner::replan(const std::string& task_text, const std::string& descriptor,
                                              const std::string& explainer, std::string* error) {
  std::string explained = explainer.empty() ? "" : "Explainer: " + explainer + "\n";
  return ask(fmt::format("Descriptor: {}\n{}Please fix the above errors and replan the task \"{}\".", descriptor,
                         explained, task_text),
             error);
}

}  // namespace plank::deps
