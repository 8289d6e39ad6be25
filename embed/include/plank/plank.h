/* plank/plank.h: Plank embedded in a host program. The one stable boundary.
 *
 * A plank_state is one program world: its globals, its heap, its limits and its host
 * functions. Source given to plank_run is compiled and run in it; what one run defines
 * (functions, globals) the next run sees. A host gives plans its own actions with
 * plank_register; a function registered under the name of a world intrinsic (`mine`,
 * `craft`, `move`, ...) replaces that intrinsic for this state only.
 *
 * Rules (docs/embedding.md has the whole reference):
 *  - Threads: states are independent; two states may run at once in two threads. One state
 *    is used by one thread at a time: a call on a state that is already running (from
 *    another thread, or from inside one of its own host functions) fails with
 *    PLANK_ERR_USAGE. plank_interrupt and plank_request_pause are the exceptions: any
 *    thread, or a signal handler, may call them at any time. A state runs its code on a
 *    thread it keeps (large stack): host functions, the writer and the pause hook are
 *    called there, not on the caller's thread, which waits.
 *  - Ownership: the state owns everything it hands out. A `const char *` returned by the
 *    API is valid until the next plank_run / plank_eval* / plank_call* on the state (one
 *    returned inside a host function: until that function returns); copy what you keep.
 *    Strings the host passes in are copied when needed; the host keeps ownership.
 *  - Errors: no C++ exception crosses this boundary. Functions that can fail return a
 *    status (PLANK_OK is 0) or NULL / 0, and plank_error() says why.
 */
#ifndef PLANK_PLANK_H
#define PLANK_PLANK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define PLANK_API __attribute__((visibility("default")))
#else
#define PLANK_API
#endif

#define PLANK_VERSION_MAJOR 0
#define PLANK_VERSION_MINOR 1
#define PLANK_VERSION_PATCH 0

/* "0.1.0" */
PLANK_API const char *plank_version(void);

typedef struct plank_state plank_state; /* one program world: globals, heap, limits, host functions */
typedef struct plank_call plank_call;   /* one call of a host function */

/* A host function: returns 0 on success (its result set with plank_return_*, None when not);
 * anything else is an error the plan sees (plank_raise sets its message and returns -1). */
typedef int (*plank_cfunction)(plank_call *call, void *userdata);

/* Status codes. */
enum {
  PLANK_OK = 0,
  PLANK_ERR_SYNTAX = 1,      /* the source does not compile: plank_diagnostics_json has the errors */
  PLANK_ERR_RUNTIME = 2,     /* the program raised (a host function's error included) */
  PLANK_ERR_BUDGET = 3,      /* a limit was passed: steps, seconds (BudgetExceeded), memory_mib
                                (MemoryError), depth (RecursionError) */
  PLANK_ERR_INTERRUPTED = 4, /* plank_interrupt, or the debugger's PLANK_ABORT */
  PLANK_ERR_USAGE = 5,       /* the host's mistake: a NULL or unknown argument, a busy state, ... */
  PLANK_ERR_ENGINE = 6       /* the engine could not be made, or could not compile the code */
};

/* ------------------------------------------------------------------ the state */

/* A fresh state (NULL only when out of memory). Defaults: no step or time limit, 1024 MiB of
 * heap, depth 1000, the JIT when built, capabilities world, memory and neural. */
PLANK_API plank_state *plank_open(void);
/* Frees the state and all it holds. NULL does nothing. Not while it runs. */
PLANK_API void plank_close(plank_state *P);

/* Limits, per run (each plank_run / plank_eval / plank_call starts afresh):
 *   "steps"       statements executed (0: none)           -> BudgetExceeded
 *   "seconds"     wall-clock time, host functions included -> BudgetExceeded
 *   "memory_mib"  the heap (0: none; default 1024)         -> MemoryError
 *   "depth"       nested calls (default 1000)             -> RecursionError
 * PLANK_ERR_USAGE for an unknown name or a negative / non-finite value. */
PLANK_API int plank_set_limit(plank_state *P, const char *limit, double value);
/* The limit's value; -1 for an unknown name. */
PLANK_API double plank_get_limit(plank_state *P, const char *limit);

/* Capabilities (what `plank run --allow` grants): "world", "memory", "net", "fs", "neural",
 * comma separated. A state holds world, memory and neural at first. */
PLANK_API int plank_allow(plank_state *P, const char *capabilities);
PLANK_API int plank_deny(plank_state *P, const char *capabilities);

/* "jit" or "interp"; before the first run (PLANK_ERR_USAGE after it, or when not built). */
PLANK_API int plank_set_engine(plank_state *P, const char *engine);
/* The engine that runs (or will run) this state's code. */
PLANK_API const char *plank_engine(plank_state *P);

