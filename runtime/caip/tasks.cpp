// UNDO, STOP, RESUME and loops: acting on the task stack and the action log.
#include <fmt/format.h>

#include "runtime/caip/acts.h"
#include "runtime/caip/lexicon.h"

namespace plank::caip {

namespace {

std::string gerund(const std::string& action) {
  static const std::pair<const char*, const char*> kWords[] = {
      {"BUILD", "building"}, {"DESTROY", "destroying"}, {"DIG", "digging"}, {"FILL", "filling"},
      {"MOVE", "moving"},    {"DANCE", "dancing"},      {"SPAWN", "spawning"}, {"FREEBUILD", "building"},
      {"LOOP", "looping"}};
  for (auto& [a, g] : kWords)
    if (action == a) return g;
  return "working";
}

// The target_action_type span as an action name; "" when absent. nullopt when
// given but not an action we know.
std::optional<std::string> target_action(Session& s, const std::string& target) {
  if (target.empty()) return std::string();
  auto a = action_type_word(target);
  if (!a) {
    s.ask(fmt::format("Which task do you mean by \"{}\"?", target));
    return std::nullopt;
  }
  return a;
}

bool matches(const TaskInfo* info, const std::string& action) {
  return info && (action.empty() || info->action == action);
}

}  // namespace

bool act_undo(Session& s, const std::string& target) {
  auto action = target_action(s, target);
  if (!action) return false;
  // The most recent task of that kind that changed the world.
  for (auto it = s.task_log.rbegin(); it != s.task_log.rend(); ++it) {
    if (!matches(&*it, *action) || it->action == "UNDO") continue;
    // Without a target, a dance is not something to take back, nor is a task still running.
    if (action->empty() && it->action == "DANCE") continue;
    if (const agent::Task* t = s.tasks().task(it->id); t && !agent::task_finished(t->status)) continue;
    bool changed = false;
    for (const auto& a : s.log().actions())
      if (a.task == it->id && !a.changes.empty()) changed = true;
    if (!changed) continue;
    auto r = s.log().undo(it->id);
    s.invalidate();
    if (!r.ok) {
      s.refuse("I can't undo that: " + r.reason);
      return false;
    }
    s.say(fmt::format("I undid {} {} ({} changes).", gerund(it->action), it->what, r.changes));
    it->action = "UNDONE";
    s.mark_done();
    return true;
  }
  s.refuse(action->empty() ? "There is nothing to undo." : fmt::format("I haven't done any {} to undo.", gerund(*action)));
  return false;
}

bool act_stop(Session& s, const std::string& target) {
  auto action = target_action(s, target);
  if (!action) return false;
  const auto& stack = s.tasks().stack();
  for (auto it = stack.rbegin(); it != stack.rend(); ++it) {
    const agent::Task* t = s.tasks().task(*it);
    if (!t || t->status != agent::TaskStatus::Running || !matches(s.task_info(*it), *action)) continue;
    s.tasks().pause(*it);
    s.say(fmt::format("OK, I stopped {} {}.", gerund(s.task_info(*it)->action), s.task_info(*it)->what));
    s.mark_done();
    return true;
  }
  s.refuse(action->empty() ? "I'm not doing anything right now." : fmt::format("I'm not {} right now.", gerund(*action)));
  return false;
}

bool act_resume(Session& s, const std::string& target) {
  auto action = target_action(s, target);
  if (!action) return false;
  const auto& stack = s.tasks().stack();
  for (auto it = stack.rbegin(); it != stack.rend(); ++it) {
    const agent::Task* t = s.tasks().task(*it);
    if (!t || t->status != agent::TaskStatus::Paused || !matches(s.task_info(*it), *action)) continue;
    s.tasks().resume(*it);
    s.say(fmt::format("OK, I'm {} {} again.", gerund(s.task_info(*it)->action), s.task_info(*it)->what));
    s.mark_done();
    return true;
  }
  s.refuse(action->empty() ? "There is nothing paused to resume."
                           : fmt::format("I wasn't {} before, so there is nothing to resume.", gerund(*action)));
  return false;
}

bool adjacent_to_block(Session& s, const std::string& block) {
  const auto& w = s.world();
  auto id = block_type(w.registry(), block);
  auto words = words_of(block);
  std::string l = words.empty() ? std::string() : lemma(words.back());
  Coord f = s.agent().feet();
  for (Coord d : {Coord{1, 0, 0}, Coord{-1, 0, 0}, Coord{0, 0, 1}, Coord{0, 0, -1}, Coord{0, -1, 0}, Coord{0, 1, 0},
                  Coord{1, -1, 0}, Coord{-1, -1, 0}, Coord{0, -1, 1}, Coord{0, -1, -1}}) {
    world::BlockId b = w.block(f + d);
    if ((id && b == *id) || (!l.empty() && w.registry()[b].name.find(l) != std::string::npos)) return true;
  }
  return false;
}

bool keep_going(Session& s, long step) { return step < s.options().max_loop_steps && s.budget_left(); }

}  // namespace plank::caip
