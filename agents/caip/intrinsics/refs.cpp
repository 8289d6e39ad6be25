// Reference objects: which things of the world a description denotes.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "agents/caip/intrinsics/acts.h"
#include "agents/caip/intrinsics/lexicon.h"

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
                                 {"them", ThingKind::Object, true},   {"those", ThingKind::Object, true}};

// Names that mean a kind of mob whose minecraft-data type differs.
struct MobAlias {
  std::string_view word, type;
};
constexpr MobAlias kMobAliases[] = {{"dog", "wolf"}, {"puppy", "wolf"}, {"kitty", "cat"}, {"bunny", "rabbit"},
                                    {"chick", "chicken"}, {"hen", "chicken"}, {"pony", "horse"}, {"lamb", "sheep"},
                                    {"piggy", "pig"}, {"bull", "cow"}, {"calf", "cow"}};

double distance(Coord a, Coord b) {
  double dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
  return std::sqrt(dx * dx + dy * dy + dz * dz);
}

bool has_name(const Thing& t, const std::string& l) {
  if (std::find(t.names.begin(), t.names.end(), l) != t.names.end()) return true;
  for (auto a : kMobAliases)
    if (a.word == l && t.kind == ThingKind::Mob && t.name == a.type) return true;
  // A material names what is made of it ("the stone", "the bricks").
  return t.kind == ThingKind::Object && l.size() >= 4 && t.block.find(l) != std::string::npos;
}

// The head noun first (the last word), then the others: "front door" is a door.
std::vector<std::string> name_lemmas(const std::string& text) {
  std::vector<std::string> out;
  auto words = words_of(text);
  for (auto it = words.rbegin(); it != words.rend(); ++it) out.push_back(lemma(*it));
  return out;
}

Coord dir_vector(Assistant& s, const std::string& d) {
  auto off = direction_offset(d);
  if (!off) return {0, 0, 0};
  Coord f = s.forward(), r = s.right();
  return {off->right * r.x + off->forward * f.x, off->up, off->right * r.z + off->forward * f.z};
}

}  // namespace

std::optional<std::vector<int>> find_things(Assistant& s, const RefQuery& q) {
  const auto& all = s.things();
  std::vector<const Thing*> cands;
  std::string what = !q.name.empty() ? q.name : !q.tag.empty() ? q.tag : q.want_hole ? std::string("hole") : std::string("object");
  bool coref = q.coref;
  std::optional<ThingKind> person;
  auto lemmas = name_lemmas(q.name);
  if (!lemmas.empty())
    for (const auto& p : kPronouns)
      if (lemmas.size() == 1 && p.word == lemmas[0]) {
        if (p.coref) coref = true;
        else person = p.kind;
      }

  // The ground is not an object: the cell of ground where the speaker looks
  // (or in front of the speaker) stands for it.
  static constexpr std::string_view kGround[] = {"ground", "floor", "earth", "land", "dirt", "grass", "soil"};
  if (!person && !coref && lemmas.size() >= 1 && std::find(std::begin(kGround), std::end(kGround), lemmas[0]) != std::end(kGround)) {
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
  if (person) {
    for (const auto& t : all)
      if (t.kind == *person) cands.push_back(&t);
  } else if (coref && q.colour.empty()) {
    // "it" refers back (the object talked about last, else the one looked at);
    // "that", "this", "there" point (the one looked at, else the last one).
    bool deictic = lemmas.empty() || lemmas[0] != "it" && lemmas[0] != "them";
    auto looked_at = [&]() -> const Thing* {
      auto look = s.look_block();
      if (look)
        for (const auto& t : all)
          if (t.kind != ThingKind::Speaker && std::binary_search(t.cells.begin(), t.cells.end(), *look)) return &t;
      return nullptr;
    };
    const Thing* pick = deictic ? looked_at() : nullptr;
    if (!pick && s.last_referenced) return std::vector<int>{s.add_thing(*s.last_referenced)};
    if (!pick) pick = looked_at();
    if (pick) {
      s.last_referenced = *pick;
      return std::vector<int>{s.add_thing(*pick)};
    }
    s.unsure(Doubt::ask("pointing").with("words", q.name.empty() ? std::string("that") : q.name));
    return std::nullopt;
  } else {
    for (const auto& t : all) {
      if (t.kind == ThingKind::Speaker || t.kind == ThingKind::Agent) continue;
      if (q.want_hole && t.kind != ThingKind::Hole && lemmas.empty()) continue;
      bool ok = true;
      if (!lemmas.empty()) {
        ok = false;
        for (const auto& l : lemmas)
          if (has_name(t, l)) { ok = true; break; }
      }
      if (ok && !q.tag.empty()) {
        bool tagged = false;
        for (const auto& l : name_lemmas(q.tag)) tagged = tagged || has_name(t, l);
        ok = tagged;
      }
      if (ok && !q.colour.empty()) {
        auto c = colour_word(q.colour);
        ok = c && (t.colour == *c || (c == "gray" && t.colour == "light_gray"));
      }
      if (ok && !q.block.empty()) {
        auto l = lemma(words_of(q.block).empty() ? q.block : words_of(q.block).back());
        ok = t.block.find(l) != std::string::npos;
      }
      if (ok) cands.push_back(&t);
    }
  }

  // Where the object is: in a direction from a location, else nearest to it.
  Coord origin = s.speaker() ? world::cell_of(s.speaker()->pose.pos) : Coord{};
  bool located = false;
  if (s.valid_location(q.location)) {
    const Location& loc = s.location(q.location);
    origin = loc.at;
    located = true;
    Coord v = dir_vector(s, q.direction);
    if (v != Coord{0, 0, 0}) {
      std::erase_if(cands, [&](const Thing* t) {
        Coord c = t->centre();
        return (c.x - loc.at.x) * v.x + (c.y - loc.at.y) * v.y + (c.z - loc.at.z) * v.z <= 0;
      });
    }
    if (loc.anchor)  // not the anchor itself ("the tree next to the tree")
      std::erase_if(cands, [&](const Thing* t) { return t->bounds == *loc.anchor && cands.size() > 1; });
  }
  std::stable_sort(cands.begin(), cands.end(), [&](const Thing* a, const Thing* b) {
    return distance(a->centre(), origin) < distance(b->centre(), origin);
  });
  if (auto size = size_word(q.size)) {  // "the big house": the largest first, "the small one": the smallest
    bool big = size->min >= 5;
    std::stable_sort(cands.begin(), cands.end(), [&](const Thing* a, const Thing* b) {
      return big ? a->cells.size() > b->cells.size() : a->cells.size() < b->cells.size();
    });
  }

  if (cands.empty() && q.quiet) return std::vector<int>{};
  if (cands.empty()) {
    s.unsure(Doubt::ask("no_match").with("what", (q.colour.empty() ? "" : q.colour + " ") + what));
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
    // One object: the one the speaker looks at, else the only one, else ask.
    const Thing* pick = nullptr;
    if (auto look = s.look_block())
      for (const Thing* t : cands)
        if (std::binary_search(t->cells.begin(), t->cells.end(), *look)) { pick = t; break; }
    if (!pick && (cands.size() == 1 || located || person || !q.size.empty())) pick = cands.front();
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
