// Any bytes as a JSONL data set: the strict JSON reader, normalisation and
// validation of every record.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "compiler/lf/check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace plank;
  auto file = SourceFile::from_string("fuzz.jsonl", std::string(reinterpret_cast<const char*>(data), size));
  DiagnosticSink sink;
  auto summary = lf::check_jsonl(file, sink);
  if (summary.invalid > 0 && !sink.has_errors()) std::abort();  // every rejection is explained
  for (const auto& d : sink.all())
    if (d.span.begin > size || d.span.end > size + 1) std::abort();
  return 0;
}
