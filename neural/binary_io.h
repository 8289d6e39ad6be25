// Little-endian bytes of the model files (neural/model_file.h, the parser's
// weights in neural/parser/model.cpp): one writer and one bounds-checked
// reader, so every model format reads its bytes the same way.
#pragma once
#include <cstddef>
#include <cstring>
#include <string>

namespace plank::neural {

// Appends v's bytes to out.
template <typename T>
void put(std::string& out, T v) {
  char b[sizeof(T)];
  std::memcpy(b, &v, sizeof(T));
  out.append(b, sizeof(T));
}

// Reads values in order from s; once a read runs past the end, ok is false
// and every later read gives a zero value.
struct ByteReader {
  const std::string& s;
  size_t pos = 0;
  bool ok = true;
  template <typename T>
  T get() {
    T v{};
    if (!ok || s.size() - pos < sizeof(T)) return ok = false, v;
    std::memcpy(&v, s.data() + pos, sizeof(T));
    pos += sizeof(T);
    return v;
  }
  std::string bytes(size_t n) {
    if (!ok || s.size() - pos < n) return ok = false, std::string();
    std::string r = s.substr(pos, n);
    pos += n;
    return r;
  }
};

}  // namespace plank::neural
