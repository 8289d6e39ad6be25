// GET_MEMORY (answers in words) and PUT_MEMORY (tags and rewards).
#include <fmt/format.h>

#include "agents/caip/intrinsics/acts.h"
#include "agents/caip/intrinsics/lexicon.h"
#include "world/memory/agent_memory.h"

namespace plank::caip {

namespace {

// The noun as the speaker said it ("cows", "sheep"), singular for one.
std::string plural(const std::string& noun, size_t n) {
  std::string one = lemma(noun);
  if (n == 1) return one;
  return noun != one || noun.ends_with("s") ? noun : noun + "s";
}

}  // namespace

bool answer(Assistant& s, const QuestionQuery& q) {
  bool about_action = q.kind == "ACTION" || q.tag_name == "action_name" || q.tag_name == "action_reference_object_name" ||
                      q.tag_name == "move_target";
  if (about_action) {
    // The innermost running task, else the last one.
    const TaskInfo* now = nullptr;
    for (auto id : s.tasks().stack())
      if (const auto* t = s.tasks().task(id); t && t->status == agent::TaskStatus::Running)
        if (const TaskInfo* info = s.task_info(id); info && (q.action_type.empty() || info->action == q.action_type))
          now = info;
    if (now) {
      s.say(fmt::format("I am {} {}.", action_gerund(now->action), now->what));
    } else if (!s.task_log.empty()) {
      const TaskInfo& last = s.task_log.back();
      s.say(fmt::format("I'm not doing anything right now. The last thing I did was {} {}.", action_gerund(last.action),
                        last.what));
    } else {
      s.say("I'm not doing anything right now.");
    }
    s.mark_done();
    return true;
  }
  if (q.kind == "AGENT" || q.tag_name == "location" && q.things.empty()) {
    Coord f = s.agent().feet();
    s.say(fmt::format("I am at ({}, {}, {}).", f.x, f.y, f.z));
    s.mark_done();
    return true;
  }
  if (q.kind == "REFERENCE_OBJECT") {
    std::string what = q.what.empty() ? "object" : lemma(q.what);
    if (q.answer_type == "EXISTS") {
      if (q.things.empty()) s.say(fmt::format("No, I don't see any {}.", what));
      else s.say(fmt::format("Yes, there is {}.", s.thing(q.things.front()).describe()));
      s.mark_done();
      return true;
    }
    if (q.answer_type == "COUNT") {
      s.say(fmt::format("I see {} {}.", q.things.size(), plural(q.what.empty() ? "object" : q.what, q.things.size())));
      s.mark_done();
      return true;
    }
    if (q.things.empty()) {
      s.say(fmt::format("I don't see any {}.", what));
      s.mark_done();
      return true;
    }
    const Thing& t = s.thing(q.things.front());
    if (q.tag_name == "has_colour") s.say(fmt::format("It is {}.", t.colour.empty() ? "colourless" : t.colour));
    else if (q.tag_name == "has_size") {
      auto sz = t.bounds.size();
      s.say(fmt::format("It is {}x{}x{} blocks ({} blocks in all).", sz.x, sz.y, sz.z, t.cells.size()));
    } else if (q.tag_name == "location") {
      Coord c = t.centre();
      s.say(fmt::format("It is at ({}, {}, {}).", c.x, c.y, c.z));
    } else {
      std::string tags;
      for (size_t i = 1; i < t.names.size() && i < 4; ++i) tags += (tags.empty() ? "" : ", ") + t.names[i];
      s.say(fmt::format("That is {}{}.", t.describe(), tags.empty() ? "" : " (" + tags + ")"));
    }
    s.mark_done();
    return true;
  }
  s.refuse("I can answer what I am doing, where I am, and whether, how many or what things are around; I can't answer that yet.");
  return false;
}

bool put_tag(Assistant& s, const std::vector<int>& things, const std::string& tag) {
  auto words = words_of(tag);
  if (words.empty()) {
    s.ask("What should I call it?");
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
      if (s.memory()) s.memory()->add_triple(t.describe(), "has_tag", l, s.clock().now());
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
  s.say(fmt::format("OK, I'll remember that {} {} \"{}\".", n == 1 ? s.thing(things.front()).describe() : "they",
                    n == 1 ? "is" : "are", text));
  s.mark_done();
  return true;
}

bool put_reward(Assistant& s, const std::string& value) {
  int v = value == "NEGATIVE" ? -1 : 1;
  s.rewards.push_back(v);
  if (s.memory()) s.memory()->add_reward(v, s.speaker() ? s.speaker()->name : "", s.clock().now());
  s.say(v > 0 ? "Thank you!" : "Sorry about that. I'll try to do better.");
  s.mark_done();
  return true;
}

}  // namespace plank::caip
