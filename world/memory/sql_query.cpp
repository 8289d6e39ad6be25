#include "world/memory/sql_query.h"

#include <fmt/format.h>
#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <memory>

#include "world/memory/sqlite.h"

namespace plank::memory {

namespace {

using Clock = std::chrono::steady_clock;

// SQLite's limits lowered for one run_sql and restored after it (the
// connection is the agent's memory, whose own writes keep the defaults).
class RunBounds {
 public:
  RunBounds(sqlite3* h, const SqlLimits& limits) : h_(h) {
    const size_t cap = std::min<size_t>(limits.max_bytes, INT_MAX);
    old_length_ = sqlite3_limit(h_, SQLITE_LIMIT_LENGTH, std::min(int(cap), sqlite3_limit(h_, SQLITE_LIMIT_LENGTH, -1)));
    if (limits.max_seconds > 0) {
      deadline_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limits.max_seconds));
      // Called every 10,000 virtual-machine instructions (about a millisecond): non-zero interrupts the statement.
      sqlite3_progress_handler(h_, 10000, &RunBounds::past_deadline, this);
    }
  }
  ~RunBounds() {
    sqlite3_progress_handler(h_, 0, nullptr, nullptr);
    sqlite3_limit(h_, SQLITE_LIMIT_LENGTH, old_length_);
  }
  RunBounds(const RunBounds&) = delete;
  RunBounds& operator=(const RunBounds&) = delete;
  bool timed_out() const { return timed_out_; }

 private:
  static int past_deadline(void* self) {
    auto* b = static_cast<RunBounds*>(self);
    if (Clock::now() > b->deadline_) b->timed_out_ = true;
    return b->timed_out_;
  }
  sqlite3* h_;
  int old_length_ = 0;
  Clock::time_point deadline_{};
  bool timed_out_ = false;
};

}  // namespace

std::optional<std::vector<SqlTable>> run_sql(Database& db, std::string_view sql, SqlAccess access, std::string* error,
                                             const SqlLimits& limits) {
  sqlite3* h = db.handle();
  RunBounds bounds(h, limits);
  auto sqlite_error = [&] {
    if (bounds.timed_out()) return fmt::format("the query ran past {} s and was stopped; add a LIMIT", limits.max_seconds);
    if (sqlite3_errcode(h) == SQLITE_TOOBIG)
      return fmt::format("a value in the result is over {} MiB; add a LIMIT or take a substr()", limits.max_bytes >> 20);
    return std::string(sqlite3_errmsg(h));
  };
  std::vector<SqlTable> out;
  std::string text(sql);
  const char* tail = text.c_str();
  const char* end = text.c_str() + text.size();
  size_t bytes = 0;
  while (tail && tail < end) {
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(h, tail, int(end - tail), &raw, &tail) != SQLITE_OK)
      return *error = sqlite_error(), std::nullopt;
    std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> st(raw, sqlite3_finalize);
    if (!raw) break;  // whitespace or a comment after the last statement
    if (out.size() >= limits.max_statements)
      return *error = limits.max_statements == 1 ? "one statement at a time"
                                                 : fmt::format("at most {} statements at a time", limits.max_statements),
             std::nullopt;
    if (access == SqlAccess::ReadOnly && !sqlite3_stmt_readonly(raw))
      return *error = "this statement writes, and the memory is opened for reading (SELECT, PRAGMA reads)",
             std::nullopt;
    SqlTable table;
    const int cols = sqlite3_column_count(raw);
    for (int c = 0; c < cols; ++c) table.columns.push_back(sqlite3_column_name(raw, c));
    int rc;
    while ((rc = sqlite3_step(raw)) == SQLITE_ROW) {
      if (table.rows.size() >= limits.max_rows)
        return *error = fmt::format("the result has more than {} rows; add a LIMIT", limits.max_rows), std::nullopt;
      std::vector<SqlCell> row(static_cast<size_t>(cols));
      for (int c = 0; c < cols; ++c) {
        SqlCell& cell = row[size_t(c)];
        switch (sqlite3_column_type(raw, c)) {
          case SQLITE_INTEGER: cell.type = SqlCell::Type::Integer; cell.integer = sqlite3_column_int64(raw, c); break;
          case SQLITE_FLOAT: cell.type = SqlCell::Type::Real; cell.real = sqlite3_column_double(raw, c); break;
          case SQLITE_NULL: cell.type = SqlCell::Type::Null; break;
          default: cell.type = SqlCell::Type::Text; break;
        }
        const unsigned char* t = sqlite3_column_text(raw, c);
        cell.text = t ? reinterpret_cast<const char*>(t) : "NULL";
        bytes += cell.text.size();
      }
      if (bytes > limits.max_bytes)
        return *error = fmt::format("the result is over {} MiB; add a LIMIT", limits.max_bytes >> 20), std::nullopt;
      table.rows.push_back(std::move(row));
    }
    if (rc != SQLITE_DONE) return *error = sqlite_error(), std::nullopt;
    out.push_back(std::move(table));
  }
  if (out.empty()) return *error = "the SQL is empty", std::nullopt;
  return out;
}

std::string format_table(const SqlTable& t) {
  const size_t n = t.columns.size();
  std::vector<size_t> width(n);
  for (size_t c = 0; c < n; ++c) {
    width[c] = t.columns[c].size();
    for (const auto& r : t.rows) width[c] = std::max(width[c], r[c].text.size());
  }
  auto line = [&](auto cell) {
    std::string s;
    for (size_t c = 0; c < n; ++c) s += fmt::format("{}{:<{}}", c ? " | " : "", cell(c), width[c]);
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s + "\n";
  };
  std::string text = line([&](size_t c) { return t.columns[c]; });
  std::string rule;
  for (size_t c = 0; c < n; ++c) rule += (c ? "-+-" : "") + std::string(width[c], '-');
  text += rule + "\n";
  for (const auto& r : t.rows) text += line([&](size_t c) { return r[c].text; });
  text += fmt::format("({} row{})\n", t.rows.size(), t.rows.size() == 1 ? "" : "s");
  return text;
}

}  // namespace plank::memory
