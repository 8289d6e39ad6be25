# Assigning a function's __name__, __qualname__ or __module__ changes the
# function itself (its repr, the names in its call errors, generators made
# from it), not its __dict__; they must be strs (but __module__); and
# functools.wraps copies them onto the wrapper.
import functools


def f(a):
    return a


def show(fn):
    return repr(fn).split(" at ")[0] + ">"


print(f.__name__, f.__qualname__, f.__module__, show(f), f.__dict__)
f.__name__ = "renamed"
print(f.__name__, f.__qualname__, show(f), f.__dict__)
f.__qualname__ = "Holder.renamed"
f.__module__ = "elsewhere"
print(f.__name__, f.__qualname__, f.__module__, show(f), f.__dict__, vars(f))
for call in (lambda: f(1, 2), lambda: f(b=2), lambda: f()):
    try:
        call()
    except TypeError as e:
        print("TypeError:", e)
try:
    f.__name__ = 3
except TypeError as e:
    print("TypeError:", e)
try:
    f.__qualname__ = None
except TypeError as e:
    print("TypeError:", e)
try:
    del f.__name__
except TypeError as e:
    print("TypeError:", e)
f.__module__ = None
print(repr(f.__module__))
f.__module__ = "back"
del f.__module__
print(repr(f.__module__))
f.custom = 1
print(f.__dict__, f(5))


def deco(g):
    @functools.wraps(g)
    def wrapper(*args, **kwargs):
        return g(*args, **kwargs)

    return wrapper


class Holder:
    @deco
    def method(self, x):
        "the method's doc"
        return x * 2


@deco
def h(x):
    "h's doc"
    return x + 1


print(h.__name__, h.__qualname__, h.__doc__, show(h), sorted(h.__dict__), h.__wrapped__.__name__, h(1))
m = Holder.method
print(m.__name__, m.__qualname__, m.__doc__, show(m), Holder().method(4))
print(show(Holder().method).replace("<bound method", "bound"))


def gen():
    yield 1


gen.__name__ = "producer"
gen.__qualname__ = "Factory.producer"
g = gen()
print(g.__name__, g.__qualname__, repr(g).split(" at ")[0])
lam = lambda: 0
lam.__name__ = "named_lambda"
print(lam.__name__, lam.__qualname__, show(lam))
lam.__qualname__ = "named_lambda"
print(show(lam))
