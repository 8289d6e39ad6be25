// A file of teacher-forced forward passes computed by libtorch on the shipped
// weights (written by tests/tools/torch_reference.cpp), so that the engines
// can be checked against libtorch on a machine that has a GPU but not
// Debian's libtorch. Little-endian, native sizes:
//   "PLNKREF1", int32 count, then per example:
//   int32 n, ids[n], int32 S, prev[S], parent[S], int32 V, int32 T,
//   float logits[S*V], start[S*T], end[S*T]
#pragma once
#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "neural/parser/engine.h"

namespace plank::neural::test {

struct ReferenceExample {
  std::vector<int> ids, prev, parent;
  int vocab = 0, tokens = 0;
  ForcedOutput out;
};

namespace detail {
inline void put_ints(std::ofstream& f, const std::vector<int>& v) {
  int32_t n = static_cast<int32_t>(v.size());
  f.write(reinterpret_cast<const char*>(&n), sizeof n);
  f.write(reinterpret_cast<const char*>(v.data()), static_cast<std::streamsize>(sizeof(int) * v.size()));
}
inline bool get_ints(std::ifstream& f, std::vector<int>& v, int32_t limit) {
  int32_t n = -1;
  if (!f.read(reinterpret_cast<char*>(&n), sizeof n) || n < 0 || n > limit) return false;
  v.resize(static_cast<size_t>(n));
  return static_cast<bool>(f.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(sizeof(int) * n)));
}
inline bool get_floats(std::ifstream& f, std::vector<float>& v, size_t n) {
  v.resize(n);
  return static_cast<bool>(f.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(sizeof(float) * n)));
}
}  // namespace detail

inline bool write_reference(const std::string& path, const std::vector<ReferenceExample>& examples) {
  std::ofstream f(path, std::ios::binary);
  f.write("PLNKREF1", 8);
  int32_t count = static_cast<int32_t>(examples.size());
  f.write(reinterpret_cast<const char*>(&count), sizeof count);
  for (const auto& e : examples) {
    detail::put_ints(f, e.ids);
    detail::put_ints(f, e.prev);
    f.write(reinterpret_cast<const char*>(e.parent.data()), static_cast<std::streamsize>(sizeof(int) * e.parent.size()));
    int32_t dims[2] = {e.vocab, e.tokens};
    f.write(reinterpret_cast<const char*>(dims), sizeof dims);
    for (const auto* v : {&e.out.logits, &e.out.start, &e.out.end})
      f.write(reinterpret_cast<const char*>(v->data()), static_cast<std::streamsize>(sizeof(float) * v->size()));
  }
  return static_cast<bool>(f);
}

// Empty with *error on a missing, truncated or foreign file.
inline std::vector<ReferenceExample> read_reference(const std::string& path, std::string* error) {
  std::ifstream f(path, std::ios::binary);
  char magic[8] = {};
  int32_t count = -1;
  if (!f.read(magic, 8) || std::memcmp(magic, "PLNKREF1", 8) != 0 ||
      !f.read(reinterpret_cast<char*>(&count), sizeof count) || count < 0 || count > 100000) {
    *error = path + ": not a reference file";
    return {};
  }
  std::vector<ReferenceExample> out(static_cast<size_t>(count));
  for (auto& e : out) {
    int32_t dims[2] = {0, 0};
    bool ok = detail::get_ints(f, e.ids, 4096) && detail::get_ints(f, e.prev, 4096);
    if (ok) {
      e.parent.resize(e.prev.size());
      ok = static_cast<bool>(f.read(reinterpret_cast<char*>(e.parent.data()),
                                    static_cast<std::streamsize>(sizeof(int) * e.parent.size()))) &&
           static_cast<bool>(f.read(reinterpret_cast<char*>(dims), sizeof dims)) && dims[0] > 0 && dims[1] > 0 &&
           dims[0] < 1000000 && dims[1] <= 4096;
    }
    if (ok) {
      e.vocab = dims[0];
      e.tokens = dims[1];
      size_t S = e.prev.size();
      ok = detail::get_floats(f, e.out.logits, S * static_cast<size_t>(e.vocab)) &&
           detail::get_floats(f, e.out.start, S * static_cast<size_t>(e.tokens)) &&
           detail::get_floats(f, e.out.end, S * static_cast<size_t>(e.tokens));
    }
    if (!ok) {
      *error = path + ": truncated";
      return {};
    }
  }
  return out;
}

}  // namespace plank::neural::test
