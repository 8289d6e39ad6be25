// :parse TEXT over the neural semantic parser (neural/parser/parser.h): the best form
// as a tree with its spans marked in the utterance, then the rest of the N-best
// list with the model's confidence, so a user sees how sure the parser is and
// what it would have said instead. The best parse, with its utterance, becomes
// the form :exec runs.
#include <fmt/format.h>

#include "compiler/lf/check.h"
#include "neural/parser/parser.h"
#include "neural/parser/present.h"
#include "tools/plank/repl/state.h"

namespace plank::repl {

void ParserDeleter::operator()(neural::Parser* parser) const { delete parser; }

namespace {
constexpr int kBeam = 5;  // the N-best list :parse shows
}

void parse_command(State& st, const std::string& text) {
  lf::Utterance utterance = lf::Utterance::from_text(text);
  if (utterance.tokens.empty()) {
    st.err("usage: :parse TEXT (a command such as: build a red cube next to the tree)\n");
    return;
  }
  if (utterance.tokens.size() > neural::kMaxCommandWords) {
    st.err(fmt::format(":parse: the text has {} words; the parser reads at most {}\n", utterance.tokens.size(),
                       neural::kMaxCommandWords));
    return;
  }
  if (!st.parser) {
    std::string error;
    auto parser = neural::Parser::load(neural::default_model_path(), "auto", &error);
    if (!parser) {
      st.err(fmt::format(":parse: {}\n", error));
      return;
    }
    st.parser.reset(parser.release());
  }
  neural::ParseOptions options;
  options.beam = kBeam;
  options.n_best = kBeam;
  std::vector<neural::Parse> parses = st.parser->parse_tokens(utterance.tokens, options);
  if (parses.empty()) {
    st.err(":parse: the parser returned no form\n");
    return;
  }
  for (size_t i = 0; i < parses.size(); ++i) {
    neural::ParseView view = neural::present_parse(parses[i].form, utterance.tokens, st.color);
    st.out(fmt::format("#{}  p={:.3f}  {}\n", i + 1, parses[i].confidence, view.highlighted));
    if (i == 0) st.out(view.tree);
  }
  // A parse the calibrated confidence doubts is one a speaker should be asked
  // about (neural::kAskBelowConfidence); uncalibrated weights cannot say.
  if (parses.front().calibrated && parses.front().should_ask())
    st.out(fmt::format("(unsure: p={:.2f} < {:.2f}; an agent would ask the speaker to confirm before acting)\n",
                       parses.front().confidence, neural::kAskBelowConfidence));
  lf::Value line = lf::Value::dict();
  line.add("text", lf::Value::from_string(text));
  line.add("logical_form", parses.front().form);
  st.last_form = lf::to_json_text(line);
  st.out("(:exec runs #1)\n");
}

}  // namespace plank::repl
