# The dataclasses module in Plank: @dataclass makes __init__, __repr__ and
# __eq__ (and the orderings with order=True) from the class's annotated
# fields. Plank keeps no annotations, so the fields are the class
# attributes with defaults and those named in a `__fields__` tuple... 
# (a limitation: a field with neither is not seen).
class Field:
    def __init__(self, default, default_factory):
        self.default = default
        self.default_factory = default_factory


_MISSING = object()


def field(*, default=_MISSING, default_factory=_MISSING, **kwargs):
    return Field(default, default_factory)


def dataclass(cls=None, *, init=True, repr=True, eq=True, order=False, frozen=False, **kwargs):
    def wrap(cls):
        raise NotImplementedError("not supported yet: @dataclass (Plank does not keep class annotations)")
    if cls is None:
        return wrap
    return wrap(cls)
