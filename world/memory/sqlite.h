// Thin RAII wrappers over the sqlite3 C API: a connection and prepared
// statements that finalize themselves. Errors never throw or abort: calls
// return false and the database keeps the message (sqlite3_errmsg) for the
// caller to report.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace plank::memory {

class Statement {
 public:
  Statement() = default;
  Statement(sqlite3* db, std::string_view sql, std::string* error);
  ~Statement();
  Statement(Statement&& o) noexcept : stmt_(o.stmt_) { o.stmt_ = nullptr; }
  Statement& operator=(Statement&& o) noexcept;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  bool valid() const { return stmt_ != nullptr; }
  // Binding is 1-based like SQLite's; each returns *this to chain.
  Statement& bind(int i, int64_t v);
  Statement& bind(int i, double v);
  Statement& bind(int i, std::string_view v);
  Statement& bind_null(int i);
  Statement& bind(int i, const std::optional<std::string>& v) { return v ? bind(i, std::string_view(*v)) : bind_null(i); }
  // step(): true while a row is ready; done() after it returns false tells
  // success (SQLITE_DONE) from an error.
  bool step();
  bool done() const { return rc_done_; }
  void reset();  // ready to run again (bindings cleared)

  int64_t i64(int col) const;
  double f64(int col) const;
  std::string text(int col) const;
  bool is_null(int col) const;

 private:
  sqlite3_stmt* stmt_ = nullptr;
  bool rc_done_ = false;
};

class Database {
 public:
  // ":memory:" or a file path. On failure valid() is false and error() says why.
  explicit Database(const std::string& path);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  bool valid() const { return db_ != nullptr; }
  const std::string& error() const { return error_; }
  // Runs one or more statements without results.
  bool exec(std::string_view sql);
  Statement prepare(std::string_view sql) { return Statement(db_, sql, &error_); }
  bool fail(const std::string& context);  // records "context: sqlite's message"; returns false
  int64_t last_insert_id() const;
  int changes() const;
  bool in_transaction() const;  // not in autocommit mode
  sqlite3* handle() { return db_; }

 private:
  sqlite3* db_ = nullptr;
  std::string error_;
};

// BEGIN IMMEDIATE ... COMMIT, rolled back unless commit() is called: each
// action of the agent's memory is one (a process killed mid-action leaves
// the database as it was before the action, never half of it). Opened inside
// another transaction it joins that one: commit() then commits nothing, and
// the outer one decides (a failing inner action makes the outer return
// without committing, so everything rolls back).
class Transaction {
 public:
  explicit Transaction(Database& db);
  ~Transaction() {
    if (owner_ && active_) db_.exec("ROLLBACK");
  }
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  bool commit() {
    bool ok = active_ && (!owner_ || db_.exec("COMMIT"));
    active_ = false;
    return ok;
  }

 private:
  Database& db_;
  bool owner_ = false;   // this object began the transaction
  bool active_ = false;
};

}  // namespace plank::memory
