// bytes and bytearray values (literals, bytes(list), +, indexing, slicing,
// .hex(), len, in-place changes), frozenset, and the lazy builtins map, filter
// and reversed; each a printing statement; see gen.h.
#include "compiler/progen/gen.h"

namespace plank::progen::detail {

namespace {
const std::vector<const char*> kBytes = {"b''", "b'a'", "b'abc'", "b'\\x00\\xff'", "b'hello world'", "b'\\n\\t\"'",
                                         "b'AZ09'", "b'\\x7f\\x80'", "bytes(3)", "'caf\\xe9'.encode()"};
}  // namespace

std::string Gen::bytes_expr(int d) {
  switch (rng_.below(4)) {
    case 0: return rng_.pick(kBytes);
    case 1: return "bytes([v % 256 for v in " + list_int_expr(d).text + "])";
    case 2: return "(" + std::string(rng_.pick(kBytes)) + " + " + rng_.pick(kBytes) + ")";
    default: return str_expr(d).text + ".encode()";
  }
}

void Gen::bytes_stmt() {
  std::string b = fresh("by");
  line(b + " = " + bytes_expr(1));
  std::string i = small_int().text;
  switch (rng_.below(5)) {
    case 0:
      line("print(" + b + ", len(" + b + "), " + b + ".hex(), " + b + slice(1) + ")");
      break;
    case 1:
      line("print(" + b + "[" + i + " % len(" + b + ")] if " + b + " else -1, list(" + b + "[:4]), " + b + "[::-1])");
      break;
    case 2: {
      std::string a = fresh("ba");
      line(a + " = bytearray(" + b + ")");
      line(a + ".append(" + i + " % 256)");
      line(a + "[0] = (" + a + "[0] + " + std::to_string(rng_.range(1, 200)) + ") % 256");
      line(a + " += " + rng_.pick(kBytes));
      line("print(" + a + ", bytes(" + a + "), len(" + a + "), " + a + ".hex())");
      break;
    }
    case 3:
      line("print(" + b + " + " + bytes_expr(1) + ", " + b + " == " + bytes_expr(0) + ", b'a' in " + b + ", " + b + ".upper())");
      break;
    default:
      line("print(sum(" + b + "), max(" + b + ", default=0), " + b + ".count(b'a'), " + b + ".startswith(b'a'))");
      break;
  }
}

void Gen::lazy_builtins_stmt() {
  std::string l = list_int_expr(1).text;
  int k = rng_.range(2, 7);
  switch (rng_.below(5)) {
    case 0: line("print(list(map(lambda v: v * " + std::to_string(k) + " % 1000003, " + l + ")))"); break;
    case 1: line("print(list(filter(lambda v: v % " + std::to_string(k) + " == 0, " + l + ")), list(filter(None, " + list_str_expr(1).text + ")))"); break;
    case 2: line("print(list(reversed(" + l + ")), ''.join(reversed(" + str_expr(1).text + ")), list(map(str, reversed(range(" + std::to_string(k) + ")))))"); break;
    case 3: {
      std::string f = fresh("fs");
      line(f + " = frozenset(" + l + ")");
      line("print(sorted(" + f + "), len(" + f + "), " + small_int().text + " in " + f + ", sorted(" + f + " | {" +
           std::to_string(k) + "}), sorted(" + f + " & frozenset(" + list_int_expr(1).text + ")))");
      break;
    }
    default: line("print(sorted(map(len, " + list_str_expr(1).text + ")), list(map(lambda a, b: a - b, " + l + ", " + list_int_expr(1).text + ")))"); break;
  }
}

}  // namespace plank::progen::detail
