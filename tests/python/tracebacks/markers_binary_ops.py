# Markers under a failing binary operation (3.11): `~` under the operands,
# `^` under the operator, spaces and parentheses around the operands kept;
# a two-character operator gets two; each calling frame marks its call.


def scale(amount, factor):
    return (amount) * (  factor  ) // 0


def total(parts):
    s = 0
    for p in parts:
        s = s + scale(p, 2)
    return s


print("parts", [1, 2])
print(total([1, 2]))
