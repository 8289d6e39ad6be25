// Reading the REPL's input: libedit (BSD licence) on a terminal, with
// persistent history and tab completion; plain line reading otherwise
// (`plank repl < session.txt`: no prompts, no terminal control).
#pragma once
#include <functional>
#include <string>
#include <vector>

namespace plank::repl {

// Candidates for the word that ends at `end` in `line` (the word starts at `start`).
using Completer = std::function<std::vector<std::string>(const std::string& line, size_t start, size_t end)>;

class LineReader {
 public:
  enum class Read { Line, Eof, Interrupt };

  // `history_path` "" keeps no history file. The completer is used on a terminal only.
  LineReader(bool terminal, std::string history_path, Completer completer);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  bool terminal() const { return terminal_; }
  // One line without its newline. Interrupt: Ctrl-C discarded the line being typed.
  Read read(const std::string& prompt, std::string* line);
  // Adds one history entry (a whole multi-line input is one entry).
  void remember(const std::string& entry);

 private:
  bool terminal_;
  std::string history_path_;
};

}  // namespace plank::repl
