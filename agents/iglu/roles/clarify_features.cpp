#include "agents/iglu/roles/clarify_features.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

namespace plank::iglu {
namespace {

const std::set<std::string>& numbers() {
  static const std::set<std::string> s = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                                          "ten", "single", "pair", "couple", "several", "few", "all", "every"};
  return s;
}
const std::set<std::string>& compass() {
  static const std::set<std::string> s = {"north", "south", "east", "west", "northern", "southern", "eastern",
                                          "western", "northeast", "northwest", "southeast", "southwest"};
  return s;
}
const std::set<std::string>& sides() {
  static const std::set<std::string> s = {"left", "right", "front", "behind", "back", "side", "sides"};
  return s;
}
const std::set<std::string>& references() {
  static const std::set<std::string> s = {"it", "that", "this", "those", "these", "them", "there", "same", "other",
                                          "another", "previous", "existing", "original", "last"};
  return s;
}
const std::set<std::string>& removing() {
  static const std::set<std::string> s = {"remove", "destroy", "delete", "break", "erase", "take", "clear", "replace"};
  return s;
}
const std::set<std::string>& stop_words() {
  static const std::set<std::string> s = {"the", "a", "an", "of", "to", "and", "on", "in", "is", "it", "you", "i",
                                          "do", "be", "block", "blocks", "what", "which", "should", "are", "with",
                                          "that", "this", "for", "or", "at", "from", "so", "there", "we", "how"};
  return s;
}

uint32_t fnv1a(std::string_view s) {
  uint32_t h = 2166136261u;
  for (unsigned char c : s) h = (h ^ c) * 16777619u;
  return h;
}

struct Collector {
  uint32_t width;
  SparseFeatures out;
  void add(std::string_view name, float value = 1) {
    if (value != 0) out.emplace_back(fnv1a(name) % width, value);
  }
};

bool is_colour(const std::string& w) { return colour_from_name(w).has_value(); }
bool is_number(const std::string& w) {
  return numbers().count(w) || (!w.empty() && std::all_of(w.begin(), w.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }));
}

// The kinds of question an annotator asks, by its words.
std::vector<std::string> question_kinds(const std::vector<std::string>& q) {
  std::set<std::string> kinds;
  for (size_t i = 0; i < q.size(); ++i) {
    const std::string& w = q[i];
    if (w == "color" || w == "colour" || w == "colors" || w == "colours") kinds.insert("colour");
    if (is_colour(w)) kinds.insert("names_colour");
    if (w == "many" || w == "number" || is_number(w)) kinds.insert("count");
    if (compass().count(w) || w == "direction" || w == "facing") kinds.insert("direction");
    if (sides().count(w)) kinds.insert("side");
    if (w.rfind("vertical", 0) == 0 || w.rfind("horizontal", 0) == 0 || w == "flat" || w == "upright")
      kinds.insert("orientation");
    if (w == "where" || w == "location" || w == "position" || w == "spot" || w == "place") kinds.insert("where");
    if (w == "which") kinds.insert("which");
    if (w == "top" || w == "bottom" || w == "high" || w == "tall" || w == "height" || w == "level" || w == "above" ||
        w == "below" || w == "ground")
      kinds.insert("height");
    if (removing().count(w)) kinds.insert("remove");
    if (w == "long" || w == "size" || w == "length" || w == "big" || w == "wide") kinds.insert("size");
    if (w == "row" || w == "column" || w == "line" || w == "tower" || w == "shape" || w == "square" || w == "wall")
      kinds.insert("shape");
  }
  if (kinds.empty()) kinds.insert("other");
  return {kinds.begin(), kinds.end()};
}

}  // namespace

SparseFeatures merge_indices(SparseFeatures features) {
  std::sort(features.begin(), features.end());
  SparseFeatures m;
  m.reserve(features.size());
  for (const auto& [i, v] : features)
    if (!m.empty() && m.back().first == i) m.back().second += v;
    else m.emplace_back(i, v);
  return m;
}

std::vector<std::string> instruction_words(std::string_view text) {
  std::vector<std::string> words;
  std::string w;
  for (char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      w += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (!w.empty()) {
      words.push_back(std::move(w));
      w.clear();
    }
  }
  if (!w.empty()) words.push_back(std::move(w));
  return words;
}

