# Properties (getter, setter, deleter) and __slots__.


class Temperature:
    __slots__ = ("_celsius",)

    def __init__(self, celsius):
        self.celsius = celsius

    @property
    def celsius(self):
        return self._celsius

    @celsius.setter
    def celsius(self, value):
        if value < -273.15:
            raise ValueError("below absolute zero")
        self._celsius = value

    @celsius.deleter
    def celsius(self):
        print("deleting")
        del self._celsius

    @property
    def fahrenheit(self):
        return self._celsius * 9 / 5 + 32


t = Temperature(100)
print(t.celsius, t.fahrenheit)
t.celsius = -40
print(t.fahrenheit)
try:
    t.celsius = -300
except ValueError as e:
    print("ValueError", e)
try:
    t.fahrenheit = 1
except AttributeError as e:
    print("AttributeError", e)
try:
    t.other = 1
except AttributeError as e:
    print("AttributeError", e)
del t.celsius
try:
    t.celsius
except AttributeError as e:
    print("AttributeError", e)
print(hasattr(t, "__dict__"), Temperature.__slots__, type(Temperature.celsius).__name__)


class Point3(object):
    __slots__ = ["x", "y"]


class Point4(Point3):
    __slots__ = ["z"]


p = Point4()
p.x, p.y, p.z = 1, 2, 3
print(p.x + p.y + p.z)


class Lazy:
    def __init__(self):
        self.computed = 0

    @property
    def value(self):
        self.computed += 1
        return 42


lz = Lazy()
print(lz.value, lz.value, lz.computed)
