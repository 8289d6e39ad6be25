// Any bytes through libplank's value API (embed/include/plank/plank.h), called
// as an embedder calls it, through the public header alone:
//  - as JSON (plank_from_json): a refusal says why (ValueError, or MemoryError
//    past the heap limit); a value it gives writes back (plank_to_json), and
//    that text reads back to a value that writes the same text; the value,
//    walked with plank_type / plank_len / plank_item / plank_dict_value /
//    plank_get and rebuilt with plank_list / plank_dict / plank_append /
//    plank_set / plank_lstr & co., writes the same text and has the same repr;
//  - as a str (plank_lstr): it reads back byte for byte; when the bytes are
//    UTF-8 it writes as JSON and reads back the same, and when they are not,
//    plank_to_json refuses and says why (JSON cannot hold them).
// No leak: every handle made is released with plank_release back to the
// input's mark, after which the state holds as many handles as before; the
// state is opened and closed for each input, so LeakSanitizer sees the rest.
// A budget: 64 MiB of heap, and the API's nesting limit.
#include <plank/plank.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>

namespace {

// A broken promise: says which (a reproducer's first clue), then aborts for the fuzzer.
[[noreturn]] void broken(const char* what, int line) {
  std::fprintf(stderr, "fuzz_capi_values.cpp:%d: %s does not hold\n", line, what);
  std::abort();
}
#define require(ok) ((ok) ? void(0) : broken(#ok, __LINE__))

// A copy of the text the state hands out (valid only until its next run), or "" for NULL.
std::string text_of(const char* s) { return s ? std::string(s) : std::string(); }

// A refusal says why: an error status, a kind and a message.
void refused_with_reason(plank_state* P) {
  require(plank_error_status(P) != PLANK_OK);
  require(std::strlen(plank_error_kind(P)) > 0);
  require(std::strlen(plank_error_message(P)) > 0);
}

// The value rebuilt through the API from what the API reads of it.
plank_value rebuild(plank_state* P, plank_value v) {
  switch (plank_type(P, v)) {
    case PLANK_TNONE: return plank_none(P);
    case PLANK_TBOOL: return plank_bool(P, int(plank_to_int(P, v)));
    case PLANK_TINT: return plank_int(P, plank_to_int(P, v));
    case PLANK_TFLOAT: return plank_float(P, plank_to_float(P, v));
    case PLANK_TSTR: {
      size_t n = 0;
      const char* s = plank_to_str(P, v, &n);
      require(s != nullptr);
      return plank_lstr(P, s, n);
    }
    case PLANK_TLIST: {
      plank_value out = plank_list(P);
      int64_t n = plank_len(P, v);
      require(n >= 0);
      for (int64_t i = 0; i < n; ++i) require(plank_append(P, out, rebuild(P, plank_item(P, v, i))) == PLANK_OK);
      require(plank_item(P, v, n) == 0);  // past the end: an IndexError, not a value
      return out;
    }
    case PLANK_TDICT: {
      plank_value out = plank_dict(P);
      int64_t n = plank_len(P, v);
      require(n >= 0);
      for (int64_t i = 0; i < n; ++i) {
        plank_value key = plank_item(P, v, i), value = plank_dict_value(P, v, i);
        require(key != 0 && value != 0);
        require(plank_type(P, key) == PLANK_TSTR);  // JSON's keys are strings
        // Looked up by its key, the entry is the one at its position.
        require(text_of(plank_repr(P, plank_get(P, v, key))) == text_of(plank_repr(P, value)));
        require(plank_set(P, out, rebuild(P, key), rebuild(P, value)) == PLANK_OK);
      }
      require(plank_len(P, out) == n);
      return out;
    }
    default: std::abort();  // JSON makes no tuples, functions or other objects
  }
}

void json_round_trip(plank_state* P, const std::string& bytes) {
  plank_value v = plank_from_json(P, bytes.c_str());
  if (!v) {
    refused_with_reason(P);
    const std::string kind = plank_error_kind(P);
    require(kind == "ValueError" || kind == "MemoryError");
    return;
  }
  const std::string written = text_of(plank_to_json(P, v));
  require(!written.empty());  // all that JSON gives, JSON holds
  plank_value again = plank_from_json(P, written.c_str());
  require(again != 0);
  require(text_of(plank_to_json(P, again)) == written);
  plank_value copy = rebuild(P, v);
  require(text_of(plank_to_json(P, copy)) == written);
  require(text_of(plank_repr(P, copy)) == text_of(plank_repr(P, v)));
  require(plank_truthy(P, copy) == plank_truthy(P, v));
}

bool is_utf8(const std::string& bytes) {
  try {
    (void)nlohmann::json(bytes).dump();  // type_error 316 on bytes that are not UTF-8
    return true;
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}

void string_round_trip(plank_state* P, const std::string& bytes) {
  plank_value s = plank_lstr(P, bytes.data(), bytes.size());
  require(s != 0);
  size_t n = 0;
  const char* back = plank_to_str(P, s, &n);
  require(back != nullptr && std::string(back, n) == bytes);
  require(plank_len(P, s) >= 0 && size_t(plank_len(P, s)) <= bytes.size());
  const char* json = plank_to_json(P, s);
  if (!is_utf8(bytes)) {
    require(json == nullptr);
    refused_with_reason(P);
    return;
  }
  require(json != nullptr);
  plank_value again = plank_from_json(P, text_of(json).c_str());
  require(again != 0 && plank_type(P, again) == PLANK_TSTR);
  back = plank_to_str(P, again, &n);
  require(back != nullptr && std::string(back, n) == bytes);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  plank_state* P = plank_open();
  require(P != nullptr);
  require(plank_set_engine(P, "interp") == PLANK_OK);  // values need no machine code
  require(plank_set_limit(P, "memory_mib", 64) == PLANK_OK);
  require(plank_none(P) != 0);  // the program exists from here on: the mark below is the input's
  const int mark = plank_mark(P);
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  json_round_trip(P, bytes);
  string_round_trip(P, bytes);
  plank_release(P, mark);
  require(plank_mark(P) == mark);
  plank_close(P);
  return 0;
}
