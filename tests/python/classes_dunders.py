# Operator overloading and the protocol dunders.
class Vec:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, o):
        return Vec(self.x + o.x, self.y + o.y)

    def __sub__(self, o):
        return Vec(self.x - o.x, self.y - o.y)

    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)

    __rmul__ = __mul__

    def __neg__(self):
        return Vec(-self.x, -self.y)

    def __abs__(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5

    def __eq__(self, o):
        return isinstance(o, Vec) and (self.x, self.y) == (o.x, o.y)

    def __hash__(self):
        return hash((self.x, self.y))

    def __lt__(self, o):
        return abs(self) < abs(o)

    def __repr__(self):
        return f"Vec({self.x}, {self.y})"

    def __bool__(self):
        return bool(self.x or self.y)

    def __iter__(self):
        yield self.x
        yield self.y

    def __getitem__(self, i):
        return (self.x, self.y)[i]

    def __len__(self):
        return 2

    def __contains__(self, v):
        return v in (self.x, self.y)


a, b = Vec(1, 2), Vec(3, 4)
print(a + b, a - b, a * 3, 2 * a, -a, abs(b))
print(a == Vec(1, 2), a != b, a < b, sorted([b, a]), max(a, b))
print(bool(Vec(0, 0)), bool(a), list(a), a[1], len(a), 2 in a, 5 in a)
x, y = b
print(x, y, {a: "a", Vec(1, 2): "again"})
try:
    a.z = 1
except AttributeError as e:
    print("slots:", e)


class Seq:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if isinstance(i, slice):
            return list(range(self.n))[i]
        if i >= self.n:
            raise IndexError(i)
        return i * i


s = Seq(5)
print(list(s), s[1:4], s[::2], len(s), 9 in s)


class Callable:
    def __init__(self):
        self.calls = 0

    def __call__(self, *args, **kwargs):
        self.calls += 1
        return args, kwargs


c = Callable()
print(c(1, 2, k=3), c(), c.calls, callable(c))


class Temp:
    def __init__(self):
        self._c = 0

    @property
    def celsius(self):
        return self._c

    @celsius.setter
    def celsius(self, v):
        if v < -273.15:
            raise ValueError("too cold")
        self._c = v

    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32

    @staticmethod
    def describe():
        return "a temperature"

    @classmethod
    def make(cls, c):
        t = cls()
        t.celsius = c
        return t


t = Temp.make(100)
print(t.celsius, t.fahrenheit, Temp.describe(), t.describe())
try:
    t.celsius = -300
except ValueError as e:
    print(e)
try:
    t.fahrenheit = 1
except AttributeError as e:
    print("AttributeError")
