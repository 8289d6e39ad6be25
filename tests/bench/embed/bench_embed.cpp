// The cost of a host-function call from a plan, against Lua 5.4's C API calling a C function,
// in the same run. Each side runs a loop that calls the host function n times and the same
// loop without the call; the difference over n is the cost of one call. Process CPU time
// (a plan runs on its own thread), median of the repeats.
//
//   build/bin/plank_bench_embed [n=1000000] [repeats=7]
// prints one line per measurement ("plank-jit-c 41.2 ns/call") and the ratios.
// tests/bench/embed/bench_embed.py runs this and adds the Python side (docs/PERFORMANCE.md).
#include <plank/plank.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

extern "C" {
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
}

namespace {

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// ns per call: median over repeats of (loop with the call - loop without) / n.
double per_call_ns(int repeats, int64_t n, const std::function<void()>& with_call, const std::function<void()>& without) {
  std::vector<double> samples;
  for (int r = 0; r < repeats; ++r) {
    double t0 = cpu_seconds();
    with_call();
    double t1 = cpu_seconds();
    without();
    double t2 = cpu_seconds();
    samples.push_back(((t1 - t0) - (t2 - t1)) / double(n) * 1e9);
  }
  return median(samples);
}

// ---- Plank: a C host function, called from plan code
int add_one(plank_call* c, void*) {
  plank_return_int(c, plank_arg_int(c, 0) + 1);
  return 0;
}

const char* kPlankLoops =
    "def calls(n):\n"
    "    s = 0\n"
    "    for i in range(n):\n"
    "        s += f(i)\n"
    "    return s\n"
    "def empty(n):\n"
    "    s = 0\n"
    "    for i in range(n):\n"
    "        s += i + 1\n"
    "    return s\n";

double plank_ns(const char* engine, int repeats, int64_t n) {
  plank_state* P = plank_open();
  plank_set_engine(P, engine);
  plank_register(P, "f", add_one, nullptr);
  if (plank_run(P, kPlankLoops, "bench") != PLANK_OK) {
    std::fprintf(stderr, "%s\n", plank_error(P));
    std::exit(1);
  }
  auto run = [&](const char* fn) {
    int mark = plank_mark(P);
    plank_value arg = plank_int(P, n), result = 0;
    if (plank_call_function(P, fn, 1, &arg, &result) != PLANK_OK || plank_to_int(P, result) != n * (n + 1) / 2) {
      std::fprintf(stderr, "plank %s: %s\n", fn, plank_error(P));
      std::exit(1);
    }
    plank_release(P, mark);
  };
  run("calls");  // warm (the JIT compiled at plank_run already)
  double ns = per_call_ns(repeats, n, [&] { run("calls"); }, [&] { run("empty"); });
  plank_close(P);
  return ns;
}

// ---- Lua 5.4: a C function registered with lua_register, called from a Lua loop
int lua_add_one(lua_State* L) {
  lua_pushinteger(L, luaL_checkinteger(L, 1) + 1);
  return 1;
}

const char* kLuaLoops =
    "function calls(n)\n"
    "  local s = 0\n"
    "  for i = 0, n - 1 do s = s + f(i) end\n"
    "  return s\n"
    "end\n"
    "function empty(n)\n"
    "  local s = 0\n"
    "  for i = 0, n - 1 do s = s + (i + 1) end\n"
    "  return s\n"
    "end\n";

double lua_ns(int repeats, int64_t n) {
  lua_State* L = luaL_newstate();
  luaL_openlibs(L);
  lua_register(L, "f", lua_add_one);
  if (luaL_dostring(L, kLuaLoops) != LUA_OK) {
    std::fprintf(stderr, "lua: %s\n", lua_tostring(L, -1));
    std::exit(1);
  }
  auto run = [&](const char* fn) {
    lua_getglobal(L, fn);
    lua_pushinteger(L, n);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK || lua_tointeger(L, -1) != n * (n + 1) / 2) {
      std::fprintf(stderr, "lua %s failed\n", fn);
      std::exit(1);
    }
    lua_pop(L, 1);
  };
  run("calls");
  double ns = per_call_ns(repeats, n, [&] { run("calls"); }, [&] { run("empty"); });
  lua_close(L);
  return ns;
}

}  // namespace

int main(int argc, char** argv) {
  int64_t n = argc > 1 ? std::atoll(argv[1]) : 1000000;
  int repeats = argc > 2 ? std::atoi(argv[2]) : 7;
  double jit = plank_ns("jit", repeats, n);
  double interp = plank_ns("interp", repeats, n);
  double lua = lua_ns(repeats, n);
  std::printf("plank-jit-c %.1f ns/call\n", jit);
  std::printf("plank-interp-c %.1f ns/call\n", interp);
  std::printf("lua-c %.1f ns/call\n", lua);
  std::printf("ratio plank-jit-c/lua-c %.2f\n", jit / lua);
  std::printf("ratio plank-interp-c/lua-c %.2f\n", interp / lua);
  return 0;
}
