#include "neural/parser/dataset.h"

#include <cctype>

#include "compiler/lf/check.h"
#include "compiler/lf/json_reader.h"
#include "neural/parser/parser.h"
#include "support/source.h"

namespace plank::neural {

std::string form_type(const lf::Value& form) {
  if (const lf::Value* seq = form.find("action_sequence"); seq && seq->is_list() && !seq->items.empty())
    if (const lf::Value* t = seq->items[0].find("action_type"); t && t->is_string()) return t->string;
  if (const lf::Value* d = form.find("dialogue_type"); d && d->is_string()) return d->string;
  return "?";
}

std::string normalize_word(std::string_view token) {
  std::string w(token);
  for (char& c : w) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return w;
}

bool read_dataset(const std::string& path, Dataset& out, std::string* error) {
  auto file = SourceFile::load(path, error);
  if (!file) return false;
  const std::string& text = file->text();
  size_t pos = 0, line_no = 0;
  auto skip = [&](std::string why) {
    ++out.skipped;
    if (out.problems.size() < 10) out.problems.push_back(path + ":" + std::to_string(line_no) + ": " + why);
  };
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) nl = text.size();
    Span range{static_cast<uint32_t>(pos), static_cast<uint32_t>(nl)};
    pos = nl + 1;
    ++line_no;
    if (text.find_first_not_of(" \t\r", range.begin) >= range.end) continue;
    DiagnosticSink sink;
    auto value = lf::read_json(file, range, sink);
    if (!value || !value->is_dict()) {
      skip("not a JSON object");
      continue;
    }
    const lf::Value* t = value->find("text");
    lf::Value* form = value->find("logical_form");
    if (!t || !t->is_string() || !form) {
      skip("needs \"text\" (a string) and \"logical_form\"");
      continue;
    }
    Example ex;
    auto utterance = lf::Utterance::from_text(t->string);
    if (utterance.tokens.size() > kMaxCommandWords) {
      skip("the text has " + std::to_string(utterance.tokens.size()) + " words; the parser reads at most " +
           std::to_string(kMaxCommandWords));
      continue;
    }
    auto checked = lf::check_logical_form(std::move(*form), &utterance, file, sink);
    if (!checked.valid) {
      skip("the logical form does not pass plank check");
      continue;
    }
    ex.text = t->string;
    ex.tokens = std::move(utterance.tokens);
    ex.form = std::move(checked.normalized);
    if (const lf::Value* id = value->find("id"); id && id->is_string()) ex.id = id->string;
    if (const lf::Value* s = value->find("source"); s && s->is_string()) ex.source = s->string;
    ex.type = form_type(ex.form);
    out.examples.push_back(std::move(ex));
  }
  return true;
}

std::vector<std::vector<std::string>> token_lists(const std::vector<Example>& examples) {
  std::vector<std::vector<std::string>> out;
  out.reserve(examples.size());
  for (const auto& ex : examples) out.push_back(ex.tokens);
  return out;
}

}  // namespace plank::neural
