#include "agents/iglu/learned/slot_features.h"

#include "agents/iglu/learned/program_search.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string_view>

namespace plank::iglu {
namespace {

constexpr std::string_view kRemoving[] = {"remove", "destroy", "delete", "break", "erase", "take", "clear", "get"};
constexpr std::string_view kPlacing[] = {"place", "put", "add", "build", "stack", "make", "create", "set", "lay",
                                         "extend", "fill", "attach", "connect", "continue"};

const std::map<std::string_view, int>& number_words() {
  static const std::map<std::string_view, int> m = {
      {"one", 1},  {"single", 1}, {"two", 2},   {"pair", 2},  {"couple", 2}, {"three", 3}, {"four", 4},
      {"five", 5}, {"six", 6},    {"seven", 7}, {"eight", 8}, {"nine", 9},   {"ten", 10}};
  return m;
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// Words that put what follows them in the role of a landmark.
bool place_word(const std::string& w) {
  static const std::set<std::string> words = {"top",    "above",  "next",  "beside", "besides", "under", "below",
                                              "beneath", "left",  "right", "east",   "west",    "north", "south",
                                              "behind", "front",  "between", "near", "adjacent", "onto", "side",
                                              "around", "surround", "underneath", "besides", "sides", "end"};
  return words.count(w) > 0;
}

// A word's numbers: "3" -> 3, "3x3" -> 3, 3, "three" -> 3; none for others.
void numbers_of(const std::string& w, std::vector<int>& out) {
  if (auto it = number_words().find(w); it != number_words().end()) return out.push_back(it->second);
  if (w.empty() || !std::isdigit(static_cast<unsigned char>(w[0]))) return;
  int v = -1;
  for (char c : w) {
    if (std::isdigit(static_cast<unsigned char>(c))) {
      v = (v < 0 ? 0 : v * 10) + (c - '0');
      if (v > 99) v = 99;
    } else {
      if (v >= 0) out.push_back(v);
      v = -1;
      if (c != 'x') return;  // "3rd", "2nd": an ordinal, not a count
    }
  }
  if (v >= 0) out.push_back(v);
}

uint32_t fnv(uint32_t h, std::string_view s) {
  for (unsigned char c : s) h = (h ^ c) * 16777619u;
  return h;
}
constexpr uint32_t kFnvStart = 2166136261u;

// Features under one prefix ("C|3|"): the prefix hashed once, each name continued from it.
struct Features {
  SparseFeatures out;
  void add(uint32_t prefix, std::string_view name) { out.emplace_back(fnv(prefix, name) % kBuilderWidth, 1.0f); }
  SparseFeatures take() { return merge_indices(std::move(out)); }
};

uint32_t prefix(std::string_view slot, std::string_view value) { return fnv(fnv(fnv(kFnvStart, slot), value), "|"); }

// The rank of `value` among the numbers said: "n1" (the first), "n2", "n3+", and "n_any".
void number_traits(Features& f, uint32_t p, const InstructionReading& r, int value) {
  bool any = false;
  for (size_t i = 0; i < r.numbers.size(); ++i)
    if (r.numbers[i] == value) {
      f.add(p, i == 0 ? "n1" : i == 1 ? "n2" : "n3+");
      any = true;
    }
  f.add(p, any ? "n_any" : r.numbers.empty() ? "no_numbers" : "n_none");
  if (any && value == *std::max_element(r.numbers.begin(), r.numbers.end())) f.add(p, "n_max");
}

// The rank of colour `c` among the colours named: "first", "second", "later", "unnamed".
std::string_view colour_rank(const InstructionReading& r, int c) {
  auto it = std::find(r.colours.begin(), r.colours.end(), c);
  if (it == r.colours.end()) return "unnamed";
  size_t i = size_t(it - r.colours.begin());
  return i == 0 ? "first" : i == 1 ? "second" : "later";
}

// How colour `c` is named: "as_landmark", "as_new", "as_both", "not_named".
std::string_view mention(const InstructionReading& r, int c) {
  bool landmark = std::find(r.reference_colours.begin(), r.reference_colours.end(), c) != r.reference_colours.end();
  bool added = std::find(r.new_colours.begin(), r.new_colours.end(), c) != r.new_colours.end();
  return landmark && added ? "as_both" : landmark ? "as_landmark" : added ? "as_new" : "not_named";
}

int shape_height(const ZoneProgram& p) {
  if (p.shape == ProgramShape::Column) return p.length;
  if (p.shape == ProgramShape::Wall) return p.width;
  return 1;
}

}  // namespace

InstructionReading read_instruction(const std::string& instruction) {
  InstructionReading r;
  r.words = instruction_words(instruction);
  size_t removal = r.words.size(), placing = r.words.size();
  for (size_t i = 0; i < r.words.size(); ++i) {
    const std::string& w = r.words[i];
    r.grams.push_back("w:" + w);
    if (i + 1 < r.words.size()) r.grams.push_back("b:" + w + "_" + r.words[i + 1]);
    numbers_of(w, r.numbers);
    for (int c = 1; c <= kColours; ++c) {
      if (!starts_with(w, colour_name(c))) continue;
      if (std::find(r.colours.begin(), r.colours.end(), c) == r.colours.end()) r.colours.push_back(c);
      bool landmark = false;
      for (size_t k = i >= 4 ? i - 4 : 0; k < i; ++k) landmark |= place_word(r.words[k]);
      auto& into = landmark ? r.reference_colours : r.new_colours;
      if (std::find(into.begin(), into.end(), c) == into.end()) into.push_back(c);
    }
    for (auto v : kRemoving)
      if (starts_with(w, v)) removal = std::min(removal, i);
    for (auto v : kPlacing)
      if (starts_with(w, v)) placing = std::min(placing, i);
  }
  r.removal_first = removal < placing;
  return r;
}

WorldSummary::WorldSummary(const std::vector<Block>& world) {
  std::fill(std::begin(top), std::end(top), -1);
  for (const Block& b : world) {
    if (b.colour < 1 || b.colour > kColours) continue;
    ++count[b.colour], ++total;
    if (b.y > top[b.colour]) top[b.colour] = b.y, top_layer[b.colour] = 0;
    if (b.y == top[b.colour]) ++top_layer[b.colour];
    top_all = std::max(top_all, b.y);
  }
}

std::string_view slot_name(Slot s) {
  constexpr std::string_view names[] = {"action", "colour", "shape", "length", "width", "base", "from"};
  return names[int(s)];
}

bool slot_applies(Slot slot, const ZoneProgram& p) {
  bool add = p.action == ProgramAction::Add;
  switch (slot) {
    case Slot::Action:
    case Slot::Colour: return true;
    case Slot::Shape:
    case Slot::Base: return add;
    case Slot::From: return p.action == ProgramAction::Recolour;
    case Slot::Length:
      return !add || p.shape == ProgramShape::Row || p.shape == ProgramShape::Column ||
             p.shape == ProgramShape::Floor || p.shape == ProgramShape::Wall;
    case Slot::Width: return add && (p.shape == ProgramShape::Floor || p.shape == ProgramShape::Wall);
  }
  return false;
}

int slot_value(Slot slot, const ZoneProgram& p) {
  switch (slot) {
    case Slot::Action: return int(p.action);
    case Slot::Colour: return p.colour;
    case Slot::Shape: return int(p.shape);
    case Slot::Length: return p.length;
    case Slot::Width: return p.width;
    case Slot::Base: return p.base;
    case Slot::From: return p.from;
  }
  return 0;
}

void set_slot(Slot slot, ZoneProgram& p, int v) {
  switch (slot) {
    case Slot::Action: p.action = ProgramAction(v); break;
    case Slot::Colour: p.colour = v; break;
    case Slot::Shape: p.shape = ProgramShape(v); break;
    case Slot::Length: p.length = v; break;
    case Slot::Width: p.width = v; break;
    case Slot::Base: p.base = v; break;
    case Slot::From: p.from = v; break;
  }
}

SlotChoice slot_choice(Slot slot, const InstructionReading& r, const WorldSummary& w, const ZoneProgram& partial) {
  SlotChoice choice;
  const bool remove = partial.action != ProgramAction::Add;  // a removal or a recolour: of blocks held
  const int held_colour = partial.action == ProgramAction::Recolour ? partial.from : partial.colour;
  constexpr std::string_view kActionNames[] = {"add", "remove", "recolour"};
  const std::string_view action = kActionNames[int(partial.action)];
  auto candidate = [&](int value, std::string label, auto&& traits) {
    Features f;
    std::string v = std::to_string(value);
    uint32_t p = prefix(slot_name(slot), v);  // the value's own: crossed with the words
    f.add(p, "bias");
    for (const auto& g : r.grams) f.add(p, g);
    traits(f);
    choice.values.push_back(value);
    choice.features.push_back(f.take());
    choice.labels.push_back(std::move(label));
    choice.anchors.push_back(0);
  };
  switch (slot) {
    case Slot::Action:
      for (int a = 0; a < kProgramActions; ++a)
        candidate(a, std::string(kActionNames[a]), [&](Features& f) {
          uint32_t p = prefix("action", kActionNames[a]);
          if (r.removal_first) f.add(p, "removal_first");
          if (w.total == 0) f.add(p, "empty_world");
        });
      break;
    case Slot::Colour:
      for (int c = 1; c <= kColours; ++c)
        candidate(c, std::string(colour_name(c)), [&](Features& f) {
          uint32_t p = prefix("colour", action);  // shared by every colour
          std::string_view rank = colour_rank(r, c);
          f.add(p, rank);
          f.add(p, w.count[c] ? "held" : "absent");
          f.add(prefix("colour", rank), w.count[c] ? "held" : "absent");
          f.add(p, mention(r, c));
          if (!r.new_colours.empty() && r.new_colours[0] == c) f.add(p, "first_new");
          if (w.count[c] == w.total && w.total) f.add(p, "only_colour_held");
          if (r.colours.empty()) f.add(p, w.count[c] ? "none_named_held" : "none_named_absent");
        });
      break;
    case Slot::From:
      for (int c = 1; c <= kColours; ++c)
        candidate(c, std::string(colour_name(c)), [&](Features& f) {
          uint32_t p = prefix("from", "any");
          f.add(p, colour_rank(r, c));
          f.add(p, mention(r, c));
          f.add(p, w.count[c] ? "held" : "absent");
          if (c == partial.colour) f.add(p, "same_as_new");
          if (w.count[c] == w.total && w.total) f.add(p, "only_colour_held");
        });
      break;
    case Slot::Shape:
      for (int s = 0; s < kProgramShapes; ++s)
        candidate(s, std::string(shape_name(ProgramShape(s))), [&](Features& f) {
          uint32_t p = prefix("shape", shape_name(ProgramShape(s)));
          f.add(p, r.numbers.empty() ? "numbers0" : r.numbers.size() == 1 ? "numbers1" : "numbers2+");
          for (int n : r.numbers) f.add(p, n == 1 ? "num1" : n <= 4 ? "num2-4" : "num5+");
        });
      break;
    case Slot::Length: {
      int most = kMaxLength;
      if (remove) most = std::max(1, w.count[held_colour]);
      for (int n = 1; n <= most; ++n)
        candidate(n, std::to_string(n), [&](Features& f) {
          uint32_t p = prefix("length", remove ? action : shape_name(partial.shape));
          number_traits(f, p, r, n);
          f.add(p, "n" + std::to_string(std::min(n, 11)));
          if (remove) {
            if (n == w.count[held_colour]) f.add(p, "all_of_colour");
            if (n == w.top_layer[held_colour]) f.add(p, "top_layer");
            if (n == 1) f.add(p, "one");
            uint32_t all = prefix("length", n == w.count[held_colour] ? "remove_all" : "remove_some");
            for (const auto& g : r.grams) f.add(all, g);
          }
        });
      break;
    }
    case Slot::Width:
      for (int n = 2; n <= kMaxWidth; ++n)
        candidate(n, std::to_string(n), [&](Features& f) {
          uint32_t p = prefix("width", shape_name(partial.shape));
          number_traits(f, p, r, n);
          if (n == partial.length) f.add(p, "square");
          f.add(p, "w" + std::to_string(n));
        });
      break;
    case Slot::Base: {
      // Anchors: the ground, on top of / level with each colour held (and of
      // everything), and every height by itself; a height can be several anchors.
      const int height = shape_height(partial);
      auto anchor = [&](std::string kind, int colour, int y, int from = -1) {
        if (y < 0 || y >= kZoneY) return;
        std::string label = kind + (colour ? " " + std::string(colour_name(colour)) : "") + " y" + std::to_string(y);
        candidate(y, label, [&](Features& f) {
          uint32_t p = prefix("anchor", kind);
          f.add(p, "bias");
          for (const auto& g : r.grams) f.add(p, g);
          if (colour) {
            f.add(p, colour_rank(r, colour));
            f.add(p, mention(r, colour));
            f.add(prefix("anchor", colour == partial.colour ? "own" : "other"), mention(r, colour));
            f.add(p, colour == partial.colour ? "own_colour" : "other_colour");
            f.add(prefix("anchor", colour == partial.colour ? "own" : "other"), colour_rank(r, colour));
          }
          f.add(p, y + height <= kZoneY ? "fits" : "overflows");
          f.add(p, "y" + std::to_string(y));
        });
        choice.anchors.back() = from < 0 ? colour : from;
      };
      anchor("ground", 0, 0);
      for (int c = 1; c <= kColours; ++c)
        if (w.count[c]) anchor("on", c, w.top[c] + 1), anchor("level", c, w.top[c]);
      if (w.total) {
        int highest = 0;  // a colour that holds the highest block
        for (int c = 1; c <= kColours; ++c)
          if (w.count[c] && w.top[c] == w.top_all) highest = highest ? highest : c;
        anchor("on_all", 0, w.top_all + 1, highest), anchor("level_all", 0, w.top_all, highest);
      }
      for (int y = 0; y < kZoneY; ++y) anchor("height", 0, y);
      break;
    }
  }
  return choice;
}

}  // namespace plank::iglu
