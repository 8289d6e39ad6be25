#include "world/memory/sql_query.h"

#include <fmt/format.h>
#include <sqlite3.h>

#include <algorithm>
#include <memory>

#include "world/memory/sqlite.h"

namespace plank::memory {

std::optional<std::vector<SqlTable>> run_sql(Database& db, std::string_view sql, SqlAccess access, std::string* error,
                                             const SqlLimits& limits) {
  sqlite3* h = db.handle();
  std::vector<SqlTable> out;
  std::string text(sql);
  const char* tail = text.c_str();
  const char* end = text.c_str() + text.size();
  size_t bytes = 0;
  while (tail && tail < end) {
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(h, tail, int(end - tail), &raw, &tail) != SQLITE_OK)
      return *error = sqlite3_errmsg(h), std::nullopt;
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
    if (rc != SQLITE_DONE) return *error = sqlite3_errmsg(h), std::nullopt;
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
