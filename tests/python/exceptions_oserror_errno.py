# OSError(errno, strerror) is the subclass for the errno (CPython's OSError.__new__),
# and the classes of the OSError hierarchy.
for code in (1, 2, 3, 4, 10, 11, 13, 17, 20, 21, 32, 103, 104, 110, 111, 114, 115, 5, 99999):
    e = OSError(code, "message")
    print(code, type(e).__name__, e.errno, e.strerror, str(e), isinstance(e, OSError))

e = OSError(2, "No such file or directory", "missing.txt")
print(type(e).__name__, e.filename, str(e))
print(type(OSError(2)).__name__, type(OSError("2", "x")).__name__, type(OSError()).__name__)
print(type(FileNotFoundError(13, "x")).__name__, type(PermissionError(2, "x")).__name__)

try:
    raise OSError(2, "gone")
except FileNotFoundError as err:
    print("caught FileNotFoundError", err.errno, err)


class MyOSError(OSError):
    pass


print(type(MyOSError(2, "x")).__name__)
for cls in (BlockingIOError, ChildProcessError, ConnectionError, BrokenPipeError, ConnectionAbortedError,
            ConnectionRefusedError, ConnectionResetError, InterruptedError, IsADirectoryError,
            NotADirectoryError, ProcessLookupError, TimeoutError):
    print(cls.__name__, cls.__base__.__name__, issubclass(cls, OSError))
try:
    raise BrokenPipeError(32, "pipe")
except ConnectionError as err:
    print("caught", type(err).__name__, err)
