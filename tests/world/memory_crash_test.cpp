// Issue 24: the agent's memory survives its writer being killed. A child
// process writes actions to one database file, each action one transaction,
// and reports each action's number once its call has returned; the test kills
// it with SIGKILL at a random moment, 100 times over the same file. After
// every kill the database must open, pass PRAGMA integrity_check, hold every
// reported action, and hold no half of an action (an object with fewer cells
// than its size, or without its tags).
#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <random>
#include <set>
#include <thread>

#include "world/memory/agent_memory.h"

namespace plank::memory {
namespace {

namespace fs = std::filesystem;

// Action k, by k % 4: an object "obj-k" of 20 + k % 40 cells tagged "crash"
// and "k-<k>" (many statements in one transaction); the fact
// (action, done, k); task k; a chat line "message k".
bool act(AgentMemory& m, int64_t k) {
  switch (k % 4) {
    case 0: {
      world::BlockObject o;
      for (int i = 0; i < 20 + k % 40; ++i) o.cells.push_back({static_cast<int32_t>(k), 0, i});
      o.bounds = world::Box::of(o.cells.front(), o.cells.back());
      o.blocks["stone"] = static_cast<int>(o.cells.size());
      o.names = {"obj-" + std::to_string(k)};
      o.tags = {"crash", "k-" + std::to_string(k)};
      return m.add_object(o, static_cast<uint64_t>(k)).has_value();
    }
    case 1: return m.add_triple("action", "done", std::to_string(k), static_cast<uint64_t>(k));
    case 2:
      return m.record_task({static_cast<uint64_t>(k), "task", "done", static_cast<uint64_t>(k),
                            static_cast<uint64_t>(k) + 1});
    default: return m.add_chat("crash", "message " + std::to_string(k), static_cast<uint64_t>(k));
  }
}

// Runs in the child: writes actions from `first` on, reporting each number on `report`.
[[noreturn]] void writer(const std::string& path, int64_t first, int report) {
  std::string error;
  auto m = AgentMemory::open(path, &error);
  if (!m) _exit(2);
  for (int64_t k = first;; ++k) {
    if (!act(*m, k)) _exit(3);
    if (::write(report, &k, sizeof k) != sizeof k) _exit(4);
  }
}

struct Found {
  std::set<int64_t> actions;  // every action present
  std::string problem;        // a half-written action, or a check that failed
};

// What the database holds, read with SQLite alone (not the code under test).
Found inspect(const std::string& path) {
  Found f;
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
    f.problem = "cannot open: " + std::string(db ? sqlite3_errmsg(db) : "?");
    sqlite3_close(db);
    return f;
  }
  auto each_row = [&](const char* sql, auto&& row) {
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, sql, -1, &st, nullptr) != SQLITE_OK) {
      f.problem = std::string(sql) + ": " + sqlite3_errmsg(db);
      return;
    }
    while (sqlite3_step(st) == SQLITE_ROW) row(st);
    sqlite3_finalize(st);
  };
  auto text = [](sqlite3_stmt* st, int col) {
    const unsigned char* t = sqlite3_column_text(st, col);
    return t ? std::string(reinterpret_cast<const char*>(t)) : std::string();
  };
  each_row("PRAGMA integrity_check", [&](sqlite3_stmt* st) {
    if (text(st, 0) != "ok") f.problem = "integrity_check: " + text(st, 0);
  });
  // A writer killed before its first commit leaves no schema at all; never half of one.
  int64_t tables = 0;
  each_row("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'",
           [&](sqlite3_stmt* st) { tables = sqlite3_column_int64(st, 0); });
  if (tables == 0 || !f.problem.empty()) {
    sqlite3_close(db);
    return f;
  }
  if (tables != 9) f.problem = "a schema of " + std::to_string(tables) + " tables, not 9";
  each_row("SELECT o.name, o.size, (SELECT COUNT(*) FROM object_cells c WHERE c.object_id = o.id), "
           "(SELECT group_concat(tag, ' ') FROM (SELECT tag FROM object_tags t WHERE t.object_id = o.id ORDER BY tag)) "
           "FROM block_objects o",
           [&](sqlite3_stmt* st) {
             std::string name = text(st, 0);
             int64_t k = std::stoll(name.substr(4));
             f.actions.insert(k);
             if (sqlite3_column_int64(st, 1) != 20 + k % 40 || sqlite3_column_int64(st, 2) != 20 + k % 40)
               f.problem = name + " has " + std::to_string(sqlite3_column_int64(st, 2)) + " cells";
             if (text(st, 3) != "crash k-" + std::to_string(k)) f.problem = name + " has tags '" + text(st, 3) + "'";
           });
  each_row("SELECT object FROM triples WHERE subject = 'action'",
           [&](sqlite3_stmt* st) { f.actions.insert(std::stoll(text(st, 0))); });
  each_row("SELECT task FROM task_history", [&](sqlite3_stmt* st) { f.actions.insert(sqlite3_column_int64(st, 0)); });
  each_row("SELECT text FROM chat WHERE speaker = 'crash'",
           [&](sqlite3_stmt* st) { f.actions.insert(std::stoll(text(st, 0).substr(8))); });
  sqlite3_close(db);
  return f;
}

