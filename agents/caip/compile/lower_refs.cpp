// Reference objects, locations and repeat counts.
#include <algorithm>

#include "agents/caip/compile/lower.h"
#include "agents/caip/intrinsics/lexicon.h"
#include "agents/caip/intrinsics/phrases.h"

namespace plank::caip {

namespace bd = ast::build;

Count lower_count(CommandBuilder& b, const lf::Value* repeat, const char* what) {
  if (!repeat || !repeat->is_dict()) return {};
  const lf::Value* count = repeat->find("repeat_count");
  std::string text = b.text(count);
  if (text.empty()) return {b.category(repeat->find("repeat_key")) == "FOR" ? 2L : 1L, {}};
  if (auto n = parse_count(text)) return {std::clamp(*n, 1L, 100L), {}};
  // Words that are not a number ("lots of towers"): the policy asks, or goes on with once.
  Span at = b.where(count);
  return {1, b.bind("n", b.doubt(at, "unreadable_count", text, what, 1))};
}

namespace {

// The relative direction the words in front of a reference say, when the form
// gives none ("build a house on the hill": UP; "dig a moat around the castle":
// AROUND), as a keyword pointing at those words.
// Words that name a side *of* the thing ("the east side of the room", "the north end of the field") give a
// place at its edge on that side, not beyond it: EAST_SIDE ... (a compass direction without a gap).
void direction_before_token(CommandBuilder& b, CommandBuilder::Keywords& kws, std::optional<size_t> first) {
  if (!first || *first == 0) return;
  size_t from = *first >= 5 ? *first - 5 : 0;
  auto before = b.words(from, *first - 1);
  auto d = direction_before(before);
  if (!d) return;
  Span at = b.tokens_span(from + d->first, from + d->last);
  std::string direction = d->direction;
  bool compass = direction == "EAST" || direction == "WEST" || direction == "NORTH" || direction == "SOUTH";
  for (size_t i = d->first; i <= d->last; ++i)
    if (compass && (before[i] == "side" || before[i] == "end" || before[i] == "part" || before[i] == "wall")) {
      direction += "_SIDE";
      break;
    }
  kws.push_back(bd::keyword(at, "direction", bd::str(at, direction)));
}

void direction_from_words(CommandBuilder& b, CommandBuilder::Keywords& kws, const lf::Value* ref) {
  direction_before_token(b, kws, b.first_token(ref));
}

// "to your left", "on my right", "at your back": a side of the agent ("your") or the speaker ("my") that the
// form leaves out of an AGENT_POS or SPEAKER_POS location. The agent's sides are in its own frame
// (AGENT_LEFT ...), the speaker's in the speaker's (LEFT ...). The direction and its words.
std::optional<std::pair<std::string, Span>> pronoun_side(const CommandBuilder& b, const std::string& type) {
  const auto& tokens = b.utterance().tokens;
  if (tokens.empty()) return std::nullopt;
  auto w = b.words(0, tokens.size() - 1);
  const std::string owner = type == "AGENT_POS" ? "your" : "my";
  static constexpr std::pair<std::string_view, std::string_view> kSides[] = {
      {"left", "LEFT"}, {"right", "RIGHT"}, {"front", "FRONT"}, {"back", "BACK"}, {"rear", "BACK"}};
  for (size_t i = 0; i + 1 < w.size(); ++i) {
    if (w[i] != owner) continue;
    size_t j = i + 1;  // "your left hand side": the side word is enough
    for (auto [word, dir] : kSides)
      if (w[j] == word) {
        std::string d(dir);
        if (type == "AGENT_POS") d = "AGENT_" + d;
        return std::pair{d, b.tokens_span(i, j)};
      }
  }
  return std::nullopt;
}

// SPEAKER_POS and AGENT_POS carry no words: the pronoun that named the place
// ("build a shed around me", "dance around you") is the first one in the command.
std::optional<size_t> pronoun_token(const CommandBuilder& b, const std::string& type) {
  static const std::vector<std::string> kSpeaker{"me", "myself", "us"}, kAgent{"you", "yourself"};
  const auto& names = type == "SPEAKER_POS" ? kSpeaker : kAgent;
  const auto& tokens = b.utterance().tokens;
  for (size_t i = 0; i < tokens.size(); ++i) {
    auto w = b.words(i, i);
    if (!w.empty() && std::find(names.begin(), names.end(), w[0]) != names.end()) return i;
  }
  return std::nullopt;
}

}  // namespace

namespace {

// "through the door", "thru the gate": the word in front of the reference (past its determiners).
std::optional<Span> through_before(CommandBuilder& b, const lf::Value* ref) {
  auto first = b.first_token(ref);
  if (!first || *first == 0) return std::nullopt;
  static const std::vector<std::string> kSkip{"the", "a", "an", "that", "this", "your", "my", "those", "these"};
  size_t i = *first;
  while (i > 0) {
    auto w = b.words(i - 1, i - 1);
    if (w.empty()) return std::nullopt;
    if (w[0] == "through" || w[0] == "thru" || w[0] == "throught") return b.tokens_span(i - 1, i - 1);
    if (std::find(kSkip.begin(), kSkip.end(), w[0]) == kSkip.end()) return std::nullopt;
    --i;
  }
  return std::nullopt;
}

// A reference that is only a place word: the data annotates "move outside", "come here", "put it
// over there" as objects named "outside", "here", "there"; they are places, not things to look for.
// ENCLOSURE is the building the agent is in, else the nearest one it can enter (only for a walk).
struct PlaceWord {
  std::string_view word;
  const char* type;
  const char* direction;
};
constexpr PlaceWord kPlaceWords[] = {
    {"here", "SPEAKER_POS", ""},  // a walk: to the speaker; anything else: where the speaker looks
    {"there", "SPEAKER_LOOK", ""},         {"outside", "ENCLOSURE", "OUTSIDE"}, {"outdoors", "ENCLOSURE", "OUTSIDE"},
    {"out", "ENCLOSURE", "OUTSIDE"},       {"inside", "ENCLOSURE", "INSIDE"},   {"indoors", "ENCLOSURE", "INSIDE"},
    {"in", "ENCLOSURE", "INSIDE"},         {"upstairs", "ENCLOSURE", "UP"},
};

// The place a reference names when all it says is a place word ("over there", "right here").
const PlaceWord* place_word(CommandBuilder& b, const lf::Value* ref, bool walk) {
  if (!ref || !ref->is_dict() || ref->members.size() != 1 || !ref->find("has_name")) return nullptr;
  auto w = words_of(b.text(ref->find("has_name")));
  while (w.size() > 1 && (w[0] == "over" || w[0] == "right" || w[0] == "go" || w[0] == "the")) w.erase(w.begin());
  if (w.size() != 1) return nullptr;
  for (const PlaceWord& p : kPlaceWords)
    if (p.word == w[0] && (walk || std::string_view(p.type) != "ENCLOSURE")) return &p;
  return nullptr;
}

}  // namespace

std::string lower_location(CommandBuilder& b, const lf::Value* loc, const std::string& direction, bool passing) {
  if (!loc || !loc->is_dict()) {
    CommandBuilder::Keywords kws;
    b.str_arg(kws, "direction", direction);
    return b.bind("at", b.settled(b.call("caip_location", bd::exprs(b.str("SPEAKER_LOOK")), std::move(kws))));
  }
  CommandBuilder::Scope scope(b, b.words_in(loc));
  std::string type = CommandBuilder::category(loc->find("location_type"));
  CommandBuilder::Keywords kws;
  const lf::Value* ref = loc->find("reference_object");
  const lf::Value* ref1 = loc->find("reference_object_1");
  const lf::Value* ref2 = loc->find("reference_object_2");
  if (!ref) ref = ref1;
  if (const PlaceWord* p = (type.empty() || type == "REFERENCE_OBJECT") && !ref2 ? place_word(b, ref, passing) : nullptr) {
    CommandBuilder::Scope words(b, b.words_in(ref));
    std::string place = std::string_view(p->type) == "SPEAKER_POS" && !passing ? "SPEAKER_LOOK" : p->type;
    std::string given = CommandBuilder::category(loc->find("relative_direction"));
    b.str_arg(kws, "direction", !given.empty() && place != "ENCLOSURE" ? given : p->direction);
    b.span_arg(kws, "steps", loc->find("steps"));
    return b.bind("at", b.settled(b.call("caip_location", bd::exprs(b.str(place)), std::move(kws))));
  }
  bool on_ref = false;
  if (ref && (type.empty() || type == "REFERENCE_OBJECT")) {
    type = "REFERENCE_OBJECT";
    on_ref = true;
    b.arg(kws, "ref", b.name(lower_ref(b, ref, {})));
    if (ref2) b.arg(kws, "ref2", b.name(lower_ref(b, ref2, {})));
  }
  if (type.empty()) type = loc->find("coordinates") ? "COORDINATES" : "SPEAKER_LOOK";
  b.span_arg(kws, "coordinates", loc->find("coordinates"));
  std::string given = CommandBuilder::category(loc->find("relative_direction"));
  std::optional<Span> through = passing && on_ref ? through_before(b, ref) : std::nullopt;
  if (through) kws.push_back(bd::keyword(*through, "direction", bd::str(*through, "THROUGH")));
  else if (!given.empty()) b.str_arg(kws, "direction", given);
  else if (!direction.empty()) b.str_arg(kws, "direction", direction);
  else if (on_ref) direction_from_words(b, kws, ref);
  else if (auto side = type == "SPEAKER_POS" || type == "AGENT_POS" ? pronoun_side(b, type) : std::nullopt)
    kws.push_back(bd::keyword(side->second, "direction", bd::str(side->second, side->first)));
  else if (type == "SPEAKER_POS" || type == "AGENT_POS") direction_before_token(b, kws, pronoun_token(b, type));
  b.span_arg(kws, "steps", loc->find("steps"));
  return b.bind("at", b.settled(b.call("caip_location", bd::exprs(b.str(type)), std::move(kws))));
}

std::string lower_ref(CommandBuilder& b, const lf::Value* ref, const RefLowering& how) {
  CommandBuilder::Scope scope(b, b.words_in(ref));
  CommandBuilder::Keywords kws;
  bool counted = false;  // ALL or FOR n: caip_find gives a list
  if (ref && ref->is_dict()) {
    const lf::Value* name = ref->find("has_name");
    auto tokens = b.tokens_of(name);
    // "destroy the [structure] you just built": the clause after the span says whose work it is.
    size_t clause = tokens ? made_clause(b.words(tokens->second + 1, tokens->second + 6)) : 0;
    if (clause) b.tokens_arg(kws, "name", tokens->first, tokens->second + clause);
    else b.span_arg(kws, "name", name);
    b.span_arg(kws, "colour", ref->find("has_colour"));
    b.span_arg(kws, "size", ref->find("has_size"));
    b.span_arg(kws, "tag", ref->find("has_tag"));
    b.span_arg(kws, "block", ref->find("has_block_type"));
    if (ref->find("contains_coreference")) b.arg(kws, "coref", bd::boolean(b.here(), true));
    const lf::Value* repeat = ref->find("repeat");
    if (repeat && repeat->is_dict()) {
      if (CommandBuilder::category(repeat->find("repeat_key")) == "ALL") {
        b.arg(kws, "all", bd::boolean(b.where(repeat->find("repeat_key")), true));
        counted = true;
      } else if (Count n = lower_count(b, repeat, "objects"); !n.one()) {
        b.arg(kws, "count", n.expr(b));
        counted = true;
      }
    }
    if (const lf::Value* loc = ref->find("location")) {
      std::string at = lower_location(b, loc);
      b.arg(kws, "at", b.name(at));
      // The direction already moved the location; it also filters candidates.
      std::string dir = CommandBuilder::category(loc->find("relative_direction"));
      // "the structure to your left": the form's AGENT_POS leaves the side to the words.
      std::string type = loc->is_dict() ? CommandBuilder::category(loc->find("location_type")) : std::string();
      if (dir.empty() && (type == "AGENT_POS" || type == "SPEAKER_POS"))
        if (auto side = pronoun_side(b, type)) dir = side->first;
      b.str_arg(kws, "direction", dir);
    }
  }
  if (kws.empty() && !how.hole) {
    b.arg(kws, "coref", bd::boolean(b.here(), true));  // "destroy" alone: what the speaker means
    if (how.look) b.arg(kws, "look", bd::boolean(b.here(), true));
  }
  if (how.hole) b.arg(kws, "hole", bd::boolean(b.here(), true));
  if (how.quiet) b.arg(kws, "quiet", bd::boolean(b.here(), true));
  std::string found = b.bind("ref", b.settled(b.call("caip_find", {}, std::move(kws))));
  if (!how.many || counted || how.quiet) return found;
  // One object where a list is wanted.
  std::string list = b.fresh("refs");
  b.add(bd::assign(b.here(), list, bd::list(b.here(), bd::exprs(b.name(found)))));
  return list;
}

}  // namespace plank::caip
