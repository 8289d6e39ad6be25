#include "tools/plank/repl/completion.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include "compiler/lf/grammar_table.h"
#include "runtime/intrinsics.h"

namespace plank::repl {

namespace {

// The keywords of grammar/Plank.g4 (its lexer section) a statement may use.
constexpr const char* kKeywords[] = {"def",    "return", "if",  "elif",  "else", "while", "for",   "in",
                                     "break",  "continue", "pass", "assert", "import", "from", "as", "lambda",
                                     "and",    "or",     "not", "is",    "None", "null",  "True",  "true",
                                     "False",  "false"};

// Commands whose argument is a file name.
constexpr const char* kFileCommands[] = {":load", ":run", ":open", ":save", ":render"};

bool starts_with(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }

std::vector<std::string> files_matching(const std::string& prefix) {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  fs::path p(prefix);
  std::string dir = p.has_parent_path() ? p.parent_path().string() : ".";
  std::string stem = p.filename().string();
  if (!prefix.empty() && prefix.back() == '/') dir = prefix, stem.clear();
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (!starts_with(name, stem)) continue;
    std::string shown = (dir == "." && !starts_with(prefix, "./")) ? name : (fs::path(dir) / name).string();
    if (it->is_directory(ec)) shown += "/";
    out.push_back(shown);
  }
  return out;
}

}  // namespace

const std::vector<std::string>& logical_form_words() {
  static const std::vector<std::string> words = [] {
    std::set<std::string> all;
    auto add_key = [&](const lf::KeySpec& k) {
      all.emplace(k.key);
      for (auto v : k.values) all.emplace(v);
    };
    for (lf::NodeKind kind : lf::all_node_kinds()) {
      const lf::NodeSpec& spec = lf::node_spec(kind);
      for (const auto& k : spec.keys) add_key(k);
      for (const auto& v : spec.variants) {
        all.emplace(v.value);
        for (const auto& k : v.overrides) add_key(k);
      }
    }
    return std::vector<std::string>(all.begin(), all.end());
  }();
  return words;
}

std::vector<std::string> complete(const std::string& line, size_t start, size_t end, const CompletionContext& context) {
  if (start > end || end > line.size()) return {};
  std::string word = line.substr(start, end - start);
  size_t first = line.find_first_not_of(" \t");
  bool command_line = first != std::string::npos && line[first] == ':';
  std::string command = command_line ? line.substr(first, line.find_first_of(" \t", first) - first) : "";
  std::vector<std::string> pool;

  if (command_line && start <= first) {
    pool = context.commands;
  } else if (command_line && command == ":help") {
    for (const auto& c : context.commands) pool.push_back(c.substr(1));
  } else if (command_line && std::find(std::begin(kFileCommands), std::end(kFileCommands), command) !=
                                 std::end(kFileCommands)) {
    pool = files_matching(word);
  } else if (command_line && command == ":lf") {
    pool = logical_form_words();
  } else if (start > 0 && (line[start - 1] == '\'' || line[start - 1] == '"')) {
    pool = logical_form_words();  // inside a string literal: a logical form's key or value
  } else {
    pool = context.globals;
    for (const auto& in : core::intrinsics())
      if (!starts_with(std::string(in.name), "__")) pool.emplace_back(in.name);
    for (const char* k : kKeywords) pool.emplace_back(k);
  }
  std::vector<std::string> out;
  for (auto& s : pool)
    if (starts_with(s, word)) out.push_back(std::move(s));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace plank::repl
