# The abc module in Plank: abstract methods are marked, not enforced (Plank
# has no metaclasses; a class deriving from ABC is an ordinary class).

class ABC:
    pass


class ABCMeta:
    pass


def abstractmethod(funcobj):
    return funcobj


def abstractproperty(fget):
    return property(fget)
