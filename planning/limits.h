// The time and memory a planning run may spend, checked by every stage
// (grounding, search) from time to time. Time is CPU time of the process, as
// Fast Downward's limit is, so the two are measured alike.
#pragma once
#include <cstddef>
#include <cstdint>

namespace plank::planning {

class Limits {
 public:
  enum class Reason { None, Time, Memory };

  // seconds <= 0 or mib == 0: no such limit.
  Limits(double cpu_seconds, size_t memory_mib);

  // True once a limit is spent (and from then on). Reads the clock and the
  // process's resident memory; cheap enough to call every few hundred steps.
  bool exhausted();
  Reason reason() const { return reason_; }
  void set_reason(Reason r) { reason_ = r; }  // e.g. after std::bad_alloc

  static double cpu_seconds_used();
  static size_t resident_mib();

 private:
  double cpu_seconds_;
  size_t memory_mib_;
  Reason reason_ = Reason::None;
};

}  // namespace plank::planning
