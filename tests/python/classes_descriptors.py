# The descriptor protocol of a class's own __get__/__set__/__delete__ and __set_name__.
import functools


class Typed:
    """A validated field: a data descriptor storing into the instance's __dict__."""

    def __init__(self, kind, default=None):
        self.kind = kind
        self.default = default
        self.name = None

    def __set_name__(self, owner, name):
        print("set_name", owner.__name__, name)
        self.name = name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return obj.__dict__.get(self.name, self.default)

    def __set__(self, obj, value):
        if not isinstance(value, self.kind):
            raise TypeError(f"{self.name} must be {self.kind.__name__}, not {type(value).__name__}")
        obj.__dict__[self.name] = value

    def __delete__(self, obj):
        print("delete", self.name)
        obj.__dict__.pop(self.name, None)


class Point:
    x = Typed(int, 0)
    y = Typed(int, 0)

    def __init__(self, x, y):
        self.x = x
        self.y = y


p = Point(1, 2)
print(p.x, p.y, sorted(p.__dict__.items()))
p.__dict__["x"] = 10  # the data descriptor reads it from there itself
print(p.x)
try:
    p.y = "two"
except TypeError as e:
    print("TypeError:", e)
del p.x
print(p.x, isinstance(Point.x, Typed), Point.__dict__["x"].name)
setattr(p, "y", 7)
print(getattr(p, "y"), hasattr(p, "y"))
delattr(p, "y")
print(p.y)


class Lazy:
    """A cached property written by hand: a non-data descriptor the instance's own attribute then hides."""

    def __init__(self, func):
        self.func = func
        self.name = func.__name__

    def __get__(self, obj, cls):
        if obj is None:
            return self
        print("computing", self.name)
        value = self.func(obj)
        obj.__dict__[self.name] = value
        return value


class Circle:
    def __init__(self, r):
        self.r = r

    @Lazy
    def area(self):
        return 3 * self.r * self.r


c = Circle(2)
print(c.area, c.area, "area" in c.__dict__)
c.area = 5  # a non-data descriptor: assignment goes to the instance
print(c.area, type(Circle.area).__name__)


class Base:
    kind = Typed(str, "base")


class Derived(Base):
    pass


d = Derived()
print(d.kind)
d.kind = "derived"
print(d.kind, Derived.kind.name)


class ClassMethodByHand:
    def __init__(self, f):
        self.f = f

    def __get__(self, obj, cls=None):
        if cls is None:
            cls = type(obj)

        def bound(*args):
            return self.f(cls, *args)

        return bound


class StaticByHand:
    def __init__(self, f):
        self.f = f

    def __get__(self, obj, cls=None):
        return self.f


class Factory:
    @ClassMethodByHand
    def make(cls, n):
        return cls.__name__ + "!" * n

    @StaticByHand
    def add(a, b):
        return a + b


class SubFactory(Factory):
    pass


print(Factory.make(1), SubFactory.make(2), SubFactory().make(3), Factory.add(2, 3), Factory().add(4, 5))


class Trace:
    def __get__(self, obj, cls):
        print("get", "instance" if obj is not None else "class", cls.__name__)
        return 42


class Owner:
    t = Trace()


print(Owner.t, Owner().t)
print(super(SubFactory, SubFactory()).make(1))


class OnlySet:
    def __set__(self, obj, value):
        print("OnlySet.__set__", value)


class OnlyDelete:
    def __get__(self, obj, cls):
        return "only-delete"

    def __delete__(self, obj):
        print("OnlyDelete.__delete__")


class Holder:
    s = OnlySet()
    d = OnlyDelete()


h = Holder()
print(type(h.s).__name__)
h.__dict__["s"] = "own"
print(h.s)  # a data descriptor without __get__: the instance's own value
h.s = 3
h.__dict__["d"] = "own"
print(h.d)  # a data descriptor with __get__ wins
del h.d
try:
    h.d = 1
except AttributeError as e:
    print("AttributeError:", e)
try:
    del h.s
except AttributeError as e:
    print("AttributeError:", e)


class Logged:
    def __get__(self, obj, cls):
        return "logged"

    def __set__(self, obj, value):
        print("Logged.__set__", value)


class WithSetattr:
    a = Logged()

    def __setattr__(self, name, value):
        print("__setattr__", name, value)
        super().__setattr__(name, value)

    def __delattr__(self, name):
        print("__delattr__", name)
        object.__delattr__(self, name)


w = WithSetattr()
w.a = 1
w.b = 2
print(w.a, w.b)
del w.b
print(hasattr(w, "b"))


class Cached:
    def __init__(self, n):
        self.n = n

    @functools.cached_property
    def square(self):
        print("square of", self.n)
        return self.n * self.n


k = Cached(4)
print(k.square, k.square, k.__dict__["square"])
del k.square
print(k.square)


class Noisy:
    def __set_name__(self, owner, name):
        print("__set_name__ before __init_subclass__:", owner.__name__, name)


class Parent:
    def __init_subclass__(cls):
        print("__init_subclass__", cls.__name__)


class Child(Parent):
    first = Noisy()
    second = Noisy()


n = Noisy()


class Later:
    pass


Later.n = n  # assigned after creation: no __set_name__
print("no set_name for later assignment")


class Broken:
    def __set_name__(self, owner, name):
        raise ValueError("cannot name " + name)


try:

    class Fails:
        bad = Broken()

except RuntimeError as e:
    print("RuntimeError:", e, "| cause:", repr(e.__cause__))


class ListWithField(list):
    size = Typed(int, -1)


lw = ListWithField([1, 2])
lw.size = 2
print(lw, lw.size)
try:
    lw.size = "x"
except TypeError as e:
    print("TypeError:", e)


class Forward:
    """A descriptor as a special method: what its __get__ gives is called."""

    def __get__(self, obj, cls):
        return lambda *args: ("called", type(obj).__name__, args)


class Fallback:
    __call__ = Forward()

    def __getattr__(self, name):
        return "fallback " + name

    @property
    def broken(self):
        raise AttributeError("inner")

    missing = Lazy(lambda self: self.nothing_here_either)


fb = Fallback()
print(fb(1, 2), fb.broken, fb.other)
print(fb.missing)
