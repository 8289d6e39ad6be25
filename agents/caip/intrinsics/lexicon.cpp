#include "agents/caip/intrinsics/lexicon.h"

#include "agents/caip/compile/action_table.h"
#include "support/edit_distance.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace plank::caip {

namespace {

struct NumberWord {
  std::string_view word;
  long value;
};
// Units and tens; "hundred"/"thousand" multiply (below).
constexpr NumberWord kNumberWords[] = {
    {"zero", 0},     {"one", 1},        {"a", 1},          {"an", 1},         {"single", 1},    {"two", 2},
    {"both", 2},     {"couple", 2},     {"pair", 2},       {"three", 3},      {"few", 3},       {"several", 4},
    {"four", 4},     {"five", 5},       {"six", 6},        {"seven", 7},      {"eight", 8},     {"nine", 9},
    {"ten", 10},     {"eleven", 11},    {"twelve", 12},    {"dozen", 12},     {"thirteen", 13}, {"fourteen", 14},
    {"fifteen", 15}, {"sixteen", 16},   {"seventeen", 17}, {"eighteen", 18},  {"nineteen", 19}, {"twenty", 20},
    {"thirty", 30},  {"forty", 40},     {"fifty", 50},     {"sixty", 60},     {"seventy", 70},  {"eighty", 80},
    {"ninety", 90},  {"once", 1},       {"twice", 2},      {"thrice", 3},     {"threes", 3},    {"many", 5},
    {"lot", 10},
};
constexpr NumberWord kMultipliers[] = {{"hundred", 100}, {"thousand", 1000}};

// Length units in blocks per unit (a block is a metre; a storey is 4 blocks).
struct Unit {
  std::string_view word;
  double blocks;
};
constexpr Unit kUnits[] = {{"block", 1},  {"unit", 1},   {"meter", 1},   {"metre", 1}, {"square", 1},
                           {"space", 1},  {"step", 1},   {"level", 1},   {"feet", 1.0 / 3}, {"foot", 1.0 / 3},
                           {"inch", 1.0 / 36}, {"yard", 1}, {"story", 4}, {"storey", 4}, {"floor", 4}};

struct Size {
  std::string_view word;
  SizeRange range;
};
constexpr Size kSizes[] = {
    {"tiny", {1, 2}},    {"little", {2, 3}},   {"small", {3, 4}},    {"smallest", {1, 2}}, {"short", {2, 3}},
    {"medium", {5, 6}},  {"normal", {5, 6}},   {"average", {5, 6}},  {"big", {7, 9}},      {"large", {8, 10}},
    {"long", {8, 12}},   {"tall", {8, 12}},    {"wide", {8, 12}},    {"bigger", {8, 10}},  {"larger", {9, 11}},
    {"huge", {12, 16}},  {"giant", {14, 18}},  {"massive", {16, 20}}, {"enormous", {16, 22}}, {"largest", {16, 20}},
    {"deep", {4, 6}},    {"shallow", {1, 2}},  {"high", {8, 12}},   {"low", {1, 2}},      {"narrow", {1, 2}},
    {"gigantic", {20, 30}}, {"humongous", {20, 30}}, {"skinny", {1, 2}}, {"thin", {1, 2}},
};

struct Synonym {
  std::string_view word, canonical;
};
constexpr Synonym kColourSynonyms[] = {
    {"white", "white"},   {"orange", "orange"}, {"magenta", "magenta"}, {"yellow", "yellow"}, {"lime", "lime"},
    {"pink", "pink"},     {"gray", "gray"},     {"grey", "gray"},       {"cyan", "cyan"},     {"purple", "purple"},
    {"blue", "blue"},     {"brown", "brown"},   {"green", "green"},     {"red", "red"},       {"black", "black"},
    {"golden", "yellow"}, {"gold", "yellow"},   {"violet", "purple"},   {"silver", "light_gray"}, {"teal", "cyan"},
    {"turquoise", "cyan"}, {"crimson", "red"},  {"navy", "blue"},       {"tan", "brown"},
};

// Words people use for materials: the block to build with (the first that
// exists in the registry; the built-in registry has fewer blocks), and the
// pieces of block names that are made of it ("wooden" is any planks, log or
// wood: oak, spruce, birch ...), which is how a reference's material is checked.
struct Material {
  std::string_view word;
  std::string_view blocks[3];
  std::string_view made_of[8];
};
constexpr Material kMaterials[] = {
    {"wood", {"oak_planks", "oak_log"}, {"planks", "_log", "_wood", "bookshelf", "crafting_table", "_fence"}},
    {"plank", {"oak_planks"}, {"planks"}},
    {"timber", {"oak_planks", "oak_log"}, {"planks", "_log", "_wood"}},
    {"log", {"oak_log"}, {"_log", "_wood"}},
    {"brick", {"bricks", "stone_bricks"}, {"brick"}},
    {"stone", {"stone", "cobblestone"}, {"stone", "andesite", "diorite", "granite", "cobble"}},
    {"rock", {"stone", "cobblestone"}, {"stone", "andesite", "diorite", "granite", "cobble"}},
    {"cobble", {"cobblestone"}, {"cobblestone"}},
    {"cobblestone", {"cobblestone"}, {"cobblestone"}},
    {"dirt", {"dirt"}, {"dirt", "grass_block", "podzol", "farmland"}},
    {"mud", {"dirt"}, {"dirt", "farmland"}},
    {"earth", {"dirt"}, {"dirt", "grass_block"}},
    {"water", {"water"}, {"water"}},
    {"lava", {"lava"}, {"lava"}},
    {"diamond", {"diamond_block"}, {"diamond"}},
    {"iron", {"iron_block"}, {"iron"}},
    {"metal", {"iron_block"}, {"iron", "gold_block"}},
    {"steel", {"iron_block"}, {"iron"}},
    {"titanium", {"iron_block"}, {"iron"}},
    {"silver", {"iron_block"}, {"iron"}},
    {"gold", {"gold_block"}, {"gold"}},
    {"emerald", {"emerald_block"}, {"emerald"}},
    {"glass", {"glass"}, {"glass"}},
    {"sand", {"sand"}, {"sand"}},
    {"sandstone", {"sandstone"}, {"sandstone"}},
    {"gravel", {"gravel"}, {"gravel"}},
    {"cement", {"gray_concrete", "stone"}, {"concrete"}},
    {"concrete", {"gray_concrete", "stone"}, {"concrete"}},
    {"wool", {"white_wool"}, {"wool"}},
    {"cloth", {"white_wool"}, {"wool"}},
    {"grass", {"grass_block"}, {"grass"}},
    {"ice", {"ice", "glass"}, {"ice"}},
    {"redstone", {"redstone_block"}, {"redstone"}},
    {"netherbrick", {"nether_bricks"}, {"nether_brick"}},
    {"granite", {"granite"}, {"granite"}},
    {"obsidian", {"obsidian"}, {"obsidian"}},
    {"coal", {"coal_block"}, {"coal"}},
    {"clay", {"clay"}, {"clay", "terracotta"}},
    {"terracotta", {"terracotta"}, {"terracotta"}},
    {"snow", {"snow_block"}, {"snow"}},
    {"leaf", {"oak_leaves"}, {"leaves"}},
    {"lego", {"red_concrete", "red_wool"}, {"concrete"}},
    {"walnut", {"dark_oak_planks", "oak_planks"}, {"dark_oak"}},
    {"mahogany", {"jungle_planks", "oak_planks"}, {"jungle"}},
    {"birch", {"birch_planks"}, {"birch"}},
    {"spruce", {"spruce_planks"}, {"spruce"}},
    {"oak", {"oak_planks"}, {"oak_"}},
    {"acacia", {"acacia_planks"}, {"acacia"}},
    {"jungle", {"jungle_planks"}, {"jungle"}},
    {"quartz", {"quartz_block"}, {"quartz"}},
    {"ore", {"iron_ore"}, {"_ore"}},
    {"torch", {"torch"}, {"torch"}},
    {"fence", {"oak_fence"}, {"fence"}},
    {"tnt", {"tnt"}, {"tnt"}},
    {"pumpkin", {"pumpkin"}, {"pumpkin"}},
    {"block", {"stone", "cobblestone"}, {}},
};

const Material* find_material(std::string_view lemma) {
  for (const auto& m : kMaterials)
    if (m.word == lemma) return &m;
  return nullptr;
}

bool all_digits(std::string_view s) {
  return !s.empty() && s.size() < 10 && std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit((unsigned char)c); });
}

