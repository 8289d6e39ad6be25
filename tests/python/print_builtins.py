# print(*args, sep=, end=, file=) and the iteration builtins.
import sys

print("a", "b", sep="")
print("x", 1, 2.5, None, sep=", ", end=" <end>\n")
print(file=sys.stdout)
print("to stdout", file=sys.stdout, flush=True)
print()
print(*"abc", sep="\n")
print(sorted([3, 1, 2], reverse=True), sorted("bca"), sorted({"b": 1, "a": 2}), sorted([(1, "b"), (1, "a")]))
print(min([3, 1, 2]), max("abc"), min([], default=None), max([1, -5, 3], key=abs), min(4, 2, 8), max((1, 2), (1, 3)))
print(list(enumerate("ab", start=5)), list(zip("ab", [1, 2, 3])), list(map(pow, [2, 3], [3, 2])), list(filter(None, [0, 1, 2])))
print(list(reversed([1, 2, 3])), list(reversed(range(4))), list(reversed("ab")), any([]), all([]), any(x > 1 for x in [1, 2]))
print(divmod(-7, 2), divmod(7.5, 2), pow(2, 10), pow(2.0, -1), abs(-3), abs(-2.5), abs(True))
print(sum([1, 2], 10), sum([0.5, 0.25]), round(5.5), round(-2.5), round(1.23456, 3), chr(955), ord("λ"))
print(isinstance(1, (str, int)), isinstance(True, int), issubclass(bool, int), callable(len), callable(1))
print(int("  42 "), int("-0x1f", 16), float("1e-3"), float("inf"), str(1.0), repr("it's"), ascii("é"), format(255, "x"))
print(hex(255), oct(8), bin(5), bool([]), list(range(5, 0, -2)), tuple("ab"), set() == set(), frozenset([1, 1]))
it = iter([1, 2])
print(next(it), next(it), next(it, "done"))
try:
    min([])
except ValueError as e:
    print("ValueError", e)
