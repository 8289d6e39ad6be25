// What GET_MEMORY questions are answered from (the policy, stdlib/caip/
// conversation.plank, words the answer) and PUT_MEMORY (tags and rewards).
#include <fmt/format.h>

#include "agents/caip/intrinsics/acts.h"
#include "agents/caip/intrinsics/lexicon.h"
#include "world/memory/agent_memory.h"

namespace plank::caip {

const TaskInfo* running_task(Assistant& s, const std::string& action_type) {
  // The innermost running task: the last one on the stack.
  const TaskInfo* now = nullptr;
  for (auto id : s.tasks().stack())
    if (const auto* t = s.tasks().task(id); t && t->status == agent::TaskStatus::Running)
      if (const TaskInfo* info = s.task_info(id); info && (action_type.empty() || info->action == action_type)) now = info;
  return now;
}

const TaskInfo* last_task(Assistant& s) { return s.task_log.empty() ? nullptr : &s.task_log.back(); }

bool put_tag(Assistant& s, const std::vector<int>& things, const std::string& tag) {
  auto words = words_of(tag);
  if (words.empty()) {
    s.unsure(Doubt::ask("no_tag"));
    return false;
  }
  std::string text;
  for (const auto& w : words) text += (text.empty() ? "" : " ") + w;
  std::string l = words.size() == 1 ? lemma(words[0]) : text;
  size_t n = 0;
  agent::TaskId task = s.start_task("TAG", text);
  for (int h : things) {
    if (!s.valid_thing(h)) continue;
    const Thing& t = s.thing(h);
    if (t.entity != 0 || t.kind == ThingKind::Mob || t.kind == ThingKind::Speaker || t.kind == ThingKind::Agent) {
      s.entity_tags[t.entity].push_back(l);
      // A creature's under its id, which stays the same however far it walks ("the pig at (3, 0, 4)" does not);
      // the speaker's and the agent's under "you" and "me" (the agent's name is read from "me").
      std::string subject = t.kind == ThingKind::Mob ? creature_subject(t.entity) : t.describe();
      if (s.memory()) s.memory()->add_triple(subject, "has_tag", l, s.clock().now());
      ++n;
      continue;
    }
    world::Annotation a;
    a.name = t.name.empty() ? l : t.name;
    a.tags = {l};
    a.cells = t.cells;
    s.log().begin(task, "tag", s.clock().now());
    s.world().annotate(std::move(a));
    s.log().end();
    if (s.memory()) s.memory()->add_triple(t.describe(), "has_tag", l, s.clock().now());
    ++n;
  }
  s.invalidate();
  s.finish_task(task, n > 0);
  if (n == 0) {
    s.refuse("There is nothing to tag.");
    return false;
  }
  std::string who = n == 1 ? s.thing(things.front()).describe() : "they";
  const char* be = who == "me" ? "am" : who == "they" || who == "you" ? "are" : "is";
  if (who == "me") who = "I";
  s.say(fmt::format("OK, I'll remember that {} {} \"{}\".", who, be, text));
  s.mark_done();
  return true;
}

int put_reward(Assistant& s, const std::string& value) {
  int v = value == "NEGATIVE" ? -1 : 1;
  s.rewards.push_back(v);
  if (s.memory()) s.memory()->add_reward(v, s.speaker() ? s.speaker()->name : "", s.clock().now());
  return v;
}

}  // namespace plank::caip
