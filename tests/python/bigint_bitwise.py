# Big integers: bitwise operations with negatives, shifts, divmod and pow with a modulus.
big = 2 ** 100 + 12345
neg = -(3 ** 70)
print(big & neg, big | neg, big ^ neg, ~big, ~neg)
print(big >> 37, neg >> 37, big << 65, neg << 3, 1 << 200 >> 199)
print(divmod(big, 97), divmod(neg, 97), divmod(big, -97), divmod(neg, -(2 ** 65)))
print(big // neg, big % neg, neg // big, neg % big)
print(pow(3, 200, 10 ** 9 + 7), pow(big, 3, neg), pow(-5, 3, 7), pow(2, -1, 7))
print(int("9" * 40) + 1, int("-" + "7" * 30, 8), int("ff" * 10, 16), hex(big), oct(neg), bin(2 ** 70 + 1))
print((2 ** 64).bit_length(), (-(2 ** 64)).bit_length(), abs(neg), -big)
print(big == float(big), 2 ** 53 + 1 == float(2 ** 53 + 1), big > 1e30, neg < -1e33)
print(hash(2 ** 61 - 1), hash(2 ** 61), hash(-(2 ** 61) - 5), hash(10 ** 30))
print(str(7 ** 77), len(str(2 ** 1000)), 10 ** 20 // 3, round(2 ** 70 + 0.0))
print(sum(range(10 ** 12, 10 ** 12 + 10)), max(2 ** 65, 3 ** 41), sorted([2 ** 64, -1, 2 ** 63, 0]))
x = 1
for i in range(1, 30):
    x *= i
print(x, x % 1000003, x.to_bytes(14, "big").hex(), int.from_bytes(b"\x01" * 12, "little"))
try:
    1 << -1
except ValueError as e:
    print("ValueError", e)
try:
    divmod(big, 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
print(0x7FFFFFFFFFFFFFFF + 1, -0x8000000000000000 - 1, 0x7FFFFFFFFFFFFFFF * 2, (-2) ** 63 // -1)
