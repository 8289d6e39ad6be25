// UNDO, STOP, RESUME and loops: acting on the task stack and the action log.
#include <algorithm>

#include <fmt/format.h>

#include "agents/caip/compile/action_table.h"
#include "agents/caip/intrinsics/acts.h"
#include "agents/caip/intrinsics/lexicon.h"
#include "agents/caip/intrinsics/phrases.h"
#include "agents/caip/intrinsics/shapes.h"

namespace plank::caip {

namespace {

// The target_action_type span as an action name; "" when absent. nullopt when
// given but not an action we know.
std::optional<std::string> target_action(Assistant& s, const std::string& target) {
  if (target.empty()) return std::string();
  auto a = action_type_word(target);
  if (!a) {
    s.unsure(Doubt::ask("unknown_task").with("words", target));
    return std::nullopt;
  }
  return a;
}

bool matches(const TaskInfo* info, const std::string& action) {
  return info && (action.empty() || info->action == action);
}

// The thing `about` names, as the head noun's lemma; "" when the words name no thing: a generic noun, an
// action or a step of the agent's work ("undo my last action", "stop what you are doing", "undo the last
// block": blocks are what every task places).
std::string about_head(const std::string& about) {
  static constexpr std::string_view kNoThing[] = {
      "what", "everything", "anything", "all", "last", "previous", "action", "command", "change", "move",
      "step", "edit", "update", "block", "task", "job", "order", "request", "instruction", "placement",
      "work", "building", "job", "mistake", "that", "this", "it", "them", "those", "these"};
  NounPhrase np = noun_phrase(about);
  // A verb of an action ("stop moving, go into hibernation") names no thing either.
  if (np.head.empty() || generic_noun(np.head) || action_type_word(np.head) ||
      std::find(std::begin(kNoThing), std::end(kNoThing), np.head) != std::end(kNoThing))
    return {};
  return np.head;
}

// The words for the thing in a reply: the head's chunk without what filters nothing ("farm space", "shed").
std::string about_words(const std::string& about) {
  static constexpr std::string_view kDrop[] = {"new", "old", "last", "previous", "next", "first", "current"};
  NounPhrase np = noun_phrase(about);
  std::string out;
  for (const auto& w : words_of(np.whole))
    if (std::find(std::begin(kDrop), std::end(kDrop), w) == std::end(kDrop)) out += (out.empty() ? "" : " ") + w;
  return out.empty() ? np.head : out;
}

// Whether a task is about the thing `head` names: its description names it, or names a shape the head is another
// name of ("the shed" and a hollow cube built as a shed are one; a dance is about no shed).
bool about(const TaskInfo* info, const std::string& head) {
  if (head.empty()) return true;
  const ShapeDef* shape = find_shape(head);
  for (const auto& w : words_of(info->what)) {
    std::string l = lemma(w);
    if (l == head || (shape && find_shape(l) == shape)) return true;
  }
  return false;
}

}  // namespace

bool act_undo(Assistant& s, const std::string& target, const std::string& words) {
  auto action = target_action(s, target);
  if (!action) return false;
  std::string head = about_head(words);
  // The most recent task of that kind that changed the world.
  for (auto it = s.task_log.rbegin(); it != s.task_log.rend(); ++it) {
    if (!matches(&*it, *action) || !about(&*it, head)) continue;
    // Without a target, some tasks are not something to take back (a dance), nor is a task still running.
    if (const ActionType* row = find_action_type(it->action); action->empty() && row && !row->undone_unnamed) continue;
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
    s.say(fmt::format("I undid {} {} ({} changes).", action_gerund(it->action), it->what, r.changes));
    it->action = "UNDONE";
    s.mark_done();
    return true;
  }
  if (!head.empty())
    s.refuse(fmt::format("I haven't made or changed any {} that I could undo.", about_words(words)));
  else
    s.refuse(action->empty() ? "There is nothing to undo." : fmt::format("I haven't done any {} to undo.", action_gerund(*action)));
  return false;
}

// STOP and RESUME: the newest task on the stack with status `from` (of the
// target action type) goes to `to`.
static bool switch_task(Assistant& s, const std::string& target, const std::string& words, agent::TaskStatus from, bool resume) {
  auto action = target_action(s, target);
  if (!action) return false;
  std::string head = about_head(words);
  const auto& stack = s.tasks().stack();
  for (auto it = stack.rbegin(); it != stack.rend(); ++it) {
    const agent::Task* t = s.tasks().task(*it);
    const TaskInfo* info = s.task_info(*it);
    if (!t || t->status != from || !matches(info, *action) || !about(info, head)) continue;
    if (resume) {
      agent::TaskId id = *it;
      s.tasks().resume(id);
      s.say(fmt::format("OK, I'm {} {} again.", action_gerund(info->action), info->what));
      continue_build(s, id);  // a build the budget paused: place the rest now
    } else {
      s.tasks().pause(*it);
      s.say(fmt::format("OK, I stopped {} {}.", action_gerund(info->action), info->what));
    }
    s.mark_done();
    return true;
  }
  std::string doing = action->empty() ? std::string("working on") : action_gerund(*action);
  if (!head.empty() && resume)
    s.refuse(fmt::format("I wasn't {} any {} before, so there is nothing to resume.", doing, about_words(words)));
  else if (!head.empty())
    s.refuse(fmt::format("I'm not {} any {} right now.", doing, about_words(words)));
  else if (resume)
    s.refuse(action->empty() ? "There is nothing paused to resume."
                             : fmt::format("I wasn't {} before, so there is nothing to resume.", action_gerund(*action)));
  else
    s.refuse(action->empty() ? "I'm not doing anything right now." : fmt::format("I'm not {} right now.", action_gerund(*action)));
  return false;
}

bool act_stop(Assistant& s, const std::string& target, const std::string& words) {
  return switch_task(s, target, words, agent::TaskStatus::Running, false);
}
bool act_resume(Assistant& s, const std::string& target, const std::string& words) {
  return switch_task(s, target, words, agent::TaskStatus::Paused, true);
}

bool adjacent_to_block(Assistant& s, const std::string& block) {
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

bool keep_going(Assistant& s, long step) { return step < s.options().max_loop_steps && s.budget_left(); }

}  // namespace plank::caip
