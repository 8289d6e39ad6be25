#include "world/memory/sqlite.h"

#include <sqlite3.h>

namespace plank::memory {

Statement::Statement(sqlite3* db, std::string_view sql, std::string* error) {
  if (!db) {
    *error = "the database is not open";
    return;
  }
  if (sqlite3_prepare_v2(db, sql.data(), int(sql.size()), &stmt_, nullptr) != SQLITE_OK) {
    *error = std::string("cannot prepare '") + std::string(sql.substr(0, 60)) + "': " + sqlite3_errmsg(db);
    stmt_ = nullptr;
  }
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement& Statement::operator=(Statement&& o) noexcept {
  if (this != &o) {
    sqlite3_finalize(stmt_);
    stmt_ = o.stmt_;
    o.stmt_ = nullptr;
  }
  return *this;
}

Statement& Statement::bind(int i, int64_t v) {
  if (stmt_) sqlite3_bind_int64(stmt_, i, v);
  return *this;
}
Statement& Statement::bind(int i, double v) {
  if (stmt_) sqlite3_bind_double(stmt_, i, v);
  return *this;
}
Statement& Statement::bind(int i, std::string_view v) {
  if (stmt_) sqlite3_bind_text(stmt_, i, v.data(), int(v.size()), SQLITE_TRANSIENT);
  return *this;
}
Statement& Statement::bind_null(int i) {
  if (stmt_) sqlite3_bind_null(stmt_, i);
  return *this;
}

bool Statement::step() {
  if (!stmt_) {
    rc_done_ = false;
    return false;
  }
  int rc = sqlite3_step(stmt_);
  rc_done_ = rc == SQLITE_DONE;
  return rc == SQLITE_ROW;
}

void Statement::reset() {
  if (!stmt_) return;
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

int64_t Statement::i64(int col) const { return sqlite3_column_int64(stmt_, col); }
double Statement::f64(int col) const { return sqlite3_column_double(stmt_, col); }
std::string Statement::text(int col) const {
  const unsigned char* t = sqlite3_column_text(stmt_, col);
  return t ? std::string(reinterpret_cast<const char*>(t), size_t(sqlite3_column_bytes(stmt_, col))) : std::string();
}
bool Statement::is_null(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }

Database::Database(const std::string& path) {
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
  if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    error_ = "cannot open memory database '" + path + "': " + (db_ ? sqlite3_errmsg(db_) : "out of memory");
    sqlite3_close(db_);
    db_ = nullptr;
    return;
  }
  sqlite3_extended_result_codes(db_, 1);
  sqlite3_busy_timeout(db_, 2000);  // another process holding the file: wait, then report
}

Database::~Database() { sqlite3_close_v2(db_); }

bool Database::exec(std::string_view sql) {
  if (!db_) return false;
  char* message = nullptr;
  std::string text(sql);
  if (sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
    error_ = std::string(message ? message : sqlite3_errmsg(db_));
    sqlite3_free(message);
    return false;
  }
  return true;
}

bool Database::fail(const std::string& context) {
  error_ = context + ": " + (db_ ? sqlite3_errmsg(db_) : "the database is not open");
  return false;
}

bool Database::in_transaction() const { return db_ && sqlite3_get_autocommit(db_) == 0; }

Transaction::Transaction(Database& db) : db_(db) {
  if (db_.in_transaction()) {
    active_ = true;  // joins the transaction already open
    return;
  }
  owner_ = true;
  active_ = db_.exec("BEGIN IMMEDIATE");
}

int64_t Database::last_insert_id() const { return db_ ? sqlite3_last_insert_rowid(db_) : 0; }
int Database::changes() const { return db_ ? sqlite3_changes(db_) : 0; }

}  // namespace plank::memory
