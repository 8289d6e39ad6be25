# Exception chaining: __cause__ by from, suppressed by from None; bare raise; exception attributes.


def chained():
    try:
        {}["missing"]
    except KeyError:
        raise ValueError("while handling")


try:
    chained()
except ValueError as e:
    print(repr(e), e.__cause__, e.__suppress_context__)

try:
    try:
        1 / 0
    except ZeroDivisionError as z:
        raise RuntimeError("explicit") from z
except RuntimeError as e:
    print(repr(e.__cause__), e.__suppress_context__)

try:
    try:
        int("x")
    except ValueError:
        raise LookupError("hidden") from None
except LookupError as e:
    print(e.__cause__, e.__suppress_context__)


def reraise():
    try:
        raise OSError("No such file")
    except OSError:
        raise


try:
    reraise()
except OSError as e:
    print(e.args, str(e))

try:
    raise
except RuntimeError as e:
    print("RuntimeError", e)



class AppError(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


try:
    raise AppError(7, "bad thing")
except Exception as e:
    print(type(e).__name__, e.code, e, e.args, isinstance(e, AppError))
print(repr(Exception()), repr(Exception(1, "two")), str(KeyError("k")), str(Exception()))
