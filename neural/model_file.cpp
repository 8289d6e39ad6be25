#include "neural/model_file.h"

#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>

#include "neural/binary_io.h"

namespace plank::neural {

bool save_model_file(const ModelFile& m, const std::string& path, std::string* error) {
  if (m.magic.size() != 8) return *error = "a model file's magic is 8 bytes", false;
  std::string out = m.magic;
  put<uint32_t>(out, static_cast<uint32_t>(m.metadata_json.size()));
  out += m.metadata_json;
  put<uint32_t>(out, static_cast<uint32_t>(m.tensors.size()));
  for (const auto& [name, t] : m.tensors) {
    put<uint16_t>(out, static_cast<uint16_t>(name.size()));
    out += name;
    put<uint8_t>(out, static_cast<uint8_t>(t.shape.size()));
    for (int d : t.shape) put<uint32_t>(out, static_cast<uint32_t>(d));
    put<uint8_t>(out, 0);
    out.append(reinterpret_cast<const char*>(t.data.data()), t.data.size() * sizeof(float));
  }
  std::ofstream f(path, std::ios::binary);
  if (!f || !f.write(out.data(), static_cast<std::streamsize>(out.size()))) return *error = "cannot write " + path, false;
  return true;
}

bool load_model_file(const std::string& path, const std::string& magic, ModelFile* m, std::string* error) {
  auto fail = [&](const std::string& why) {
    *error = path + ": " + why;
    return false;
  };
  std::ifstream f(path, std::ios::binary);
  if (!f) return fail("cannot open the model file");
  std::stringstream buf;
  buf << f.rdbuf();
  const std::string s = buf.str();
  if (s.size() < 8 || s.compare(0, 8, magic) != 0) return fail("not a model file of this kind (expected " + magic + ")");
  ByteReader c{s, 8};
  m->magic = magic;
  m->metadata_json = c.bytes(c.get<uint32_t>());
  uint32_t n = c.get<uint32_t>();
  m->tensors.clear();
  for (uint32_t i = 0; c.ok && i < n; ++i) {
    std::string name = c.bytes(c.get<uint16_t>());
    ModelTensor t;
    uint8_t rank = c.get<uint8_t>();
    size_t count = 1;
    for (uint8_t k = 0; c.ok && k < rank; ++k) {
      uint32_t d = c.get<uint32_t>();
      if (d > (1u << 28) || count > (size_t{1} << 28) / std::max<uint32_t>(d, 1)) return fail("a tensor too large");
      t.shape.push_back(static_cast<int>(d));
      count *= d;
    }
    if (c.get<uint8_t>() != 0) return fail("tensor '" + name + "' is not f32");
    std::string raw = c.bytes(count * sizeof(float));
    if (!c.ok) break;
    t.data.resize(count);
    if (count) std::memcpy(t.data.data(), raw.data(), raw.size());
    m->tensors[name] = std::move(t);
  }
  if (!c.ok) return fail("the file is truncated");
  return true;
}

}  // namespace plank::neural