std::optional<long> number_word(std::string_view w) {
  if (all_digits(w)) return std::strtol(std::string(w).c_str(), nullptr, 10);
  for (const auto& n : kNumberWords)
    if (n.word == w) return n.value;
  // Ordinals are not counts, but "5th"/"10th" style digits with a suffix are.
  size_t digits = 0;
  while (digits < w.size() && std::isdigit((unsigned char)w[digits])) ++digits;
  if (digits > 0 && digits < 10) return std::strtol(std::string(w.substr(0, digits)).c_str(), nullptr, 10);
  return std::nullopt;
}

// Reads a number starting at words[i]: "twenty five", "a hundred", "5". Advances i.
std::optional<long> read_number(const std::vector<std::string>& words, size_t& i) {
  std::optional<long> total;
  long current = 0;
  bool any = false;
  while (i < words.size()) {
    const std::string& w = words[i];
    bool multiplier = false;
    for (const auto& m : kMultipliers)
      if (m.word == w) {
        current = (any ? std::max(current, 1L) : 1L) * m.value;
        any = multiplier = true;
      }
    if (multiplier) {
      if (current > 1'000'000'000L) break;  // "thousand thousand ...": no overflow
      ++i;
      continue;
    }
    auto v = number_word(w);
    if (!v) {
      if (any && w == "and") { ++i; continue; }
      break;
    }
    // "a" and "an" count only when a number word or unit follows ("a few", "a hundred").
    if ((w == "a" || w == "an") && i + 1 < words.size() && !number_word(words[i + 1]) && words[i + 1] != "hundred" &&
        words[i + 1] != "thousand") {
      if (any) break;
      ++i;
      total = 1;
      return total;
    }
    if (w == "a" || w == "an") { ++i; continue; }  // "a few": the next word carries the value
    if (any && current % 100 == 0 && current >= 100) current += *v;
    else if (any && current >= 20 && current % 10 == 0 && *v < 10) current += *v;
    else if (any) break;
    else current = *v;
    any = true;
    ++i;
  }
  if (any) total = current;
  return total;
}

}  // namespace

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> out;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) out.push_back(cur), cur.clear();
  };
  for (size_t i = 0; i < text.size(); ++i) {
    char c = char(std::tolower((unsigned char)text[i]));
    bool digit_dot = c == '.' && !cur.empty() && std::isdigit((unsigned char)cur.back()) && i + 1 < text.size() &&
                     std::isdigit((unsigned char)text[i + 1]);
    bool minus = c == '-' && cur.empty() && i + 1 < text.size() && std::isdigit((unsigned char)text[i + 1]);
    if (std::isalnum((unsigned char)c) || c == '\'' || digit_dot || minus) cur += c;
    else flush();
  }
  flush();
  return out;
}

