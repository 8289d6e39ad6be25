# The implicit __context__ (an exception raised while another is handled, in
# the handler or in a finally that runs during propagation), and the name of
# `except ... as name` deleted when the handler ends.


def in_handler():
    try:
        {}["missing"]
    except KeyError:
        return int("x")  # ValueError, its __context__ the KeyError


try:
    in_handler()
except ValueError as e:
    print(type(e.__context__).__name__, repr(e.__context__), e.__cause__, e.__suppress_context__)

# `from` sets __cause__ and keeps the context; `from None` hides it but keeps it too.
try:
    try:
        1 / 0
    except ZeroDivisionError as z:
        raise RuntimeError("explicit") from OSError("other")
except RuntimeError as e:
    print(repr(e.__cause__), type(e.__context__).__name__, e.__suppress_context__)

try:
    try:
        [][1]
    except IndexError:
        raise LookupError("hidden") from None
except LookupError as e:
    print(e.__cause__, type(e.__context__).__name__, e.__suppress_context__)

# A bare raise re-raises the same object: no context of its own.
try:
    try:
        raise KeyError("k")
    except KeyError:
        raise
except KeyError as e:
    print(repr(e), e.__context__)

# Nested handlers: the innermost exception being handled is the context.
try:
    try:
        raise ValueError("outer")
    except ValueError:
        try:
            raise TypeError("inner")
        except TypeError:
            raise KeyError("last")
except KeyError as e:
    print(repr(e.__context__), repr(e.__context__.__context__), e.__context__.__context__.__context__)

# Raised in a finally while an exception propagates.
try:
    try:
        raise ValueError("first")
    finally:
        raise OSError("second")
except OSError as e:
    print(repr(e), repr(e.__context__))

# A handled exception that is not raised again leaves nothing behind.
try:
    raise ValueError("plain")
except ValueError as e:
    print(e.__context__)

# The handler's name is gone afterwards (module level and in a function).
try:
    raise ValueError("gone")
except ValueError as err:
    pass
try:
    print(err)
except NameError as e:
    print("NameError:", e)


def local_name():
    caught = "before"
    try:
        raise KeyError(1)
    except KeyError as caught:
        print("caught", repr(caught))
    return "done"


print(local_name())
