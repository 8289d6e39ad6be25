# with: __enter__/__exit__, suppression by a true __exit__, contextlib.contextmanager, several managers.
from contextlib import contextmanager, suppress


class Tracked:
    def __init__(self, name, swallow=False):
        self.name = name
        self.swallow = swallow

    def __enter__(self):
        print("enter", self.name)
        return self.name.upper()

    def __exit__(self, kind, value, tb):
        print("exit", self.name, kind.__name__ if kind else None, value)
        return self.swallow


with Tracked("a") as a, Tracked("b") as b:
    print("body", a, b)

with Tracked("quiet", swallow=True):
    raise KeyError("gone")
print("after suppression")

try:
    with Tracked("loud"):
        raise ValueError("kept")
except ValueError as e:
    print("propagated", e)


@contextmanager
def tag(name):
    print(f"<{name}>")
    try:
        yield name
    finally:
        print(f"</{name}>")


with tag("p") as t:
    print("inside", t)
try:
    with tag("div"):
        raise RuntimeError("in div")
except RuntimeError as e:
    print("caught", e)
with suppress(ZeroDivisionError):
    1 / 0
print("suppressed")


def early():
    with Tracked("ret"):
        return "returned"


print(early())
for i in range(3):
    with Tracked(str(i)):
        if i == 1:
            break
