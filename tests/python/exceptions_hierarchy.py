# The builtin exception hierarchy, user subclasses, except order, else, args and str/repr.
class AppError(Exception):
    pass


class NotFound(AppError, ):
    def __init__(self, name):
        super().__init__(f"no {name}")
        self.name = name


def lookup(d, k):
    try:
        return d[k]
    except KeyError:
        raise NotFound(k)


for exc in [ZeroDivisionError, IndexError, KeyError, ValueError, TypeError, AppError, NotFound]:
    print(exc.__name__, issubclass(exc, Exception), issubclass(exc, LookupError), issubclass(exc, ArithmeticError))

try:
    lookup({}, "x")
except AppError as e:
    print(type(e).__name__, e, e.name, e.args, repr(e))

for value in [0, "a", [], None]:
    try:
        r = 10 / value
    except ZeroDivisionError as e:
        print("zero:", e)
    except (TypeError, ValueError) as e:
        print("type:", e)
    else:
        print("no error", r)
    finally:
        print("done", value)

try:
    [][3]
except LookupError as e:
    print(type(e).__name__, e.args)

try:
    {}["missing"]
except KeyError as e:
    print("KeyError", e, repr(e), e.args)

e = ValueError("a", 2)
print(str(e), repr(e), e.args)
print(repr(ValueError()), str(ValueError()), repr(KeyError("x")))
try:
    raise RuntimeError
except RuntimeError as e:
    print("class raised:", repr(e))
