/* A program built against an installed Plank: with `pkg-config --cflags --libs plank`, and
 * by tests/embed/install/CMakeLists.txt with find_package(Plank). Exits 0 when a plan ran
 * with a host function and a budget stopped a runaway one. */
#include <plank/plank.h>
#include <stdio.h>
#include <string.h>

static int mine(plank_call *c, void *ud) {
  *(int64_t *)ud += plank_arg_int(c, 0);
  plank_return_int(c, *(int64_t *)ud);
  return 0;
}

int main(void) {
  int64_t mined = 0;
  plank_state *P = plank_open();
  plank_register(P, "gather", mine, &mined);
  plank_set_limit(P, "steps", 1000);
  if (plank_run(P, "for i in range(4):\n    total = gather(i)\n", "plan") != PLANK_OK || mined != 6) {
    fprintf(stderr, "run: %s (mined %lld)\n", plank_error(P), (long long)mined);
    return 1;
  }
  if (plank_run(P, "while True:\n    pass\n", "runaway") != PLANK_ERR_BUDGET) return 1;
  printf("installed plank %s: mined %lld; %s\n", plank_version(), (long long)mined, plank_error(P));
  plank_close(P);
  return 0;
}
