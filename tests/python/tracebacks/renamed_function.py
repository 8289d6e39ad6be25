# A function whose __name__ and __qualname__ were assigned (as functools.wraps
# does) is still shown in a traceback by its code's name, as in CPython.
import functools


def checked(g):
    @functools.wraps(g)
    def wrapper(*args):
        return g(*args)

    return wrapper


@checked
def ratio(a, b):
    return a / b


def outer():
    inner = lambda: ratio(1, 0)
    inner.__name__ = "not_shown"
    inner.__qualname__ = "not.shown"
    return inner()


print(ratio.__name__, repr(ratio).split(" at ")[0])
outer()
