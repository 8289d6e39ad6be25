// parse(text) -> the logical form (a dict) the neural parser reads from a
// command; parse(text, n=5) -> the n best as [{"logical_form", "log_prob",
// "confidence", "model_probability", "calibrated", "ask"}], best first
// (confidence: calibrated probability that the parse is right; ask: below
// kAskBelowConfidence); parse([text, ...]) -> one such result per command,
// the commands decoded together. The model (models/parser.bin, or
// $PLANK_PARSER_MODEL, which may name an ensemble) is loaded on the first call and kept for the process.
#include "neural/intrinsics.h"

#include <fmt/format.h>

#include <memory>
#include <mutex>

#include "compiler/lf/check.h"
#include "neural/parser/parser.h"
#include "runtime/args.h"
#include "runtime/heap.h"
#include "runtime/intrinsics.h"
#include "runtime/objects.h"
#include "runtime/ops.h"

namespace plank::neural {
namespace {

using core::Value;

// The loaded parser, or the reason there is none (asked once per process).
Parser* shared_parser(std::string* why) {
  static std::once_flag once;
  static std::unique_ptr<Parser> parser;
  static std::string error;
  std::call_once(once, [] { parser = Parser::load(default_model_path(), "auto", &error); });
  if (!parser && why) *why = error;
  return parser.get();
}

// Every created value is kept on `scope` until the caller's result is stored.
Value to_value(core::Thread* t, core::RootScope& scope, const lf::Value& v) {
  switch (v.kind) {
    case lf::ValueKind::Null: return Value::none();
    case lf::ValueKind::Bool: return Value::boolean(v.boolean);
    case lf::ValueKind::Int: return Value::integer(v.integer);
    case lf::ValueKind::Double: return Value::real(v.number);
    case lf::ValueKind::String: return scope.push(core::make_str(t, v.string));
    case lf::ValueKind::List: {
      Value list = scope.push(core::make_list(t));
      for (const auto& item : v.items) {
        Value x = to_value(t, scope, item);
        core::list_items(list).push_back(x);
      }
      return list;
    }
    case lf::ValueKind::Dict: {
      Value dict = scope.push(core::make_dict(t));
      for (const auto& m : v.members) {
        Value x = to_value(t, scope, m.value);
        Value key = scope.push(core::make_str(t, m.key));
        core::dict_set(t, dict, key, x);
      }
      return dict;
    }
  }
  return Value::none();
}

const std::vector<core::IntrinsicParam> kParams = {{"text", "str | list[str]", ""}, {"n", "int", "None"}};

// One command's result: its top form (n == 0), or the n-best entries.
Value result_of(core::Thread* t, core::RootScope& scope, const std::vector<Parse>& parses, int64_t n) {
  if (n == 0) {
    if (parses.empty()) core::throw_error(t, "ValueError", "parse(): the text has no words");
    return to_value(t, scope, parses[0].form);
  }
  Value list = scope.push(core::make_list(t));
  for (const auto& p : parses) {
    lf::Value entry = lf::Value::dict();
    entry.add("logical_form", p.form);
    entry.add("log_prob", lf::Value::from_double(p.log_prob));
    entry.add("confidence", lf::Value::from_double(p.confidence));
    entry.add("model_probability", lf::Value::from_double(p.model_probability));
    entry.add("calibrated", lf::Value::from_bool(p.calibrated));
    entry.add("ask", lf::Value::from_bool(p.should_ask()));
    Value x = to_value(t, scope, entry);
    core::list_items(list).push_back(x);
  }
  return list;
}

// Python's str.split() count, without making the words.
size_t count_words(std::string_view text) {
  size_t n = 0;
  bool in_word = false;
  for (char c : text) {
    bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
    n += !space && !in_word;
    in_word = !space;
  }
  return n;
}

// A TypeError naming where the non-string is, or a ValueError past
// kMaxCommandWords: checked for every command before any work, and without
// making the words ("a " * 10**7 would be ten million std::strings outside
// the heap budget).
// `index`: the command's place in a list, or -1 for a single text.
void check_text(core::Thread* t, Value text, long index) {
  auto where = [&] { return index < 0 ? std::string("text") : fmt::format("texts[{}]", index); };
  if (!text.is(core::ObjKind::Str))
    core::throw_error(t, "TypeError", fmt::format("parse() {} must be str, not {}", where(), core::type_name(text)));
  size_t words = count_words(core::str_view(text));
  if (words > kMaxCommandWords)
    core::throw_error(t, "ValueError", fmt::format("parse() {} has {} words; the parser reads at most {}", where(),
                                                   words, kMaxCommandWords));
}

// The words of a command check_text accepted.
std::vector<std::string> words_of(Value text) {
  return lf::Utterance::from_text(std::string(core::str_view(text))).tokens;
}

// Commands decoded together: one engine step for all their hypotheses.
constexpr size_t kBatch = 32;

bool parse_fn(core::Thread* t, Value* result, const core::CallArgs& args) {
  try {
    core::BoundArgs b;
    core::bind_args(t, "parse", kParams, args, &b);
    const bool many = b.values[0].is(core::ObjKind::List);
    if (many) {
      const auto& items = core::list_items(b.values[0]);
      for (size_t i = 0; i < items.size(); ++i) check_text(t, items[i], static_cast<long>(i));
    } else {
      check_text(t, b.values[0], -1);
    }
    int64_t n = 0;
    if (b.present(1)) {
      if (!b.values[1].is_int() || b.values[1].i < 1 || b.values[1].i > 64)
        core::throw_error(t, "ValueError", "parse() n must be an int from 1 to 64");
      n = b.values[1].i;
    }
    std::string why;
    Parser* parser = shared_parser(&why);
    if (!parser) core::throw_error(t, "RuntimeError", "parse(): no parser model: " + why);
    ParseOptions o;
    o.beam = n > 0 ? static_cast<int>(std::max<int64_t>(n, 5)) : 5;
    o.n_best = n > 0 ? static_cast<int>(n) : 1;
    core::RootScope scope(t);
    if (!many) {
      auto parses = parser->parse_batch({words_of(b.values[0])}, o);
      *result = result_of(t, scope, parses[0], n);
      return true;
    }
    // kBatch commands at a time, each batch's forms made heap values at once:
    // what a long list costs is then the heap's, under --max-memory, and the
    // budgets (--timeout, Ctrl-C) are polled between batches.
    Value texts = scope.push(b.values[0]);
    Value list = scope.push(core::make_list(t));
    for (size_t first = 0; first < core::list_items(texts).size(); first += kBatch) {
      const auto& items = core::list_items(texts);
      std::vector<std::vector<std::string>> batch;
      for (size_t i = first; i < std::min(items.size(), first + kBatch); ++i)
        batch.push_back(words_of(items[i]));
      for (const auto& p : parser->parse_batch(batch, o)) {
        Value x = result_of(t, scope, p, n);
        t->heap->before_push(core::list_items(list));
        core::list_items(list).push_back(x);
      }
      if (!pk_poll(t)) core::rethrow_pending();
    }
    *result = list;
    return true;
  } catch (const core::Raised&) {
    return false;
  }
}

}  // namespace

void register_intrinsics() {
  core::add_intrinsic(core::Intrinsic{
      "parse", kParams, "dict | list", core::kCapNeural, "neural",
      "Reads a command with Plank's neural semantic parser (grammar-constrained, so the result always "
      "passes `plank check`): `parse(\"build a red cube\")` is the logical form, ready for `run_lf`; "
      "`parse(text, n=5)` is the 5-best list of `{\"logical_form\", \"log_prob\", \"confidence\", \"model_probability\", \"calibrated\", \"ask\"}`, best "
      "first; `confidence` is the calibrated probability that the parse is exactly right (models/parser.calib.json), "
      "`ask` is true below 0.5, where an agent should ask the speaker. "
      "Given a list of commands, `parse(texts)` (or `parse(texts, n=3)`) returns one such result per command, "
      "in order, decoding the commands together (faster than one call each). "
      "A command has at most 256 words (`kMaxCommandWords`; a longer one is a ValueError, before any work). "
      "The model is `models/parser.bin` (or `$PLANK_PARSER_MODEL`: a weights file, a comma list of them or an "
      "ensemble description such as `models/parser-ensemble.json`).",
      parse_fn});
}

}  // namespace plank::neural
