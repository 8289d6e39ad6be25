# itertools: the common functions, as CPython's.
import itertools as it

print(list(it.islice(it.count(5, 2), 4)), list(it.islice(it.cycle("ab"), 5)), list(it.repeat(1, 3)))
print(list(it.chain([1], (2, 3))), list(it.chain.from_iterable(["ab", "c"])))
print(list(it.accumulate([1, 2, 3, 4])), list(it.accumulate([3, 1, 2], max)), list(it.accumulate([1, 2], initial=10)))
print([(k, list(g)) for k, g in it.groupby("aabbbc")], [(k, len(list(g))) for k, g in it.groupby([1, 3, 2, 4], key=lambda x: x % 2)])
print(list(it.product("ab", repeat=2)), list(it.product([1, 2], "x")))
print(list(it.permutations(range(3), 2)), len(list(it.permutations(range(5)))))
print(list(it.combinations("abcd", 2)), list(it.combinations_with_replacement("ab", 2)))
print(list(it.zip_longest("abc", [1], fillvalue="-")), list(it.starmap(pow, [(2, 3), (3, 2)])))
print(list(it.takewhile(lambda x: x < 3, [1, 2, 5, 1])), list(it.dropwhile(lambda x: x < 3, [1, 2, 5, 1])))
print(list(it.filterfalse(None, [0, 1, "", "a"])), list(it.compress("abcd", [1, 0, 1])), list(it.islice(range(10), 2, 8, 3)))
a, b = it.tee(iter([1, 2, 3]))
print(list(a), list(b), list(it.pairwise("abcd")))
