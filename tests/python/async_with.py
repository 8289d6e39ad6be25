# async with: __aenter__/__aexit__ awaited; __aexit__ returning True suppresses.


class Ready:
    def __init__(self, tag):
        self.tag = tag

    def __await__(self):
        yield self.tag


def run(coro):
    steps = []
    try:
        while True:
            steps.append(coro.send(None))
    except StopIteration as e:
        return e.value, steps


class Manager:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress
        self.log = []

    async def __aenter__(self):
        await Ready(f"enter {self.name}")
        self.log.append("enter")
        return self

    async def __aexit__(self, typ, val, tb):
        await Ready(f"exit {self.name}")
        self.log.append(("exit", typ.__name__ if typ else None, str(val) if val else None))
        return self.suppress


async def plain():
    async with Manager("a") as m:
        m.log.append("body")
    return m.log


print(run(plain()))


async def suppressed():
    m = Manager("b", suppress=True)
    async with m:
        m.log.append("before")
        raise ValueError("swallowed")
    m.log.append("after")
    return m.log


print(run(suppressed()))


async def propagated():
    m = Manager("c")
    try:
        async with m:
            raise KeyError("kept")
    except KeyError as e:
        m.log.append(("caught", repr(e)))
    return m.log


print(run(propagated()))


# Two managers: exited in reverse order, each awaited.
async def nested():
    a, b = Manager("x"), Manager("y")
    async with a as p, b as q:
        p.log.append("body")
        q.log.append("body")
    return a.log + ["|"] + b.log


print(run(nested()))


# return, break and continue leave through __aexit__.
async def leaving():
    m = Manager("r")
    for i in range(3):
        async with m:
            if i == 0:
                continue
            if i == 1:
                break
    async with Manager("s") as n:
        return m.log, n.log


print(run(leaving()))


# __aexit__ is awaited even when it is a plain coroutine returning a falsy non-bool.
class Quiet:
    async def __aenter__(self):
        return "entered"

    async def __aexit__(self, *args):
        return 0


async def quiet():
    try:
        async with Quiet() as v:
            raise RuntimeError(v)
    except RuntimeError as e:
        return "propagated " + str(e)


print(run(quiet()))


# An exception from __aenter__ skips the body and __aexit__.
class BadEnter:
    async def __aenter__(self):
        raise OSError("no entry")

    async def __aexit__(self, *args):
        print("never")


async def bad_enter():
    try:
        async with BadEnter():
            print("never")
    except OSError as e:
        return str(e)


print(run(bad_enter()))


# async with inside an async generator, with its finally.
async def agen():
    async with Manager("g") as m:
        yield 1
        yield 2
    yield m.log


async def drain():
    return [v async for v in agen()]


print(run(drain()))
