// What the clarification models read (roles/clarifier.h): features of an
// instruction and the world it was given in, as hashed sparse vectors (a
// feature's name, FNV-1a, modulo the model's width), so the model file needs
// no vocabulary and a word never seen in training is simply absent.
//
//   clear/unclear: word unigrams and bigrams, and counts the IGLU annotators'
//     questions point at: colour words (and colours named that the world does
//     not hold), numbers, compass and left/right words (with or without
//     "facing"), reference words (it, that, there ...), removal verbs, the
//     length, the world's size.
//   question ranking, one (instruction, question) pair: the question's own
//     words (what kinds of question are asked at all), the question's kind
//     (colour, count, direction, side, orientation, ...) crossed with the
//     instruction's traits (no colour word, no number, left/right without
//     facing, ...), and the words they share.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "agents/iglu/zone/zone.h"

namespace plank::iglu {

using SparseFeatures = std::vector<std::pair<uint32_t, float>>;  // (index, value)

// Sorted by index, each index once: hashing can put two names on one index,
// and their values are added (what every model here reads).
SparseFeatures merge_indices(SparseFeatures features);

// Lower-cased runs of letters and digits.
std::vector<std::string> instruction_words(std::string_view text);

SparseFeatures clarity_features(const std::string& instruction, const std::vector<Block>& world, uint32_t width);

// The part of the ranking features that depends on the instruction alone, computed once per instruction.
struct InstructionTraits {
  std::vector<std::string> words;
  std::vector<std::string> traits;  // "no_colour", "lr_no_facing", ...
};
InstructionTraits instruction_traits(const std::string& instruction, const std::vector<Block>& world);
SparseFeatures ranking_features(const InstructionTraits& instruction, const std::string& question, uint32_t width);

// The word-overlap baseline's score: shared content words / all content words of both (Jaccard).
double word_overlap(const std::string& instruction, const std::string& question);

}  // namespace plank::iglu
