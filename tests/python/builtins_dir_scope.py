# dir() without an argument: the sorted names bound in the scope it is written in.
import math
from math import sqrt as root

x = 1


def f(a, b=2, *args, key=None, **kw):
    c = 3
    if a:
        d = 4
    print(dir())
    del c
    print(dir())
    e = 5

    def inner():
        return e

    print(dir())
    return inner


inner = f(0)
f(1)


def closure():
    outer_value = 10

    def uses():
        print(dir())
        return outer_value

    def does_not_use():
        print(dir())

    uses()
    does_not_use()


closure()


class K:
    y = 1
    print(dir())

    def method(self):
        print(dir())
        return super().__repr__

    z = 2
    print(dir())


K().method()
print([dir() for q in range(1)])
print((lambda z, *w: dir())(1))
print({k: dir() for k in "a"})


def unassigned():
    print(dir())
    if False:
        never = 1


unassigned()


def handler():
    try:
        raise ValueError
    except ValueError as err:
        print(dir())
    print(dir())


handler()


def generator():
    first = yield dir()
    print(dir())


g = generator()
print(next(g))
try:
    g.send(1)
except StopIteration:
    pass


def shadowed():
    dir = lambda: ["mine"]
    return dir()


print(shadowed())
later = 2
print(dir())
