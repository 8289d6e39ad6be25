// Subgoals from language, and the PDDL problem (subgoals.h).
#include "agents/danli/compile/subgoals.h"
#include "support/data_paths.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

namespace plank::danli {

const std::vector<std::string>& subgoal_predicates() {
  static const std::vector<std::string> p = {"held", "placed_on", "removed"};
  return p;
}

std::string Subgoal::text() const {
  return "(" + patient + ", " + predicate + (destination.empty() ? "" : ", " + destination) + ")";
}

namespace {

bool known_predicate(const std::string& p) {
  const auto& all = subgoal_predicates();
  return std::find(all.begin(), all.end(), p) != all.end();
}

}  // namespace

std::optional<std::vector<Subgoal>> subgoals_from_json(const std::string& text, std::string* error) {
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) {
    *error = "the subgoals are not JSON";
    return std::nullopt;
  }
  if (j.is_object() && j.contains("subgoals")) j = j["subgoals"];
  if (!j.is_array()) {
    *error = "expected a list of {\"patient\", \"predicate\", \"destination\"}";
    return std::nullopt;
  }
  std::vector<Subgoal> out;
  for (const auto& g : j) {
    if (!g.is_object() || !g.contains("patient") || !g["patient"].is_string() || !g.contains("predicate") ||
        !g["predicate"].is_string()) {
      *error = "each subgoal needs a string \"patient\" and \"predicate\"";
      return std::nullopt;
    }
    Subgoal s{normalise_word(g["patient"]), normalise_word(g["predicate"]), ""};
    if (g.contains("destination") && g["destination"].is_string()) s.destination = normalise_word(g["destination"]);
    if (!known_predicate(s.predicate)) {
      *error = "unknown predicate '" + s.predicate + "' (expected held, placed_on or removed)";
      return std::nullopt;
    }
    if (s.predicate == "placed_on" && s.destination.empty()) {
      *error = "placed_on needs a \"destination\"";
      return std::nullopt;
    }
    out.push_back(std::move(s));
  }
  return out;
}

std::optional<std::vector<Subgoal>> subgoals_from_form(const lf::Value& form, const std::string& utterance,
                                                       std::string* error) {
  // A span [0, [first, last]] names words of the utterance.
  auto words = [&](const lf::Value& v) -> std::string {
    if (v.is_string()) return v.string;
    if (v.is_list() && v.items.size() == 2 && v.items[1].is_list() && v.items[1].items.size() == 2) {
      std::istringstream in(utterance);
      std::vector<std::string> ws;
      for (std::string w; in >> w;) ws.push_back(w);
      int64_t a = v.items[1].items[0].integer, b = v.items[1].items[1].integer;
      std::string out;
      for (int64_t i = a; i <= b && i >= 0 && i < static_cast<int64_t>(ws.size()); ++i) out += (out.empty() ? "" : " ") + ws[i];
      return out;
    }
    return "";
  };
  auto name_of = [&](const lf::Value* ref) -> std::string {
    if (!ref) return "";
    for (const lf::Value* holder : {ref, ref->find("filters")}) {
      if (!holder) continue;
      if (const lf::Value* n = holder->find("has_name")) return words(*n);
    }
    return "";
  };
  const lf::Value* actions = form.find("action_sequence");
  if (!actions || !actions->is_list() || actions->items.empty()) {
    *error = "the form has no action_sequence";
    return std::nullopt;
  }
  std::vector<Subgoal> out;
  for (const auto& a : actions->items) {
    const lf::Value* type = a.find("action_type");
    std::string t = type && type->is_string() ? type->string : "";
    std::string patient = normalise_word(name_of(a.find("reference_object")));
    if ((t == "GET" || t == "DESTROY") && !patient.empty()) {
      out.push_back({patient, t == "GET" ? "held" : "removed", ""});
      continue;
    }
    *error = "no subgoal for action " + (t.empty() ? std::string("(none)") : t) +
             " (DANLI reads GET and DESTROY of a named object)";
    return std::nullopt;
  }
  return out;
}

