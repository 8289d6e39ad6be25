# functools: reduce, lru_cache, partial, wraps, cmp_to_key.
from functools import reduce, lru_cache, partial, wraps, cmp_to_key

print(reduce(lambda a, b: a * b, range(1, 10)), reduce(lambda a, b: a + b, [], 0), reduce(max, [3, 9, 2]))
try:
    reduce(lambda a, b: a, [])
except TypeError as e:
    print("TypeError", e)


@lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(90), fib.cache_info().hits > 0)


@lru_cache(maxsize=2)
def square(x):
    print("computing", x)
    return x * x


print(square(2), square(2), square(3), square(4), square(2))
print(square.cache_info())
base2 = partial(int, base=2)
print(base2("1011"), partial(pow, 2)(10), partial(max, key=len)("a", "bbb", "cc"))


def logged(fn):
    @wraps(fn)
    def wrapper(*a, **k):
        return ("logged", fn(*a, **k))
    return wrapper


@logged
def add(a, b):
    "Adds."
    return a + b


print(add(1, 2))
print(sorted([3, 1, 2], key=cmp_to_key(lambda a, b: b - a)))


# lru_cache on a method: bound to the instance (the wrapper is a descriptor).
class Fib:
    def __init__(self, offset):
        self.offset = offset

    @lru_cache(maxsize=None)
    def fib(self, n):
        return n + self.offset if n < 2 else self.fib(n - 1) + self.fib(n - 2)


f0, f1 = Fib(0), Fib(1)
print(f0.fib(20), f1.fib(10), Fib.fib.cache_info().currsize > 0, f0.fib.cache_info().misses)
