# A function's docstring is its __doc__, not one of its attributes (__dict__).
import functools


def documented(a):
    """Adds one."""
    return a + 1


def plain():
    return 0


print(documented.__doc__, documented.__dict__, plain.__doc__, plain.__dict__)
documented.extra = 1
print(sorted(documented.__dict__), vars(documented))
documented.__doc__ = "Replaced."
print(documented.__doc__, documented.__dict__)
del documented.__doc__
print(documented.__doc__)
del documented.extra
print(documented.__dict__)
try:
    del documented.missing
except AttributeError as e:
    print("AttributeError:", e)


@functools.wraps(documented)
def wrapper(*args):
    return documented(*args)


print(wrapper.__name__, wrapper.__doc__, "__wrapped__" in wrapper.__dict__, "__doc__" in wrapper.__dict__)


def again(x):
    "Single-quoted docstring."


print(again.__doc__, again.__dict__)
lam = lambda: None
print(lam.__doc__, lam.__dict__)


class C:
    def m(self):
        """Method doc."""

    @staticmethod
    def s():
        """Static doc."""


print(C.m.__doc__, C().m.__doc__, C.s.__doc__, C.m.__dict__)
print("__doc__" in dir(documented), hasattr(plain, "__doc__"))
