// The capabilities a program may hold (core::Capability) by name: the one table that
// `--allow`, the capability errors, the intrinsics reference and the embedding API's
// plank_allow read.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/thread.h"

namespace plank::core {

struct CapabilityName {
  Capability bit;
  std::string_view word;  // in messages and the reference: "network"
  std::string_view flag;  // what `--allow` takes: "net" (the word is accepted too)
};

const std::vector<CapabilityName>& capability_names();

// "world, network" (words, in table order); "none" for 0.
std::string capability_text(uint32_t capabilities);

// "net,fs" (flags or words, comma separated, blanks ignored) -> the bits. False and
// *error ("unknown capability 'x' (expected world, memory, net, fs, neural)") otherwise.
bool parse_capabilities(std::string_view list, uint32_t* capabilities, std::string* error);

}  // namespace plank::core
