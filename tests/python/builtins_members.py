# Members noticed missing before: slice.indices, OSError's errno/strerror/
# filename and its str().
for s in [slice(None), slice(1, 5), slice(-3, None), slice(None, None, -1), slice(10, -10, -2),
          slice(-100, 100), slice(2, 1), slice(5, None, 3), slice(None, -1, -1)]:
    for n in (0, 3, 10):
        print(s, n, s.indices(n), list(range(*s.indices(n))) == list(range(n))[s])
for bad in [lambda: slice(0, 1, 0).indices(3), lambda: slice(1).indices(-1), lambda: slice("a").indices(2)]:
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)

e = OSError(13, "Permission denied")
print(e, e.errno, e.strerror, e.filename, e.args)
e = OSError(2, "No such file or directory", "plan.txt")
print(e, e.errno, e.strerror, e.filename)
e = OSError("just a message")
print(e, e.errno, e.strerror, e.filename)
try:
    raise PermissionError(1, "Operation not permitted")
except OSError as err:
    print(type(err).__name__, err, err.errno, err.strerror)

# bytes % args (and bytearray's).
print(b"%d items: %s, %r %x %5.2f %c %c %%" % (3, b"abc", "q", 255, 3.14159, 65, b"Z"))
print(bytearray(b"%s!") % (b"hi",), b"%-6s|%6s|" % (b"ab", bytearray(b"cd")), b"%a %b" % ("\u00e9", b"\xff"))
print(b"%05d %+.1e %o %X" % (42, 12345.678, 8, 3054), b"plain %s" % b"one")
for bad in [lambda: b"%s" % "str", lambda: b"%c" % 300, lambda: b"%d %d" % (1,), lambda: b"%d" % (1, 2)]:
    try:
        print(bad())
    except (TypeError, OverflowError) as e:
        print(type(e).__name__ + ":", e)
