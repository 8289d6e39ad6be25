# Function attributes: docstrings (__doc__), __name__/__qualname__/__module__,
# an attribute dict (__dict__), and functools.wraps copying them all and
# setting __wrapped__.
import functools


def documented(x):
    """Doubles x."""
    return 2 * x


def plain():
    return 1


class K:
    """A class with a docstring."""

    def method(self):
        "Method doc."
        return 0


class NoDoc:
    pass


print(documented.__doc__, plain.__doc__, K.__doc__, K.method.__doc__, NoDoc.__doc__)
print(documented.__name__, documented.__qualname__, K.method.__qualname__, documented.__module__)
plain.calls = 3
print(plain.__dict__, plain.calls)


def logged(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        print("calling", func.__name__)
        return func(*args, **kwargs)
    return wrapper


@logged
def area(w, h):
    """Width times height."""
    return w * h


area.tag = "kept"
print(area(3, 4), area.__name__, area.__qualname__, area.__doc__, area.__wrapped__(2, 5))


@logged
def tagged():
    return "t"


tagged.__wrapped__.extra = 1
print(tagged(), tagged.__name__, tagged.__doc__)


def counter(func):
    func.count = 0
    return func


@counter
def counted():
    counted.count += 1
    return counted.count


counted()
print(counted(), counted.__dict__)
wrapped_again = functools.update_wrapper(lambda: None, counted)
print(wrapped_again.__name__, wrapped_again.count, wrapped_again.__wrapped__ is counted)
print(functools.WRAPPER_ASSIGNMENTS, functools.WRAPPER_UPDATES)
