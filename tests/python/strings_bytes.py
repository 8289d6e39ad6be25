# String prefixes, raw strings, bytes and bytearray.
print(r"\n is two chars", len(r"\n"), R"\d+", rb"\x00")
print(b"abc", b"\x00\xff", bytes([65, 66]), bytes(3), bytearray(b"hi"))
b = b"hello world"
print(b[0], b[-1], b[1:4], len(b), b.split(), b.upper(), b.decode(), b.find(b"o"), b"wor" in b)
ba = bytearray(b"abc")
ba.append(100)
ba[0] = 65
ba.extend(b"ef")
print(ba, bytes(ba), ba.pop(), list(ba))
print("ünïcode".encode(), "x".encode("ascii"), b"caf\xc3\xa9".decode("utf-8"))
print(b"a" + b"b", b"ab" * 3, b"a" < b"b", hash(b"x") == hash(b"x"), bytes.fromhex if False else "ok")
print(u"unicode prefix", "tab\tsep", "quote's", 'dq"s', """triple
quoted""")
print("%s and %r" % ("s", b"r"), str(b"x"), repr(bytearray(3)))
print("a,b,,c".split(","), "  pad ".strip(), "x".join("abc"), "Hello".swapcase(), "hello world".title())
print("abc".center(9, "*"), "7".zfill(3), "a-b-c".rpartition("-"), "ABC".lower().upper(), "ab".ljust(4) + "|")
print("line1\nline2\r\nline3".splitlines(), "  x  ".lstrip(), "tic tac".replace("t", "T", 1), "%-5s|" % "ab")