InstructionTraits instruction_traits(const std::string& instruction, const std::vector<Block>& world) {
  InstructionTraits t;
  t.words = instruction_words(instruction);
  std::set<int> named, present;
  for (const Block& b : world) present.insert(b.colour);
  int nums = 0, dirs = 0, lr = 0, refs = 0, removes = 0;
  bool facing = false;
  for (const auto& w : t.words) {
    if (auto c = colour_from_name(w)) named.insert(*c);
    nums += is_number(w);
    dirs += compass().count(w) > 0;
    lr += sides().count(w) > 0;
    refs += references().count(w) > 0;
    removes += removing().count(w) > 0;
    facing = facing || w == "facing";
  }
  bool absent = false;
  for (int c : named) absent = absent || !present.count(c);
  auto trait = [&](bool on, const char* yes, const char* no) { t.traits.push_back(on ? yes : no); };
  trait(!named.empty(), "has_colour", "no_colour");
  trait(named.size() > 1, "many_colours", "one_colour");
  trait(nums > 0, "has_number", "no_number");
  trait(dirs > 0, "has_compass", "no_compass");
  trait(lr > 0 && !facing && dirs == 0, "lr_no_facing", "lr_anchored");
  trait(refs > 0, "has_reference", "no_reference");
  trait(removes > 0, "removes", "places");
  trait(world.empty(), "world_empty", "world_full");
  trait(absent, "colour_absent", "colour_present");
  trait(t.words.size() > 25, "long", t.words.size() < 8 ? "short" : "medium");
  return t;
}

SparseFeatures clarity_features(const std::string& instruction, const std::vector<Block>& world, uint32_t width) {
  Collector f{width, {}};
  InstructionTraits t = instruction_traits(instruction, world);
  for (size_t i = 0; i < t.words.size(); ++i) {
    f.add("w:" + t.words[i]);
    if (i + 1 < t.words.size()) f.add("b:" + t.words[i] + "_" + t.words[i + 1]);
  }
  for (const auto& tr : t.traits) f.add("t:" + tr);
  int colours = 0, nums = 0, refs = 0;
  for (const auto& w : t.words) colours += is_colour(w), nums += is_number(w), refs += references().count(w) > 0;
  f.add("n:words", std::min<float>(float(t.words.size()), 80) / 20);
  f.add("n:colours", std::min(colours, 9) / 3.0f);
  f.add("n:numbers", std::min(nums, 9) / 3.0f);
  f.add("n:references", std::min(refs, 9) / 3.0f);
  f.add("n:world", std::min<float>(float(world.size()), 80) / 20);
  return merge_indices(std::move(f.out));
}

SparseFeatures ranking_features(const InstructionTraits& instruction, const std::string& question, uint32_t width) {
  Collector f{width, {}};
  std::vector<std::string> q = instruction_words(question);
  std::set<std::string> qset(q.begin(), q.end());
  // (the question's own words as features overfit the 406 training questions: left out)
  for (const auto& kind : question_kinds(q)) {
    f.add("k:" + kind);
    for (const auto& tr : instruction.traits) f.add("x:" + tr + "|" + kind);
  }
  std::set<std::string> iset(instruction.words.begin(), instruction.words.end());
  int shared = 0, shared_colours = 0, foreign_colours = 0;
  for (const auto& w : qset) {
    if (stop_words().count(w)) continue;
    if (iset.count(w)) shared += 1, shared_colours += is_colour(w);
    else foreign_colours += is_colour(w);
  }
  // The word-overlap baseline's own score, and its rank-free transforms.
  double jaccard = 0;
  {
    std::set<std::string> a, b;
    for (const auto& w : iset)
      if (!stop_words().count(w)) a.insert(w);
    for (const auto& w : qset)
      if (!stop_words().count(w)) b.insert(w);
    if (!a.empty() || !b.empty()) jaccard = double(shared) / double(a.size() + b.size() - shared);
  }
  f.add("o:jaccard", float(jaccard * 5));
  f.add("o:jaccard_sqrt", float(std::sqrt(jaccard) * 2));
  f.add("o:shared", std::min(shared, 6) / 3.0f);
  f.add("o:shared_colours", float(std::min(shared_colours, 3)));
  f.add("o:foreign_colours", float(std::min(foreign_colours, 3)));
  return merge_indices(std::move(f.out));
}

double word_overlap(const std::string& instruction, const std::string& question) {
  std::set<std::string> a, b;
  for (auto& w : instruction_words(instruction))
    if (!stop_words().count(w)) a.insert(w);
  for (auto& w : instruction_words(question))
    if (!stop_words().count(w)) b.insert(w);
  if (a.empty() && b.empty()) return 0;
  int shared = 0;
  for (const auto& w : b) shared += a.count(w) > 0;
  return double(shared) / double(a.size() + b.size() - shared);
}

}  // namespace plank::iglu
