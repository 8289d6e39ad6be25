# *args, **kwargs, keyword-only and positional-only parameters, unpacking in calls and literals.
def f(a, b=2, *args, c, d=4, **kw):
    return a, b, args, c, d, kw

print(f(1, c=3))
print(f(1, 5, 6, 7, c=8, e=9))
print(f(*[1, 2, 3], **{"c": 0, "z": 1}))

def pos_only(a, b, /, c):
    return a + b + c

print(pos_only(1, 2, c=3), pos_only(1, 2, 3))
try:
    pos_only(a=1, b=2, c=3)
except TypeError as e:
    print("TypeError:", e)
try:
    f(1)
except TypeError as e:
    print("TypeError:", e)
try:
    f(1, 2, c=3, a=5)
except TypeError as e:
    print("TypeError:", e)

def star(*args):
    return len(args), args

print(star(), star(*"abc"), star(*range(3), *[9]))
first, *rest = [1, 2, 3, 4]
*init, last = "hello"
print(first, rest, init, last)
(a, b), *c = [(1, 2), 3, 4]
print(a, b, c)
print([*range(3), *"ab", 9], (*[1, 2], 3), {*[1, 2], 2, 3}, {**{"a": 1}, "b": 2, **{"a": 3}})
kw = {"sep": "-", "end": "!\n"}
print("a", "b", **kw)
lam = lambda *a, **k: (a, sorted(k))
print(lam(1, 2, x=1, y=2))
def defaults(x, y=[]):
    y.append(x)
    return y
print(defaults(1), defaults(2))
