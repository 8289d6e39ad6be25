# A bare `raise` continues the traceback (the frame shows once); an
# exception raised in a `finally` while another propagates chains to it.


def inner():
    return [1, 2, 3][7]


def middle():
    try:
        inner()
    except IndexError:
        print("logging and re-raising")
        raise


def outer():
    try:
        middle()
    finally:
        print("cleanup")
        raise RuntimeError("cleanup failed")


outer()
