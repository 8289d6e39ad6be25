#include "agents/iglu/roles/colour_word.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <string_view>

namespace plank::iglu {
namespace {

constexpr std::string_view kRemovalVerbs[] = {"remove", "destroy", "delete", "break", "erase", "take", "get rid", "clear"};
constexpr std::string_view kPlacingVerbs[] = {"place", "put", "add", "build", "stack", "make", "create", "set",
                                              "lay", "extend", "fill", "attach"};

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return out;
}

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

// Where `word` first starts a word of `text` (a prefix: "removing", "placed"); npos when it does not.
size_t first_word(const std::string& text, std::string_view word) {
  for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1))
    if (at == 0 || !word_char(text[at - 1])) return at;
  return std::string::npos;
}

}  // namespace

BuilderReply ColourWordBuilder::decide(const BuildRequest& request) {
  std::string text = lower(request.instruction);
  int colour = 1;  // blue: train's most common added colour, when no colour is named
  size_t colour_at = std::string::npos;
  for (int c = 1; c <= kColours; ++c)
    if (size_t at = first_word(text, colour_name(c)); at < colour_at) colour_at = at, colour = c;

  size_t removal = std::string::npos, placing = std::string::npos;
  for (std::string_view v : kRemovalVerbs) removal = std::min(removal, first_word(text, v));
  for (std::string_view v : kPlacingVerbs) placing = std::min(placing, first_word(text, v));

  ZoneGrid zone = ZoneGrid::of(request.world);
  if (removal < placing) {
    const Block* highest = nullptr;
    for (const Block& b : request.world)
      if (b.colour == colour && (!highest || b.y > highest->y)) highest = &b;
    if (highest) return make_reply({}, {*highest});
  }
  // The empty ground cell nearest the centre (the F1 ignores where a change
  // is made, but a cell already holding this colour would be no change).
  Block best{};
  int best_d = INT_MAX;
  for (int x = 0; x < kZoneX; ++x)
    for (int z = 0; z < kZoneZ; ++z) {
      int d = (x - 5) * (x - 5) + (z - 5) * (z - 5);
      if (zone.at(x, 0, z) == 0 && d < best_d) best = {x, 0, z, colour}, best_d = d;
    }
  if (best_d == INT_MAX) return make_reply({}, {});
  return make_reply({best}, {});
}

std::optional<std::string> ColourWordBuilder::reply(const BuildRequest& request, std::string*) {
  return reply_json(decide(request));
}

}  // namespace plank::iglu
