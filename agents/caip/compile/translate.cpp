#include "agents/caip/compile/translate.h"

#include <string_view>

#include "agents/caip/compile/lower.h"
#include "compiler/frontend/ast_print.h"

namespace plank::caip {

namespace {

struct DialogueType {
  std::string_view name;  // the grammar's dialogue_type
  void (*lower)(CommandBuilder& b, const lf::Value& form, std::string* action);
};

// One row per dialogue type of the grammar (tests/caip/action_table_test.cpp checks they agree).
constexpr DialogueType kDialogueTypes[] = {
    {"HUMAN_GIVE_COMMAND", lower_command},
    {"GET_MEMORY", lower_get_memory},
    {"PUT_MEMORY", lower_put_memory},
    {"NOOP", lower_noop},
};

}  // namespace

std::vector<std::string_view> dialogue_type_names() {
  std::vector<std::string_view> out;
  for (const auto& d : kDialogueTypes) out.push_back(d.name);
  return out;
}

Translation translate(const lf::Value& form, const lf::Utterance& utterance, const std::string& file_name) {
  CommandBuilder b(utterance, SourceFile::from_string(file_name, utterance.text));
  Translation t;
  t.action = CommandBuilder::category(form.find("dialogue_type"));
  const DialogueType* row = &kDialogueTypes[std::size(kDialogueTypes) - 1];  // NOOP: nothing to do but be polite
  for (const auto& d : kDialogueTypes)
    if (d.name == t.action) row = &d;
  row->lower(b, form, &t.action);
  t.module = b.finish();
  return t;
}

std::string program_text(const ast::Module& module) {
  std::string comment = module.file ? module.file->text() : std::string();
  for (char& c : comment)
    if (c == '\n' || c == '\r') c = ' ';
  return "# " + comment + "\n" + ast::print_module(module);
}

}  // namespace plank::caip
