# async def / await as coroutines driven by send (no event loop), awaitables with __await__.


class Pause:
    def __init__(self, label):
        self.label = label

    def __await__(self):
        reply = yield self.label
        return f"{self.label}->{reply}"


async def step(n):
    got = await Pause(f"step{n}")
    return got


async def program():
    results = []
    for i in range(3):
        results.append(await step(i))
    return results


def drive(coro):
    value = coro.send(None)
    n = 0
    while True:
        try:
            value = coro.send(f"r{n}:{value}")
            n += 1
        except StopIteration as stop:
            return stop.value


print(drive(program()))
c = step(9)
print(type(c).__name__, c.send(None))
c.close()


async def fails():
    await Pause("x")
    raise ValueError("async failure")


co = fails()
co.send(None)
try:
    co.send("go")
except ValueError as e:
    print("ValueError", e)
co2 = program()
try:
    co2.throw(KeyError("thrown"))
except KeyError as e:
    print("KeyError", e)