/* Options (0 or 1), any time the state is not running:
 *   "keep_code"  1 (the default): what a run defines stays for the next runs, as in a REPL,
 *                and its code stays in the state. 0: each plank_run and plank_eval is
 *                forgotten once it ends: its code is freed and the globals it bound are put
 *                back as they were (globals the host set, and objects the plan changed in
 *                them, stay), so a host may run thousands of unrelated plans in one state
 *                without it growing (on the interpreter; the JIT still keeps each plan's
 *                machine code, ~13 KiB). What earlier kept runs defined is still seen.
 * PLANK_ERR_USAGE for an unknown name or a value other than 0 and 1. */
PLANK_API int plank_set_option(plank_state *P, const char *option, int value);
/* The option's value; -1 for an unknown name. */
PLANK_API int plank_get_option(plank_state *P, const char *option);

/* Where a plan's print goes: `write(text, length, userdata)` called with each piece of output
 * as it is printed, on the thread that runs the plan. NULL: standard output (the default). */
typedef void (*plank_writer)(const char *text, size_t length, void *userdata);
PLANK_API void plank_set_writer(plank_state *P, plank_writer write, void *userdata);

/* ------------------------------------------------------------------ host functions */

/* Registers `fn` as the global `name` of this state (an identifier). A later registration of
 * the same name replaces the earlier; runs compiled after it see it. Under the name of an
 * intrinsic it replaces the intrinsic for this state: its arguments arrive in the
 * intrinsic's parameter order (keywords bound by name), and it needs the intrinsic's
 * capabilities (`mine` needs "world"). */
PLANK_API int plank_register(plank_state *P, const char *name, plank_cfunction fn, void *userdata);
/* The same, declaring the capabilities the function needs ("net,fs"; "" for none): a call
 * without them raises CapabilityError in the plan, as for intrinsics. */
PLANK_API int plank_register_with(plank_state *P, const char *name, plank_cfunction fn, void *userdata,
                                  const char *capabilities);

/* ------------------------------------------------------------------ running */

/* Compiles and runs `source`; `chunkname` names it in errors ("<plan>" when NULL). 0 = ok. */
PLANK_API int plank_run(plank_state *P, const char *source, const char *chunkname);

/* The last error of the state, "" after success:
 *   plank_error          "chunk:line:col: Kind: message" (col: the statement's first column
 *                        for runtime errors); "plank: Kind: message" for a misuse
 *   plank_error_status   the status the failed call returned (PLANK_ERR_USAGE for a misuse
 *                        of a function that returns a value or NULL)
 *   plank_error_kind     "SyntaxError", "NameError", "BudgetExceeded", "Interrupted", ...
 *   plank_error_message  the message alone
 *   plank_error_file / _line / _col   where (0 when unknown)
 *   plank_traceback      the whole report as `plank run` prints it (diagnostics with a caret,
 *                        or the traceback, outermost call first) */
PLANK_API const char *plank_error(plank_state *P);
PLANK_API int plank_error_status(plank_state *P); /* PLANK_OK, or the PLANK_ERR_* of the last error */
PLANK_API const char *plank_error_kind(plank_state *P);
PLANK_API const char *plank_error_message(plank_state *P);
PLANK_API const char *plank_error_file(plank_state *P);
PLANK_API int plank_error_line(plank_state *P);
PLANK_API int plank_error_col(plank_state *P);
PLANK_API const char *plank_traceback(plank_state *P);
/* The last compilation's diagnostics (errors and warnings) as a JSON array of objects with
 * file, line, column, end_line, end_column, severity, code, message, source_line. */
PLANK_API const char *plank_diagnostics_json(plank_state *P);

/* Stops the run in progress at its next statement (or when the host function running
 * returns) with PLANK_ERR_INTERRUPTED. Safe from any thread and from a signal handler.
 * An interrupt while the state is idle is dropped when the next run starts. */
PLANK_API void plank_interrupt(plank_state *P);

/* ------------------------------------------------------------------ values */

/* A value held by the state: a handle, never a pointer. 0 is no value (an error). Handles
 * made inside a host function are released when it returns; others stay until
 * plank_release(P, mark) with a mark plank_mark(P) gave before they were made. */
typedef int32_t plank_value;

enum {
  PLANK_TNONE = 0,
  PLANK_TBOOL = 1,
  PLANK_TINT = 2,
  PLANK_TFLOAT = 3,
  PLANK_TSTR = 4,
  PLANK_TLIST = 5,
  PLANK_TTUPLE = 6,
  PLANK_TDICT = 7,
  PLANK_TOTHER = 8 /* functions, ranges, ...: repr() and passing back only */
};

PLANK_API int plank_mark(plank_state *P);
PLANK_API void plank_release(plank_state *P, int mark);

