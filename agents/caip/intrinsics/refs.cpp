// Reference objects: which things of the world a description denotes, as
// conjunctive filters (droidlet's semantics): the head noun and every modifier
// must hold of a candidate ("the wooden house" is a house made of wood, not a
// house or a wooden thing); a generic noun ("structure", "thing") names any
// object and leaves the choice to the other cues; an explicit location beats
// the gaze; coreference must satisfy its noun ("that house" is the house looked
// at or talked about last, never a cube); equally good candidates are asked about.
#include <algorithm>
#include <cmath>
#include <functional>

#include <fmt/format.h>

#include "agents/caip/intrinsics/acts.h"
#include "agents/caip/intrinsics/lexicon.h"
#include "agents/caip/intrinsics/phrases.h"

namespace plank::caip {

namespace {

// Words that stand for the speaker, the agent, or coreference rather than a name.
struct Pronoun {
  std::string_view word;
  ThingKind kind;
  bool coref;
};
constexpr Pronoun kPronouns[] = {{"me", ThingKind::Speaker, false},  {"i", ThingKind::Speaker, false},
                                 {"myself", ThingKind::Speaker, false}, {"you", ThingKind::Agent, false},
                                 {"yourself", ThingKind::Agent, false}, {"it", ThingKind::Object, true},
                                 {"that", ThingKind::Object, true},   {"this", ThingKind::Object, true},
                                 {"there", ThingKind::Object, true},  {"here", ThingKind::Object, true},
                                 {"them", ThingKind::Object, true},   {"those", ThingKind::Object, true},
                                 {"these", ThingKind::Object, true},  {"one", ThingKind::Object, true}};

// Names that mean a kind of mob whose minecraft-data type differs.
struct MobAlias {
  std::string_view word, type;
};
constexpr MobAlias kMobAliases[] = {{"dog", "wolf"}, {"puppy", "wolf"}, {"kitty", "cat"}, {"bunny", "rabbit"},
                                    {"chick", "chicken"}, {"hen", "chicken"}, {"pony", "horse"}, {"lamb", "sheep"},
                                    {"piggy", "pig"}, {"bull", "cow"}, {"calf", "cow"}};

// Modifiers that neither name nor describe what a thing is made of: ordinals,
// "other", "same" (the words people add that no object carries as a tag).
constexpr std::string_view kNoFilter[] = {"other", "same", "new", "first", "second", "third", "last", "next",
                                          "nearest", "closest", "current", "entire", "whole", "main", "existing",
                                          "original", "previous", "recent", "own", "only", "single", "one"};

// The ground is not an object: the cell of ground where the speaker looks stands for it.
constexpr std::string_view kGround[] = {"ground", "floor", "earth", "land", "dirt", "grass", "soil"};

double distance(Coord a, Coord b) {
  double dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
  return std::sqrt(dx * dx + dy * dy + dz * dz);
}

// Nouns that name every creature ("kill all the animals").
constexpr std::string_view kCreatureNouns[] = {"animal", "creature", "mob", "critter", "beast", "livestock"};

bool has_name(const Thing& t, const std::string& l) {
  if (std::find(t.names.begin(), t.names.end(), l) != t.names.end()) return true;
  for (auto a : kMobAliases)
    if (a.word == l && t.kind == ThingKind::Mob && t.name == a.type) return true;
  if (t.kind == ThingKind::Mob && std::find(std::begin(kCreatureNouns), std::end(kCreatureNouns), l) != std::end(kCreatureNouns))
    return true;
  // A kind of thing names every thing of that kind: the tree, the bush and the flowers are plants.
  return std::any_of(t.names.begin(), t.names.end(), [&](const std::string& n) { return kind_of(n, l); });
}

// A third or more of the object's blocks: "the red house" with a red roof on white walls is not red,
// a house of red walls under a grey roof is.
bool share(const std::map<std::string, int>& counts, const std::function<bool(const std::string&)>& is, size_t total) {
  int n = 0;
  for (const auto& [k, v] : counts)
    if (is(k)) n += v;
  return total > 0 && size_t(n) * 3 >= total;
}
size_t solid_count(const Thing& t) {
  size_t n = 0;
  for (const auto& [k, v] : t.blocks) n += size_t(v);
  return n;
}
bool coloured(const Thing& t, const std::string& colour) {
  if (t.kind != ThingKind::Object) return false;
  return share(t.colours, [&](const std::string& c) { return c == colour || (colour == "gray" && c == "light_gray"); },
               solid_count(t));
}
bool made_of_material(const Thing& t, const std::string& material) {
  if (t.kind != ThingKind::Object) return false;
  return share(t.blocks, [&](const std::string& b) { return made_of(b, material); }, solid_count(t));
}

// Nouns of places and landforms that no shape or scene object need be called,
// but that name a kind of thing when they stand before a head noun ("the cave
// entrance" is an entrance of a cave, not any entrance).
constexpr std::string_view kPlaceNouns[] = {"cave", "mine", "village", "town", "city", "forest", "jungle", "desert",
                                            "ocean", "sea", "beach", "island", "valley", "canyon", "swamp", "dungeon",
                                            "prison", "yard", "park", "cellar", "basement", "attic", "street"};

// Whether a word names a kind of thing: a creature, a place noun, or a name some thing of the world
// carries (not the shape names: "square", "round" describe as often as they name). Such a word before the head noun is part of the name ("cave entrance",
// "house door"), so a candidate must answer to it.
bool kind_noun(const std::vector<Thing>& all, const std::string& l) {
  if (generic_noun(l)) return false;
  if (std::find(std::begin(kPlaceNouns), std::end(kPlaceNouns), l) != std::end(kPlaceNouns)) return true;
  for (auto a : kMobAliases)
    if (a.word == l) return true;
  return std::any_of(all.begin(), all.end(), [&](const Thing& t) { return has_name(t, l); });
}

// Whether `t` carries the noun or is part of (inside or touching) a thing that does: the door of the house is
// a "house door".
bool answers_to_noun(const std::vector<Thing>& all, const Thing& t, const std::string& l) {
  if (has_name(t, l)) return true;
  auto gap = [](int amin, int amax, int bmin, int bmax) { return std::max({0, bmin - amax - 1, amin - bmax - 1}); };
  for (const Thing& o : all) {
    if (&o == &t || !has_name(o, l) || o.kind != ThingKind::Object) continue;
    const Box &a = t.bounds, &b = o.bounds;
    if (std::max({gap(a.min.x, a.max.x, b.min.x, b.max.x), gap(a.min.y, a.max.y, b.min.y, b.max.y),
                  gap(a.min.z, a.max.z, b.min.z, b.max.z)}) <= 1)
      return true;
  }
  return false;
}

// One word of a description as a filter: a colour, a material, a noun naming a
// kind of thing, or a tag some candidate carries. A word no candidate carries and
// that says nothing checkable ("old", "front", "southern") filters nothing.
void filter_by_word(std::vector<const Thing*>& cands, const std::string& l, const std::vector<Thing>& all) {
  if (std::find(std::begin(kNoFilter), std::end(kNoFilter), l) != std::end(kNoFilter) || size_word(l)) return;
  if (auto c = colour_word(l)) {
    std::erase_if(cands, [&](const Thing* t) { return !coloured(*t, *c) && !has_name(*t, l); });
    return;
  }
  if (material_word(l)) {
    std::erase_if(cands, [&](const Thing* t) { return !made_of_material(*t, l) && !has_name(*t, l); });
    return;
  }
  bool any = std::any_of(cands.begin(), cands.end(), [&](const Thing* t) { return has_name(*t, l); });
  if (any) {
    std::erase_if(cands, [&](const Thing* t) { return !has_name(*t, l); });
  } else if (kind_noun(all, l)) {
    std::erase_if(cands, [&](const Thing* t) { return !answers_to_noun(all, *t, l); });
  }
}

}  // namespace

std::optional<std::vector<int>> find_things(Assistant& s, const RefQuery& q) {
  const auto& all = s.things();
  NounPhrase np = noun_phrase(q.name);
  auto words = words_of(q.name);
  std::string what = !np.head.empty() ? np.head : !q.name.empty() ? q.name : !q.tag.empty() ? q.tag
                   : q.want_hole ? std::string("hole") : std::string("object");
  bool coref = q.coref;
  bool deictic = false;  // "that", "this", "there": pointing, so the gaze first
  std::optional<ThingKind> person;
  if (words.size() == 1)
    for (const auto& p : kPronouns)
      if (p.word == words[0] || p.word == lemma(words[0])) {
        if (p.coref) coref = true, deictic = words[0] != "it" && words[0] != "them" && words[0] != "one";
        else person = p.kind;
      }
  // "that house", "this wall": coreference that must be a house, a wall.
  if (!words.empty() && (words[0] == "that" || words[0] == "this" || words[0] == "those" || words[0] == "these") &&
      words.size() > 1)
    coref = deictic = true;
  if (q.look) coref = deictic = true;  // a tag with no object: what the speaker looks at, then the last one talked about
  std::string head = person || (coref && words.size() == 1) ? std::string() : np.head;
  if (head == "one" || head == "it" || head == "them") head.clear();

  if (!person && !head.empty() && std::find(std::begin(kGround), std::end(kGround), head) != std::end(kGround)) {
    Coord at;
    auto look = s.look_block();
    if (look && s.world().natural(*look) == s.world().block(*look) && look->y < 0) {
      at = *look;
    } else {
      const world::Entity* sp = s.speaker();
      Coord feet = sp ? world::cell_of(sp->pose.pos) : s.agent().feet();
      Coord f = s.forward();
      at = {feet.x + 3 * f.x, -1, feet.z + 3 * f.z};
    }
    Thing g;
    g.kind = ThingKind::Object;
    g.name = "ground";
    g.names = {"ground"};
    g.cells = {at};
    g.bounds.add(at);
    g.block = s.world().type_at(at).name;
    g.colour = s.world().type_at(at).colour.word;
    s.last_referenced = g;
    return std::vector<int>{s.add_thing(std::move(g))};
  }

  std::vector<const Thing*> cands;
  if (person) {
    for (const auto& t : all)
      if (t.kind == *person) cands.push_back(&t);
  } else {
    bool named = !head.empty() && !generic_noun(head);
    for (const auto& t : all) {
      if (t.kind == ThingKind::Speaker || t.kind == ThingKind::Agent) continue;
      bool hole_wanted = q.want_hole || head == "hole" || head == "pit";
      if (t.kind == ThingKind::Hole && !hole_wanted && !named) continue;
      if (named && !has_name(t, head)) continue;
      if (!named && !coref && t.kind == ThingKind::Mob && (generic_noun(head) || head.empty())) continue;
      cands.push_back(&t);
    }
    // No object is called that, but it is a material: what is made of it ("destroy the stone").
    if (named && cands.empty() && material_word(head))
      for (const auto& t : all)
        if (made_of_material(t, head)) cands.push_back(&t);
    for (const auto& m : np.modifiers) filter_by_word(cands, m, all);
    for (const auto& w : words_of(q.tag)) filter_by_word(cands, lemma(w), all);
    if (!q.colour.empty()) {
      auto c = colour_word(q.colour);
      std::erase_if(cands, [&](const Thing* t) { return !c || !coloured(*t, *c); });
    }
    if (!q.block.empty()) {
      auto bw = words_of(q.block);
      std::string l = bw.empty() ? q.block : lemma(bw.back() == "block" && bw.size() > 1 ? bw[bw.size() - 2] : bw.back());
      auto id = block_type(s.world().registry(), q.block, false);
      std::erase_if(cands, [&](const Thing* t) {
        return !made_of_material(*t, l) && !(id && t->blocks.count(s.world().registry()[*id].name));
      });
    }
  }

  // Where the object is: in a direction from a location, nearest to it first.
  Coord origin = s.speaker() ? world::cell_of(s.speaker()->pose.pos) : Coord{};
  bool located = false;
  std::optional<Box> beside;  // "the hole by the house": nearest to the house's blocks, not to a point beside it
  if (s.valid_location(q.location)) {
    const Location& loc = s.location(q.location);
    origin = loc.at;
    located = true;
    Coord v = direction_vector(s, q.direction, loc.anchor);
    if (v == Coord{0, 0, 0} && loc.anchor) beside = loc.anchor;
    if (v != Coord{0, 0, 0}) {
      std::erase_if(cands, [&](const Thing* t) {
        Coord c = t->centre();
        return (c.x - loc.at.x) * v.x + (c.y - loc.at.y) * v.y + (c.z - loc.at.z) * v.z <= 0;
      });
    }
    if (loc.anchor)  // not the anchor itself ("the tree next to the tree")
      std::erase_if(cands, [&](const Thing* t) { return t->bounds == *loc.anchor && cands.size() > 1; });
  }
  auto gap_to = [](const Box& a, const Box& b) {
    auto gap = [](int amin, int amax, int bmin, int bmax) { return std::max({0, bmin - amax - 1, amin - bmax - 1}); };
    return std::max({gap(a.min.x, a.max.x, b.min.x, b.max.x), gap(a.min.y, a.max.y, b.min.y, b.max.y),
                     gap(a.min.z, a.max.z, b.min.z, b.max.z)});
  };
  // "the hole in the fence", "the chest in the room": a thing *in* another is within its bounds or touches them
  // (at most a block off), not merely the nearest one anywhere: a hole in the ground far from the fence is not
  // the hole in the fence.
  // (The ground stands as one cell where the speaker looks: "the hole in the ground" is any hole.)
  if (located && (q.direction == "INSIDE" || s.location(q.location).direction == "INSIDE") &&
      s.location(q.location).anchor && s.location(q.location).anchor_cells.size() > 1) {
    Box anchor = *s.location(q.location).anchor;
    // A FILL with no name wants a hole: what else is in the fence (the flowers) is not one.
    bool holes = q.want_hole && head.empty() &&
                 std::any_of(cands.begin(), cands.end(), [](const Thing* t) { return t->kind == ThingKind::Hole; });
    std::erase_if(cands, [&](const Thing* t) { return gap_to(t->bounds, anchor) > 1 || (holes && t->kind != ThingKind::Hole); });
  }
  std::stable_sort(cands.begin(), cands.end(), [&](const Thing* a, const Thing* b) {
    if (beside) {
      int ga = gap_to(a->bounds, *beside), gb = gap_to(b->bounds, *beside);
      if (ga != gb) return ga < gb;
    }
    return distance(a->centre(), origin) < distance(b->centre(), origin);
  });
  if (q.want_hole) {  // FILL: holes before objects, nearest first; with no name, only holes where there are any
    auto holes_end = std::stable_partition(cands.begin(), cands.end(), [](const Thing* t) { return t->kind == ThingKind::Hole; });
    if (head.empty() && holes_end != cands.begin()) cands.erase(holes_end, cands.end());
  }
  // "the big house": the largest first; "the small one": the smallest.
  std::optional<bool> big;
  for (const auto& m : np.modifiers)
    if (auto r = size_word(m)) big = r->min >= 5;
  if (auto r = size_word(q.size)) big = r->min >= 5;
  if (big)
    std::stable_sort(cands.begin(), cands.end(), [&](const Thing* a, const Thing* b) {
      return *big ? a->cells.size() > b->cells.size() : a->cells.size() < b->cells.size();
    });

  if (cands.empty() && q.quiet) return std::vector<int>{};
  if (cands.empty()) {
    std::string named = q.name.empty() ? what : q.name;
    bool pointing_words = words.size() > 1 && (words[0] == "that" || words[0] == "this" || words[0] == "those" ||
                                               words[0] == "these");
    if (pointing_words) {  // "I don't see any legos here", not "any these legos"
      named.clear();
      for (size_t k = 1; k < words.size(); ++k) named += (named.empty() ? "" : " ") + words[k];
    }
    if (coref && words.size() <= 1 && q.name != "there" && q.name != "here") {
      s.unsure(Doubt::ask("pointing").with("words", q.name.empty() ? std::string("that") : q.name));
      return std::nullopt;
    }
    s.unsure(Doubt::ask("no_match").with("what", (q.colour.empty() ? "" : q.colour + " ") + named));
    return std::nullopt;
  }
  std::vector<const Thing*> chosen;
  if (q.all || q.quiet) {
    chosen = cands;
  } else if (q.count > 1) {
    if (long(cands.size()) < q.count) {
      if (!s.unsure(Doubt::or_default("too_few").with("seen", long(cands.size())).with("what", what).with("wanted", q.count)))
        return std::nullopt;
      chosen = cands;
    } else {
      chosen.assign(cands.begin(), cands.begin() + q.count);
    }
  } else {
    auto same = [](const Thing* a, const Thing& b) { return a->bounds == b.bounds && a->name == b.name; };
    auto looked_at = [&]() -> const Thing* {
      auto look = s.look_block();
      if (!look) return nullptr;
      const Thing* best = nullptr;
      for (const Thing* t : cands)
        if (std::binary_search(t->cells.begin(), t->cells.end(), *look) && (!best || t->cells.size() < best->cells.size()))
          best = t;
      return best;
    };
    auto last = [&]() -> const Thing* {
      if (!s.last_referenced) return nullptr;
      for (const Thing* t : cands)
        if (same(t, *s.last_referenced)) return t;
      return nullptr;
    };
    auto newest = [&]() -> const Thing* {
      const Thing* best = nullptr;
      for (const Thing* t : cands)
        if (t->order >= 0 && (!best || t->order > best->order)) best = t;
      return best;
    };
    const Thing* pick = nullptr;
    if (person || located) {
      pick = cands.front();  // an explicit location beats the gaze: the nearest to it
    } else if (coref && words.size() <= 1 && !deictic && s.last_referenced) {
      // "it": the object talked about last, whether or not it is still among the candidates
      return std::vector<int>{s.add_thing(*s.last_referenced)};
    } else if (coref) {
      pick = deictic ? looked_at() : nullptr;
      if (!pick) pick = last();
      if (!pick && !deictic) pick = looked_at();
      if (!pick && cands.size() == 1) pick = cands.front();
      if (!pick && words.size() <= 1) {
        s.unsure(Doubt::ask("pointing").with("words", q.name.empty() ? std::string("that") : q.name));
        return std::nullopt;
      }
    } else if (np.recent) {
      pick = newest();  // "the structure you just built"
    } else if (cands.size() == 1) {
      pick = cands.front();
    } else if (big && cands[0]->cells.size() != cands[1]->cells.size()) {
      pick = cands.front();
    }
    if (!pick && !coref) pick = looked_at();  // the gaze breaks a tie
    if (!pick) {
      std::vector<std::string> nearest_first;
      for (const Thing* t : cands) nearest_first.push_back(t->describe());
      if (!s.unsure(Doubt::or_default("which").with("what", what).with("candidates", std::move(nearest_first))))
        return std::nullopt;
      pick = cands.front();
    }
    chosen = {pick};
  }
  std::vector<int> out;
  for (const Thing* t : chosen) out.push_back(s.add_thing(*t));
  s.last_referenced = *chosen.front();
  return out;
}

}  // namespace plank::caip
