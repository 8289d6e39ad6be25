#include "world/agent/task_stack.h"

#include <algorithm>

namespace plank::agent {

const char* task_status_name(TaskStatus s) {
  static const char* const names[] = {"running", "paused", "done", "failed", "cancelled"};
  return names[size_t(s)];
}

bool task_finished(TaskStatus s) { return s == TaskStatus::Done || s == TaskStatus::Failed || s == TaskStatus::Cancelled; }

TaskId TaskStack::push(std::string name, uint64_t now) {
  Task t;
  t.id = next_++;
  t.parent = stack_.empty() ? 0 : stack_.back();
  t.name = std::move(name);
  t.started = now;
  tasks_.push_back(std::move(t));
  stack_.push_back(tasks_.back().id);
  return tasks_.back().id;
}

Task* TaskStack::find(TaskId id) {
  // Ids are handed out in push order, so history is sorted by id.
  auto it = std::lower_bound(tasks_.begin(), tasks_.end(), id, [](const Task& t, TaskId i) { return t.id < i; });
  return it != tasks_.end() && it->id == id ? &*it : nullptr;
}

const Task* TaskStack::task(TaskId id) const { return const_cast<TaskStack*>(this)->find(id); }

bool TaskStack::pause(TaskId id) {
  Task* t = find(id);
  if (!t || t->status != TaskStatus::Running) return false;
  t->status = TaskStatus::Paused;
  return true;
}

bool TaskStack::resume(TaskId id) {
  Task* t = find(id);
  if (!t || t->status != TaskStatus::Paused) return false;
  t->status = TaskStatus::Running;
  return true;
}

bool TaskStack::end(TaskId id, TaskStatus status, uint64_t now) {
  auto pos = std::find(stack_.begin(), stack_.end(), id);
  if (pos == stack_.end()) return false;  // unknown or already finished
  // Subtasks above it end with it: cancelled, top first.
  for (auto it = stack_.end() - 1; it != pos; --it) {
    Task* sub = find(*it);
    sub->status = TaskStatus::Cancelled;
    sub->finished = now;
  }
  Task* t = find(id);
  t->status = status;
  t->finished = now;
  stack_.erase(pos, stack_.end());
  return true;
}

bool TaskStack::finish(TaskId id, bool ok, uint64_t now) { return end(id, ok ? TaskStatus::Done : TaskStatus::Failed, now); }
bool TaskStack::cancel(TaskId id, uint64_t now) { return end(id, TaskStatus::Cancelled, now); }

std::optional<TaskId> TaskStack::top() const {
  if (stack_.empty()) return std::nullopt;
  return stack_.back();
}

std::optional<TaskId> TaskStack::current() const {
  auto t = top();
  if (t && task(*t)->status == TaskStatus::Running) return t;
  return std::nullopt;
}

}  // namespace plank::agent
