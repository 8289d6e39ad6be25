#include "layer_rules.h"

#include <sstream>

namespace plank::architecture {

namespace {

std::string trim(std::string s) {
  const char* ws = " \t\r";
  s.erase(0, s.find_first_not_of(ws));
  s.erase(s.find_last_not_of(ws) + 1);
  return s;
}

// "`world/`, `neural/`" -> {"world/", "neural/"}; "support, runtime" -> {"support", "runtime"}.
std::vector<std::string> items(const std::string& cell) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : cell + ",") {
    if (c == ',') {
      cur = trim(cur);
      if (!cur.empty() && cur != "-") out.push_back(cur);
      cur.clear();
    } else if (c != '`') {
      cur += c;
    }
  }
  return out;
}

// The cells of the markdown table rows between `<!-- name -->` and `<!-- /name -->`,
// header and separator rows skipped.
std::optional<std::vector<std::vector<std::string>>> table(const std::string& md, const std::string& name,
                                                           std::string* error) {
  const std::string open = "<!-- " + name + " -->", close = "<!-- /" + name + " -->";
  size_t a = md.find(open), b = md.find(close);
  if (a == std::string::npos || b == std::string::npos || b < a) {
    *error = "docs/architecture.md has no " + open + " ... " + close + " table";
    return std::nullopt;
  }
  std::istringstream in(md.substr(a + open.size(), b - a - open.size()));
  std::vector<std::vector<std::string>> rows;
  int seen = 0;
  for (std::string line; std::getline(in, line);) {
    line = trim(line);
    if (line.empty() || line[0] != '|') continue;
    if (seen++ < 2) continue;  // header and |---|
    std::vector<std::string> cells;
    std::string cur;
    for (size_t i = 1; i < line.size(); ++i) {
      if (line[i] == '|') {
        cells.push_back(trim(cur));
        cur.clear();
      } else {
        cur += line[i];
      }
    }
    rows.push_back(cells);
  }
  return rows;
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }

bool under_any(const std::string& path, const std::vector<std::string>& folders) {
  for (const auto& f : folders)
    if (starts_with(path, f)) return true;
  return false;
}

// "agents/caip/compile/x.h" -> "agents/caip/"; "" when not under a system.
std::string system_of(const Rules& r, const std::string& path) {
  if (!starts_with(path, r.systems_root)) return {};
  size_t slash = path.find('/', r.systems_root.size());
  if (slash == std::string::npos) return {};
  return path.substr(0, slash + 1);
}

}  // namespace

std::optional<Rules> parse_rules(const std::string& md, std::string* error) {
  Rules r;
  auto layers = table(md, "layers", error);
  if (!layers) return std::nullopt;
  for (const auto& row : *layers) {
    if (row.size() < 3) {
      *error = "a row of the layers table has fewer than 3 cells";
      return std::nullopt;
    }
    Layer l;
    l.name = row[0];
    l.folders = items(row[1]);
    for (const auto& m : items(row[2])) l.may_include.insert(m);
    if (l.name.empty() || l.folders.empty()) {
      *error = "a row of the layers table names no layer or no folder";
      return std::nullopt;
    }
    r.layers.push_back(l);
  }
  for (const auto& l : r.layers)
    for (const auto& m : l.may_include) {
      bool known = false;
      for (const auto& o : r.layers) known = known || o.name == m;
      if (!known) {
        *error = "layer '" + l.name + "' may include '" + m + "', which is not a layer";
        return std::nullopt;
      }
    }
  auto confined = table(md, "confined", error);
  if (!confined) return std::nullopt;
  for (const auto& row : *confined) {
    if (row.size() < 2) {
      *error = "a row of the confined table has fewer than 2 cells";
      return std::nullopt;
    }
    for (const auto& header : items(row[0])) r.confined.push_back({header, items(row[1])});
  }
  return r;
}

const Layer* layer_of(const Rules& rules, const std::string& path) {
  for (const auto& l : rules.layers)
    if (under_any(path, l.folders)) return &l;
  return nullptr;
}

std::string Violation::text() const {
  return file + ":" + std::to_string(line) + ": includes \"" + include + "\": " + why;
}

std::vector<Violation> check_includes(const Rules& rules, const std::vector<SourceText>& sources,
                                      const std::set<std::string>& known) {
  std::vector<Violation> out;
  for (const auto& src : sources) {
    const Layer* own = layer_of(rules, src.path);
    if (!own) continue;
    std::istringstream in(src.content);
    int line_no = 0;
    for (std::string line; std::getline(in, line);) {
      ++line_no;
      std::string t = trim(line);
      if (!starts_with(t, "#")) continue;
      t = trim(t.substr(1));
      if (!starts_with(t, "include")) continue;
      t = trim(t.substr(7));
      if (t.size() < 2 || (t[0] != '"' && t[0] != '<')) continue;
      const char close = t[0] == '"' ? '"' : '>';
      size_t end = t.find(close, 1);
      if (end == std::string::npos) continue;
      const std::string inc = t.substr(1, end - 1);
      auto violation = [&](const std::string& why) { out.push_back({src.path, line_no, inc, why}); };

      bool confined_header = false;
      for (const auto& c : rules.confined)
        if (starts_with(inc, c.header_prefix)) {
          confined_header = true;
          if (!under_any(src.path, c.folders)) {
            std::string where;
            for (const auto& f : c.folders) where += (where.empty() ? "" : ", ") + f;
            violation("only " + where + " may include " + c.header_prefix + " headers");
          }
        }
      if (close == '>' || confined_header) continue;
      if (!known.count(inc)) {
        violation("not a file at that path from the repository root (project includes are written root-relative)");
        continue;
      }
      const Layer* target = layer_of(rules, inc);
      if (!target) {
        violation("the header is in no layer");
        continue;
      }
      if (target != own && !own->may_include.count(target->name)) {
        violation("layer '" + own->name + "' may not include layer '" + target->name + "' (it may include: " +
                  [&] {
                    std::string s;
                    for (const auto& m : own->may_include) s += (s.empty() ? "" : ", ") + m;
                    return s.empty() ? std::string("nothing else") : s;
                  }() +
                  ")");
        continue;
      }
      const std::string from_system = system_of(rules, src.path), to_system = system_of(rules, inc);
      if (!from_system.empty() && !to_system.empty() && from_system != to_system && from_system != rules.systems_hub &&
          to_system != rules.systems_hub)
        violation("agent system " + from_system + " may not include another system (" + to_system +
                  "); share through a lower layer");
    }
  }
  return out;
}

}  // namespace plank::architecture