PLANK_API plank_value plank_none(plank_state *P);
PLANK_API plank_value plank_bool(plank_state *P, int b);
PLANK_API plank_value plank_int(plank_state *P, int64_t i);
PLANK_API plank_value plank_float(plank_state *P, double x);
PLANK_API plank_value plank_str(plank_state *P, const char *s);               /* UTF-8 */
PLANK_API plank_value plank_lstr(plank_state *P, const char *s, size_t length); /* may hold NULs */
PLANK_API plank_value plank_list(plank_state *P);
PLANK_API plank_value plank_tuple(plank_state *P, int n, const plank_value *items);
PLANK_API plank_value plank_dict(plank_state *P);
PLANK_API plank_value plank_from_json(plank_state *P, const char *json);  /* 0 on bad JSON */

/* PLANK_TNONE..PLANK_TOTHER; -1 for a bad handle. */
PLANK_API int plank_type(plank_state *P, plank_value v);
/* Type-exact reads: plank_to_int takes an int or bool, plank_to_float an int or float,
 * plank_to_str a str (length in *length when not NULL). A value of another type gives
 * 0 / NULL and an error (inside a host function: a TypeError the plan sees). */
PLANK_API int64_t plank_to_int(plank_state *P, plank_value v);
PLANK_API double plank_to_float(plank_state *P, plank_value v);
PLANK_API const char *plank_to_str(plank_state *P, plank_value v, size_t *length);
PLANK_API int plank_truthy(plank_state *P, plank_value v); /* Python's bool(); -1 for a bad handle */
/* JSON text of a value (tuples as arrays; NULL for what JSON cannot hold: a function, NaN,
 * a key that is not a str, int, float, bool or None, a str that is not UTF-8, more than 2000
 * containers one inside another). repr() as Python prints it. */
PLANK_API const char *plank_to_json(plank_state *P, plank_value v);
PLANK_API const char *plank_repr(plank_state *P, plank_value v);

/* Containers. plank_len: items of a str, list, tuple or dict (-1 otherwise). plank_item:
 * the i-th item of a list or tuple, or the i-th key of a dict (insertion order).
 * plank_get: dict[key] (0 when absent); plank_get_field: the same for a str key. */
PLANK_API int64_t plank_len(plank_state *P, plank_value v);
PLANK_API plank_value plank_item(plank_state *P, plank_value container, int64_t i);
PLANK_API plank_value plank_dict_value(plank_state *P, plank_value dict, int64_t i); /* the i-th value */
PLANK_API plank_value plank_get(plank_state *P, plank_value dict, plank_value key);
PLANK_API plank_value plank_get_field(plank_state *P, plank_value dict, const char *key);
PLANK_API int plank_append(plank_state *P, plank_value list, plank_value item);
PLANK_API int plank_set(plank_state *P, plank_value dict, plank_value key, plank_value value);
PLANK_API int plank_set_field(plank_state *P, plank_value dict, const char *key, plank_value value);

/* Globals: the value of a set global (0 when unset); binding one as `name = value` does. */
PLANK_API plank_value plank_get_global(plank_state *P, const char *name);
PLANK_API int plank_set_global(plank_state *P, const char *name, plank_value value);

/* Evaluates one expression (Python's eval) in the state; its value in *result. */
PLANK_API int plank_eval(plank_state *P, const char *expression, plank_value *result);
/* Calls the plan's function `name` with argv; its return value in *result (may be NULL). */
PLANK_API int plank_call_function(plank_state *P, const char *name, int argc, const plank_value *argv,
                                  plank_value *result);
/* The same over JSON: the expression's value, or the function's result for a JSON array of
 * arguments; NULL on error. */
PLANK_API const char *plank_eval_json(plank_state *P, const char *expression);
PLANK_API const char *plank_call_json(plank_state *P, const char *name, const char *args_json);

/* ------------------------------------------------------------------ inside a host function */

PLANK_API plank_state *plank_call_state(plank_call *c);
PLANK_API const char *plank_call_name(plank_call *c);
/* Positional arguments (for a replaced intrinsic: its parameters in order, the optional ones
 * not given left out at the end and None in between). */
PLANK_API int plank_argc(plank_call *c);
PLANK_API int plank_arg_type(plank_call *c, int i);
PLANK_API plank_value plank_arg(plank_call *c, int i);
/* A replaced intrinsic's name for argument i ("obj", "tool"); NULL for other functions. */
PLANK_API const char *plank_arg_name(plank_call *c, int i);
/* A missing argument or one of another type raises TypeError in the plan when the host
 * function returns (the read gives 0 / NULL): a host may read first and check later. */