std::string lemma(std::string_view word) {
  std::string w(word);
  static constexpr Synonym kIrregular[] = {{"wooden", "wood"}, {"glass", "glass"}, {"grass", "grass"},
                                           {"children", "child"}, {"people", "person"}, {"mice", "mouse"},
                                           {"geese", "goose"}, {"sheep", "sheep"}, {"fish", "fish"},
                                           {"stone", "stone"}, {"golden", "gold"}, {"leaves", "leaf"},
                                           {"wolves", "wolf"}, {"shelves", "shelf"}, {"diamonds", "diamond"},
                                           {"ss", "ss"}, {"legos", "lego"}, {"daisies", "daisy"},
                                           {"wolf", "wolf"}, {"glasses", "glass"}, {"woods", "wood"}};
  for (const auto& s : kIrregular)
    if (s.word == w) return std::string(s.canonical);
  auto ends = [&](std::string_view suffix) { return w.size() > suffix.size() + 1 && w.ends_with(suffix); };
  if (ends("ies")) return w.substr(0, w.size() - 3) + "y";
  if (ends("ches") || ends("shes") || ends("xes") || ends("sses")) return w.substr(0, w.size() - 2);
  if (ends("s") && !ends("ss") && !ends("us") && !ends("is")) return w.substr(0, w.size() - 1);
  return w;
}

