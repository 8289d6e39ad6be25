# bytes and bytearray: literals, methods, mutation, conversions.
b = b"hello \x00\xff world"
print(b, len(b), b[0], b[-1], b[1:5], list(b[:3]), b.upper(), b.split(), b.find(b"world"))
print(bytes(3), bytes([65, 66]), bytes("héllo", "utf-8"), "héllo".encode(), b"h\xc3\xa9".decode("utf-8"))
print(b"abc" + b"def", b"ab" * 3, b"b" in b"abc", 98 in b"abc", b"a,b,c".split(b","), b"-".join([b"x", b"y"]))
print(b"abc".hex(), bytes.fromhex("61 62\t63"), b"  x ".strip(), b"abc".startswith(b"a"), b"abc" < b"abd")
ba = bytearray(b"abc")
ba.append(100)
ba.extend(b"ef")
ba[0] = 65
ba += b"!"
print(ba, len(ba), ba.pop(), ba, bytes(ba), ba.decode())
ba.reverse()
print(ba, ba.count(b"e"), ba.index(b"d"), bytearray(2), bytearray([1, 2]) == bytes([1, 2]))
print(r"raw\n", rb"raw\x00", br"\d", len(r"\n"))
try:
    ba[0] = 256
except ValueError as e:
    print("ValueError", e)
for bad in ["6", "zz", "61 6"]:
    try:
        bytes.fromhex(bad)
    except ValueError as e:
        print("ValueError", e)
try:
    b"abc".index(b"q")
except ValueError as e:
    print("ValueError", e)
try:
    b[0] = 1
except TypeError as e:
    print("TypeError", e)
try:
    b"\xff".decode()
except UnicodeDecodeError as e:
    print("UnicodeDecodeError", e)
print(hash(b"abc") == hash(b"abc"), {b"k": 1}[b"k"], sorted([b"b", b"a"]))
