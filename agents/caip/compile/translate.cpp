#include "agents/caip/compile/translate.h"

#include "agents/caip/compile/emit.h"

namespace plank::caip {

Translation translate(const lf::Value& form, const lf::Utterance& utterance, const TranslateOptions& options) {
  Emitter e{utterance, options.assume};
  Translation t;
  std::string dialogue = e.text(form.find("dialogue_type"));
  t.action = dialogue;
  if (dialogue == "HUMAN_GIVE_COMMAND") {
    const lf::Value* seq = form.find("action_sequence");
    bool first = true;
    if (seq && seq->is_list())
      for (const auto& a : seq->items) {
        if (!a.is_dict()) continue;
        std::string type = lower_action(e, a);
        if (first) t.action = type, first = false;
      }
    if (first) e.line("caip_ask(" + str_lit("What would you like me to do?") + ")");
  } else if (dialogue == "GET_MEMORY") {
    lower_get_memory(e, form);
  } else if (dialogue == "PUT_MEMORY") {
    lower_put_memory(e, form);
  } else {  // NOOP: nothing to do but be polite
    e.line("caip_say(" + str_lit("OK.") + ")");
  }
  std::string comment = utterance.text;
  for (char& c : comment)
    if (c == '\n' || c == '\r') c = ' ';
  t.source = "# " + comment + "\ndef command():\n" + e.body + "    pass\n\ncommand()\n";
  return t;
}

}  // namespace plank::caip
