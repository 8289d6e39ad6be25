// CPU time and resident memory of the process (limits.h).
#include "planning/limits.h"

#include <time.h>
#include <unistd.h>

#include <cstdio>

namespace plank::planning {

Limits::Limits(double cpu_seconds, size_t memory_mib) : cpu_seconds_(cpu_seconds), memory_mib_(memory_mib) {}

double Limits::cpu_seconds_used() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

size_t Limits::resident_mib() {
  // /proc/self/statm: size resident shared ... in pages.
  FILE* f = std::fopen("/proc/self/statm", "r");
  if (!f) return 0;
  unsigned long size = 0, resident = 0;
  int n = std::fscanf(f, "%lu %lu", &size, &resident);
  std::fclose(f);
  if (n != 2) return 0;
  return static_cast<size_t>(resident) * static_cast<size_t>(sysconf(_SC_PAGESIZE)) / (1024 * 1024);
}

bool Limits::exhausted() {
  if (reason_ != Reason::None) return true;
  if (cpu_seconds_ > 0 && cpu_seconds_used() > cpu_seconds_) reason_ = Reason::Time;
  else if (memory_mib_ > 0 && resident_mib() > memory_mib_) reason_ = Reason::Memory;
  return reason_ != Reason::None;
}

}  // namespace plank::planning
