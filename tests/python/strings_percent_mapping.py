# printf-style formatting with a mapping: `%(name)s` for str and bytes (whose keys are bytes).
row = {"name": "pick", "count": 3, "ratio": 0.125}
print("%(name)s x%(count)d (%(ratio).2f)" % row)
print("%(name)-8s|%(count)05d|%(ratio)+.1e|%%" % row)
print("%(name)r %(count)x %(count)o" % row)
print("%(a(b))s" % {"a(b)": "nested"})
print("%s" % {"a": 1}, "plain" % {"a": 1}, "plain" % {})
print(b"%(k)s=%(v)d" % {b"k": b"key", b"v": 5})
print(b"%(k)-6b|%(v)03d|%%" % {b"k": b"ab", b"v": 7})
print(bytearray(b"%(x)s") % {b"x": b"yz"})


class Lookup:
    def __getitem__(self, key):
        return key.upper()


print("%(hello)s %(world)s" % Lookup())
for fmt, args in (("%(a)s", (1,)), ("%(a)s", {"b": 1}), ("%(a)s %s", {"a": 1}), ("%(a", {"a": 1}),
                  (b"%(a)s", {"a": b"x"})):
    try:
        print(fmt % args)
    except (TypeError, KeyError, ValueError) as e:
        print(type(e).__name__, e)
