# Multiple inheritance: C3 linearisation (__mro__), super() following the
# MRO through a diamond, mixins, cooperative __init__ with **kwargs, and
# CPython's TypeErrors for orders and layouts that cannot be.


def names(cls):
    return [k.__name__ for k in cls.__mro__]


class A:
    def who(self):
        return ["A"]

    def hello(self):
        return "A.hello"


class B(A):
    def who(self):
        return ["B"] + super().who()


class C(A):
    def who(self):
        return ["C"] + super().who()

    def hello(self):
        return "C.hello"


class D(B, C):
    def who(self):
        return ["D"] + super().who()


print(names(D))
print(D().who())
print(D().hello())
print(D.__bases__ == (B, C), D.__base__ is B)
print(isinstance(D(), C), issubclass(D, A), issubclass(C, B))


# The classic example of C3 (from the Python 2.3 MRO paper).
class O: pass
class F(O): pass
class E(O): pass
class Dd(O): pass
class Cc(Dd, F): pass
class Bb(Dd, E): pass
class Aa(Bb, Cc, E): pass
print(names(Aa))

# Another: K1..K3 and Z.
class Aw: pass
class Bw: pass
class Cw: pass
class Dw: pass
class Ew: pass
class K1(Aw, Bw, Cw): pass
class K2(Dw, Bw, Ew): pass
class K3(Dw, Aw): pass
class Z(K1, K2, K3): pass
print(names(Z))


# Mixins and cooperative __init__.
class Base:
    def __init__(self, **kwargs):
        self.log = ["Base"]
        super().__init__(**kwargs)


class NamedMixin:
    def __init__(self, name="?", **kwargs):
        super().__init__(**kwargs)
        self.name = name
        self.log.append("Named")


class SizedMixin:
    def __init__(self, size=0, **kwargs):
        super().__init__(**kwargs)
        self.size = size
        self.log.append("Sized")

    def __len__(self):
        return self.size


class Thing(NamedMixin, SizedMixin, Base):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.log.append("Thing")

    def __repr__(self):
        return f"Thing({self.name!r}, {self.size})"


t = Thing(name="box", size=3)
print(t, len(t), t.log, names(Thing))


class ReprMixin:
    def __repr__(self):
        fields = ", ".join(f"{k}={v!r}" for k, v in sorted(vars(self).items()))
        return f"{type(self).__name__}({fields})"


class EqMixin:
    def __eq__(self, other):
        return type(self) is type(other) and vars(self) == vars(other)

    __hash__ = None


class Point(ReprMixin, EqMixin):
    def __init__(self, x, y):
        self.x, self.y = x, y


print(Point(1, 2), Point(1, 2) == Point(1, 2), Point(1, 2) == Point(2, 1))


# super() with two arguments, skipping part of the order.
class Top:
    def f(self):
        return "Top"

class Left(Top):
    def f(self):
        return "Left>" + super().f()

class Right(Top):
    def f(self):
        return "Right>" + super().f()

class Bottom(Left, Right):
    def f(self):
        return "Bottom>" + super(Left, self).f()

print(Bottom().f(), super(Right, Bottom()).f())


# Class attributes and class methods along the order.
class P1:
    tag = "p1"
    @classmethod
    def make(cls):
        return cls.__name__ + ":" + cls.tag

class P2:
    tag = "p2"
    other = "from P2"

class Q(P1, P2):
    pass

class R(P2, P1):
    pass

print(Q.tag, R.tag, Q.other, Q.make(), R.make())


# Exceptions with mixins.
class Retryable:
    retries = 3

class NetError(Retryable, TimeoutError):
    pass

try:
    raise NetError("down")
except OSError as e:
    print(type(e).__name__, e, e.retries, isinstance(e, Retryable), names(NetError))


class MultiKey(KeyError, ValueError):
    pass

try:
    raise MultiKey("k")
except ValueError as e:
    print("caught as ValueError:", repr(e), names(MultiKey))


# __init_subclass__ along the order.
class Registry:
    members = []
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        Registry.members.append(cls.__name__)

class Plugin(A, Registry):
    pass

class Plugin2(Plugin, C):
    pass

print(Registry.members, names(Plugin2))


# Errors, as CPython words them.
def attempt(make):
    try:
        cls = make()
        print("made", cls.__name__)
    except TypeError as e:
        print("TypeError:", e)

attempt(lambda: type("Bad", (A, B), {}))
attempt(lambda: type("Dup", (A, A), {}))
attempt(lambda: type("Cross", (B, C, D), {}))


class S1:
    __slots__ = ("a",)

class S2:
    __slots__ = ("b",)

class S0:
    __slots__ = ()

attempt(lambda: type("Slots", (S1, S2), {}))
attempt(lambda: type("SlotsOk", (S1, S0), {}))
attempt(lambda: type("ListDict", (list, dict), {}))
attempt(lambda: type("ExcList", (ValueError, list), {}))


class WithList(A, list):
    pass

w = WithList([3, 1, 2])
w.sort()
print(w, len(w), w.who(), names(WithList))
try:
    class Bad2(A, B):
        pass
except TypeError as e:
    print("class statement:", e)