TEST(MemoryCrash, SurvivesAHundredKillsOfItsWriter) {
  fs::path dir = fs::temp_directory_path() / ("plank-memory-crash-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string path = (dir / "agent.db").string();
  std::mt19937 rng(2024);
  std::set<int64_t> committed;  // every action a writer reported
  int64_t next = 0;
  int survived = 0;
  size_t kills_inside_work = 0;
  for (int round = 0; round < 100; ++round) {
    int pipe_fds[2];
    ASSERT_EQ(::pipe(pipe_fds), 0);
    pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      ::close(pipe_fds[0]);
      writer(path, next, pipe_fds[1]);
    }
    ::close(pipe_fds[1]);
    // Every fourth round the kill comes at a random moment from the start
    // (opening, creating the schema); the others after a random number of
    // actions, then a random few hundred microseconds (inside the next).
    int64_t k = 0;
    if (round % 4 == 0) {
      std::this_thread::sleep_for(std::chrono::microseconds(std::uniform_int_distribution<int>(0, 20000)(rng)));
    } else {
      int wait_for = std::uniform_int_distribution<int>(1, 12)(rng);
      for (int i = 0; i < wait_for && ::read(pipe_fds[0], &k, sizeof k) == sizeof k; ++i) committed.insert(k);
      std::this_thread::sleep_for(std::chrono::microseconds(std::uniform_int_distribution<int>(0, 400)(rng)));
      ++kills_inside_work;
    }
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the writer stopped by itself with status " << WEXITSTATUS(status);
    while (::read(pipe_fds[0], &k, sizeof k) == sizeof k) committed.insert(k);
    ::close(pipe_fds[0]);

    Found f = inspect(path);
    ASSERT_EQ(f.problem, "") << "after kill " << round + 1;
    for (int64_t k : committed) ASSERT_TRUE(f.actions.count(k)) << "action " << k << " was committed and is gone";
    // The code under test opens it too, and sees the same objects.
    std::string error;
    auto m = AgentMemory::open(path, &error);
    ASSERT_TRUE(m) << error;
    ObjectQuery q;
    q.tag = "crash";
    size_t objects = 0;
    for (int64_t k : f.actions) objects += k % 4 == 0;
    ASSERT_EQ(m->objects(q).size(), objects);
    next = f.actions.empty() ? 0 : *f.actions.rbegin() + 1;
    ++survived;
  }
  EXPECT_EQ(survived, 100);
  RecordProperty("actions_committed", static_cast<int>(committed.size()));
  EXPECT_GT(committed.size(), 100u) << "the writers barely wrote: the test proved little";
  EXPECT_EQ(kills_inside_work, 75u);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace plank::memory
