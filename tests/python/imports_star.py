# `from m import *`: the module's public names (its __all__, else every name
# not starting with an underscore) become globals.
from math import *
from collections import *

print(sqrt(16.0), floor(2.7), pi > 3, gcd(12, 18))
d = defaultdict(list)
d["a"].append(1)
print(dict(d), Counter("abca").most_common(1), deque([1, 2], maxlen=3))
try:
    print(_private_name_that_is_not_there)
except NameError as e:
    print("NameError:", e)


def uses_star_names():
    return factorial(5), isqrt(17)


print(uses_star_names())


# A name the import binds that is also a builtin is the module's (math.pow is float's);
# the builtins it does not bind stay the builtins.
print(pow(2, 3), pow(2.0, 0.5) == sqrt(2.0), abs(-2), len("abc"), max(1, 5), sorted([3, 1]))


def reads_in_function():
    return pow(3, 2), min(4, 2)


print(reads_in_function())
