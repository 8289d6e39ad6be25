#include "neural/parser/synth.h"

#include <random>
#include <string>
#include <string_view>

namespace plank::neural {
namespace {

using lf::Value;
using Words = std::vector<std::string_view>;

// Word lists: the vocabulary the templates draw from.
const Words kBuildVerbs = {"build", "make", "construct", "create", "put up", "can you build", "please build",
                           "i want you to build", "could you make", "go build"};
const Words kBuildNames = {"house", "tower", "wall", "cube", "sphere", "bridge", "fence", "pyramid", "castle",
                           "hut", "circle", "square", "arch", "staircase", "table", "chair", "statue", "dome"};
const Words kRefNames = {"tree", "house", "church", "lake", "wall", "tower", "door", "chair", "table", "hill",
                         "river", "fence", "barn", "well", "statue", "bridge", "pond", "garden", "cave", "box"};
const Words kColours = {"red", "blue", "green", "yellow", "white", "black", "orange", "purple", "pink", "gray"};
const Words kSizes = {"big", "small", "tiny", "huge", "large", "giant", "little", "tall"};
const Words kMobs = {"pig", "cow", "sheep", "chicken", "horse", "wolf", "zombie", "villager", "rabbit", "spider"};
const Words kMobsPlural = {"pigs", "cows", "sheep", "chickens", "horses", "wolves", "zombies", "villagers", "rabbits", "spiders"};
const Words kCounts = {"two", "three", "four", "five", "2", "3", "4", "5", "10", "a few"};
const Words kMaterials = {"sand", "dirt", "water", "stone", "gravel", "cobblestone", "wood", "glass", "lava", "wool"};
const Words kDestroyVerbs = {"destroy", "remove", "break", "tear down", "demolish", "get rid of", "knock down",
                             "please destroy", "can you destroy"};
const Words kMoveVerbs = {"go", "move", "walk", "head", "run", "please go", "can you go"};
const Words kDets = {"the", "that", "this"};
struct Rel {
  std::string_view words;
  std::string_view direction;  // "" = a bare reference-object location
};
const std::vector<Rel> kRelations = {{"next to the", ""},        {"near the", ""},          {"by the", ""},
                                     {"beside the", ""},         {"to the left of the", "LEFT"},
                                     {"to the right of the", "RIGHT"}, {"in front of the", "FRONT"},
                                     {"behind the", "BACK"},     {"on top of the", "UP"},   {"under the", "DOWN"}};

struct Utt {
  std::vector<std::string> tokens;
  // Appends words; returns their span [first, last].
  std::pair<int, int> add(std::string_view words) {
    int first = static_cast<int>(tokens.size());
    size_t i = 0;
    while (i < words.size()) {
      size_t j = words.find(' ', i);
      if (j == std::string_view::npos) j = words.size();
      if (j > i) tokens.emplace_back(words.substr(i, j - i));
      i = j + 1;
    }
    return {first, static_cast<int>(tokens.size()) - 1};
  }
};

Value span(std::pair<int, int> s) {
  Value v = Value::list();
  v.items.push_back(Value::from_int(0));
  Value pair = Value::list();
  pair.items.push_back(Value::from_int(s.first));
  pair.items.push_back(Value::from_int(s.second));
  v.items.push_back(std::move(pair));
  return v;
}

struct Gen {
  std::mt19937_64 rng;
  std::string_view pick(const Words& w) { return w[rng() % w.size()]; }
  bool coin(int percent) { return static_cast<int>(rng() % 100) < percent; }

  // "[the] [colour] [size] name": adds has_* keys to `obj`.
  void object(Utt& u, Value& obj, const Words& names, bool allow_det = true) {
    if (allow_det) u.add(coin(70) ? "the" : pick(kDets));
    if (coin(25)) obj.add("has_size", span(u.add(pick(kSizes))));
    if (coin(30)) obj.add("has_colour", span(u.add(pick(kColours))));
    obj.add("has_name", span(u.add(pick(names))));
  }

  // "next to the tree" -> a REFERENCE_OBJECT location.
  Value location(Utt& u) {
    const Rel& rel = kRelations[rng() % kRelations.size()];
    u.add(rel.words);
    Value loc = Value::dict();
    loc.add("location_type", Value::from_string("REFERENCE_OBJECT"));
    if (!rel.direction.empty()) loc.add("relative_direction", Value::from_string(std::string(rel.direction)));
    Value ref = Value::dict();
    if (coin(20)) ref.add("has_colour", span(u.add(pick(kColours))));
    ref.add("has_name", span(u.add(pick(kRefNames))));
    loc.add("reference_object", std::move(ref));
    return loc;
  }

  Value action(std::string_view type) {
    Value a = Value::dict();
    a.add("action_type", Value::from_string(std::string(type)));
    return a;
  }

