# assert (with and without a message) and del of names, items, attributes and slices.
assert 1 < 2
assert True, "never shown"
try:
    assert 1 > 2, f"one is not greater than {2}"
except AssertionError as e:
    print("AssertionError", e, e.args)
try:
    assert []
except AssertionError as e:
    print("AssertionError", repr(e))

x = 1
del x
try:
    x
except NameError as e:
    print("NameError", e)
d = {"a": 1, "b": 2}
del d["a"]
print(d)
try:
    del d["zz"]
except KeyError as e:
    print("KeyError", e)
xs = [0, 1, 2, 3, 4]
del xs[0], xs[-1]
print(xs)


class Box:
    pass


box = Box()
box.v = 1
del box.v
print(hasattr(box, "v"))
try:
    del box.v
except AttributeError as e:
    print("AttributeError", e)
a, b = 1, 2
del a, b
for name in ("a", "b"):
    try:
        eval_me = a if name == "a" else b
    except NameError as e:
        print("NameError", e)


def local_del():
    y = 5
    z = y
    del y
    return z


print(local_del())

# The message of `assert x, m` is AssertionError's argument, whatever it is.
for msg in ["", "why", 42, None]:
    try:
        assert False, msg
    except AssertionError as e:
        print(repr(e), e.args, str(e))