std::optional<long> parse_count(std::string_view text) {
  auto words = words_of(text);
  for (size_t i = 0; i < words.size(); ++i) {
    size_t j = i;
    if (auto v = read_number(words, j)) return v;
  }
  return std::nullopt;
}

std::optional<long> parse_length(std::string_view text) {
  auto words = words_of(text);
  for (size_t i = 0; i < words.size(); ++i) {
    size_t j = i;
    auto v = read_number(words, j);
    if (!v) continue;
    double blocks = double(*v);
    if (j < words.size()) {
      std::string unit = lemma(words[j]);
      for (const auto& u : kUnits)
        if (u.word == unit || u.word == words[j]) blocks = double(*v) * u.blocks;
    }
    return std::max(1L, long(blocks + 0.5));
  }
  return std::nullopt;
}

std::vector<long> parse_dimensions(std::string_view text) {
  // "5x5x15" is one word: split on x between digits first.
  std::string spaced;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = char(std::tolower((unsigned char)text[i]));
    bool x_between = (c == 'x' || c == '*') && i > 0 && i + 1 < text.size() &&
                     std::isdigit((unsigned char)text[i - 1]) && std::isdigit((unsigned char)text[i + 1]);
    spaced += x_between ? std::string(" by ") : std::string(1, c);
  }
  auto words = words_of(spaced);
  auto unit_at = [&](size_t j) -> std::optional<double> {
    if (j >= words.size()) return std::nullopt;
    std::string unit = lemma(words[j]);
    for (const auto& u : kUnits)
      if (u.word == unit || u.word == words[j]) return u.blocks;
    return std::nullopt;
  };
  // Each extent with the unit written after it, if any: "3 feet by 2 blocks".
  std::vector<std::pair<long, std::optional<double>>> extents;
  bool saw_by = false;
  for (size_t i = 0; i < words.size() && extents.size() < 3;) {
    if (words[i] == "by" || words[i] == "x") { saw_by = true; ++i; continue; }
    size_t j = i;
    if (words[i] != "a" && words[i] != "an") {
      if (auto v = read_number(words, j)) { extents.push_back({*v, unit_at(j)}); i = j; continue; }
    }
    ++i;
  }
  if (!saw_by && extents.size() > 1) extents.resize(1);
  // A unit after the last extent is every extent's ("3x5x8 feet" is 1x2x3 blocks) unless one has its own.
  std::optional<double> shared = extents.empty() ? std::nullopt : extents.back().second;
  std::vector<long> out;
  for (const auto& [v, unit] : extents) {
    double per_block = unit.value_or(shared.value_or(1.0));
    out.push_back(std::max(1L, long(std::min(double(v) * per_block, 1e9) + 0.5)));  // no overflow for absurd counts
  }
  return out;
}

bool as_large_as_possible(std::string_view text) {
  static constexpr std::string_view kLimits[] = {"possible", "can", "able", "be", "go", "get", "gets", "allowed"};
  auto w = words_of(text);
  if (w.size() < 4 || w[0] != "as") return false;
  auto second_as = std::find(w.begin() + 2, w.end(), "as");
  return second_as != w.end() && std::find(std::begin(kLimits), std::end(kLimits), w.back()) != std::end(kLimits);
}

std::optional<SizeRange> size_word(std::string_view text) {
  std::optional<SizeRange> found;
  for (const auto& w : words_of(text))
    for (const auto& s : kSizes)
      if (s.word == w) found = s.range;  // the last size word wins ("small 5x5" is decided by the numbers anyway)
  return found;
}

std::optional<world::Coord> parse_coordinates(std::string_view text) {
  std::vector<long> nums;
  for (const auto& w : words_of(text)) {
    std::string_view s = w;
    size_t eq = s.find('=');
    if (eq != std::string_view::npos) s = s.substr(eq + 1);
    bool neg = !s.empty() && s[0] == '-';
    std::string_view digits = neg ? s.substr(1) : s;
    if (all_digits(digits)) nums.push_back((neg ? -1 : 1) * std::strtol(std::string(digits).c_str(), nullptr, 10));
    else if (auto v = number_word(s); v && s != "a" && s != "an") nums.push_back(*v);
  }
  if (nums.size() != 3) return std::nullopt;
  return world::Coord{int32_t(nums[0]), int32_t(nums[1]), int32_t(nums[2])};
}

