# divmod, pow with a modulus, round, abs, min/max with key, sorted/reversed/enumerate/zip/map/filter, print.
import sys
print(divmod(17, 5), divmod(-17, 5), divmod(17.5, 5), pow(2, 10), pow(2, 10, 1000), pow(3, -2), pow(-8, 1 / 3) if False else 0)
print(round(2.5), round(3.5), round(-2.5), round(2.675, 2), round(1234, -2), round(0.1 + 0.2, 10), round(7))
print(abs(-3), abs(-2.5), abs(True), min(3, 1, 2), max("apple", "fig", key=len), min([], default="none"))
words = ["banana", "Apple", "cherry"]
print(sorted(words), sorted(words, key=str.lower), sorted(words, key=len, reverse=True), max(words, key=lambda w: w[-1]))
print(list(enumerate(words, 10)), dict(zip(words, range(3))), list(map(len, words)), list(map(str.upper, words)))
print(sum([0.1] * 10), sum(range(5), 10), min(range(5), key=lambda v: (v - 2) ** 2), any([]), all([]))
print(chr(9731), ord("A"), hex(255), oct(8), bin(5), int("ff", 16), int("0b101", 0), float("1e-3"), bool(""))
print(*range(3), sep=", ", end=" <end>\n")
print("to stderr", file=sys.stderr)
print(1, 2, sep="")
print(isinstance(3, (int, float)), isinstance(True, int), callable(len), type(3) is int, type("") == str)
print(hash(1) == hash(1.0), hash((1, 2)), hash(-1), hash(2 ** 61), id(words) == id(words))
print(sorted({3: "c", 1: "a"}.items()), list(reversed({"x": 1, "y": 2})), len({1, 2}), repr(1e-5), 1e16, 1.5e300 * 2)
