# yield from: delegation, return values, send and throw pass through.
def inner():
    x = yield 1
    print("inner got", x)
    y = yield 2
    print("inner got", y)
    return x + y


def outer():
    result = yield from inner()
    print("inner returned", result)
    yield result * 10


g = outer()
print(next(g))
print(g.send(5))
print(g.send(7))

def tree(n):
    if n == 0:
        return
    yield from tree(n - 1)
    yield n
    yield from tree(n - 1)

print(list(tree(3)))

def chained():
    yield from [1, 2]
    yield from range(3, 5)
    yield from "ab"

print(list(chained()))

def catcher():
    try:
        yield "a"
        yield "b"
    except KeyError as e:
        yield f"caught {e}"

def delegator():
    yield from catcher()
    yield "after"

d = delegator()
print(next(d))
print(d.throw(KeyError("k")))
print(next(d))