std::optional<std::string> colour_word(std::string_view text) {
  auto words = words_of(text);
  for (size_t i = 0; i < words.size(); ++i) {
    if (words[i] == "light" && i + 1 < words.size() && (words[i + 1] == "blue" || words[i + 1] == "gray" || words[i + 1] == "grey"))
      return words[i + 1] == "blue" ? std::string("light_blue") : std::string("light_gray");
    for (const auto& s : kColourSynonyms)
      if (s.word == words[i]) return std::string(s.canonical);
  }
  return std::nullopt;
}

std::optional<world::BlockId> colour_block(const world::BlockRegistry& registry, std::string_view colour) {
  for (const char* suffix : {"_wool", "_concrete", "_terracotta"})
    if (auto id = registry.find(std::string(colour) + suffix)) return id;
  // The built-in registry has only the IGLU colours.
  for (size_t i = 0; i < std::size(world::kIgluColours); ++i)
    if (world::kIgluColours[i] == colour) return registry.iglu(int(i) + 1);
  return std::nullopt;
}

bool material_word(std::string_view lemma) { return lemma != "block" && find_material(lemma) != nullptr; }

bool made_of(std::string_view block, std::string_view material) {
  if (const Material* m = find_material(material)) {
    for (auto part : m->made_of)
      if (!part.empty() && block.find(part) != std::string_view::npos) return true;
    return false;
  }
  // A word the table does not know ("spruce" is in it; "prismarine" is not): part of the name.
  return material.size() >= 4 && block.find(material) != std::string_view::npos;
}

std::optional<world::BlockId> block_type(const world::BlockRegistry& registry, std::string_view text, bool fuzzy) {
  auto words = words_of(text);
  if (words.empty()) return std::nullopt;
  std::string joined;
  for (const auto& w : words) joined += (joined.empty() ? "" : "_") + w;
  if (auto id = registry.find(joined); id && *id != world::kAir) return id;
  // A colour with a material ("red wool", "blue concrete"), or a colour alone.
  auto colour = colour_word(text);
  for (auto it = words.rbegin(); it != words.rend(); ++it) {
    std::string l = lemma(*it);
    if (l == "block" && words.size() > 1) continue;  // "gold blocks": the material is the other word
    if (colour && (l == "wool" || l == "concrete" || l == "terracotta" || l == "glass")) {
      std::string name = *colour + "_" + (l == "glass" ? "stained_glass" : l);
      if (auto id = registry.find(name)) return id;
    }
    for (const auto& m : kMaterials)
      if (m.word == l)
        for (auto b : m.blocks)
          if (!b.empty())
            if (auto id = registry.find(b)) return id;
    for (std::string candidate : {l, l + "_block", l + "_planks", l + "s"})
      if (auto id = registry.find(candidate); id && *id != world::kAir) return id;
  }
  if (colour) return colour_block(registry, *colour);
  if (!fuzzy) return std::nullopt;
  // Fuzzy: the closest registry name to the last word's lemma ("cobblestnoe").
  std::string l = lemma(words.back());
  if (l.size() < 4) return std::nullopt;
  std::optional<world::BlockId> best;
  size_t best_d = 3;
  for (size_t i = 1; i < registry.size(); ++i) {
    size_t d = levenshtein(l, registry[world::BlockId(i)].name);
    if (d < best_d) best_d = d, best = world::BlockId(i);
  }
  return best;
}

bool kind_of(std::string_view name, std::string_view kind) {
  if (name == kind) return true;
  // A kind and the names of the things that are of that kind (lemmas).
  struct Kind {
    std::string_view kind, names;
  };
  static constexpr Kind kKinds[] = {
      {"plant", "tree bush shrub flower crop wheat cactus sapling fern vine hedge mushroom sunflower poppy tulip "
                "dandelion rose lily orchid sugarcane bamboo carrot potato pumpkin melon"},
      {"vegetation", "tree bush shrub flower crop wheat cactus sapling fern vine hedge grass"},
      {"flora", "tree bush shrub flower crop wheat cactus sapling fern vine hedge"},
  };
  for (const auto& k : kKinds)
    if (k.kind == kind)
      for (const auto& n : words_of(k.names))
        if (n == name) return true;
  return false;
}

