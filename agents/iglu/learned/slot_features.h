// What the learned builder's slot models read (learned/builder_model.h).
// Each slot of a zone program is chosen among candidates; a candidate is a
// value with hashed sparse features (names hashed FNV-1a modulo the width, so
// the model needs no vocabulary): the instruction's words crossed with the
// value, and traits that tie the value to the instruction and the world (the
// colour is the first one named, the count is the second number said, the
// height is just on top of the named colour's highest block, ...).
#pragma once
#include <string>
#include <vector>

#include "agents/iglu/learned/zone_program.h"
#include "agents/iglu/roles/clarify_features.h"

namespace plank::iglu {

inline constexpr uint32_t kBuilderWidth = 1u << 18;

// The instruction, read once.
struct InstructionReading {
  std::vector<std::string> words;  // lower-cased
  std::vector<std::string> grams;  // "w:red", "b:red_row": unigrams and bigrams
  std::vector<int> numbers;        // in order: digits and number words ("3x3" is 3, 3)
  std::vector<int> colours;        // colour ids in order of first mention
  // Colours named just after a place word ("on top of the red", "west of the
  // blue"): what the new blocks go by, rather than the new blocks' colour.
  std::vector<int> reference_colours, new_colours;  // a colour can be both
  bool removal_first = false;      // a removal verb comes before any placing verb
};
InstructionReading read_instruction(const std::string& instruction);

// The world, summarised per colour.
struct WorldSummary {
  int count[kColours + 1] = {};
  int top[kColours + 1] = {};     // the highest y of the colour (-1: none)
  int top_layer[kColours + 1] = {};  // its blocks at that height
  int total = 0, top_all = -1;
  explicit WorldSummary(const std::vector<Block>& world);
};

enum class Slot { Action, Colour, Shape, Length, Width, Base, From };
inline constexpr int kSlots = 7;
std::string_view slot_name(Slot s);

struct SlotChoice {
  std::vector<int> values;                 // the candidate values (a value may repeat: two anchors, one height)
  std::vector<SparseFeatures> features;    // one per candidate
  std::vector<std::string> labels;         // what each candidate is ("on red y2"), for reading
  std::vector<int> anchors;                // base: the colour of the block each anchor is on or beside (0: none)
};

// The candidates of `slot` given the slots before it in `partial` (action,
// colour, from, shape, length, width, base: that order).
SlotChoice slot_choice(Slot slot, const InstructionReading& r, const WorldSummary& w, const ZoneProgram& partial);
// The slot's value in a program; whether the slot applies to it at all.
bool slot_applies(Slot slot, const ZoneProgram& p);
int slot_value(Slot slot, const ZoneProgram& p);
void set_slot(Slot slot, ZoneProgram& p, int value);

}  // namespace plank::iglu
