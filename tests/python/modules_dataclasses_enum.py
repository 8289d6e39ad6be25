from dataclasses import dataclass, field
from enum import Enum, IntEnum, auto


@dataclass
class Point:
    x: int
    y: int = 0
    tags: list = field(default_factory=list)


@dataclass(frozen=True, order=True)
class Version:
    major: int
    minor: int


p = Point(1)
q = Point(1, 0)
print(p, p == q, p.tags is not q.tags)
print(Version(1, 2) < Version(1, 3), sorted([Version(2, 0), Version(1, 5)]))
try:
    Version(1, 2).major = 3
except Exception as e:
    print(type(e).__name__, e)
print(hash(Version(1, 2)) == hash(Version(1, 2)))


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = auto()


class Level(IntEnum):
    LOW = 1
    HIGH = 2


print(Color.RED, repr(Color.GREEN), Color.BLUE.value, Color(2), Color['RED'])
print(list(Color), len(Color), Color.RED in Color)
print(Level.LOW < Level.HIGH, Level.HIGH + 1, Level(1).name)
try:
    Color(7)
except ValueError as e:
    print('ValueError', e)
