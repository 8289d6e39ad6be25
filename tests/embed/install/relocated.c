/* Plank's own tools from an installed copy whose prefix was moved after installing and with
 * no PLANK_* variable set (tests/embed/install_test.sh): the parser's model, the DEPS loop
 * and world data, and the Plank-written standard library must all be found beside libplank.
 * Exits 0 when all three work. With the argument "no-deps" (the build machine had no
 * minecraft-data to install) the DEPS episode is left out. */
#include <plank/plank.h>
#include <stdio.h>
#include <string.h>

static int fail(plank_state *P, const char *what) {
  fprintf(stderr, "relocated: %s: %s\n", what, plank_error(P));
  plank_close(P);
  return 1;
}

int main(int argc, char **argv) {
  const int deps = !(argc > 1 && strcmp(argv[1], "no-deps") == 0);
  plank_state *P = plank_open();
  const char *parses = plank_parse(P, "build a house", 3);
  if (!parses || !strstr(parses, "\"logical_form\"")) return fail(P, "plank_parse");
  printf("parse: %.60s...\n", parses);

  if (deps) {
    const char *episode = plank_deps_episode(P, "{\"task\": \"obtain 1 crafting_table\", \"seed\": 0}");
    if (!episode || !strstr(episode, "\"success\":true")) {
      if (episode) fprintf(stderr, "episode: %s\n", episode);
      return fail(P, "plank_deps_episode");
    }
    printf("deps episode: %.60s...\n", episode);
  }

  /* collections is Plank-written (stdlib/collections.py), read at run time. */
  if (plank_run(P, "from collections import Counter\ncounts = Counter('abracadabra')\n", "stdlib-plan") != PLANK_OK)
    return fail(P, "plan with stdlib");
  const char *a = plank_eval_json(P, "counts['a']");
  if (!a || strcmp(a, "5") != 0) return fail(P, "counts['a']");
  printf("stdlib: counts['a'] = %s\n", a);
  plank_close(P);
  return 0;
}