PLANK_API int64_t plank_arg_int(plank_call *c, int i);
PLANK_API double plank_arg_float(plank_call *c, int i);
PLANK_API const char *plank_arg_str(plank_call *c, int i);
PLANK_API const char *plank_arg_lstr(plank_call *c, int i, size_t *length);
PLANK_API const char *plank_arg_json(plank_call *c, int i); /* any value (dicts, lists, None) as JSON */
/* Keyword arguments (not for a replaced intrinsic, which binds them to its parameters). */
PLANK_API int plank_kwargc(plank_call *c);
PLANK_API const char *plank_kwarg_name(plank_call *c, int i);
PLANK_API plank_value plank_kwarg(plank_call *c, int i);

/* The result (the last one set wins; None when none is). */
PLANK_API void plank_return(plank_call *c, plank_value v);
PLANK_API void plank_return_none(plank_call *c);
PLANK_API void plank_return_bool(plank_call *c, int b);
PLANK_API void plank_return_int(plank_call *c, int64_t v);
PLANK_API void plank_return_float(plank_call *c, double v);
PLANK_API void plank_return_str(plank_call *c, const char *s);
PLANK_API void plank_return_json(plank_call *c, const char *json); /* bad JSON: ValueError in the plan */

/* The plan sees a RuntimeError with `message` (plank_raise_error: an error of kind `kind`,
 * e.g. "ValueError"). Returns -1, so that `return plank_raise(c, "...");` ends the function. */
PLANK_API int plank_raise(plank_call *c, const char *message);
PLANK_API int plank_raise_error(plank_call *c, const char *kind, const char *message);
/* Nonzero when the run should end (an interrupt, or the time limit passed): a host function
 * that works for long may check it and return early; the run then ends when it returns. */
PLANK_API int plank_should_stop(plank_call *c);

/* ------------------------------------------------------------------ stepping (the debugger) */

typedef struct plank_pause plank_pause; /* where a paused plan stands */
enum { PLANK_CONTINUE = 0, PLANK_STEP_INTO = 1, PLANK_STEP_OVER = 2, PLANK_STEP_OUT = 3, PLANK_ABORT = 4 };
/* Called when the plan pauses (a breakpoint, a step, a requested pause), on the thread that
 * runs it; returns what to do next. PLANK_ABORT ends the run with PLANK_ERR_INTERRUPTED. */
typedef int (*plank_debug_hook)(plank_pause *where, void *userdata);

/* Installs the hook (NULL removes it). Before the first run: stepping needs code compiled
 * with a call before every statement, which only a state with a hook gets. */
PLANK_API int plank_set_debug_hook(plank_state *P, plank_debug_hook hook, void *userdata);
PLANK_API int plank_add_breakpoint(plank_state *P, int line);
PLANK_API int plank_remove_breakpoint(plank_state *P, int line); /* PLANK_ERR_USAGE when none */
PLANK_API void plank_pause_at_start(plank_state *P, int on);
/* Pause at the next statement; safe from any thread or a signal handler. */
PLANK_API void plank_request_pause(plank_state *P);

PLANK_API const char *plank_pause_file(plank_pause *w);
PLANK_API int plank_pause_line(plank_pause *w);
PLANK_API int plank_pause_depth(plank_pause *w); /* 1 in the module body */
PLANK_API const char *plank_pause_function(plank_pause *w);
/* {"file", "line", "stack": [{"function", "file", "line"}, ...] outermost first,
 *  "locals": {"name": "repr", ...}} of the innermost frame. */
PLANK_API const char *plank_pause_json(plank_pause *w);

/* ------------------------------------------------------------------ Plank's own tools */

/* Checks a CAIP logical form (JSON or Python-dict notation) against the ACL-2020 grammar:
 * {"valid": bool, "diagnostics": [...], "normalized": form or null}. NULL only on misuse. */
PLANK_API const char *plank_check_lf(plank_state *P, const char *form, const char *utterance);
/* The neural semantic parser: a JSON array of the `beam` best parses, best first, each
 * {"logical_form", "log_prob", "confidence", "model_probability", "calibrated", "ask"}.
 * NULL when the model cannot be loaded or the text has no words. */
PLANK_API const char *plank_parse(plank_state *P, const char *text, int beam);
/* One DEPS episode in Plank's own survival world; `options_json` is an object with "task"
 * (required) and optional "seed", "initial_plan", "planner", "selector", "explainer",
 * "max_ticks", "loop", "engine". The result is the object `plank deps --json` prints; NULL
 * on bad options. */
PLANK_API const char *plank_deps_episode(plank_state *P, const char *options_json);
/* Every intrinsic: [{"name", "params": [...], "returns", "capabilities": [...], "category",
 * "doc"}, ...], for a host that wants to know what it may replace. */
PLANK_API const char *plank_intrinsics_json(plank_state *P);

#ifdef __cplusplus
}
#endif

#endif /* PLANK_PLANK_H */
