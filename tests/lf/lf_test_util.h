// Helpers shared by the compiler/lf tests.
#pragma once
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

#include "compiler/lf/check.h"
#include "support/diagnostics.h"
#include "support/source.h"

namespace plank::lf::testing {

inline SourceRef source(std::string text, std::string path = "test.json") {
  return SourceFile::from_string(std::move(path), std::move(text));
}

// Parses JSON text that the test knows is well-formed.
inline Value parse_ok(const SourceRef& file) {
  DiagnosticSink sink;
  auto v = read_json(file, sink);
  if (!v) return Value::null();
  return std::move(*v);
}

inline std::string caip_dir() {
  if (const char* env = std::getenv("PLANK_SHARED")) {
    std::string d = std::string(env) + "/data/caip";
    if (std::filesystem::exists(d)) return d;
  }
  return std::string(PLANK_SHARED_DIR) + "/data/caip";
}

inline bool caip_available() {
  return std::filesystem::exists(caip_dir() + "/train.jsonl") && std::filesystem::exists(caip_dir() + "/valid.jsonl");
}

// The text of a span in its file.
inline std::string span_text(const Diagnostic& d) {
  if (!d.file) return {};
  return d.file->text().substr(d.span.begin, d.span.end - d.span.begin);
}

inline std::string all_text(const DiagnosticSink& sink) { return render_text(sink.all()); }

}  // namespace plank::lf::testing
