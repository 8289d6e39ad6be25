// What a command costs: CPU seconds and peak memory of a child process, for
// the tests that hold Plank to "within 3x python3's time and memory" on the
// same job. CPU time rather than wall time, so that other work on a shared
// machine does not decide the verdict; both commands run in the same test, one
// after the other, so they see the same machine.
#pragma once
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

namespace plank::test {

struct Cost {
  int exit_code = -1;
  double cpu_seconds = 0;  // user + system
  long max_rss_kb = 0;     // the child's peak resident set
  // What max_rss_kb cannot go below: a forked child starts with this
  // process's pages counted as its own, and the kernel keeps that figure
  // across exec. A peak at or under the floor says only "no more than the
  // floor"; a comparison needs the peer's peak above it.
  long floor_kb = 0;
};

// This process's resident set now, from /proc/self/status (0 if unreadable).
inline long resident_kb() {
  FILE* f = std::fopen("/proc/self/status", "r");
  if (!f) return 0;
  char line[256];
  long kb = 0;
  while (std::fgets(line, sizeof line, f))
    if (std::sscanf(line, "VmRSS: %ld kB", &kb) == 1) break;
  std::fclose(f);
  return kb;
}

// Runs argv[0] (a path) with stdin from /dev/null and stdout/stderr to `out`
// (default /dev/null), and waits for it.
inline Cost measure(const std::vector<std::string>& argv, const std::string& out = "/dev/null") {
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const long floor_kb = resident_kb();
  pid_t pid = fork();
  if (pid == 0) {
    int in = open("/dev/null", O_RDONLY);
    int sink = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || sink < 0) _exit(126);
    dup2(in, 0);
    dup2(sink, 1);
    dup2(sink, 2);
    execv(args[0], args.data());
    _exit(127);
  }
  Cost c;
  c.floor_kb = floor_kb;
  if (pid < 0) return c;
  int status = 0;
  struct rusage usage {};
  if (wait4(pid, &status, 0, &usage) != pid) return c;
  c.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  c.cpu_seconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                  static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  c.max_rss_kb = usage.ru_maxrss;
  return c;
}

// The real interpreter, never a version manager's shim found first on PATH.
inline const char* kPython = "/usr/bin/python3.11";

// Sanitizer builds run several times slower and larger: comparisons with
// python3 are meaningless there.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif

}  // namespace plank::test
