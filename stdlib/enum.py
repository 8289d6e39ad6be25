# The enum module in Plank: Enum classes whose members are the class's plain
# attributes (made by __init_subclass__; Plank has no metaclasses). Members
# have .name and .value; Color(1) finds a member by value; iterating a class
# is Color.__members__.values() (a class is not iterable in Plank).
class Enum:
    def __init_subclass__(cls):
        members = {}
        for name, value in list(cls.__dict__.items()):
            if name.startswith('_') or callable(value) or isinstance(value, (property, staticmethod, classmethod)):
                continue
            member = object.__new__(cls)
            member._name_ = name
            member._value_ = value
            setattr(cls, name, member)
            members[name] = member
        cls.__members__ = members

    def __new__(cls, value):
        for member in cls.__members__.values():
            if member._value_ == value:
                return member
        raise ValueError(f"{value!r} is not a valid {cls.__name__}")

    @property
    def name(self):
        return self._name_

    @property
    def value(self):
        return self._value_

    def __repr__(self):
        return f"<{type(self).__name__}.{self._name_}: {self._value_!r}>"

    def __str__(self):
        return f"{type(self).__name__}.{self._name_}"

    def __hash__(self):
        return hash(self._name_)

    def __eq__(self, other):
        return self is other


class IntEnum(Enum):
    def __int__(self):
        return self._value_

    def __eq__(self, other):
        if isinstance(other, Enum):
            return self is other
        return self._value_ == other

    def __hash__(self):
        return hash(self._value_)


def auto():
    auto.counter = getattr(auto, 'counter', 0) + 1
    return auto.counter
