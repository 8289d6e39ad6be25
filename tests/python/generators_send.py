# send(), StopIteration.value and the value of yield from.


def accumulator():
    total = 0
    while True:
        x = yield total
        if x is None:
            return total
        total += x


g = accumulator()
print(next(g), g.send(3), g.send(4))
try:
    g.send(None)
except StopIteration as e:
    print("returned", e.value, e.args)


def delegator():
    result = yield from accumulator()
    yield f"inner returned {result}"


d = delegator()
print(next(d), d.send(10), d.send(5), d.send(None))

g = accumulator()
try:
    g.send(1)
except TypeError as e:
    print("TypeError", e)


def echo():
    received = []
    while len(received) < 3:
        received.append((yield len(received)))
    return received


e = echo()
next(e)
e.send("a")
e.send("b")
try:
    e.send("c")
except StopIteration as stop:
    print(stop.value)


def chain(*its):
    for it in its:
        yield from it


print(list(chain([1, 2], (3,), "ab", range(2))))
gen = (x * x for x in range(4))
print(sum(gen), sum(gen))