std::optional<FrameOffset> direction_offset(std::string_view d) {
  struct Dir {
    std::string_view name;
    FrameOffset off;
  };
  static constexpr Dir kDirs[] = {{"LEFT", {-1, 0, 0}}, {"RIGHT", {1, 0, 0}}, {"FRONT", {0, 0, 1}},
                                  {"BACK", {0, 0, -1}}, {"UP", {0, 1, 0}},    {"DOWN", {0, -1, 0}}};
  for (const auto& x : kDirs)
    if (x.name == d) return x.off;
  return std::nullopt;
}

std::optional<std::string> action_type_word(std::string_view text) {
  for (const auto& w : words_of(text)) {
    std::string l = lemma(w);
    if (l.ends_with("ing")) {
      l = l.substr(0, l.size() - 3);
      if (l.size() >= 3 && l[l.size() - 1] == l[l.size() - 2]) l.pop_back();  // digging -> dig
    }
    for (const auto& row : action_types())
      for (std::string_view verb : row.verbs)
        if (verb == l || verb == w || (l.size() >= 3 && verb.starts_with(l))) return std::string(row.name);
    // A task named by its noun: "the construction of the home", "the excavation" (verb + "ion", a final e dropped).
    if (l.size() > 6 && l.ends_with("ion"))
      for (const auto& row : action_types())
        for (std::string_view verb : row.verbs) {
          std::string_view stem = verb.ends_with('e') ? verb.substr(0, verb.size() - 1) : verb;
          if (stem.size() >= 4 && l.substr(0, l.size() - 3) == stem) return std::string(row.name);
        }
  }
  return std::nullopt;
}

std::string action_gerund(std::string_view action) {
  const ActionType* row = find_action_type(action);
  return row && !row->gerund.empty() ? std::string(row->gerund) : std::string("doing");
}

