// Running SQL a person typed against the agent's memory: the one place that
// does it (`plank memory --query`, the REPL's :mem and :mem!). Reading is the
// default; a statement that would write is refused before it runs unless the
// caller asked for writes (SQLite itself decides what writes:
// sqlite3_stmt_readonly). Results are bounded so one query cannot fill the
// host's memory or hold it: rows and bytes are counted as they come, no single
// value SQLite makes may be longer than the result may be (a randomblob(10**9)
// is refused by SQLite before it allocates), and a statement that runs past
// max_seconds (a recursive CTE with no end) is interrupted.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace plank::memory {

class Database;

struct SqlCell {
  enum class Type : uint8_t { Null, Integer, Real, Text };
  Type type = Type::Null;
  int64_t integer = 0;
  double real = 0;
  std::string text;  // the cell as SQLite renders it as text ("NULL" for Null)
};

struct SqlTable {
  std::vector<std::string> columns;         // empty for a statement that returns no rows
  std::vector<std::vector<SqlCell>> rows;
};

enum class SqlAccess : uint8_t { ReadOnly, ReadWrite };

struct SqlLimits {
  size_t max_statements = 64;      // 1: exactly one statement (`--query`)
  size_t max_rows = 100000;        // per statement; past it the query is refused
  size_t max_bytes = 64u << 20;    // text of all cells together; also the longest string or blob SQLite may make
  double max_seconds = 10;         // all statements together (CPU and waiting); 0: no limit
};

// Runs each statement of `sql` in turn and returns one table per statement.
// nullopt and *error (SQLite's message, or why it was refused) on the first failure;
// statements before it have run.
std::optional<std::vector<SqlTable>> run_sql(Database& db, std::string_view sql, SqlAccess access,
                                             std::string* error, const SqlLimits& limits = {});

// A table as the REPL prints it: columns padded, a rule, "(N rows)".
std::string format_table(const SqlTable& table);

}  // namespace plank::memory
