#include "neural/text/use_tokenizer.h"
#include "support/utf8.h"

#include <algorithm>

namespace plank::neural {

namespace {

// index.js's RESERVED_SYMBOLS_COUNT: <unk>, <s>, </s> and three extra ids are never matched.
constexpr int kReservedSymbols = 6;
constexpr int kUnknown = 0;
// SentencePiece's word-boundary mark, U+2581 "lower one eighth block".
constexpr char16_t kSeparator = u'\u2581';

// UTF-8 to the UTF-16 code units a JavaScript string holds. A byte that does not
// start a well-formed sequence becomes U+FFFD, as Node's decoder makes it.
std::u16string utf16(std::string_view s) {
  std::u16string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    uint32_t cp = 0;
    const size_t n = utf8::decode(s, i, &cp);
    if (n == 0) {
      out += u'\uFFFD';
      ++i;
      continue;
    }
    if (cp >= 0x10000) {
      out += static_cast<char16_t>(0xD800 + ((cp - 0x10000) >> 10));
      out += static_cast<char16_t>(0xDC00 + ((cp - 0x10000) & 0x3FF));
    } else {
      out += static_cast<char16_t>(cp);
    }
    i += n;
  }
  return out;
}

}  // namespace

UseTokenizer::UseTokenizer(const std::vector<Entry>& vocabulary) {
  length_.reserve(vocabulary.size());
  for (size_t id = 0; id < vocabulary.size(); ++id) {
    std::u16string piece = utf16(vocabulary[id].piece);
    length_.push_back(static_cast<int>(piece.size()));
    if (static_cast<int>(id) < kReservedSymbols || piece.empty()) continue;
    longest_ = std::max(longest_, piece.size());
    // A piece listed twice keeps its last entry: the trie's insert overwrites.
    pieces_[std::move(piece)] = Piece{vocabulary[id].score, static_cast<int>(id)};
  }
}

std::vector<int> UseTokenizer::encode(std::string_view text) const {
  // processInput: NFKC normalisation, then the separator before the text and in
  // place of every space. NFKC changes nothing in the lower-case ASCII the
  // parser feeds, so it is not implemented: other text is taken as it is.
  if (text.empty()) return {};
  std::u16string symbols = utf16(text);
  std::replace(symbols.begin(), symbols.end(), u' ', kSeparator);
  symbols.insert(symbols.begin(), kSeparator);
  const size_t n = symbols.size();

  // The lattice: arcs[end] lists the pieces ending at `end`, by increasing
  // start (the order JavaScript's for-in visits them). A position where no
  // piece starts gets a one-symbol unknown piece of score 0 (trie.js).
  struct Arc {
    size_t start;
    double score;
    int id;
  };
  std::vector<std::vector<Arc>> arcs(n + 1);
  std::u16string key;
  for (size_t start = 0; start < n; ++start) {
    bool matched = false;
    for (size_t len = 1; len <= std::min(longest_, n - start); ++len) {
      key.assign(symbols, start, len);
      if (auto it = pieces_.find(key); it != pieces_.end()) {
        arcs[start + len].push_back({start, it->second.score, it->second.id});
        matched = true;
      }
    }
    if (!matched) arcs[start + 1].push_back({start, 0.0, kUnknown});
  }

  // Viterbi, with index.js's quirks kept: a best score of exactly 0 counts as
  // "none yet", and ties go to the later arc.
  std::vector<double> best(n + 1, 0.0);
  std::vector<int> word(n + 1, kUnknown);
  for (size_t end = 0; end <= n; ++end) {
    for (const Arc& arc : arcs[end]) {
      double score = arc.score + best[arc.start];
      if (best[end] == 0 || score >= best[end]) {
        best[end] = score;
        word[end] = arc.id;
      }
    }
  }

  // Backward, stepping by the chosen piece's length as the vocabulary spells
  // it (for the unknown id that is "\uFFFD", one unit), then consecutive
  // unknowns merged into one.
  std::vector<int> reversed;
  // (An empty entry 0 would loop for ever in JavaScript; here it steps by one.)
  for (long pos = static_cast<long>(n); pos > 0;) {
    int id = word[pos];
    reversed.push_back(id);
    pos -= std::max(1, id < static_cast<int>(length_.size()) ? length_[id] : 1);
  }
  std::vector<int> ids;
  bool previous_unknown = false;
  for (int id : reversed) {
    if (!(previous_unknown && id == kUnknown)) ids.push_back(id);
    previous_unknown = id == kUnknown;
  }
  std::reverse(ids.begin(), ids.end());
  return ids;
}

}  // namespace plank::neural
