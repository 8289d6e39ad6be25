# A descriptor's __set__ that raises, called by an assignment in __init__, and
# a __set_name__ that raises at class creation (RuntimeError caused by it).


class Positive:
    def __set_name__(self, owner, name):
        self.name = "_" + name

    def __get__(self, obj, objtype=None):
        return getattr(obj, self.name)

    def __set__(self, obj, value):
        if value <= 0:
            raise ValueError(f"{self.name[1:]} must be positive, got {value}")
        setattr(obj, self.name, value)


class Box:
    width = Positive()

    def __init__(self, width):
        self.width = width


print(Box(3).width)
try:
    Box(-1)
except ValueError as e:
    print("caught:", e)


class Strict:
    def __set_name__(self, owner, name):
        if not name.isupper():
            raise NameError(f"{name} is not a constant name")


class Settings:
    LIMIT = Strict()
    timeout = Strict()