std::optional<QuestionPattern> question_pattern(std::string_view text) {
  auto w = words_of(text);
  auto has = [&](std::string_view x) { return std::find(w.begin(), w.end(), x) != w.end(); };
  auto after = [&](size_t i) -> std::string {
    static constexpr std::string_view kSkip[] = {"a", "an", "the", "any", "some", "of", "more", "other"};
    // Words that cannot be the thing asked about ("how many or our ...", "is there anyone").
    static constexpr std::string_view kNotNouns[] = {"or", "and", "there", "here", "anyone", "anything", "someone",
                                                      "something", "different", "way", "times", "time", "i", "you", "we"};
    while (i < w.size() && std::find(std::begin(kSkip), std::end(kSkip), w[i]) != std::end(kSkip)) ++i;
    if (i >= w.size() || std::find(std::begin(kNotNouns), std::end(kNotNouns), w[i]) != std::end(kNotNouns)) return {};
    return w[i];
  };
  bool you = has("you") || has("u") || has("yourself");
  auto in_order = [&](std::initializer_list<std::string_view> seq) {
    return std::search(w.begin(), w.end(), seq.begin(), seq.end()) != w.end();
  };
  // The agent's name and the time of day: only these exact questions ("what time does it get dark" is another one).
  if ((has("your") && has("name") && (has("what") || has("tell"))) || in_order({"who", "are", "you"}) ||
      in_order({"what", "are", "you", "called"}))
    return QuestionPattern{"NAME", "", ""};
  if (in_order({"what", "time", "is", "it"}) || in_order({"time", "of", "day"}) || in_order({"is", "it", "day"}) ||
      in_order({"is", "it", "night"}))
    return QuestionPattern{"TIME", "", ""};
  // "where are you going / headed": where its task takes it, which is what it is doing, not where it stands.
  if (has("where") && you && (has("going") || has("headed") || has("heading") || has("off")))
    return QuestionPattern{"ACTION", "", ""};
  if (has("where") && you) return QuestionPattern{"AGENT", "", ""};
  if (has("what") && you) {
    static constexpr std::string_view kDoing[] = {"doing", "building", "making", "digging", "working", "up", "destroying", "filling"};
    for (auto d : kDoing)
      if (has(d)) return QuestionPattern{"ACTION", "", ""};
  }
  // An attribute of a thing: the thing is named after the verb ("what colour is the cube", "where is my house").
  auto subject = [&](size_t from) -> std::string {
    for (size_t k = from; k < w.size(); ++k)
      if (w[k] == "is" || w[k] == "are" || w[k] == "'s") {
        size_t i = k + 1;
        while (i < w.size() && (w[i] == "my" || w[i] == "your" || w[i] == "our")) ++i;
        // The thing is the head of its noun phrase, the last word before a preposition, a clause or the end:
        // "where is the next mine" asks about the mine, "what colour is the big house" about the house.
        static constexpr std::string_view kEndPhrase[] = {"in", "on", "at", "by", "near", "of", "from", "to", "with",
                                                          "for", "behind", "beside", "under", "over", "that", "which",
                                                          "you", "i", "we", "now", "right", "?", ".", "!", ","};
        std::string noun = after(i);
        if (noun.empty() || noun == "that" || noun == "this" || noun == "it") return noun;
        size_t j = size_t(std::find(w.begin() + long(i), w.end(), noun) - w.begin());
        while (j + 1 < w.size() && std::find(std::begin(kEndPhrase), std::end(kEndPhrase), w[j + 1]) == std::end(kEndPhrase) &&
               !(w[j + 1] == "next" && j + 2 < w.size() && w[j + 2] == "to") &&
               std::isalpha(static_cast<unsigned char>(w[j + 1][0])))
          ++j;
        return w[j];
      }
    return {};
  };
  for (size_t i = 0; i < w.size(); ++i) {
    bool colour = w[i] == "colour" || w[i] == "color";
    bool size = i > 0 && w[i - 1] == "how" && (w[i] == "big" || w[i] == "large" || w[i] == "tall" || w[i] == "wide" ||
                                               w[i] == "high" || w[i] == "long" || w[i] == "small");
    bool where = w[i] == "where" && !you;
    if ((colour && has("what")) || size || where) {
      std::string noun = subject(i + 1);
      if (noun == "that" || noun == "this" || noun == "it") noun.clear();
      return QuestionPattern{"TAG", noun, colour ? "has_colour" : size ? "has_size" : "location"};
    }
  }
  for (size_t i = 0; i + 1 < w.size(); ++i) {
    if (w[i] == "how" && w[i + 1] == "many") {
      std::string noun = after(i + 2);
      // "how many pigs (are there / do you see)": the rest only says where to count or who sees. Any other
      // words ask something else ("how many layers down in the mine are we" is a depth), not understood.
      static constexpr std::string_view kCountTail[] = {"are", "is", "there", "here", "around", "nearby", "do", "does",
                                                        "can", "you", "see", "have", "has", "did", "built", "made",
                                                        "exist", "left", "total", "now", "right", "currently", "planted",
                                                        "placed", "standing", "living", "growing", "?", ".", "!"};
      // Where to count is a preposition and the one noun it takes ("by the house", "in the field").
      static constexpr std::string_view kWhere[] = {"by", "near", "around", "in", "inside", "on", "at", "beside",
                                                    "behind", "next", "to", "of", "within", "close"};
      auto in_table = [](const auto& table, const std::string& x) {
        return std::find(std::begin(table), std::end(table), x) != std::end(table);
      };
      size_t k = size_t(std::find(w.begin() + long(i) + 2, w.end(), noun) - w.begin()) + 1;
      bool counted = true;
      while (k < w.size() && counted) {
        if (in_table(kWhere, w[k])) {
          ++k;  // the place: the words up to the next preposition or the end ("in the visible surroundings")
          while (k < w.size() && !in_table(kWhere, w[k]) && !in_table(kCountTail, w[k])) ++k;
        } else {
          counted = in_table(kCountTail, w[k++]);
        }
      }
      if (!noun.empty() && counted) return QuestionPattern{"COUNT", noun, ""};
      if (!noun.empty()) return std::nullopt;
    }
    if ((w[i] == "is" || w[i] == "are") && w[i + 1] == "there") {
      std::string noun = after(i + 2);
      if (!noun.empty()) return QuestionPattern{"EXISTS", noun, ""};
    }
    if (w[i] == "what" && (w[i + 1] == "is" || w[i + 1] == "'s") && i + 2 < w.size() && (w[i + 2] == "that" || w[i + 2] == "this"))
      return QuestionPattern{"WHAT", "", ""};
  }
  return std::nullopt;
}

}  // namespace plank::caip
