# async def / await as coroutines driven by send(None): no event loop.
class Ready:
    def __init__(self, value):
        self.value = value

    def __await__(self):
        yield f"waiting for {self.value}"
        return self.value


async def add(a, b):
    x = await Ready(a)
    y = await Ready(b)
    return x + y


async def main():
    total = 0
    for i in range(3):
        total += await add(i, 10)
    return total


def run(coro):
    steps = []
    try:
        while True:
            steps.append(coro.send(None))
    except StopIteration as e:
        return e.value, steps


value, steps = run(main())
print(value, len(steps), steps[:3])
c = add(1, 2)
print(type(c).__name__)
print(run(c))

async def fails():
    await Ready(1)
    raise ValueError("inside coroutine")

try:
    run(fails())
except ValueError as e:
    print("raised:", e)
