#include "agents/danli/loop/build_episode.h"

#include <fmt/format.h>

#include <sstream>

#include "compiler/pddl/load.h"
#include "planning/limits.h"
#include "planning/planner.h"
#include "support/diagnostics.h"
#include "world/agent/actions.h"

namespace plank::danli {

namespace {

std::string at(world::Coord c) { return fmt::format("({}, {}, {})", c.x, c.y, c.z); }

// "(place c1_0_2 c0_0_0)" -> {"place", "c1_0_2", "c0_0_0"}
std::vector<std::string> words(const std::string& step) {
  std::string inner = step;
  for (char& ch : inner)
    if (ch == '(' || ch == ')') ch = ' ';
  std::istringstream in(inner);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

}  // namespace

BuildResult run_build(world::World& world, const Structure& s, const BuildOptions& options) {
  BuildResult r;
  std::string error;
  const std::string domain = build_domain(&error);
  auto block = world.registry().find(s.block);
  if (domain.empty() || !block) {
    r.why = domain.empty() ? error : fmt::format("'{}' is not a block", s.block);
    return r;
  }
  agent::GameClock clock;
  agent::Agent agent(world, clock);
  int missing = 0;
  for (const auto& c : s.cells) missing += world.block(c) != *block;
  r.trace.push_back({"goal", fmt::format("a {} of {} {} ({} cells, {} to place){}", s.kind, s.cells.size(), s.block,
                                         s.cells.size(), missing,
                                         options.inventory < 0 ? "" : fmt::format("; holding {}", options.inventory))});
  r.blocks_left = options.inventory;
  while (!structure_built(world, s)) {
    if (r.rounds >= options.max_rounds) {
      r.why = fmt::format("the structure is still incomplete after {} plans", r.rounds);
      r.trace.push_back({"give-up", r.why});
      break;
    }
    if (r.blocks_left >= 0) {
      int to_place = 0;
      for (const auto& c : s.cells) to_place += world.block(c) != *block;
      if (to_place > r.blocks_left) {
        r.why = fmt::format("the structure needs {} more {} and the agent holds {}", to_place, s.block, r.blocks_left);
        r.trace.push_back({"give-up", r.why});
        break;
      }
    }
    ++r.rounds;
    BuildProblem problem = compile_build(world, s, agent.feet());
    if (problem.pddl.empty()) {
      r.why = problem.why;
      r.trace.push_back({"give-up", r.why});
      break;
    }
    DiagnosticSink sink;
    auto loaded = pddl::load_task(SourceFile::from_string("build.pddl", domain),
                                  SourceFile::from_string("build-problem.pddl", problem.pddl), sink);
    if (!loaded.task) {
      r.why = "the generated building problem does not check:\n" + render_text(sink.all());
      break;
    }
    planning::PlanRequest request;
    if (!options.search.empty()) request.search = options.search;
    request.timeout_seconds = planning::Limits::cpu_seconds_used() + options.plan_seconds;
    planning::PlanOutcome out = planning::plan(*loaded.task, request);
    if (out.status != planning::PlanOutcome::Status::Solved) {
      r.why = out.status == planning::PlanOutcome::Status::Unsolvable
                  ? "no plan builds the structure from where the agent stands"
                  : "the planner ran out of time or memory";
      r.trace.push_back({"give-up", r.why});
      break;
    }
    r.trace.push_back({"plan", fmt::format("{} steps from {} ({} ground actions, {:.2f} CPU-s)", out.plan.size(),
                                           at(agent.feet()), out.grounded_actions, out.seconds)});
    bool failed = false;
    for (size_t i = 0; i < out.plan.size(); ++i) {
      const std::string& step = out.plan[i];
      std::vector<std::string> w = words(step);
      auto cell = [&](size_t k) { return problem.cell_named.at(w.at(k)); };
      agent::ActionResult a;
      std::string what;
      if (w.size() == 3 && w[0] == "walk") {
        // A run of walking steps is one walk to where it ends: the world runtime finds the path.
        if (i + 1 < out.plan.size() && words(out.plan[i + 1]).at(0) == "walk") continue;
        a = agent.move_to(cell(2));
        what = "walk to " + at(cell(2));
      } else if (w.size() == 3 && w[0] == "place") {
        what = fmt::format("place {} at {}", s.block, at(cell(1)));
        if (r.blocks_left == 0) {
          a.reason = fmt::format("no {} left", s.block);
        } else {
          a = agent.place(cell(1), *block);
          if (a.ok) {
            ++r.placed;
            if (r.blocks_left > 0) --r.blocks_left;
          }
        }
      } else {
        a.reason = "the plan has a step the building domain does not: " + step;
      }
      ++r.steps;
      if (!a.ok) {
        r.trace.push_back({"fail", fmt::format("{}: {}", what.empty() ? step : what, a.reason)});
        failed = true;
      } else {
        r.trace.push_back({"act", what});
      }
      if (options.after_step) options.after_step(r.steps, world);
      if (failed) break;
    }
    if (!structure_built(world, s))
      r.trace.push_back({"replan", failed ? "the world refused a step; planning again from the world as it is"
                                          : "the plan ran but the structure is incomplete; planning again"});
  }
  r.success = structure_built(world, s);
  r.ticks = clock.now();
  if (r.success) r.trace.push_back({"done", fmt::format("after {} step(s) and {} plan(s)", r.steps, r.rounds)});
  return r;
}

}  // namespace plank::danli
