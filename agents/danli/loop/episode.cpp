// DANLI's loop (episode.h).
#include "agents/danli/loop/episode.h"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "compiler/pddl/load.h"
#include "planning/planner.h"

namespace plank::danli {
namespace {

std::vector<std::string> words_of(const std::string& step) {
  std::string s;
  for (char c : step) s += (c == '(' || c == ')') ? ' ' : c;
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string at(world::Coord c) { return fmt::format("({}, {}, {})", c.x, c.y, c.z); }

}  // namespace

Session::Session(world::World& world, DanliOptions options)
    : world_(world), options_(std::move(options)), agent_(world, clock_) {
  std::string error;
  domain_ = danli_domain(&error);
}

void Session::observe() {
  state_.observe(world_, agent_.feet(), options_.view, steps_);
  // A block the agent put somewhere stays "on" only while it is still there.
  std::erase_if(relations_.on, [&](const Relations::On& r) {
    auto id = world_.registry().find(r.kind);
    return !id || world_.block(r.cell) != *id;
  });
  std::string seen;
  for (const auto& o : state_.objects())
    if (o.in_view) seen += (seen.empty() ? "" : ", ") + o.name + " at " + at(o.cells.front());
  trace_.push_back({"observe", fmt::format("feet {}; in view: {}", at(agent_.feet()), seen.empty() ? "nothing" : seen)});
}

CompiledProblem Session::problem(const std::vector<Subgoal>& goals) const {
  return compile_problem(state_, relations_, goals);
}

std::optional<std::vector<std::string>> Session::plan(const std::vector<Subgoal>& goals, std::string* why) {
  if (domain_.empty()) {
    *why = "the DANLI domain (stdlib/danli/domain.pddl) cannot be read";
    return std::nullopt;
  }
  last_problem_ = problem(goals);
  DiagnosticSink sink;
  auto loaded = pddl::load_task(SourceFile::from_string("danli-domain.pddl", domain_),
                                SourceFile::from_string("danli-problem.pddl", last_problem_.pddl), sink);
  if (!loaded.task) {
    *why = "the compiled problem does not check:\n" + render_text(sink.all());
    return std::nullopt;
  }
  planning::PlanRequest request;
  if (!options_.search.empty()) request.search = options_.search;
  // (The default configuration is optimal in walking distance; see DanliOptions.)
  request.timeout_seconds = options_.plan_seconds;
  planning::PlanOutcome out = planning::plan(*loaded.task, request);
  if (out.status != planning::PlanOutcome::Status::Solved) {
    *why = out.status == planning::PlanOutcome::Status::Unsolvable ? "no plan reaches the goals from what the agent knows"
                                                                    : "the planner ran out of time or memory";
    return std::nullopt;
  }
  std::string text;
  for (const auto& s : out.plan) text += (text.empty() ? "" : " ") + s;
  text += fmt::format("  [cost {}]", out.cost);
  std::string ph;
  for (const auto& p : last_problem_.placeholders) ph += (ph.empty() ? "" : ", ") + p;
  trace_.push_back({"plan", text + (ph.empty() ? "" : "  [placeholders: " + ph + "]")});
  return out.plan;
}

bool Session::go_to(world::Coord feet, std::string* why) {
  if (agent_.feet() == feet) return true;
  agent::ActionResult r = agent_.move_to(feet);
  if (!r.ok) *why = r.reason;
  return r.ok;
}

std::vector<world::Coord> Session::exploration_points() const {
  if (!options_.explore.empty()) return options_.explore;
  std::vector<world::Coord> out;
  world::Coord start = agent_.feet();
  const int step = std::max(2, static_cast<int>(options_.view.radius));
  for (int ring = 1; ring <= 4; ++ring)
    for (int dx = -ring; dx <= ring; ++dx)
      for (int dz = -ring; dz <= ring; ++dz) {
        if (std::max(std::abs(dx), std::abs(dz)) != ring) continue;
        world::Coord c{start.x + dx * step, start.y, start.z + dz * step};
        for (int dy = 3; dy >= -3; --dy) {
          world::Coord f{c.x, c.y + dy, c.z};
          if (!world_.solid(f) && !world_.solid({f.x, f.y + 1, f.z}) && world_.solid({f.x, f.y - 1, f.z})) {
            out.push_back(f);
            break;
          }
        }
      }
  return out;
}

bool Session::search_for(const std::string& description, std::string* why) {
  for (const auto& point : exploration_points()) {
    std::string ignored;
    if (!go_to(point, &ignored)) continue;
    state_.observe(world_, agent_.feet(), options_.view, steps_);
    if (!state_.matching(description).empty()) {
      trace_.push_back({"found", fmt::format("{} from {}", state_.matching(description)[0]->name,
                                           at(agent_.feet()))});
      return true;
    }
  }
  *why = "explored every waypoint without seeing " + description;
  return false;
}

bool Session::act(const std::string& step, const CompiledProblem& problem, std::string* why) {
  ++steps_;
  std::vector<std::string> w = words_of(step);
  bool ok = false;
  auto object = [&](const std::string& name) -> const SeenObject* { return state_.find(name); };
  if (w.empty()) {
    *why = "empty step";
  } else if (w[0] == "goto" && w.size() == 3) {
    const std::string& to = w[2];
    if (to == "here") {
      ok = true;
    } else if (auto it = problem.place_of.find(to); it != problem.place_of.end()) {
      const SeenObject* o = object(it->second);
      if (!o || !o->stand) {
        *why = it->second + " is no longer where the agent saw it";
      } else {
        ok = go_to(*o->stand, why);
      }
    } else {
      *why = "no way to walk to " + to + " (only a search leads there)";
    }
  } else if (w[0] == "search" && w.size() == 4) {
    std::string kind = w[1];
    const std::string suffix = "-unseen";
    if (kind.size() > suffix.size() && kind.compare(kind.size() - suffix.size(), suffix.size(), suffix) == 0)
      kind.resize(kind.size() - suffix.size());
    ok = search_for(kind, why);
  } else if ((w[0] == "pick-up" || w[0] == "break") && w.size() == 3) {
    const SeenObject* o = object(w[1]);
    if (!o) {
      *why = w[1] + " is not where the agent saw it";
    } else {
      SeenObject target = *o;
      ok = true;
      // Dig from the top down, so nothing is left floating.
      std::vector<world::Coord> cells = target.cells;
      std::sort(cells.begin(), cells.end(), [](world::Coord a, world::Coord b) { return a.y > b.y; });
      for (const auto& c : cells) {
        if (world_.block(c) == 0) continue;
        agent::ActionResult r = agent_.dig(c);
        if (!r.ok) {
          *why = r.reason;
          ok = false;
          break;
        }
      }
      if (ok && w[0] == "pick-up") {
        state_.holding = target.kind;
        state_.held_name = target.name;
      }
      if (ok && w[0] == "break") relations_.removed.push_back({target.name, target.kind});
    }
  } else if (w[0] == "put-on" && w.size() == 4) {
    const SeenObject* d = object(w[2]);
    if (!state_.holding) {
      *why = "the agent holds nothing";
    } else if (!d) {
      *why = w[2] + " is not where the agent saw it";
    } else {
      // On top of the destination: above its highest cell nearest the agent.
      world::Coord best = d->cells.front();
      for (const auto& c : d->cells)
        if (c.y > best.y || (c.y == best.y && std::abs(c.x - agent_.feet().x) + std::abs(c.z - agent_.feet().z) <
                                                  std::abs(best.x - agent_.feet().x) + std::abs(best.z - agent_.feet().z)))
          best = c;
      world::Coord cell{best.x, best.y + 1, best.z};
      auto id = world_.registry().find(*state_.holding);
      if (!id) {
        *why = "no block kind " + *state_.holding;
      } else {
        agent::ActionResult r = agent_.place(cell, *id);
        ok = r.ok;
        if (!ok) *why = r.reason;
        if (ok) {
          relations_.on.push_back({state_.held_name, *state_.holding, d->name, cell});
          state_.holding.reset();
          state_.held_name.clear();
        }
      }
    }
  } else {
    *why = "unknown step " + step;
  }
  trace_.push_back({ok ? "act" : "fail", ok ? step : step + ": " + *why});
  if (options_.after_step) options_.after_step(steps_, world_);
  observe();
  return ok;
}

DanliResult run_danli(world::World& world, const std::vector<Subgoal>& goals, const DanliOptions& options) {
  DanliResult result;
  Session s(world, options);
  std::string wanted;
  for (const auto& g : goals) wanted += (wanted.empty() ? "" : " ") + g.text();
  s.trace().push_back({"goal", wanted});
  s.observe();
  for (int round = 1; round <= options.max_rounds; ++round) {
    if (s.done(goals)) break;
    result.rounds = round;
    std::string why;
    auto steps = s.plan(goals, &why);
    if (!steps) {
      s.trace().push_back({"give-up", why});
      break;
    }
    CompiledProblem problem = s.problem(goals);
    bool completed = true;
    for (const auto& step : *steps) {
      std::string failure;
      if (!s.act(step, problem, &failure)) {
        completed = false;
        s.trace().push_back({"replan", fmt::format("round {} ends at {}; planning again from what the agent sees",
                                                   round, step)});
        break;
      }
      // A search step replaces a placeholder by what was found: the rest of
      // the plan names the placeholder, so plan again with the real object.
      if (step.rfind("(search", 0) == 0) {
        completed = false;
        s.trace().push_back({"replan", "the search found it; planning again with the object itself"});
        break;
      }
    }
    if (completed && !s.done(goals))
      s.trace().push_back({"replan", "the plan ran but the goals do not hold in what the agent sees"});
  }
  result.success = s.done(goals);
  if (result.success) s.trace().push_back({"done", fmt::format("after {} step(s) and {} plan(s)", s.steps(), result.rounds)});
  result.steps = s.steps();
  result.trace = s.trace();
  return result;
}

std::string trace_text(const std::vector<TraceEvent>& trace) {
  std::string out;
  int plans = 0;
  for (const auto& e : trace) {
    std::string head = e.kind;
    if (e.kind == "plan") head = "plan " + std::to_string(++plans);
    out += fmt::format("{:8} {}\n", head, e.text);
  }
  return out;
}

}  // namespace plank::danli
