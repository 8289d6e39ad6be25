"""The cost of a host-function call from a plan, in one run: Plank calling a C host function
and Lua 5.4's C API calling a C function (build/bin/plank_bench_embed), and Plank calling a
Python host function against a Python-to-Python call. Each figure is (loop with the call -
the same loop without it) / n, the median of the repeats; process CPU time.

    PYTHONPATH=build/python /usr/bin/python3 tests/bench/embed/bench_embed.py [n] [repeats]

Use the interpreter the module was built for (Debian's /usr/bin/python3, which `make bench`
picks): a python3 of the same version from elsewhere imports the module too, but pyenv's build
(no PGO/LTO, calls into a shared libpython) makes the Python host call ~40% dearer.
"""
import os
import statistics
import subprocess
import sys
import time

import plank

N = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
REPEATS = int(sys.argv[2]) if len(sys.argv) > 2 else 7
BUILD = os.environ.get("PLANK_BUILD", "build")

LOOPS = """def calls(n):
    s = 0
    for i in range(n):
        s += f(i)
    return s
def empty(n):
    s = 0
    for i in range(n):
        s += i + 1
    return s
"""


def per_call_ns(with_call, without):
    samples = []
    for _ in range(REPEATS):
        t0 = time.process_time()
        with_call()
        t1 = time.process_time()
        without()
        t2 = time.process_time()
        samples.append(((t1 - t0) - (t2 - t1)) / N * 1e9)
    return statistics.median(samples)


def plank_python_ns(engine):
    p = plank.Plank(engine=engine)
    p.register("f", lambda x: x + 1)
    p.run(LOOPS, name="bench")
    want = N * (N + 1) // 2
    assert p.call("calls", N) == want
    return per_call_ns(lambda: p.call("calls", N), lambda: p.call("empty", N))


def python_python_ns():
    scope = {"f": lambda x: x + 1}
    exec(LOOPS, scope)
    return per_call_ns(lambda: scope["calls"](N), lambda: scope["empty"](N))


native = subprocess.run([os.path.join(BUILD, "bin", "plank_bench_embed"), str(N), str(REPEATS)], check=True,
                        capture_output=True, text=True).stdout
figures = {line.split()[0]: float(line.split()[1]) for line in native.splitlines() if not line.startswith("ratio")}
figures["plank-jit-python"] = plank_python_ns("jit")
figures["plank-interp-python"] = plank_python_ns("interp")
figures["python-python"] = python_python_ns()

print(f"python: {sys.executable} {sys.version.split()[0]}")
for name, ns in figures.items():
    print(f"{name:22s} {ns:8.1f} ns/call")
print(f"C host:      Plank jit {figures['plank-jit-c'] / figures['lua-c']:.2f}x, "
      f"interp {figures['plank-interp-c'] / figures['lua-c']:.2f}x the cost of Lua 5.4's C function call")
print(f"Python host: Plank jit {figures['plank-jit-python'] / figures['python-python']:.2f}x, "
      f"interp {figures['plank-interp-python'] / figures['python-python']:.2f}x the cost of a Python-to-Python call")
