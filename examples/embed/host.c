/* Embedding Plank in a C program: an LLM-written DEPS plan drives the host's own
 * environment (a toy inventory here) through host-provided `mine` and `craft`, under a
 * budget. Build: cc host.c $(pkg-config --cflags --libs plank)   (make test builds and runs it). */
#include <plank/plank.h>
#include <stdio.h>
#include <string.h>

/* ---- the host's environment: an inventory of named counts */
enum { MAX_ITEMS = 32 };
struct inventory {
  char name[MAX_ITEMS][32];
  long count[MAX_ITEMS];
  int n;
};

static long *slot(struct inventory *inv, const char *name) {
  for (int i = 0; i < inv->n; ++i)
    if (strcmp(inv->name[i], name) == 0) return &inv->count[i];
  if (inv->n == MAX_ITEMS) return NULL;
  snprintf(inv->name[inv->n], sizeof inv->name[0], "%s", name);
  inv->count[inv->n] = 0;
  return &inv->count[inv->n++];
}

/* Adds (sign +1) or takes (sign -1) every item of a plan's dict {'item': count}; checks first. */
static int apply(plank_call *c, struct inventory *inv, plank_value items, int sign) {
  plank_state *P = plank_call_state(c);
  if (plank_type(P, items) != PLANK_TDICT) return plank_raise_error(c, "TypeError", "expected a dict of item counts");
  for (int pass = 0; pass < 2; ++pass) /* pass 0 checks, pass 1 changes */
    for (int64_t i = 0; i < plank_len(P, items); ++i) {
      const char *name = plank_to_str(P, plank_item(P, items, i), NULL);
      int64_t count = plank_to_int(P, plank_dict_value(P, items, i));
      long *have = name ? slot(inv, name) : NULL;
      if (!have) return plank_raise(c, "the inventory is full");
      if (pass == 0 && sign < 0 && *have < count) {
        char message[128];
        snprintf(message, sizeof message, "not enough %s: have %ld, need %lld", name, *have, (long long)count);
        return plank_raise(c, message);
      }
      if (pass == 1) *have += sign * count;
    }
  return 0;
}

/* mine(obj, tool): the plan names what to gather. Replaces Plank's own `mine`. */
static int mine(plank_call *c, void *env) { return apply(c, env, plank_arg(c, 0), +1); }

/* craft(obj, materials, platform): takes the materials, gives the output. */
static int craft(plank_call *c, void *env) {
  if (apply(c, env, plank_arg(c, 1), -1) != 0) return -1;
  return apply(c, env, plank_arg(c, 0), +1);
}

static const char *plan =
    "# written by a language model for the task 'obtain 1 wooden_pickaxe'\n"
    "mine({'log':3}, null)\n"
    "craft({'planks':12}, {'log':3}, null)\n"
    "craft({'stick':4}, {'planks':2}, null)\n"
    "craft({'crafting_table':1}, {'planks':4}, null)\n"
    "craft({'wooden_pickaxe':1}, {'planks':3, 'stick':2}, 'crafting_table')\n";

int main(void) {
  struct inventory inv = {0};
  plank_state *P = plank_open();
  plank_set_limit(P, "steps", 10000);  /* a plan that loops forever is stopped */
  plank_set_limit(P, "seconds", 5);
  plank_register(P, "mine", mine, &inv);
  plank_register(P, "craft", craft, &inv);

  int failures = 0;
  if (plank_run(P, plan, "llm-plan") != PLANK_OK) {
    fprintf(stderr, "plan failed: %s\n", plank_error(P));
    ++failures;
  }
  printf("wooden_pickaxe: %ld, planks left: %ld\n", *slot(&inv, "wooden_pickaxe"), *slot(&inv, "planks"));
  failures += *slot(&inv, "wooden_pickaxe") != 1;

  /* A plan that crafts without the materials: the host's error, with where it happened. */
  if (plank_run(P, "mine({'log':1}, null)\ncraft({'diamond_pickaxe':1}, {'diamond':3, 'stick':2}, 'crafting_table')\n",
                "bad-plan") != PLANK_ERR_RUNTIME)
    ++failures;
  printf("bad plan: %s\n", plank_error(P));
  failures += strstr(plank_error(P), "bad-plan:2:1: RuntimeError: not enough diamond") == NULL;

  /* A runaway plan meets the step budget. */
  if (plank_run(P, "while True:\n    mine({'log':1}, null)\n", "runaway") != PLANK_ERR_BUDGET) ++failures;
  printf("runaway plan: %s\n", plank_error(P));

  plank_close(P);
  return failures ? 1 : 0;
}
