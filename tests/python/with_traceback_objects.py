# `with` and `async with` pass the exception's traceback object to
# __exit__/__aexit__: one traceback object per frame the exception passed
# through, from the frame of the `with` to the frame that raised (tb_next),
# each at its line (tb_lineno), and it is the exception's __traceback__.


def lines(tb):
    out = []
    while tb is not None:
        out.append(tb.tb_lineno)
        tb = tb.tb_next
    return out


class Manager:
    def __init__(self, suppress):
        self.suppress = suppress

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        if kind is None:
            print("clean exit:", value, tb)
            return False
        print("exit:", kind.__name__, value)
        print("  tb is not None:", tb is not None, type(tb).__name__)
        print("  is __traceback__:", value.__traceback__ is tb, tb is value.__traceback__)
        print("  lines:", lines(tb))
        print("  tb_next None at the end:", tb.tb_next is None or tb.tb_next.tb_next is None)
        self.tb = tb
        return self.suppress


def fail(message):
    raise ValueError(message)


def deeper(message):
    x = 1
    fail(message)


with Manager(True) as m:
    raise KeyError("direct")
print("same object after:", m.tb.tb_lineno)

with Manager(True):
    fail("one call down")

with Manager(True):
    deeper("two calls down")

with Manager(False):
    print("nothing raised")


def in_function():
    with Manager(True) as m:
        y = 1
        deeper("from a function")
    return lines(m.tb)


print(in_function())

try:
    with Manager(False):
        1 / 0
except ZeroDivisionError as e:
    print("propagated, traceback now from here:", lines(e.__traceback__))
    print("the same object each time:", e.__traceback__ is e.__traceback__)

try:
    fail("plain")
except ValueError as e:
    tb = e.__traceback__
    print(type(tb).__name__, lines(tb), tb.tb_next.tb_next is None)

print(ValueError("never raised").__traceback__)


class Async:
    async def __aenter__(self):
        return self

    async def __aexit__(self, kind, value, tb):
        print("aexit:", kind.__name__, tb is value.__traceback__, lines(tb))
        return True


async def main():
    async with Async():
        deeper("async")
    return "done"


coro = main()
try:
    coro.send(None)
except StopIteration as stop:
    print(stop.value)


def with_in_function():
    with Manager(False):
        fail("out of the function")


try:
    with_in_function()
except ValueError as e:
    print("caught outside:", lines(e.__traceback__))
