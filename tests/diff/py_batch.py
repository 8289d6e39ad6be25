"""Runs many programs in one python3 process for tests/diff.

usage: python3 py_batch.py IN.json OUT.json
IN.json is a list of program texts; OUT.json receives, for each, what it
printed (each in fresh globals, as `python3 prog.py` would run it), followed,
when it raised, by "<raised Kind: message>" (the last line of python3's traceback).
"""
import contextlib
import io
import json
import sys


def run(source):
    out = io.StringIO()
    try:
        code = compile(source, "gen.py", "exec")
        with contextlib.redirect_stdout(out):
            exec(code, {"__name__": "__main__", "__builtins__": __builtins__})
    except Exception as e:
        return out.getvalue() + "<raised %s: %s>" % (type(e).__name__, e)
    return out.getvalue()


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        programs = json.load(f)
    outputs = [run(p) for p in programs]
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(outputs, f)


if __name__ == "__main__":
    main()
