// One lowering per action type; action_table.cpp says which lowers what.
#include <algorithm>
#include <cctype>
#include <functional>
#include <optional>

#include <fmt/format.h>

#include "agents/caip/compile/action_table.h"
#include "agents/caip/compile/lower.h"
#include "agents/caip/compile/unread_words.h"
#include "agents/caip/intrinsics/lexicon.h"
#include "agents/caip/intrinsics/phrases.h"

namespace plank::caip {

namespace bd = ast::build;
using Keywords = CommandBuilder::Keywords;

namespace {

void scale_args(const CommandBuilder& b, const lf::Value& a, Keywords& kws);

std::string schematic_call(CommandBuilder& b, const lf::Value* sc, const lf::Value& action, bool dig = false) {
  CommandBuilder::Scope scope(b, sc ? b.words_in(sc) : b.here());
  Keywords kws;
  // caip_schematic's keyword <- the schematic's span leaf.
  static constexpr std::pair<const char*, const char*> kArgs[] = {
      {"name", "has_name"},     {"block", "has_block_type"}, {"colour", "has_colour"}, {"size", "has_size"},
      {"width", "has_width"},   {"height", "has_height"},    {"length", "has_length"}, {"depth", "has_depth"},
      {"radius", "has_radius"}, {"thickness", "has_thickness"}};
  if (sc && sc->is_dict())
    for (auto [arg, key] : kArgs) {
      const lf::Value* leaf = sc->find(key);
      auto name = std::string_view(arg) == "name" ? b.tokens_of(leaf) : std::nullopt;
      const size_t n = b.utterance().tokens.size();
      // "build a hut with a door" where the form's name is "hut": the `with ...` phrase right after
      // the name, which no span covers, is read as part of the name (the shape decides what it can add).
      if (name) {
        auto words = b.words(0, n - 1);
        auto covered = b.covered(&action);
        size_t first = name->first, last = name->second;
        // "a square wooden building" where the form's name is "building": describing words right before the
        // name (shape words, colours, sizes, materials; another span may hold some) are read with it when one
        // of them is covered by no span.
        bool unread = false;
        for (size_t i = first; i > 0; --i) {
          const std::string& w = words[i - 1];
          bool colours_joined = w == "and" && i >= 2 && colour_word(words[i - 2]) && colour_word(words[i]);  // "white and black"
          if (!(w == "square" || colours_joined || colour_word(w) || size_word(w) || material_word(lemma(w)))) break;
          unread = unread || !covered[i - 1];
          if (unread) first = i - 1;
        }
        // "build a fence in a square shape": the shape it is laid out in, which no span covers, goes with the name.
        if (last + 1 < n)
          if (auto shaped = shape_phrase(words, covered, last + 1)) last = *shaped;
        if (last + 1 < n)
          if (auto with = with_phrase(words, covered, last + 1)) last = with->second;
        if (first != name->first || last != name->second) {
          b.tokens_arg(kws, "name", first, last);
          continue;
        }
      }
      b.span_arg(kws, arg, leaf);
    }
  if (!sc) b.span_arg(kws, "block", action.find("has_block_type"));
  if (dig) b.arg(kws, "dig", bd::boolean(b.here(), true));
  else scale_args(b, action, kws);
  return b.bind("shape", b.settled(b.call("caip_schematic", {}, std::move(kws))));
}

// The repeat of an action: at action level, else inside the schematic.
const lf::Value* repeat_of(const lf::Value& action) {
  if (const lf::Value* r = action.find("repeat")) return r;
  if (const lf::Value* sc = action.find("schematic"); sc && sc->is_dict()) return sc->find("repeat");
  return nullptr;
}

// The stop condition in either place: the spec's action-level
// stop_condition, or the data's repeat.stop_condition.
const lf::Value* stop_of(const lf::Value& action) {
  if (const lf::Value* s = action.find("stop_condition")) return s;
  if (const lf::Value* r = action.find("repeat"); r && r->is_dict()) return r->find("stop_condition");
  return nullptr;
}

// `step` (statements it adds, which may `break`) run until the stop condition:
//   task = caip_loop_begin(action, what); i = 0
//   while caip_keep_going(i) [and <condition>]: <step>; i = i + 1
//   caip_loop_end(task, forever, i)
void lower_loop(CommandBuilder& b, const lf::Value* stop, const std::string& action, const std::string& what,
                const std::function<void()>& step) {
  CommandBuilder::Scope scope(b, b.words_in(stop));
  std::string type = CommandBuilder::category(stop->find("condition_type"));
  std::string block = b.text(stop->find("block_type"));
  std::string cond_text = b.text(stop->find("condition_span"));
  long seconds = -1;
  if (type.empty() && !cond_text.empty()) {
    block = condition_block(cond_text);
    if (block.empty()) {
      auto words = words_of(cond_text);
      auto n = parse_count(cond_text);
      bool timed = false;
      for (const auto& w : words) timed = timed || lemma(w) == "minute" || lemma(w) == "second";
      if (!timed || !n) {
        b.return_if_none(b.doubt(b.here(), "unreadable_stop", cond_text));
        return;
      }
      // A step is about a second of game time (4.6 ticks walking, 10 ticks a dance turn).
      seconds = std::min(*n * (lemma(words.back()) == "minute" ? 60 : 1), 200L);
      type = "TIMED";
    } else {
      type = "ADJACENT_TO_BLOCK_TYPE";
    }
  }
  Span at = b.here();
  std::string task = b.fresh("task");
  std::string i = b.fresh("i");
  b.add(bd::assign(at, task, b.call("caip_loop_begin", bd::exprs(b.str(action), b.str(what)))));
  b.add(bd::assign(at, i, b.integer(0)));
  ast::ExprPtr test = b.call("caip_keep_going", bd::exprs(b.name(i)));
  if (type == "ADJACENT_TO_BLOCK_TYPE") {
    test = bd::logical_and(at, bd::exprs(std::move(test), bd::logical_not(at, b.call("caip_adjacent", bd::exprs(b.str(block))))));
  } else if (type == "TIMED") {
    test = bd::logical_and(at, bd::exprs(std::move(test), bd::compare(at, b.name(i), ast::CompareOp::Lt, b.integer(seconds))));
  }  // NEVER: until STOP or the budget
  b.open_block();
  step();
  b.add(bd::assign(at, i, bd::binary(at, ast::BinaryOp::Add, b.name(i), b.integer(1))));
  b.add(bd::while_loop(at, std::move(test), b.close_block()));
  b.add_call(b.call("caip_loop_end", bd::exprs(b.name(task), bd::boolean(at, type == "NEVER"), b.name(i))));
}

// `for k in range(n): if not <call of k>: break` (a refusal or a question ends
// the loop: the next copy would only say it again), or the call alone for one
// (`k` is then 0).
void repeat(CommandBuilder& b, const Count& n, const std::function<ast::ExprPtr(ast::ExprPtr index)>& call) {
  if (n.one()) {
    b.add_call(call(b.integer(0)));
    return;
  }
  b.open_block();
  ast::ExprPtr each = call(b.name("k"));
  Span at = each->span;
  b.add(bd::if_stmt(at, bd::logical_not(at, std::move(each)), bd::stmts(bd::break_stmt(at))));
  ast::StmtList body = b.close_block();
  b.add(bd::for_loop(b.here(), "k", b.call("range", bd::exprs(n.expr(b))), std::move(body)));
}

// The words of a command as lower-case tokens.
std::vector<std::string> all_words(const CommandBuilder& b) {
  const auto& tokens = b.utterance().tokens;
  return tokens.empty() ? std::vector<std::string>{} : b.words(0, tokens.size() - 1);
}

// Where copy k of n goes: caip_offset(at, direction, k, n[, shape]) (spaced by the
// shape's extent; None: one block); `at` itself for one.
ast::ExprPtr offset(CommandBuilder& b, const std::string& at, const std::string& direction, ast::ExprPtr k, const Count& n,
                    ast::ExprPtr shape) {
  if (n.one()) return b.name(at);
  ast::ExprList args = bd::exprs(b.name(at), b.str(direction), std::move(k), n.expr(b));
  if (shape) args.push_back(std::move(shape));
  return b.call("caip_offset", std::move(args));
}

// The task the words name when the form does not: the first gerund of the
// command ("stop *digging* the cave", "resume *feeding* the chickens"), else a
// task's noun ("resume the *construction* of the home"). The data's
// STOP and RESUME forms often leave target_action_type out; without this, "stop
// digging" would stop whatever runs (a dance). Nouns in -ing are not tasks, and
// "doing", "working" name whatever task runs ("stop what you are doing").
std::optional<size_t> gerund_token(const CommandBuilder& b) {
  static constexpr std::string_view kNotTasks[] = {"thing", "something", "anything", "nothing", "everything",
                                                    "morning", "evening", "ceiling", "painting", "clothing",
                                                    "doing", "working"};
  const auto& u = b.utterance();
  for (size_t i = 0; i < u.tokens.size() && i < u.token_spans.size(); ++i) {
    std::string w = u.tokens[i];
    std::transform(w.begin(), w.end(), w.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (w.size() > 4 && w.ends_with("ing") && std::find(std::begin(kNotTasks), std::end(kNotTasks), w) == std::end(kNotTasks))
      return i;
  }
  // No gerund: a task's noun ("resume the *construction* of the home", "stop the excavation").
  for (size_t i = 0; i < u.tokens.size() && i < u.token_spans.size(); ++i) {
    std::string w = u.tokens[i];
    std::transform(w.begin(), w.end(), w.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (w.ends_with("ion") && action_type_word(w)) return i;
  }
  return std::nullopt;
}

// The words naming what a task verb's task is about: "stop working on *the new shed*", "revert *this farm
// space* back to 256x256", "undo destroying *the lego tower*", "resume the construction *of the home*": after
// the undo verb, "working on", or the task's gerund or noun, up to the end of the clause. nullopt when none;
// the intrinsic reads the head noun, and words that name no thing ("what you are doing") filter nothing.
std::optional<std::pair<size_t, size_t>> task_object(const CommandBuilder& b, bool undo) {
  static constexpr std::string_view kUndoVerbs[] = {"undo", "revert", "reverse", "unbuild", "unmake", "rollback"};
  static constexpr std::string_view kEnds[] = {".", "?", "!", ",", ";", "and", "then", "back", "after", "before", "because",
                                               "so", "please", "instead", "or", "but", "until", "till", "now", "(", ")"};
  auto in = [](auto& table, const std::string& x) { return std::find(std::begin(table), std::end(table), x) != std::end(table); };
  auto w = all_words(b);
  std::optional<size_t> start;
  auto g = gerund_token(b);
  if (undo) {
    for (size_t i = 0; i < w.size() && !start; ++i)
      if (in(kUndoVerbs, w[i])) start = g && *g > i ? *g + 1 : i + 1;
  } else {
    for (size_t i = 0; i + 1 < w.size() && !start; ++i)
      if ((w[i] == "working" || w[i] == "work") && w[i + 1] == "on") start = i + 2;
    if (!start && g) start = *g + 1;
  }
  if (!start || *start >= w.size() || in(kEnds, w[*start])) return std::nullopt;
  size_t end = *start;
  while (end + 1 < w.size() && !in(kEnds, w[end + 1])) ++end;
  return std::pair{*start, end};
}

// UNDO, STOP, RESUME: the task stack, of the target action type if named (by
// the form, else by a gerund of the words).
void lower_task_verb(CommandBuilder& b, const lf::Value& a, const char* intrinsic) {
  ast::ExprList args;
  if (std::string target = b.text(a.find("target_action_type")); !target.empty()) {
    args.push_back(bd::str(b.where(a.find("target_action_type")), target));
  } else if (auto i = gerund_token(b)) {
    std::string w = b.utterance().tokens[*i];
    std::transform(w.begin(), w.end(), w.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    args.push_back(bd::str(b.utterance().token_spans[*i], w));
  }
  Keywords kws;
  if (auto about = task_object(b, std::string_view(intrinsic) == "caip_undo")) b.tokens_arg(kws, "about", about->first, about->second);
  b.add_call(b.settled(b.call(intrinsic, std::move(args), std::move(kws))));
}

// "dig a foundation for the newest structure": the data's form is a bare DIG; the object the dig is
// for is named after "for" by words no span covers. A foundation (basement, cellar) for a thing is
// dug under its footprint. The tokens of that object's name, or nullopt.
std::optional<std::pair<size_t, size_t>> foundation_for(const CommandBuilder& b, const lf::Value& a) {
  static constexpr std::string_view kUnder[] = {"foundation", "basement", "cellar", "base"};
  static constexpr std::string_view kDeterminers[] = {"the", "this", "that", "my", "your", "our", "his", "her", "its"};
  static constexpr std::string_view kEnds[] = {".", ",", "!", "?", ";", "and", "then", "please", "so", "but"};
  auto w = all_words(b);
  auto covered = b.covered(&a);
  auto in = [](auto& table, const std::string& x) { return std::find(std::begin(table), std::end(table), x) != std::end(table); };
  for (size_t i = 1; i + 1 < w.size(); ++i) {
    if (w[i] != "for" || covered[i] || !in(kUnder, lemma(w[i - 1])) || !in(kDeterminers, w[i + 1])) continue;
    size_t end = i + 1;
    for (size_t j = i + 2; j < w.size() && !covered[j] && !in(kEnds, w[j]); ++j) end = j;
    if (end > i + 1) return std::pair{i + 1, end};
  }
  return std::nullopt;
}

// A place relative to the object the tokens `f` name: caip_location `direction` of what caip_find finds by
// those words. UNDER: "a foundation for the house" goes under it; LEADING_TO: stairs that lead to it go
// against its side facing the speaker, rising to it.
std::string named_location(CommandBuilder& b, std::pair<size_t, size_t> f, std::string_view direction) {
  CommandBuilder::Scope scope(b, b.tokens_span(f.first, f.second));
  Keywords find;
  b.tokens_arg(find, "name", f.first, f.second);
  std::string r = b.bind("ref", b.settled(b.call("caip_find", {}, std::move(find))));
  Keywords kws;
  b.arg(kws, "ref", b.name(r));
  b.str_arg(kws, "direction", std::string(direction));
  return b.bind("at", b.settled(b.call("caip_location", bd::exprs(b.str("REFERENCE_OBJECT")), std::move(kws))));
}

// "build a set of stairs leading to the roof", "a ramp going up to the tower": stairs whose form gives no place,
// followed by words no span covers that say what they lead to. The tokens of that thing's name, or nullopt.
std::optional<std::pair<size_t, size_t>> leading_to(const CommandBuilder& b, const lf::Value& a) {
  static constexpr std::string_view kClimbs[] = {"stair", "staircase", "step", "ramp", "ladder", "stairway"};
  static constexpr std::string_view kLeading[] = {"leading", "leads", "lead", "going", "goes", "rising", "climbing", "reaching", "up"};
  static constexpr std::string_view kTo[] = {"to", "onto", "into", "toward", "towards"};
  static constexpr std::string_view kDeterminers[] = {"the", "this", "that", "my", "your", "our", "his", "her", "its"};
  static constexpr std::string_view kEnds[] = {".", ",", "!", "?", ";", "and", "then", "please", "so", "but", "with"};
  auto in = [](auto& table, const std::string& x) { return std::find(std::begin(table), std::end(table), x) != std::end(table); };
  const lf::Value* sc = a.find("schematic");
  auto name = sc && sc->is_dict() ? b.tokens_of(sc->find("has_name")) : std::nullopt;
  if (!name) return std::nullopt;
  const size_t head = name->second;
  auto w = all_words(b);
  if (head >= w.size() || !in(kClimbs, lemma(w[head]))) return std::nullopt;
  auto covered = b.covered(&a);
  size_t i = head + 1;
  if (i < w.size() && (w[i] == "that" || w[i] == "which") && !covered[i]) ++i;  // "stairs that lead to the roof"
  if (i >= w.size() || covered[i] || !in(kLeading, w[i])) return std::nullopt;
  ++i;
  if (i < w.size() && w[i] == "up" && !covered[i]) ++i;
  if (i >= w.size() || covered[i] || !in(kTo, w[i])) return std::nullopt;
  ++i;
  if (i < w.size() && w[i] == "the" && i + 2 < w.size() && w[i + 1] == "top" && w[i + 2] == "of") i += 3;  // "to the top of the tower"
  if (i >= w.size() || covered[i] || !in(kDeterminers, w[i])) return std::nullopt;
  size_t end = i;
  for (size_t j = i + 1; j < w.size() && !covered[j] && !in(kEnds, w[j]); ++j) end = j;
  if (end == i) return std::nullopt;
  return std::pair{i, end};
}

// A storey of a building the command names: the schematic is a storey ("a second story", "another floor",
// "an upper level"; a floor or level needs such a word, "a wooden floor" is no storey) and the building is
// the form's reference (placed UP, or with no direction) or named after "for"/"to"/"on" by words no span
// covers. The bound reference, or nullopt.
std::optional<std::string> storey_of(CommandBuilder& b, const lf::Value& a) {
  static constexpr std::string_view kStoreys[] = {"story", "storey", "stories", "storeys"};
  static constexpr std::string_view kLevels[] = {"floor", "level"};
  static constexpr std::string_view kWhich[] = {"second", "third", "fourth", "another", "upper", "top", "new", "extra", "2nd", "3rd"};
  auto in = [](auto& table, const std::string& x) { return std::find(std::begin(table), std::end(table), x) != std::end(table); };
  const lf::Value* sc = a.find("schematic");
  auto name = sc && sc->is_dict() ? b.tokens_of(sc->find("has_name")) : std::nullopt;
  if (!name) return std::nullopt;
  auto w = all_words(b);
  const std::string& head = w[name->second];
  bool which = false;
  for (size_t i = name->first; i < name->second; ++i) which = which || in(kWhich, w[i]);
  if (name->first > 0) which = which || in(kWhich, w[name->first - 1]);
  if (!in(kStoreys, head) && !(in(kLevels, head) && which)) return std::nullopt;
  const lf::Value* loc = a.find("location");
  if (loc && loc->is_dict()) {
    const lf::Value* ref = loc->find("reference_object");
    std::string dir = CommandBuilder::category(loc->find("relative_direction"));
    if (!ref || !(dir.empty() || dir == "UP")) return std::nullopt;
    return lower_ref(b, ref, {});
  }
  static constexpr std::string_view kDeterminers[] = {"the", "this", "that", "my", "your", "our", "his", "her", "its"};
  auto covered = b.covered(&a);
  for (size_t i = name->second + 1; i + 1 < w.size(); ++i) {
    if (covered[i] || !(w[i] == "for" || w[i] == "to" || w[i] == "on" || w[i] == "onto") || !in(kDeterminers, w[i + 1])) continue;
    size_t end = i + 1;
    for (size_t j = i + 2; j < w.size() && !covered[j] && std::isalnum(static_cast<unsigned char>(w[j][0])) && w[j] != "and" &&
                           w[j] != "then" && w[j] != "please";
         ++j)
      end = j;
    if (end == i + 1) return std::nullopt;
    CommandBuilder::Scope scope(b, b.tokens_span(i + 1, end));
    Keywords find;
    b.tokens_arg(find, "name", i + 1, end);
    return b.bind("ref", b.settled(b.call("caip_find", {}, std::move(find))));
  }
  return std::nullopt;
}

// "build a cube three times", "dig a hole twice": a count among the words no span covers, for an
// action whose form holds no repeat; one otherwise.
Count unread_times(const CommandBuilder& b, const lf::Value& a, Count n, const lf::Value* rep) {
  if (rep || !n.one()) return n;
  auto w = all_words(b);
  for (const UnreadModifier& m : unread_modifiers(w, b.covered(&a)))
    if (auto t = repeat_times(w, m)) return Count{std::clamp(*t, 1L, 100L), {}};
  return n;
}

// "spawn 12 cows in the field", "spawn a creeper next to the tree": the data's SPAWN forms carry no location, and
// the place is in words no span covers after the creature's name: a direction phrase (the table of
// phrases.cpp) right before a determiner and a name. Its direction and the tokens of that name, or nullopt.
std::optional<std::pair<std::string, std::pair<size_t, size_t>>> place_after(const CommandBuilder& b, const lf::Value& a,
                                                                             size_t from) {
  static constexpr std::string_view kDeterminers[] = {"the", "this", "that", "my", "your", "our", "his", "her", "its"};
  static constexpr std::string_view kEnds[] = {".", ",", "!", "?", ";", "and", "then", "please", "so", "but", "with", "to", "for"};
  auto in = [](auto& table, const std::string& x) { return std::find(std::begin(table), std::end(table), x) != std::end(table); };
  auto w = all_words(b);
  auto covered = b.covered(&a);
  static constexpr std::string_view kParts[] = {"top", "middle", "centre", "center", "side", "end", "edge", "bottom"};
  for (size_t j = from + 1; j + 1 < w.size(); ++j) {
    if (covered[j] || !in(kDeterminers, w[j])) continue;
    // "at the top of the pyramid": the part is the phrase's ("top of": UP), the thing the name after it.
    if (j + 2 < w.size() && in(kParts, w[j + 1]) && w[j + 2] == "of") continue;
    std::vector<std::string> before(w.begin() + long(from), w.begin() + long(j));
    auto d = direction_before(before);
    if (!d || d->last + 1 != before.size() || d->direction == "BETWEEN" || d->direction == "AWAY") return std::nullopt;
    size_t end = j;
    for (size_t k = j + 1; k < w.size() && !covered[k] && !in(kEnds, w[k]); ++k) end = k;
    if (end == j) return std::nullopt;
    return std::pair{d->direction, std::pair{w[j] == "the" ? j + 1 : j, end}};  // "the" says nothing to the search
  }
  return std::nullopt;
}

// "build houses", "spawn chickens": a plural name with no count, no article and no repeat in the form asks for
// several. They are kPluralDefault of them (packed in a row like any repeat), and the reply says so. A name
// that is only plural in form ("stairs", "steps"), a material ("bricks") or one with a determiner or a number
// before it ("the houses", "two pigs": the form counts those) is not such a plural.
constexpr long kPluralDefault = 3;

bool plural_without_count(const CommandBuilder& b, const lf::Value* name) {
  static constexpr std::string_view kOnlyPluralInForm[] = {"stairs", "steps", "glasses", "pants", "scissors", "series",
                                                           "species", "news", "remains", "headquarters", "barracks",
                                                           "gallows", "works", "lots", "tons", "its", "this", "is", "was"};
  static constexpr std::string_view kCounted[] = {"a", "an", "one", "single", "the", "this", "that", "these", "those",
                                                  "each", "every", "my", "your", "our", "its", "another", "both"};
  auto in = [](auto& table, const std::string& x) { return std::find(std::begin(table), std::end(table), x) != std::end(table); };
  auto span = b.tokens_of(name);
  if (!span) return false;
  auto w = b.words(span->first, span->second);
  NounPhrase np = noun_phrase(b.text(name));
  if (np.head.empty() || generic_noun(np.head) || material_word(np.head) || !np.of_what.empty()) return false;
  size_t head = w.size();
  for (size_t i = w.size(); i-- > 0;)
    if (lemma(w[i]) == np.head) {
      head = i;
      break;
    }
  if (head == w.size()) return false;
  const std::string& word = w[head];
  if (word == np.head || word.back() != 's' || in(kOnlyPluralInForm, word) || material_word(word)) return false;
  // What stands before the head, in the span and right before it, must not count it.
  std::vector<std::string> before(w.begin(), w.begin() + long(head));
  if (span->first > 0) before.insert(before.begin(), b.words(span->first - 1, span->first - 1).front());
  for (const auto& x : before)
    if (in(kCounted, x) || parse_count(x)) return false;
  return true;
}

// The sentence that says how many a plural with no count made, once they are made: `if <made>: caip_say(...)`.
void say_plural_default(CommandBuilder& b, const lf::Value* name, const char* verb, ast::ExprPtr made) {
  CommandBuilder::Scope scope(b, b.where(name));
  Span at = b.here();
  ast::ExprPtr say = b.call("caip_say", bd::exprs(b.str(fmt::format("You gave no number for \"{}\", so I {} {}.", b.text(name),
                                                                    verb, kPluralDefault))));
  b.add(bd::if_stmt(at, std::move(made), bd::stmts(bd::expr_stmt(at, std::move(say)))));
}

// "make it ten times as big", "twice as tall" among the words no span covers: scale keywords for the
// schematic or the copy (a scale that is no factor is asked about by ask_unread_modifiers).
void scale_args(const CommandBuilder& b, const lf::Value& a, Keywords& kws) {
  auto w = all_words(b);
  for (const UnreadModifier& m : unread_modifiers(w, b.covered(&a)))
    if (auto sc = scale_of(w, m)) {
      Span at = b.tokens_span(m.first, m.last);
      kws.push_back(bd::keyword(at, "scale", bd::integer(at, sc->percent)));
      if (!sc->extent.empty()) kws.push_back(bd::keyword(at, "scale_extent", bd::str(at, sc->extent)));
      return;
    }
}

// "until you reach bedrock" among the words no span covers: the layer named (its word) and where the
// clause is; nullopt when there is none or it names no layer (then it is asked about).
std::optional<std::pair<std::string, Span>> unread_until(const CommandBuilder& b, const lf::Value& a) {
  auto w = all_words(b);
  for (const UnreadModifier& m : unread_modifiers(w, b.covered(&a))) {
    if (m.kind != ModifierKind::Repeat || (w[m.first] != "until" && w[m.first] != "till" && w[m.first] != "til")) continue;
    std::string text;
    for (size_t i = m.first; i <= m.last; ++i) text += (text.empty() ? "" : " ") + w[i];
    std::string block = condition_block(text);
    if (!block.empty()) return std::pair{block, b.tokens_span(m.first, m.last)};
  }
  return std::nullopt;
}

}  // namespace

void lower_build(CommandBuilder& b, const lf::Value& a) {
  const lf::Value* sc = a.find("schematic");
  const lf::Value* ref = a.find("reference_object");
  const lf::Value* rep = repeat_of(a);
  Count n = unread_times(b, a, lower_count(b, rep, "copies"), rep);
  std::string dir = rep && rep->is_dict() ? CommandBuilder::category(rep->find("repeat_dir")) : std::string();
  if (rep && rep->is_dict() && CommandBuilder::category(rep->find("repeat_key")) == "ALL") {
    b.return_if_none(b.doubt(b.words_in(rep), "uncounted"));  // "build all of them": how many is all?
    return;
  }
  // "add one more layer to this pyramid": the form holds the pyramid (as the place of a BUILD with no
  // shape); the words no span covers say the object itself grows in its own shape.
  const lf::Value* loc = a.find("location");
  const lf::Value* grown = ref ? ref : loc && loc->is_dict() ? loc->find("reference_object") : nullptr;
  if (!sc && n.one()) {
    auto covered = b.covered(&a);
    if (auto layers = added_layers(all_words(b), covered)) {
      std::string r = grown ? lower_ref(b, grown, {}) : b.bind("ref", b.settled(b.call("caip_find", {}, [&] {
        Keywords k;
        b.arg(k, "coref", bd::boolean(b.here(), true));
        return k;
      }())));
      Span at = b.tokens_span(layers->first, layers->last);
      b.add_call(b.call("caip_extend", bd::exprs(b.name(r), bd::integer(at, layers->count))));
      return;
    }
  }
  auto copy_of = [&](const std::string& r) {
    std::string at = lower_location(b, a.find("location"));
    repeat(b, n, [&](ast::ExprPtr k) {
      Keywords kws;
      scale_args(b, a, kws);
      return b.settled(b.call("caip_copy", bd::exprs(b.name(r), offset(b, at, dir, std::move(k), n, nullptr)), std::move(kws)));
    });
  };
  if (ref && !sc) {
    copy_of(lower_ref(b, ref, {}));
    return;
  }
  // "build this object", "make that tower": a demonstrative no span covers, right before a schematic that is
  // only a name, points at a thing that is there: the speaker wants another of it (a copy), not a new shape.
  if (sc && sc->is_dict() && !ref && sc->members.size() == 1) {
    auto name = b.tokens_of(sc->find("has_name"));
    if (name && name->first > 0) {
      std::string before = b.words(name->first - 1, name->first - 1).front();
      // "build these legos", "use this stone": a material at hand, not a thing to copy.
      bool material = material_word(lemma(b.words(name->second, name->second).front()));
      bool pointing = !material && (before == "this" || before == "that" || before == "these" || before == "those");
      if (pointing && !b.covered(&a)[name->first - 1]) {
        Keywords kws;
        b.tokens_arg(kws, "name", name->first - 1, name->second);
        copy_of(b.bind("ref", b.settled(b.call("caip_find", {}, std::move(kws)))));
        return;
      }
    }
  }
  // "build a second story for our house", "add another floor to the tower": a storey of a building goes on
  // its walls, under its roof (the form's UP, or "for/to/on the house" that no span covers).
  if (auto storey = storey_of(b, a); storey && n.one()) {
    b.add_call(b.call("caip_add_storey", bd::exprs(b.name(*storey))));
    return;
  }
  std::string shape = schematic_call(b, sc, a);
  // "build houses": several, as the plural asks.
  bool plural = !rep && n.one() && sc && sc->is_dict() && plural_without_count(b, sc->find("has_name"));
  if (plural) n = Count{kPluralDefault, {}};
  // "around X" with no count ("a fence around the house"): one shape round it, or one on each side.
  bool surround = (dir == "AROUND" || dir == "SURROUND") && rep && rep->is_dict() && !rep->find("repeat_count");
  if (surround) n = Count{};
  // "build a foundation for the house": the form drops the place; it is under the house (act_build).
  auto foundation = a.find("location") || !n.one() ? std::nullopt : foundation_for(b, a);
  // "stairs leading to the roof": the form drops where they lead; they rise to it (act_build).
  auto leads = a.find("location") || !n.one() || foundation ? std::nullopt : leading_to(b, a);
  std::string at = foundation ? named_location(b, *foundation, "UNDER")
                   : leads    ? named_location(b, *leads, "LEADING_TO")
                              : lower_location(b, a.find("location"), surround ? "AROUND" : "");
  // Copies go on the way the location points ("five pyramids to the left of the house" go on leftwards).
  if (dir.empty()) {
    const lf::Value* loc = a.find("location");
    std::string ldir = loc && loc->is_dict() ? CommandBuilder::category(loc->find("relative_direction")) : std::string();
    if (ldir == "LEFT" || ldir == "RIGHT" || ldir == "FRONT" || ldir == "BACK") dir = ldir;
  }
  auto build = [&](ast::ExprPtr k) {
    return b.settled(b.call("caip_build", bd::exprs(b.name(shape), offset(b, at, dir, std::move(k), n, b.name(shape)))));
  };
  if (!plural) {
    repeat(b, n, build);
    return;
  }
  // made = 0; for k in range(n): if not <build k>: break; made = made + 1;  then the sentence when all were made.
  Span here = b.here();
  std::string made = b.fresh("made");
  b.add(bd::assign(here, made, b.integer(0)));
  b.open_block();
  ast::ExprPtr each = build(b.name("k"));
  b.add(bd::if_stmt(here, bd::logical_not(here, std::move(each)), bd::stmts(bd::break_stmt(here))));
  b.add(bd::assign(here, made, bd::binary(here, ast::BinaryOp::Add, b.name(made), b.integer(1))));
  ast::StmtList body = b.close_block();
  b.add(bd::for_loop(here, "k", b.call("range", bd::exprs(n.expr(b))), std::move(body)));
  say_plural_default(b, sc->find("has_name"), "built",
                     bd::compare(here, b.name(made), ast::CompareOp::Eq, b.integer(kPluralDefault)));
}

void lower_spawn(CommandBuilder& b, const lf::Value& a) {
  const lf::Value* ref = a.find("reference_object");
  const lf::Value* name = ref && ref->is_dict() ? ref->find("has_name") : nullptr;
  const lf::Value* rep = a.find("repeat");
  if (!rep && ref && ref->is_dict()) rep = ref->find("repeat");
  Count n = unread_times(b, a, lower_count(b, rep, "creatures"), rep);
  // "spawn chickens": several, as the plural asks.
  bool plural = !rep && n.one() && plural_without_count(b, name);
  if (plural) n = Count{kPluralDefault, {}};
  auto span = b.tokens_of(name);
  auto place = a.find("location") || !span ? std::nullopt : place_after(b, a, span->second + 1);
  std::string at = place ? named_location(b, place->second, place->first) : lower_location(b, a.find("location"));
  Keywords kws;
  b.arg(kws, "count", n.expr(b));
  ast::ExprPtr spawn = b.settled(b.call("caip_spawn", bd::exprs(bd::str(b.where(name), b.text(name)), b.name(at)), std::move(kws)));
  if (!plural) {
    b.add_call(std::move(spawn));
    return;
  }
  say_plural_default(b, name, "spawned", b.name(b.bind("spawned", std::move(spawn))));
}

void lower_fill(CommandBuilder& b, const lf::Value& a) {
  std::string refs = lower_ref(b, a.find("reference_object"), {true, true, false});
  Keywords kws;
  const size_t n = b.utterance().tokens.size();
  auto filling = a.find("has_block_type") || n == 0 ? std::nullopt : filling_phrase(b.words(0, n - 1), b.covered(&a));
  // "fill the hole with sand" where the form leaves out the block: the words after "with" are the filling.
  if (filling) b.tokens_arg(kws, "block", filling->first, filling->second);
  else b.span_arg(kws, "block", a.find("has_block_type"));
  b.add_call(b.settled(b.call("caip_fill", bd::exprs(b.name(refs)), std::move(kws))));
}

void lower_destroy(CommandBuilder& b, const lf::Value& a) {
  std::string refs = lower_ref(b, a.find("reference_object"), {true, false, false});
  b.add_call(b.call("caip_destroy", bd::exprs(b.name(refs))));
}

namespace {

// Where a MOVE goes. The data often leaves a walk's length and way in the words
// only ("move three feet forward" is a bare MOVE; "walk 10 blocks left" an
// AGENT_POS with no steps; "walk three steps forward" even a reference object
// named "three steps forward"): those become a move from where the agent stands.
std::string lower_motion(CommandBuilder& b, const lf::Value* loc) {
  std::string type = loc && loc->is_dict() ? CommandBuilder::category(loc->find("location_type")) : std::string();
  const lf::Value* ref = loc && loc->is_dict() ? loc->find("reference_object") : nullptr;
  bool ref_is_motion = false;
  if (ref && ref->is_dict() && ref->find("has_name")) {
    Motion named = motion_words(words_of(b.text(ref->find("has_name"))));
    NounPhrase np = noun_phrase(b.text(ref->find("has_name")));
    ref_is_motion = named.has_steps || (!named.direction.empty() && (np.head.empty() || np.head == named.direction));
  }
  bool relative = !loc || !loc->is_dict() || type == "AGENT_POS" || type == "SPEAKER_POS" || ref_is_motion;
  if (!relative) return lower_location(b, loc, {}, true);
  Motion m = motion_words(all_words(b));
  bool given_dir = loc && loc->is_dict() && loc->find("relative_direction");
  bool given_steps = loc && loc->is_dict() && loc->find("steps");
  if (loc && loc->is_dict() && !ref_is_motion && (given_dir || m.direction.empty()) && (given_steps || !m.has_steps))
    return lower_location(b, loc, {}, true);  // the form says all the words say
  if (!loc && m.direction.empty() && !m.has_steps) return lower_location(b, loc);
  CommandBuilder::Scope scope(b, loc ? b.words_in(loc) : b.here());
  Keywords kws;
  if (given_dir) {
    b.str_arg(kws, "direction", CommandBuilder::category(loc->find("relative_direction")));
  } else if (!m.direction.empty()) {
    Span at = b.tokens_span(m.direction_at, m.direction_at);
    kws.push_back(bd::keyword(at, "direction", bd::str(at, m.direction)));
  } else {
    b.str_arg(kws, "direction", "FRONT");
  }
  if (given_steps) b.span_arg(kws, "steps", loc->find("steps"));
  else if (m.has_steps) b.tokens_arg(kws, "steps", m.steps_first, m.steps_last);
  std::string from = type == "SPEAKER_POS" ? "SPEAKER_POS" : "AGENT_POS";
  return b.bind("at", b.settled(b.call("caip_location", bd::exprs(b.str(from)), std::move(kws))));
}

}  // namespace

void lower_move(CommandBuilder& b, const lf::Value& a) {
  const lf::Value* stop = stop_of(a);
  const lf::Value* loc = a.find("location");
  if (stop && stop->is_dict()) {
    std::string dir = loc && loc->is_dict() ? CommandBuilder::category(loc->find("relative_direction")) : std::string();
    if (loc && loc->is_dict() && (loc->find("reference_object") || dir.empty())) {
      // "walk to the house until you see water", "follow me": go there first, then keep on.
      std::string at = lower_location(b, loc);
      b.add_call(b.call("caip_move", bd::exprs(b.name(at))));
    }
    lower_loop(b, stop, "MOVE", "forward", [&] {
      ast::ExprList args;
      if (!dir.empty()) args.push_back(b.str(dir));
      Span at = b.here();
      b.add(bd::if_stmt(at, bd::logical_not(at, b.call("caip_step", std::move(args))), bd::stmts(bd::break_stmt(at))));
    });
    return;
  }
  Count n = lower_count(b, a.find("repeat"), "times");
  std::string at = lower_motion(b, loc);
  repeat(b, n, [&](ast::ExprPtr) { return b.call("caip_move", bd::exprs(b.name(at))); });
}

void lower_dig(CommandBuilder& b, const lf::Value& a) {
  // "dig until you hit water", "dig straight down until you reach bedrock" (a stop condition, or words
  // no span covers): a dig whose depth is where that layer is found below (caip_dig's `until`).
  const lf::Value* stop = stop_of(a);
  std::string until;
  Span until_at = b.here();
  if (stop && stop->is_dict() && CommandBuilder::category(stop->find("condition_type")) != "NEVER") {
    std::string block = b.text(stop->find("block_type"));
    std::string span = b.text(stop->find("condition_span"));
    until = !block.empty() ? block : condition_block(span);
    until_at = b.words_in(stop);
    if (until.empty()) {
      b.return_if_none(b.doubt(until_at, "dig_until", span));
      return;
    }
  } else if (auto m = unread_until(b, a)) {
    until = m->first;
    until_at = m->second;
  }
  const lf::Value* rep = repeat_of(a);
  Count n = unread_times(b, a, lower_count(b, rep, "holes"), rep);
  std::string shape = a.find("schematic") ? schematic_call(b, a.find("schematic"), a, true) : std::string();
  // "dig a moat around the castle": one trench round it.
  std::string dir = rep && rep->is_dict() ? CommandBuilder::category(rep->find("repeat_dir")) : std::string();
  bool surround = (dir == "AROUND" || dir == "SURROUND") && !rep->find("repeat_count");
  if (surround) n = Count{};
  std::string at;
  if (auto f = a.find("location") ? std::nullopt : foundation_for(b, a)) {
    at = named_location(b, *f, "UNDER");
  } else {
    at = lower_location(b, a.find("location"), surround ? "AROUND" : "");
  }
  auto shape_or_none = [&] { return shape.empty() ? bd::none(b.here()) : b.name(shape); };
  repeat(b, n, [&](ast::ExprPtr k) {
    Keywords kws;
    if (!until.empty()) kws.push_back(bd::keyword(until_at, "until", bd::str(until_at, until)));
    return b.settled(
        b.call("caip_dig", bd::exprs(shape_or_none(), offset(b, at, dir, std::move(k), n, shape_or_none())), std::move(kws)));
  });
}

void lower_freebuild(CommandBuilder& b, const lf::Value& a) {
  const lf::Value* ref = a.find("reference_object");
  std::string r;
  if (!ref && a.find("location")) {
    std::string at = lower_location(b, a.find("location"));
    Keywords kws;
    b.arg(kws, "at", b.name(at));
    r = b.bind("ref", b.settled(b.call("caip_find", {}, std::move(kws))));
  } else {
    r = lower_ref(b, ref, {});
  }
  b.add_call(b.call("caip_freebuild", bd::exprs(b.name(r))));
}

void lower_dance(CommandBuilder& b, const lf::Value& a) {
  const lf::Value* loc = a.find("location");
  std::string dir = loc && loc->is_dict() ? CommandBuilder::category(loc->find("relative_direction")) : std::string();
  bool turning = dir == "CLOCKWISE" || dir == "ANTICLOCKWISE";
  std::string at;  // "": dance where it stands
  if (loc && loc->is_dict() && !(turning && !loc->find("reference_object") && !loc->find("location_type")))
    at = lower_location(b, loc);
  // A turn by an angle: dance_type.body_turn (or look_turn).relative_yaw.angle, + left, - right.
  const lf::Value* angle = nullptr;
  if (const lf::Value* dt = a.find("dance_type"); dt && dt->is_dict())
    for (const char* facing : {"body_turn", "look_turn"})
      if (const lf::Value* f = dt->find(facing); f && f->is_dict())
        if (const lf::Value* yaw = f->find("relative_yaw"); yaw && yaw->is_dict())
          if (const lf::Value* v = yaw->find("angle"); v && v->is_int() && !angle) angle = v;
  auto dance = [&](ast::ExprPtr turns) {
    Keywords kws;
    if (turning) b.str_arg(kws, "direction", dir);
    b.arg(kws, "turns", std::move(turns));
    if (angle) b.arg(kws, "angle", b.integer(long(angle->integer)));
    return b.call("caip_dance", bd::exprs(at.empty() ? bd::none(b.here()) : b.name(at)), std::move(kws));
  };
  if (const lf::Value* stop = stop_of(a); stop && stop->is_dict()) {
    lower_loop(b, stop, "DANCE", "a dance", [&] { b.add_call(dance(b.integer(1))); });
    return;
  }
  Count n = lower_count(b, a.find("repeat"), "times");
  // A dance is four quarter turns.
  ast::ExprPtr turns = n.variable.empty() ? b.integer(4 * n.known)
                                          : bd::binary(b.here(), ast::BinaryOp::Mul, b.integer(4), b.name(n.variable));
  b.add_call(dance(std::move(turns)));
}

void lower_undo(CommandBuilder& b, const lf::Value& a) { lower_task_verb(b, a, "caip_undo"); }
void lower_stop(CommandBuilder& b, const lf::Value& a) { lower_task_verb(b, a, "caip_stop"); }
void lower_resume(CommandBuilder& b, const lf::Value& a) { lower_task_verb(b, a, "caip_resume"); }

void lower_other(CommandBuilder& b, const lf::Value& a) {
  // What was understood, in the speaker's words; the policy says why it is not done.
  Keywords kws;
  if (const lf::Value* ref = a.find("reference_object"); ref && ref->is_dict()) b.span_arg(kws, "about", ref->find("has_name"));
  b.add_call(b.call("cannot_do", bd::exprs(bd::str(b.whole(), b.utterance().text)), std::move(kws)));
}

std::string lower_action(CommandBuilder& b, const lf::Value& a) {
  std::string type = CommandBuilder::category(a.find("action_type"));
  CommandBuilder::Scope scope(b, b.words_in(&a));
  if (const ActionType* row = find_action_type(type)) {
    row->lower(b, a);
  } else {  // the validator admits no other type: a form that reaches here was not checked
    b.add_call(b.call("unknown_action", bd::exprs(b.str(type))));
  }
  return type;
}

}  // namespace plank::caip
