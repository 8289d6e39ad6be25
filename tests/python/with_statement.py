# with: __enter__/__exit__, the value bound by `as`, suppression, exits on return/break and errors.
class Resource:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress

    def __enter__(self):
        print("enter", self.name)
        return self

    def __exit__(self, exc_type, exc, tb):
        print("exit", self.name, exc_type.__name__ if exc_type else None, exc)
        return self.suppress


with Resource("a") as r:
    print("body", r.name)

with Resource("quiet", suppress=True):
    raise ValueError("hidden")
print("after suppressed")

try:
    with Resource("loud"):
        raise KeyError("shown")
except KeyError as e:
    print("propagated", e)

def early():
    with Resource("ret"):
        return "returned"
print(early())

for i in range(3):
    with Resource(f"loop{i}"):
        if i == 1:
            break
        continue

with Resource("x") as x, Resource("y") as y:
    print("both", x.name, y.name)

from contextlib import contextmanager, suppress

@contextmanager
def tag(name):
    print(f"<{name}>")
    try:
        yield name.upper()
    finally:
        print(f"</{name}>")

with tag("b") as t:
    print("inside", t)
with suppress(ZeroDivisionError):
    1 / 0
print("done")
