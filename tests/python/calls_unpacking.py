# Calls: *args, **kwargs, keyword-only and positional-only parameters, unpacking in calls and literals.


def f(a, b=2, *args, c, d=4, **kwargs):
    return a, b, args, c, d, sorted(kwargs.items())


print(f(1, c=3))
print(f(1, 2, 3, 4, c=5, e=6))
print(f(*[1, 2, 3], **{"c": 7, "x": 8}))
print(f(1, *(2, 3), *[4], c=0, **{"d": 1}, **{"z": 2}))


def pos_only(a, b, /, c):
    return a + b + c


print(pos_only(1, 2, c=3), pos_only(1, 2, 3))
for bad in [lambda: pos_only(a=1, b=2, c=3), lambda: f(1), lambda: f(1, c=1, a=2), lambda: pos_only(1)]:
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)

first, *rest = [1, 2, 3, 4]
*init, last = "abc"
a, (b, *c), d = 1, (2, 3, 4), 5
print(first, rest, init, last, a, b, c, d)
print([*range(3), *"ab"], (*[1], 2), {*[1, 2], *(2, 3)}, {**{"a": 1}, "b": 2, **{"a": 3}})
print(*[1, 2, 3], sep="|")
try:
    x, y = [1, 2, 3]
except ValueError as e:
    print("ValueError", e)
try:
    x, y, *z = [1]
except ValueError as e:
    print("ValueError", e)
