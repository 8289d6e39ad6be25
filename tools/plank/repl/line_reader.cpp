#include "tools/plank/repl/line_reader.h"

#include <editline/readline.h>

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <iostream>

namespace plank::repl {

namespace {

Completer* g_completer = nullptr;
std::vector<std::string> g_matches;
volatile std::sig_atomic_t g_interrupted = 0;

extern "C" void on_sigint_while_reading(int) {
  g_interrupted = 1;
  // Ends libedit's read loop: the line is abandoned, as in Python's REPL.
  rl_done = 1;
}

char* next_match(const char*, int state) {
  static size_t i = 0;
  if (state == 0) i = 0;
  if (i >= g_matches.size()) return nullptr;
  return strdup(g_matches[i++].c_str());
}

char** attempt_completion(const char* text, int start, int end) {
  rl_attempted_completion_over = 1;  // never fall back to file names
  if (!g_completer) return nullptr;
  std::string line = rl_line_buffer ? rl_line_buffer : "";
  // A command takes a space after it; a name may take '(' or '.', so nothing is added.
  bool command = line.find_first_not_of(" \t") != std::string::npos && line[line.find_first_not_of(" \t")] == ':';
  rl_completion_append_character = command && start == line.find_first_not_of(" \t") ? ' ' : '\0';
  g_matches = (*g_completer)(line, static_cast<size_t>(start), static_cast<size_t>(end));
  if (g_matches.empty()) return nullptr;
  return rl_completion_matches(text, next_match);
}

}  // namespace

LineReader::LineReader(bool terminal, std::string history_path, Completer completer)
    : terminal_(terminal), history_path_(std::move(history_path)) {
  if (!terminal_) return;
  g_completer = new Completer(std::move(completer));
  rl_attempted_completion_function = attempt_completion;
  // Quotes and brackets end a word (so `{'dialogue_type': 'HU<TAB>` completes the
  // value); ':' does not (so `:he<TAB>` completes a command).
  static char breaks[] = " \t\n\"'`@$><=;|&{([,)]}+-*/%";
  rl_completer_word_break_characters = breaks;
  using_history();
  stifle_history(2000);
  if (!history_path_.empty()) read_history(history_path_.c_str());
}

LineReader::~LineReader() {
  if (!terminal_) return;
  if (!history_path_.empty()) write_history(history_path_.c_str());
  rl_attempted_completion_function = nullptr;
  delete g_completer;
  g_completer = nullptr;
}

LineReader::Read LineReader::read(const std::string& prompt, std::string* line) {
  if (!terminal_) {
    if (!std::getline(std::cin, *line)) return Read::Eof;
    if (!line->empty() && line->back() == '\r') line->pop_back();
    return Read::Line;
  }
  struct sigaction action {}, previous {};
  action.sa_handler = on_sigint_while_reading;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &previous);
  g_interrupted = 0;
  char* text = readline(prompt.c_str());
  sigaction(SIGINT, &previous, nullptr);
  if (g_interrupted) {
    std::free(text);
    g_interrupted = 0;
    return Read::Interrupt;
  }
  if (!text) return Read::Eof;
  *line = text;
  std::free(text);
  return Read::Line;
}

void LineReader::remember(const std::string& entry) {
  if (!terminal_ || entry.empty()) return;
  add_history(entry.c_str());
}

}  // namespace plank::repl
