# Classes deriving from property, staticmethod and classmethod (an instance in
# a class body acts as the descriptor, with the subclass's own attributes and
# methods) and from enumerate, zip, map, filter and reversed (an instance is
# its own iterator; a __next__ of the subclass is the one iteration calls).


class documented(property):
    def __init__(self, fget, fset=None, fdel=None, doc=None):
        super().__init__(fget, fset, fdel, doc)
        self.label = "doc: " + (doc or fget.__name__)

    def describe(self):
        return self.label


class lazy(property):
    pass


class counted(staticmethod):
    calls = 0

    def __init__(self, function):
        super().__init__(function)
        self.name = function.__name__


class registered(classmethod):
    registry = []

    def __init__(self, function):
        super().__init__(function)
        registered.registry.append(function.__name__)


class Box:
    def __init__(self, width):
        self._width = width

    @documented
    def width(self):
        return self._width

    def _set_area(self, value):
        self._width = value ** 0.5

    area = documented(lambda self: self._width ** 2, _set_area, None, "the area")
    height = lazy(lambda self: 2 * self._width)

    @counted
    def unit(n):
        return "unit %d" % n

    @registered
    def make(cls, w):
        return cls(w)


b = Box(3)
print(b.width, b.area, b.height, Box.unit(4), b.unit(5), Box.make(7).width)
b.area = 16
print(b.width, b.area)
try:
    b.width = 1
except AttributeError as e:
    print("AttributeError:", e)
for name in ("width", "area", "height", "unit", "make"):
    d = Box.__dict__[name]
    print(name, type(d).__name__, isinstance(d, (property, staticmethod, classmethod)), type(d).__mro__[1].__name__)
print(Box.__dict__["width"].describe(), Box.__dict__["area"].describe(), Box.__dict__["unit"].name, registered.registry)
print(isinstance(Box.width, property), type(Box.width).__name__)


class Sub(Box):
    def make_twice(self):
        return self.make(2).area


print(Sub(1).make_twice(), type(Sub.make(5)).__name__)


class numbered(enumerate):
    def labels(self):
        return ["%d:%s" % pair for pair in self]


class first_upper(map):
    def __next__(self):
        return super().__next__().upper()


class pairs(zip):
    pass


class evens(filter):
    def __init__(self, function, items):
        self.seen = 0


class backwards(reversed):
    def __next__(self):
        value = super().__next__()
        return value * 10


n = numbered("abc", 1)
print(iter(n) is n, type(n).__name__, isinstance(n, enumerate), next(n))
print(n.labels())
print(list(first_upper(str, ["x", "y"])), list(map(str.upper, ["x"])))
p = pairs([1, 2, 3], "ab")
print(list(p), list(p), isinstance(p, zip))
e = evens(lambda x: x % 2 == 0, range(7))
print(list(e), e.seen)
# reversed(seq) is seq.__reversed__() where seq has one: a list's reverse
# iterator, not an instance of the subclass.
print([v for v in backwards((1, 2, 3))], sorted(backwards("cab")), list(backwards([1, 2, 3])))
print(type(backwards((1,))).__name__, type(backwards([1])).__name__ == type(reversed([1])).__name__)
print(dict(numbered(["a", "b"])), next(first_upper(str, "q"), "none"), next(pairs([], []), "empty"))
