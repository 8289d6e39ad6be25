# Asynchronous comprehensions (PEP 530) and asynchronous generator expressions.


class Ready:
    def __init__(self, value):
        self.value = value

    def __await__(self):
        yield ("wait", self.value)
        return self.value


def run(coro):
    steps = []
    try:
        while True:
            steps.append(coro.send(None))
    except StopIteration as e:
        return e.value, len(steps)


async def numbers(n):
    for i in range(n):
        await Ready(i)
        yield i


async def double(x):
    return await Ready(x * 2)


async def comprehensions():
    lst = [x async for x in numbers(4)]
    st = {x % 2 async for x in numbers(5)}
    dct = {x: x * x async for x in numbers(3)}
    filtered = [x async for x in numbers(6) if x % 2 if x > 1]
    awaited = [await double(x) for x in range(3)]
    both = [await double(x) async for x in numbers(3)]
    nested = [(x, y) async for x in numbers(2) for y in "ab"]
    inner = [[y async for y in numbers(x)] for x in range(3)]
    return lst, sorted(st), dct, filtered, awaited, both, nested, inner


print(run(comprehensions()))


async def genexp():
    gen = (x * 10 async for x in numbers(3))
    print(type(gen).__name__)
    out = [v async for v in gen]
    awaits = (await double(x) for x in [5, 6])
    print(type(awaits).__name__)
    out.append([v async for v in awaits])
    return out


print(run(genexp()))


# An async generator expression may be made in a plain function.
def make(n):
    return (i async for i in numbers(n))


async def use_make():
    return [v async for v in make(3)]


print(run(use_make()))


# The comprehension's variable does not leak; an exception from the iterator propagates.
async def bad_numbers():
    yield 1
    raise ValueError("bad item")


async def scoped():
    x = "outer"
    try:
        [x async for x in bad_numbers()]
    except ValueError as e:
        return x, str(e)


print(run(scoped()))


# A comprehension that only makes async generator expressions is not itself asynchronous.
def makers():
    return [(y * 10 async for y in numbers(x)) for x in range(3)]


async def use_makers():
    return [[v async for v in g] for g in makers()]


print(run(use_makers()))