  Value build(Utt& u) {
    Value a = action("BUILD");
    u.add(pick(kBuildVerbs));
    u.add(coin(80) ? "a" : "an");
    Value s = Value::dict();
    object(u, s, kBuildNames, false);
    a.add("schematic", std::move(s));
    if (coin(50)) a.add("location", location(u));
    return a;
  }

  Value destroy(Utt& u) {
    Value a = action("DESTROY");
    u.add(pick(kDestroyVerbs));
    Value r = Value::dict();
    object(u, r, kRefNames);
    if (coin(35)) r.add("location", location(u));
    a.add("reference_object", std::move(r));
    return a;
  }

  Value move(Utt& u) {
    Value a = action("MOVE");
    if (coin(20)) {
      u.add(coin(50) ? "come here" : "come to me");
      Value loc = Value::dict();
      loc.add("location_type", Value::from_string("SPEAKER_POS"));
      a.add("location", std::move(loc));
      return a;
    }
    u.add(pick(kMoveVerbs));
    if (coin(50)) {
      u.add("to the");
      Value loc = Value::dict();
      loc.add("location_type", Value::from_string("REFERENCE_OBJECT"));
      Value ref = Value::dict();
      ref.add("has_name", span(u.add(pick(kRefNames))));
      loc.add("reference_object", std::move(ref));
      a.add("location", std::move(loc));
      return a;
    }
    a.add("location", location(u));
    return a;
  }

  Value dig(Utt& u) {
    Value a = action("DIG");
    u.add(coin(80) ? "dig a" : "make a");
    if (coin(60)) {
      Value s = Value::dict();
      s.add("has_size", span(u.add(pick(kSizes))));
      a.add("schematic", std::move(s));
    } else if (u.tokens[0] == "make") {
      u.tokens[0] = "dig";  // "make a hole" alone reads as BUILD in the data
    }
    u.add("hole");
    if (coin(40)) a.add("location", location(u));
    return a;
  }

  Value fill(Utt& u) {
    Value a = action("FILL");
    u.add(coin(70) ? "fill" : "fill up");
    u.add(pick(kDets));
    u.add(coin(70) ? "hole" : "pit");
    u.add("with");
    a.add("has_block_type", span(u.add(pick(kMaterials))));
    return a;
  }

  Value spawn(Utt& u) {
    Value a = action("SPAWN");
    u.add(coin(70) ? "spawn" : "summon");
    Value r = Value::dict();
    if (coin(50)) {
      Value rep = Value::dict();
      rep.add("repeat_count", span(u.add(pick(kCounts))));
      rep.add("repeat_key", Value::from_string("FOR"));
      r.add("has_name", span(u.add(pick(kMobsPlural))));
      a.add("reference_object", std::move(r));
      a.add("repeat", std::move(rep));
      return a;
    }
    u.add("a");
    r.add("has_name", span(u.add(pick(kMobs))));
    a.add("reference_object", std::move(r));
    return a;
  }

  Value simple(Utt& u, std::string_view type, const Words& phrasings) {
    u.add(pick(phrasings));
    return action(type);
  }

  Example one() {
    Utt u;
    Value act;
    switch (rng() % 10) {
      case 0: case 1: act = build(u); break;
      case 2: case 3: act = destroy(u); break;
      case 4: act = move(u); break;
      case 5: act = dig(u); break;
      case 6: act = fill(u); break;
      case 7: act = spawn(u); break;
      case 8: act = simple(u, "STOP", {"stop", "stop that", "stop building", "please stop", "stop digging", "halt"}); break;
      default:
        act = coin(50) ? simple(u, "RESUME", {"resume", "continue building", "keep going", "resume building"})
                       : simple(u, "UNDO", {"undo", "undo that", "undo the last thing", "revert that"});
    }
    if (coin(15)) u.add(".");
    Example ex;
    ex.form = Value::dict();
    Value seq = Value::list();
    seq.items.push_back(std::move(act));
    ex.form.add("action_sequence", std::move(seq));
    ex.form.add("dialogue_type", Value::from_string("HUMAN_GIVE_COMMAND"));
    ex.tokens = std::move(u.tokens);
    for (const auto& t : ex.tokens) ex.text += (ex.text.empty() ? "" : " ") + t;
    ex.source = "synthetic";
    ex.type = form_type(ex.form);
    return ex;
  }
};

}  // namespace

std::vector<Example> synthesize(int n, uint64_t seed) {
  Gen g{std::mt19937_64(seed)};
  std::vector<Example> out;
  for (int i = 0; i < n; ++i) {
    out.push_back(g.one());
    out.back().id = "synthetic-" + std::to_string(seed) + "-" + std::to_string(i);
  }
  return out;
}

}  // namespace plank::neural
