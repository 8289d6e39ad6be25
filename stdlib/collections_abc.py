# collections.abc in Plank: the names, for annotations and `from ... import`.
# Plank has no abstract base classes: isinstance() against these is only
# true for instances of classes that derive from them.
class Iterable:
    pass


class Iterator(Iterable):
    pass


class Generator(Iterator):
    pass


class Container:
    pass


class Sized:
    pass


class Callable:
    pass


class Hashable:
    pass


class Collection(Sized):
    pass


class Sequence(Iterable):
    pass


class MutableSequence(Sequence):
    pass


class Mapping(Iterable):
    pass


class MutableMapping(Mapping):
    pass


class Set(Iterable):
    pass


class MutableSet(Set):
    pass
