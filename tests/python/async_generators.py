# Asynchronous generators (PEP 525) driven by send(None), as CPython's
# test_asyncgen drives them without an event loop.


class Ready:
    # An awaitable that suspends once, passing `tag` out to the driver.
    def __init__(self, tag, value=None):
        self.tag = tag
        self.value = value

    def __await__(self):
        got = yield self.tag
        return self.value if got is None else got


def run(coro, sends=None):
    # Drives a coroutine to its end; records what its awaits passed out.
    steps = []
    sends = list(sends or [])
    try:
        value = None
        while True:
            steps.append(coro.send(value))
            value = sends.pop(0) if sends else None
    except StopIteration as e:
        return e.value, steps


async def counter(n):
    for i in range(n):
        await Ready(f"tick{i}")
        yield i * 10


async def collect(agen):
    out = []
    async for v in agen:
        out.append(v)
    return out


print(run(collect(counter(3))))
ag = counter(2)
print(type(ag).__name__, ag.__aiter__() is ag)
print(hasattr(ag, "__anext__"), hasattr(ag, "asend"), hasattr(ag, "athrow"), hasattr(ag, "aclose"))


# __anext__ by hand: StopIteration carries the value, StopAsyncIteration ends it.
async def two():
    yield 1
    yield 2


g = two()
for _ in range(3):
    aw = g.__anext__()
    try:
        aw.send(None)
    except StopIteration as e:
        print("value", e.value)
    except StopAsyncIteration:
        print("exhausted")
try:
    g.__anext__().send(None)
except StopAsyncIteration:
    print("still exhausted")


# asend: the value becomes the result of the yield.
async def echo():
    received = []
    try:
        while True:
            x = yield len(received)
            received.append(x)
    finally:
        print("echo saw", received)


e = echo()
print(run(e.asend(None)))
print(run(e.asend("a")))
print(run(e.asend("b")))
print(run(e.aclose()))


# An awaitable step passes values out and sent values in.
async def ask():
    answer = await Ready("question?")
    yield answer


print(run(ask().__anext__(), ["forty-two"]))


# athrow: the exception is raised at the yield; a handler may yield again.
async def careful():
    while True:
        try:
            yield "ok"
        except ValueError as exc:
            yield f"handled {exc}"


c = careful()
print(run(c.__anext__()))
print(run(c.athrow(ValueError("bad"))))
print(run(c.__anext__()))
print(run(c.athrow(ValueError, "worse")))
print(run(c.__anext__()))
try:
    run(c.athrow(KeyError("k")))
except KeyError as exc:
    print("propagated", repr(exc))
try:
    run(c.__anext__())
except StopAsyncIteration:
    print("closed after athrow")


# finally and aclose: GeneratorExit at the yield; the finally body may await.
async def with_cleanup(log):
    try:
        yield 1
        yield 2
    finally:
        await Ready("cleanup")
        log.append("cleaned")


log = []
w = with_cleanup(log)
print(run(w.__anext__()))
print(run(w.aclose()), log)
print(run(w.aclose()))
try:
    run(w.__anext__())
except StopAsyncIteration:
    print("anext after aclose: StopAsyncIteration")


# aclose of a generator that yields in its finally: RuntimeError.
async def stubborn():
    try:
        yield 1
    finally:
        yield 2


s = stubborn()
run(s.__anext__())
try:
    run(s.aclose())
except RuntimeError as exc:
    print("RuntimeError:", exc)


# aclose of a never-started generator does nothing; neither does a second one.
async def never():
    print("never runs")
    yield 1


n = never()
print(run(n.aclose()))
try:
    run(n.__anext__())
except StopAsyncIteration:
    print("never: StopAsyncIteration")


# StopIteration and StopAsyncIteration raised inside become RuntimeError.
async def raises(exc):
    yield 1
    raise exc


for exc in (StopIteration("x"), StopAsyncIteration("y")):
    r = raises(exc)
    run(r.__anext__())
    try:
        run(r.__anext__())
    except RuntimeError as err:
        print("RuntimeError:", err, type(err.__cause__).__name__)


# An exception in the body propagates out of the awaitable, and ends it.
async def fails():
    yield 1
    raise ZeroDivisionError("in agen")


f = fails()
print(run(f.__anext__()))
try:
    run(f.__anext__())
except ZeroDivisionError as exc:
    print("ZeroDivisionError:", exc)
try:
    run(f.__anext__())
except StopAsyncIteration:
    print("after the error: StopAsyncIteration")


# An awaitable of __anext__ cannot be awaited twice.
async def one():
    yield 1


o = one()
aw = o.__anext__()
print(run(aw))
try:
    aw.send(None)
except RuntimeError as exc:
    print("RuntimeError:", exc)


# Sending a value to a just-started async generator.
x = two()
try:
    run(x.asend(5))
except TypeError as exc:
    print("TypeError:", exc)


# break out of async for leaves the generator suspended; aclose runs its finally.
async def items(log):
    try:
        for i in range(10):
            yield i
    finally:
        log.append("items closed")


async def first_three(log):
    out = []
    gen = items(log)
    async for v in gen:
        if v == 3:
            break
        out.append(v)
    else:
        out.append("no break")
    log.append("loop done")
    await gen.aclose()
    return out


log = []
print(run(first_three(log)), log)


# async for ... else, and continue.
async def odd_sum(n):
    total = 0
    async for v in counter(n):
        if v % 20 == 0:
            continue
        total += v
    else:
        total += 1000
    return total


print(run(odd_sum(5)))


# A class with __aiter__/__anext__ (no generator).
class Countdown:
    def __init__(self, n):
        self.n = n

    def __aiter__(self):
        return self

    async def __anext__(self):
        if self.n == 0:
            raise StopAsyncIteration
        await Ready(self.n)
        self.n -= 1
        return self.n


async def use_countdown():
    return [v async for v in Countdown(3)]


print(run(use_countdown()))


# An error raised by __anext__ (not StopAsyncIteration) propagates out of the loop.
class Broken:
    def __aiter__(self):
        return self

    async def __anext__(self):
        raise ValueError("broken iterator")


async def use_broken():
    try:
        async for v in Broken():
            pass
    except ValueError as exc:
        return f"caught {exc}"


print(run(use_broken()))


# Exceptions thrown into the driver reach the handler around the await in the body.
async def guarded():
    try:
        await Ready("waiting")
    except KeyError:
        yield "recovered"


gd = guarded()
aw = gd.__anext__()
print(aw.send(None))
try:
    aw.throw(KeyError("k"))
except StopIteration as exc:
    print("thrown in and recovered:", exc.value)


# aiter() and anext(), with and without a default.
async def use_builtins():
    it = aiter(counter(2))
    first = await anext(it)
    second = await anext(it, "default")
    third = await anext(it, "default")
    try:
        await anext(it)
    except StopAsyncIteration:
        fourth = "StopAsyncIteration"
    return first, second, third, fourth


print(run(use_builtins()))
for bad in (lambda: aiter(1), lambda: anext(1)):
    try:
        bad()
    except TypeError as exc:
        print("TypeError:", exc)