CompiledProblem compile_problem(const SymbolicState& state, const Relations& relations,
                                const std::vector<Subgoal>& goals) {
  CompiledProblem out;
  std::set<std::string> things, places{"here"}, kinds;
  std::map<std::string, world::Coord> where{{"here", state.feet}};  // places with a known cell
  std::vector<std::string> init{"(agent-at here)"};
  for (const auto& o : state.objects()) {
    things.insert(o.name);
    kinds.insert(o.kind);
    init.push_back("(observed " + o.name + ")");
    init.push_back("(kind-of " + o.name + " " + o.kind + ")");
    if (o.cells.size() == 1) init.push_back("(portable " + o.name + ")");
    for (const auto& l : o.labels) {
      kinds.insert(l);
      init.push_back("(kind-of " + o.name + " " + l + ")");
    }
    if (o.stand) {
      std::string place = "place-" + o.name;
      places.insert(place);
      where[place] = *o.stand;
      out.place_of[place] = o.name;
      init.push_back("(thing-at " + o.name + " " + place + ")");
    }
  }
  if (state.holding) {
    things.insert(state.held_name);
    kinds.insert(*state.holding);
    init.push_back("(holding " + state.held_name + ")");
    init.push_back("(observed " + state.held_name + ")");
    init.push_back("(kind-of " + state.held_name + " " + *state.holding + ")");
  } else {
    init.push_back("(hand-empty)");
  }
  for (const auto& r : relations.on) {
    if (!things.count(r.thing)) {
      things.insert(r.thing);
      kinds.insert(r.kind);
      init.push_back("(observed " + r.thing + ")");
      init.push_back("(kind-of " + r.thing + " " + r.kind + ")");
    }
    if (things.count(r.destination)) init.push_back("(on " + r.thing + " " + r.destination + ")");
  }
  for (const auto& [thing, kind] : relations.removed) {
    if (!things.count(thing)) {
      things.insert(thing);
      kinds.insert(kind);
      init.push_back("(kind-of " + thing + " " + kind + ")");
      init.push_back("(observed " + thing + ")");
    }
    init.push_back("(removed " + thing + ")");
  }
  // Placeholders for what the goals name and the agent has not seen (DANLI's unseen objects).
  auto need = [&](const std::string& description, bool portable) {
    kinds.insert(description);
    if (!state.matching(description).empty()) return;
    if (state.holding && *state.holding == description) return;
    for (const auto& r : relations.on)
      if (r.kind == description) return;
    std::string ph = description + "-unseen";
    if (things.count(ph)) return;
    things.insert(ph);
    out.placeholders.push_back(ph);
    init.push_back("(kind-of " + ph + " " + description + ")");
    if (portable) init.push_back("(portable " + ph + ")");
    std::string frontier = "frontier-" + description;
    places.insert(frontier);
    init.push_back("(unexplored " + frontier + ")");
  };
  std::vector<std::string> goal;
  int v = 0;
  for (const auto& g : goals) {
    need(g.patient, true);
    std::string t = "?t" + std::to_string(v++);
    if (g.predicate == "held") {
      goal.push_back("(exists (" + t + " - thing) (and (kind-of " + t + " " + g.patient + ") (holding " + t + ")))");
    } else if (g.predicate == "removed") {
      goal.push_back("(exists (" + t + " - thing) (and (kind-of " + t + " " + g.patient + ") (removed " + t + ")))");
    } else {
      need(g.destination, false);
      std::string d = "?d" + std::to_string(v++);
      goal.push_back("(exists (" + t + " " + d + " - thing) (and (kind-of " + t + " " + g.patient + ") (kind-of " + d +
                     " " + g.destination + ") (on " + t + " " + d + ")))");
    }
  }
  std::string s = "(define (problem danli) (:domain plank-danli)\n  (:objects";
  for (const auto& p : places) s += " " + p;
  s += " - place\n   ";
  for (const auto& t : things) s += " " + t;
  s += " - thing\n   ";
  for (const auto& k : kinds) s += " " + k;
  s += " - kind)\n  (:init";
  for (const auto& i : init) s += "\n    " + i;
  // Walking costs the distance (rounded up); a frontier is somewhere unknown, far.
  for (const auto& a : places)
    for (const auto& b : places) {
      if (a == b) continue;
      int d = 20;
      if (where.count(a) && where.count(b)) {
        world::Coord p = where[a], q = where[b];
        d = std::max(1, static_cast<int>(std::ceil(std::sqrt(double((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y) +
                                                                   (p.z - q.z) * (p.z - q.z))))));
      }
      s += "\n    (= (distance " + a + " " + b + ") " + std::to_string(d) + ")";
    }
  s += "\n    (= (total-cost) 0))\n  (:goal (and";
  for (const auto& g : goal) s += "\n    " + g;
  s += "))\n  (:metric minimize (total-cost)))\n";
  out.pddl = std::move(s);
  return out;
}

bool subgoals_hold(const SymbolicState& state, const Relations& relations, const std::vector<Subgoal>& goals) {
  auto matches = [&](const std::string& name, const std::string& description) {
    if (const SeenObject* o = state.find(name))
      return o->kind == description || std::find(o->labels.begin(), o->labels.end(), description) != o->labels.end();
    return false;
  };
  for (const auto& g : goals) {
    bool ok = false;
    if (g.predicate == "held") ok = state.holding && *state.holding == g.patient;
    if (g.predicate == "removed")
      for (const auto& [thing, kind] : relations.removed) ok = ok || kind == g.patient;
    if (g.predicate == "placed_on")
      for (const auto& r : relations.on) ok = ok || (r.kind == g.patient && matches(r.destination, g.destination));
    if (!ok) return false;
  }
  return true;
}

std::string read_stdlib_pddl(const std::string& name, std::string* error) {
  std::string path = data_path(DataItem::Stdlib) + "/danli/" + name;
  std::ifstream in(path);
  if (!in) {
    *error = "cannot read " + path;
    return "";
  }
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string danli_domain(std::string* error) { return read_stdlib_pddl("domain.pddl", error); }

}  // namespace plank::danli
