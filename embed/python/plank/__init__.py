"""Plank embedded in Python.

    import plank

    p = plank.Plank(max_steps=100_000, timeout=2.0)
    p.register("mine", lambda obj, tool=None: env.mine(obj, tool))   # replaces Plank's `mine`
    p.run(llm_plan_text, name="llm-plan")        # raises plank.PlankError and its subclasses
    p.eval("1 + 2")                              # 3
    p.call("plan_for", "stone_pickaxe")          # a function the plan defined

Values cross both ways as None, bool, int, float, str, list, tuple and dict. A plan runs
with the GIL released; host functions are called (holding the GIL) on the thread that runs
it. One Plank is used by one thread at a time; several may run at once in several threads.
The reference is docs/embedding.md.
"""
import json as _json
import sys as _sys

from . import _plank

__all__ = ["Plank", "PlankError", "SyntaxError", "RuntimeError", "BudgetExceeded", "Interrupted",
           "check_lf", "parse", "intrinsics", "deps", "version"]

version = _plank.version


class PlankError(Exception):
    """A plan that failed, or a misuse of the API.

    Attributes: file, line, col (where; 0 when unknown), message (the message alone),
    kind (Plank's name for the error: "NameError", "BudgetExceeded", ...), traceback (the
    report as `plank run` prints it), diagnostics (for a SyntaxError: every diagnostic, as dicts).
    """

    def __init__(self, message, file="", line=0, col=0, kind="", traceback="", diagnostics=()):
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.col = col
        self.kind = kind
        self.traceback = traceback
        self.diagnostics = list(diagnostics)

    def __str__(self):
        if self.file:
            return f"{self.file}:{self.line}:{self.col}: {self.kind}: {self.message}"
        return f"{self.kind}: {self.message}" if self.kind else self.message


class SyntaxError(PlankError):  # noqa: A001 (plank.SyntaxError, as the contract names it)
    """The source does not compile."""


class RuntimeError(PlankError):  # noqa: A001
    """The plan raised (a host function's exception included: it is chained as __cause__)."""


class BudgetExceeded(PlankError):
    """A limit was passed: max_steps, timeout (kind BudgetExceeded), max_memory_mib (MemoryError),
    max_depth (RecursionError)."""


class Interrupted(PlankError):
    """Plank.interrupt() stopped the run."""


_BY_STATUS = {
    _plank.ERR_SYNTAX: SyntaxError,
    _plank.ERR_RUNTIME: RuntimeError,
    _plank.ERR_BUDGET: BudgetExceeded,
    _plank.ERR_INTERRUPTED: Interrupted,
}


def _error(state, status):
    info = state.error_info()
    cls = _BY_STATUS.get(status, PlankError)
    diagnostics = _json.loads(info["diagnostics"]) if status == _plank.ERR_SYNTAX else ()
    return cls(info["message"], file=info["file"], line=info["line"], col=info["col"], kind=info["kind"],
               traceback=info["traceback"], diagnostics=diagnostics)


def _check(state, status):
    if status != _plank.OK:
        err = _error(state, status)
        if status == _plank.ERR_INTERRUPTED and state.took_sigint():
            raise KeyboardInterrupt from err  # Ctrl-C while the plan ran on the main thread
        cause = state.take_host_exception()
        if cause is not None:
            raise err from cause
        raise err


class Plank:
    """One program world: globals, heap, limits and host functions (a plank_state).

    max_steps: statements a run may execute; timeout: seconds a run may take (host functions
    included); max_memory_mib: the heap (default 1024); max_depth: nested calls (default 1000);
    allow: extra capabilities ("net", "fs"); engine: "jit" or "interp"; output: a callable
    taking each piece of printed text (default: sys.stdout.write). Limits apply to each run.
    keep_code=False: each run and eval is forgotten once it ends (its code freed, the globals
    it bound put back), so one Plank can run thousands of unrelated plans without growing.
    A host function may read globals (p[name]) but not run code in its own Plank: run, eval,
    call, register, p[name] = ... and close raise plank.PlankError (kind UsageError) there.
    """

    def __init__(self, max_steps=None, timeout=None, max_memory_mib=None, allow=(), *, max_depth=None,
                 engine=None, output=None, keep_code=True):
        self._state = _plank.State()
        if not keep_code:
            self._usage(self._state.set_option("keep_code", 0), ValueError)
        for name, value in (("steps", max_steps), ("seconds", timeout), ("memory_mib", max_memory_mib),
                            ("depth", max_depth)):
            if value is not None:
                self._usage(self._state.set_limit(name, float(value)), ValueError)
        if isinstance(allow, str):
            allow = [allow]
        if allow:
            self._usage(self._state.allow(",".join(allow)), ValueError)
        if engine is not None:
            self._usage(self._state.set_engine(engine), ValueError)
        self._state.set_output(output if output is not None else (lambda text: _sys.stdout.write(text)))

    def _usage(self, status, exc):
        if status != _plank.OK:
            raise exc(self._state.error_info()["message"])

    @property
    def engine(self):
        return self._state.engine()

    def register(self, name, fn=None):
        """Makes `fn` the plan's function `name`; under the name of a world intrinsic (mine,
        craft, ...) it replaces that intrinsic for this Plank. Usable as a decorator:
        @p.register("mine")."""
        if fn is None:
            return lambda f: self.register(name, f)
        self._usage(self._state.register(name, fn), ValueError)
        return fn

    def run(self, source, name="<plan>"):
        """Compiles and runs `source`; what it defines stays for later runs (unless keep_code=False)."""
        _check(self._state, self._state.run(source, name))

    def eval(self, expr):
        """The value of one expression."""
        status, value = self._state.eval(expr)
        _check(self._state, status)
        return value

    def call(self, fname, *args):
        """Calls the plan's function `fname` with `args`; its return value."""
        status, value = self._state.call(fname, *args)
        _check(self._state, status)
        return value

    def __getitem__(self, name):
        """The value of the plan's global `name` (KeyError when unset)."""
        return self._state.get_global(name)

    def __setitem__(self, name, value):
        self._usage(self._state.set_global(name, value), ValueError)

    def interrupt(self):
        """Stops the run in progress (from any thread): plank.Interrupted. Ctrl-C while a plan
        runs on the main thread stops it too, with KeyboardInterrupt."""
        self._state.interrupt()

    def close(self):
        """Frees the state now (also done when the Plank is collected); PlankError from one of
        its own host functions."""
        status = self._state.close()
        if status != _plank.OK:
            raise _error(self._state, status)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def check_lf(form, utterance=None):
    """The diagnostics of a CAIP logical form (a dict, or its text in JSON or Python-dict
    notation) against the ACL-2020 grammar: a list of dicts (file, line, column, message,
    key_path, expected, code, ...); empty when the form is valid."""
    text = form if isinstance(form, str) else _json.dumps(form)
    return _json.loads(_plank.check_lf(text, utterance))["diagnostics"]


def parse(text, beam=5):
    """The neural semantic parser: [(logical_form, probability), ...] best first, at most
    `beam` of them; the probability is the calibrated confidence that the parse is right."""
    return [(p["logical_form"], p["confidence"]) for p in _json.loads(_plank.parse(text, int(beam)))]


def intrinsics():
    """Every intrinsic (name, params, returns, capabilities, category, doc): what a host may replace."""
    return _json.loads(_plank.intrinsics())


from . import deps  # noqa: E402  (after the names it uses)
