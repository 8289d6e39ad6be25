# @staticmethod and @classmethod: alternative constructors that follow subclasses.


class Shape:
    count = 0

    def __init__(self, name):
        self.name = name
        Shape.count += 1

    @classmethod
    def named(cls, name):
        return cls(name.upper())

    @staticmethod
    def area_of(w, h):
        return w * h

    def describe(self):
        return f"{type(self).__name__}({self.name})"


class Square(Shape):
    @classmethod
    def named(cls, name):
        obj = super().named(name)
        obj.sides = 4
        return obj


print(Shape.named("a").describe(), Square.named("b").describe(), Square.named("c").sides)
print(Shape.area_of(2, 3), Square().area_of(4, 5) if False else Square.area_of(4, 5), Shape.count)
s = Square("x")
print(s.named("y").describe(), s.area_of(1, 1), Shape.count)
print(type(Shape.__dict__["area_of"]).__name__, type(Shape.__dict__["named"]).__name__)
f = Shape.named
print(f("z").describe(), Shape.named.__self__ is Shape)
