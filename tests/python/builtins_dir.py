# dir() of classes, instances and modules: sorted, as CPython's object.__dir__
# and type.__dir__ (object's own names included).
import math


class Base:
    kind = "base"

    def method(self):
        return 1


class Child(Base):
    """A documented class."""

    def __init__(self):
        self.own = 1

    @property
    def prop(self):
        return 2

    @staticmethod
    def helper():
        pass


print(dir(Base))
print(dir(Child))
c = Child()
c.extra = 3
print(dir(c))
print([n for n in dir(c) if not n.startswith("__")])


class Slotted:
    __slots__ = ("a", "b")


print(dir(Slotted))
print(dir(Slotted()))


class Eq:
    def __eq__(self, other):
        return True


print([n for n in dir(Eq) if n in ("__eq__", "__hash__")], Eq.__hash__)


class Custom:
    def __dir__(self):
        return ["zeta", "alpha", "mid"]


print(dir(Custom()))


class Err(ValueError):
    pass


print(dir(Err))
print(dir(Err("x")) == dir(Err))
print(sorted(set(dir(OSError)) - set(dir(Exception))))
print([n for n in dir(math) if n in ("pi", "sqrt", "floor", "__name__", "__doc__")])
print("sqrt" in dir(math), "nope" in dir(math), dir(math) == sorted(dir(math)))
print(type(dir(c)).__name__, dir(c) == sorted(dir(c)))
print("append" in dir([]), "upper" in dir(""), "keys" in dir({}), "__class__" in dir(5), "bit_length" in dir(5))
