// The agent's tasks: a stack, because commands nest (a BUILD pushes MOVEs) and
// because STOP pauses what is on top and RESUME picks it up again. Tasks have
// ids (never reused), names and a status; the action log groups world changes
// by task id, so UNDO of a task reverts exactly what it did.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace plank::agent {

using TaskId = uint64_t;  // 0: no task

enum class TaskStatus : uint8_t { Running, Paused, Done, Failed, Cancelled };
const char* task_status_name(TaskStatus s);
bool task_finished(TaskStatus s);  // Done, Failed or Cancelled

struct Task {
  TaskId id = 0;
  TaskId parent = 0;  // the task below it on the stack when it was pushed
  std::string name;
  TaskStatus status = TaskStatus::Running;
  uint64_t started = 0, finished = 0;  // game ticks
};

class TaskStack {
 public:
  // Pushes a running task on top; the one below keeps its status (it waits).
  TaskId push(std::string name, uint64_t now = 0);
  // Pause/resume one task (STOP / RESUME). Resuming a task pauses nothing else.
  bool pause(TaskId id);
  bool resume(TaskId id);
  // Finishing or cancelling a task also cancels the tasks pushed above it
  // (its subtasks) and pops them all off the stack; they stay in history().
  bool finish(TaskId id, bool ok, uint64_t now = 0);
  bool cancel(TaskId id, uint64_t now = 0);

  // STOP and RESUME act on the top of the stack.
  std::optional<TaskId> stop() { return top() && pause(*top()) ? top() : std::nullopt; }
  std::optional<TaskId> resume_top() { return top() && resume(*top()) ? top() : std::nullopt; }

  std::optional<TaskId> top() const;                  // the innermost live task
  std::optional<TaskId> current() const;              // top() if it is running
  const std::vector<TaskId>& stack() const { return stack_; }  // bottom first
  const Task* task(TaskId id) const;
  const std::vector<Task>& history() const { return tasks_; }  // every task ever pushed, in push order

 private:
  Task* find(TaskId id);
  bool end(TaskId id, TaskStatus status, uint64_t now);
  std::vector<Task> tasks_;
  std::vector<TaskId> stack_;
  TaskId next_ = 1;
};

}  // namespace plank::agent
