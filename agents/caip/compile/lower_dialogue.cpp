// One lowering per dialogue type: commands (their actions, in order),
// questions (GET_MEMORY, answered by the policy's `answer`), things to
// remember (PUT_MEMORY), and NOOP.
#include <algorithm>
#include <cctype>

#include "agents/caip/compile/lower.h"
#include "agents/caip/compile/unread_words.h"
#include "agents/caip/intrinsics/lexicon.h"
#include "agents/caip/intrinsics/phrases.h"
#include "agents/caip/intrinsics/shapes.h"
#include "support/edit_distance.h"

namespace plank::caip {

namespace bd = ast::build;
using Keywords = CommandBuilder::Keywords;

namespace {

// Where a word of the command is (the first token holding it, any case); here() when none.
Span word_span(const CommandBuilder& b, const std::string& word) {
  const auto& u = b.utterance();
  for (size_t i = 0; i < u.tokens.size() && i < u.token_spans.size(); ++i) {
    std::string lower = u.tokens[i];
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (lower.find(word) != std::string::npos) return u.token_spans[i];
  }
  return b.here();
}

// Words no span covers that change the action (unread_words.h): the first one is
// asked about before anything is done, one question at a time. A repeat the form
// already holds (a repeat or a stop condition) is not asked about again; a
// `with ...` phrase right after a BUILD's schematic name is read with the name
// (schematic_call), so it is not asked about here.
void ask_unread_modifiers(CommandBuilder& b, const lf::Value& form) {
  const lf::Value* seq = form.find("action_sequence");
  if (!seq || !seq->is_list()) return;
  bool has_repeat = false;
  std::string first_action;
  std::vector<size_t> name_ends;  // the token after each BUILD schematic's name
  for (const auto& a : seq->items) {
    if (!a.is_dict()) continue;
    std::string type = CommandBuilder::category(a.find("action_type"));
    if (type == "OTHERACTION") continue;  // refused whatever its words say
    if (first_action.empty()) first_action = type;
    const lf::Value* sc = a.find("schematic");
    has_repeat = has_repeat || a.find("repeat") || a.find("stop_condition") || (sc && sc->is_dict() && sc->find("repeat"));
    if (type == "BUILD" && sc && sc->is_dict())
      if (auto t = b.tokens_of(sc->find("has_name"))) name_ends.push_back(t->second + 1);
  }
  const size_t n = b.utterance().tokens.size();
  if (n == 0 || first_action.empty()) return;
  auto words = b.words(0, n - 1);
  for (const UnreadModifier& m : unread_modifiers(words, b.covered(&form))) {
    if ((m.kind == ModifierKind::Repeat || m.kind == ModifierKind::Duration) && has_repeat) continue;
    // "build a tower three times", "dig twice": that many copies (lower_actions' unread_times).
    if (repeat_times(words, m) && (first_action == "BUILD" || first_action == "DIG" || first_action == "SPAWN")) continue;
    // "build a pyramid and make it ten times as big": the build is scaled (lower_build).
    if (m.kind == ModifierKind::Scale && first_action == "BUILD" && scale_of(words, m)) continue;
    // "dig ... until you reach bedrock": the dig goes down to that layer (lower_dig), nothing to ask.
    if (m.kind == ModifierKind::Repeat && first_action == "DIG" && words[m.first] != "forever" &&
        (words[m.first] == "until" || words[m.first] == "till" || words[m.first] == "til")) {
      std::string clause;
      for (size_t i = m.first; i <= m.last; ++i) clause += (clause.empty() ? "" : " ") + words[i];
      if (!condition_block(clause).empty()) continue;
    }
    if (m.kind == ModifierKind::Feature && std::find(name_ends.begin(), name_ends.end(), m.first) != name_ends.end()) continue;
    std::string text;
    for (size_t i = m.first; i <= m.last; ++i) text += (text.empty() ? "" : " ") + words[i];
    std::string kind = "unread_" + std::string(modifier_kind_name(m.kind));
    // A feature may be left off when the speaker allows assumptions; a repeat, a scale or a length of time
    // ("dig a hole for 20 minutes": one command does its work once) has no default.
    long fallback = m.kind == ModifierKind::Feature ? 1 : -1;
    b.return_if_none(b.doubt(b.tokens_span(m.first, m.last), kind, text, action_gerund(first_action), fallback));
    return;
  }
}

}  // namespace

void lower_command(CommandBuilder& b, const lf::Value& form, std::string* action) {
  const lf::Value* seq = form.find("action_sequence");
  ask_unread_modifiers(b, form);
  bool first = true;
  if (seq && seq->is_list())
    for (const auto& a : seq->items) {
      if (!a.is_dict()) continue;
      std::string type = lower_action(b, a);
      if (first) *action = type, first = false;
    }
  if (first) b.return_if_none(b.doubt(b.here(), "no_action"));
}

void lower_get_memory(CommandBuilder& b, const lf::Value& form, std::string*) {
  const lf::Value* f = form.find("filters");
  if (!f && !form.find("answer_type") && !form.find("tag_name")) {
    // A bare question: the words say what is asked (the lexicon's question patterns).
    auto q = question_pattern(b.utterance().text);
    if (!q) {
      b.add_call(b.call("answer", bd::exprs(b.str(""))));
    } else if (q->kind == "AGENT" || q->kind == "ACTION" || q->kind == "NAME" || q->kind == "TIME") {
      b.add_call(b.call("answer", bd::exprs(b.str(q->kind))));
    } else if (q->kind == "WHAT" || (q->kind == "TAG" && q->noun.empty())) {
      // "what is that", "what colour is that": the thing pointed at.
      Keywords find;
      b.arg(find, "coref", bd::boolean(b.here(), true));
      std::string r = b.bind("ref", b.settled(b.call("caip_find", {}, std::move(find))));
      Keywords kws;
      b.str_arg(kws, "answer_type", "TAG");
      b.str_arg(kws, "tag_name", q->kind == "TAG" ? q->tag : std::string("has_name"));
      b.arg(kws, "refs", bd::list(b.here(), bd::exprs(b.name(r))));
      b.add_call(b.call("answer", bd::exprs(b.str("REFERENCE_OBJECT")), std::move(kws)));
    } else {
      // A thing by its name: what the agent's memory holds under that name or tag.
      Span noun = word_span(b, q->noun);
      std::string recalled = b.bind("recalled", b.call("caip_recall", bd::exprs(bd::str(noun, q->noun))));
      Keywords kws;
      b.str_arg(kws, "answer_type", q->kind);
      if (q->kind == "TAG") b.str_arg(kws, "tag_name", q->tag);
      b.arg(kws, "refs", b.name(recalled));
      b.arg(kws, "what", bd::str(noun, q->noun));
      b.arg(kws, "remembered", bd::boolean(b.here(), true));
      b.add_call(b.call("answer", bd::exprs(b.str("REFERENCE_OBJECT")), std::move(kws)));
    }
    return;
  }
  std::string kind = f && f->is_dict() ? CommandBuilder::category(f->find("type")) : std::string();
  Keywords kws;
  b.str_arg(kws, "answer_type", CommandBuilder::category(form.find("answer_type")));
  b.str_arg(kws, "tag_name", CommandBuilder::category(form.find("tag_name")));
  if (f && f->is_dict()) {
    b.str_arg(kws, "action_type", CommandBuilder::category(f->find("action_type")));
    if (const lf::Value* ref = f->find("reference_object")) {
      if (kind.empty()) kind = "REFERENCE_OBJECT";
      std::string refs = lower_ref(b, ref, {true, false, true});
      b.arg(kws, "refs", b.name(refs));
      if (ref->is_dict()) b.span_arg(kws, "what", ref->find("has_name"));
    }
  }
  b.add_call(b.call("answer", bd::exprs(b.str(kind)), std::move(kws)));
}

void lower_put_memory(CommandBuilder& b, const lf::Value& form, std::string*) {
  const lf::Value* upsert = form.find("upsert");
  const lf::Value* data = upsert && upsert->is_dict() ? upsert->find("memory_data") : nullptr;
  const lf::Value* f = form.find("filters");
  const lf::Value* ref = f && f->is_dict() ? f->find("reference_object") : nullptr;
  if (data && data->is_dict() && CommandBuilder::category(data->find("memory_type")) == "REWARD") {
    b.add_call(b.call("reward", bd::exprs(b.str(CommandBuilder::category(data->find("reward_value"))))));
    return;
  }
  const lf::Value* tag = nullptr;
  if (data && data->is_dict())
    for (const char* key : {"has_tag", "has_name", "has_colour", "has_size"})
      if (!tag && !b.text(data->find(key)).empty()) tag = data->find(key);
  if (!tag) {
    b.return_if_none(b.doubt(b.here(), "nothing_to_remember"));
    return;
  }
  // "label as grass" names no object: CAIP's convention is the one the speaker looks at.
  std::string refs = lower_ref(b, ref, {.many = true, .look = true});
  b.add_call(b.settled(b.call("caip_tag", bd::exprs(b.name(refs), bd::str(b.where(tag), b.text(tag))))));
}

namespace {

// The shape a command names when it is nothing but a shape's name ("hallow_cube", "pyramid", "a dome"): its
// name or an alias of two words or more, spelt as the library does or one or two letters off (single words
// that are also everyday nouns, "home", "field", "road", are only the shape's own name). The alias to build
// it by; nullopt when the words are anything else.
std::optional<std::string> bare_shape_name(std::string text) {
  std::replace(text.begin(), text.end(), '_', ' ');
  auto words = words_of(text);
  while (!words.empty() && (words.front() == "a" || words.front() == "an" || words.front() == "the")) words.erase(words.begin());
  while (!words.empty() && (words.back() == "." || words.back() == "!")) words.pop_back();
  if (words.empty() || words.size() > 3) return std::nullopt;
  std::string phrase;
  for (const auto& w : words) {
    if (!std::all_of(w.begin(), w.end(), [](unsigned char c) { return std::isalpha(c); })) return std::nullopt;
    phrase += (phrase.empty() ? "" : " ") + w;
  }
  size_t allowed = phrase.size() >= 8 ? 2 : phrase.size() >= 5 ? 1 : 0;
  for (const ShapeDef& shape : shapes()) {
    std::string name(shape.name);
    std::replace(name.begin(), name.end(), '_', ' ');
    std::vector<std::string> spellings{name};
    for (auto a : shape.aliases)
      if (a.find(' ') != std::string_view::npos) spellings.emplace_back(a);
    for (const auto& spelt : spellings)
      if (phrase == spelt || (spelt.front() == phrase.front() && levenshtein(phrase, spelt) <= allowed))
        return find_shape(spelt) ? spelt : std::string(shape.name);
  }
  return std::nullopt;
}

// "with a floor", "with two windows": words that are only a `with` phrase naming a part (the part's words,
// from "with" on); nullopt otherwise.
std::optional<std::string> bare_part(const std::string& text) {
  auto words = words_of(text);
  while (!words.empty() && (words.back() == "." || words.back() == "!" || words.back() == "?")) words.pop_back();
  if (words.size() < 2 || words.size() > 5 || words.front() != "with") return std::nullopt;
  std::string rest;
  for (size_t i = 1; i < words.size(); ++i) rest += (rest.empty() ? "" : " ") + words[i];
  NounPhrase np = noun_phrase(rest);
  if (np.head.empty() || !part_noun(np.head) || !np.after.empty()) return std::nullopt;
  std::string part;
  for (const auto& w : words) part += (part.empty() ? "" : " ") + w;
  return part;
}

}  // namespace

// NOOP: chat is acknowledged. A command that is only a shape's name ("hallow_cube") is no chat: the speaker
// most likely wants it built, so the agent asks ("Do you want me to build a hollow cube?"; `--assume` builds it,
// beside what the speaker looks at, as a BUILD with no location).
void lower_noop(CommandBuilder& b, const lf::Value&, std::string*) {
  // "with a floor" said alone: a part asked for with nothing to attach it to. "OK." would pretend it was
  // understood; what it belongs to is asked (`part_of_what`, no default).
  if (auto part = bare_part(b.utterance().text)) {
    b.return_if_none(b.doubt(b.whole(), "part_of_what", *part));
    return;
  }
  auto shape = bare_shape_name(b.utterance().text);
  if (!shape) {
    b.add_call(b.call("acknowledge"));
    return;
  }
  std::string what = *shape;
  std::replace(what.begin(), what.end(), '_', ' ');
  b.return_if_none(b.doubt(b.whole(), "bare_shape", b.utterance().text, what, 1));
  Keywords kws;
  b.arg(kws, "name", bd::str(b.whole(), *shape));
  std::string sc = b.bind("shape", b.settled(b.call("caip_schematic", {}, std::move(kws))));
  std::string at = lower_location(b, nullptr);
  b.add_call(b.settled(b.call("caip_build", bd::exprs(b.name(sc), b.name(at)))));
}

}  // namespace plank::caip
